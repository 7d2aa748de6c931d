// Vulkan with the VK_KHR_xlib_surface declarations, which need Xlib's Display and Window types.
#ifndef CVULKAN_SHIM_H
#define CVULKAN_SHIM_H

#define VK_USE_PLATFORM_XLIB_KHR
#include <X11/Xlib.h>
#include <vulkan/vulkan.h>

#endif
