// GLFW 3.3 without an OpenGL header (the bench's window has no context: GLFW_NO_API), and
// glfw3native.h's X11 getters, which GLFW keeps out of its main header.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3native.h>
