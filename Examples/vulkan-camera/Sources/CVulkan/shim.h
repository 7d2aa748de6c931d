// Vulkan with the VK_KHR_xlib_surface declarations, which need Xlib's Display and Window types,
// and the VK_KHR_wayland_surface ones, which need libwayland-client's.
#ifndef CVULKAN_SHIM_H
#define CVULKAN_SHIM_H

#define VK_USE_PLATFORM_XLIB_KHR
#define VK_USE_PLATFORM_WAYLAND_KHR
#include <X11/Xlib.h>
#include <wayland-client.h>
#include <vulkan/vulkan.h>

#endif
