// GLFW 3.3 for Swift, with its native X11 access (glfwGetX11Window, glfwGetX11Display) and the
// OpenGL 1.x calls the example draws with. GLFW keeps native access out of glfw3.h: the
// GLFW_EXPOSE_NATIVE_X11 define brings the X11 getters and <X11/Xlib.h> (XConnectionNumber).
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3native.h>
#include <GL/gl.h>
