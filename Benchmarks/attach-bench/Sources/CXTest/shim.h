// Xlib and XTest, for the bench's own injecting connection: XTestFakeRelativeMotionEvent,
// and XSetInputFocus where no window manager gives the windows focus.
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
