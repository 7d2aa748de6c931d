// EGL 1.5 and OpenGL ES 3.0 for Swift. Without USE_X11 defined, <EGL/eglplatform.h> leaves the
// X11 headers out: native displays and windows are plain pointers and integers.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
// The EGL window a Wayland surface needs (libwayland-egl): wl_egl_window_create, _resize, _destroy.
#include <wayland-egl.h>

// Swift imports no macro that uses a function-like macro (EGL_CAST); these stand for them.

/// EGL_NO_SURFACE
static inline EGLSurface eglNoSurface(void) { return EGL_NO_SURFACE; }
/// EGL_NO_CONTEXT
static inline EGLContext eglNoContext(void) { return EGL_NO_CONTEXT; }
