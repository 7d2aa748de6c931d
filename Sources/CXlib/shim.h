// The C edge of GameInput: Xlib, XInput 2, XFixes, MIT-SCREEN-SAVER, XTest (used by the tests to inject input)
// and MIT-SHM (used by the demo to present frames).
//
// Swift cannot import function-like macros, so the few we need are wrapped below as
// `static inline` functions with a `CXlib_` prefix. Each says which macro it stands for.
#ifndef CXLIB_SHIM_H
#define CXLIB_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xlib-xcb.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/scrnsaver.h>
#include <sys/ipc.h>
#include <sys/shm.h>

/// Bytes needed for an XI2 event mask covering every event up to XI_LASTEVENT (`XIMaskLen`).
static inline int CXlib_XIEventMaskLength(void) { return XIMaskLen(XI_LASTEVENT); }

/// Sets bit `event` in an XI2 event mask (`XISetMask`).
static inline void CXlib_XISetMask(unsigned char *mask, int event) { XISetMask(mask, event); }

/// Whether bit `bit` is set in an XI2 mask (`XIMaskIsSet`).
static inline int CXlib_XIMaskIsSet(const unsigned char *mask, int bit) { return XIMaskIsSet(mask, bit) != 0; }

/// Frees an XImage through its own destroy function (`XDestroyImage`).
static inline int CXlib_XDestroyImage(XImage *image) { return XDestroyImage(image); }

#endif
