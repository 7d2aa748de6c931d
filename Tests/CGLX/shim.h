// GLX and OpenGL 1.x for the test that draws into a GameWindow created with the visual GLX
// chose (NativeHandleTests): libGL from libgl-dev, Mesa's GLX from libglx-mesa0.
#ifndef CGLX_SHIM_H
#define CGLX_SHIM_H

#include <GL/gl.h>
#include <GL/glx.h>

#endif
