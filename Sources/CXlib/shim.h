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
#include <X11/Xcursor/Xcursor.h>
#include <X11/cursorfont.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xinerama.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/scrnsaver.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
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

// X input methods. XOpenIM, XCreateIC and the XIM value calls are variadic, which Swift cannot
// call, so they are wrapped here.

/// Whether the current LC_CTYPE locale's codeset is UTF-8.
static inline int CXlib_LocaleIsUTF8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/// Opens the input method `XMODIFIERS` names (`XSetLocaleModifiers("")`, `XOpenIM`) in a UTF-8
/// LC_CTYPE, so that its text reaches us as UTF-8 whatever the process's locale is: the user's
/// locale when it is UTF-8, else C.UTF-8. The process's LC_CTYPE is restored before returning
/// (the input method keeps the locale it was opened in). NULL when none opens.
static inline XIM CXlib_OpenUTF8InputMethod(Display *display) {
    const char *current = setlocale(LC_CTYPE, NULL);
    char *saved = current ? strdup(current) : NULL;
    if (!CXlib_LocaleIsUTF8() && (!setlocale(LC_CTYPE, "") || !CXlib_LocaleIsUTF8())) setlocale(LC_CTYPE, "C.UTF-8");
    XIM im = NULL;
    if (CXlib_LocaleIsUTF8() && XSupportsLocale() && XSetLocaleModifiers("")) im = XOpenIM(display, NULL, NULL, NULL);
    if (saved) {
        setlocale(LC_CTYPE, saved);
        free(saved);
    }
    return im;
}

/// The input styles GameInput uses that `im` offers: bit 0 on-the-spot preedit through
/// callbacks (`XIMPreeditCallbacks | XIMStatusNothing`), bit 1 none (`XIMPreeditNothing |
/// XIMStatusNothing`: the input method draws its own preedit).
static inline int CXlib_InputMethodStyles(XIM im) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL || !styles) return 0;
    int found = 0;
    for (unsigned short i = 0; i < styles->count_styles; i++) {
        XIMStyle style = styles->supported_styles[i];
        if (style == (XIMPreeditCallbacks | XIMStatusNothing)) found |= 1;
        if (style == (XIMPreeditNothing | XIMStatusNothing)) found |= 2;
    }
    XFree(styles);
    return found;
}

/// Calls `destroyed` with `client` when the input method goes away (`XNDestroyCallback`).
static inline void CXlib_SetInputMethodDestroyCallback(XIM im, XPointer client, XIMProc destroyed) {
    XIMCallback callback = {client, destroyed};
    XSetIMValues(im, XNDestroyCallback, &callback, NULL);
}

/// The preedit start callback: -1 lets the composition grow without limit.
static int CXlib_PreeditStart(XIC ic, XPointer client, XPointer call) {
    (void)ic;
    (void)client;
    (void)call;
    return -1;
}

/// An input context on `window` (`XCreateIC`): with `callbacks`, on-the-spot preedit reported
/// to `draw`, `done` and `caret` with `client`; without, the input method draws its own.
static inline XIC CXlib_CreateInputContext(
    XIM im, Window window, int callbacks, XPointer client, XIMProc draw, XIMProc done, XIMProc caret) {
    if (!callbacks)
        return XCreateIC(
            im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window, XNFocusWindow, window, NULL);
    XIMCallback start = {client, (XIMProc)CXlib_PreeditStart};
    XIMCallback drawing = {client, draw}, finished = {client, done}, moved = {client, caret};
    XVaNestedList preedit = XVaCreateNestedList(
        0, XNPreeditStartCallback, &start, XNPreeditDrawCallback, &drawing, XNPreeditDoneCallback, &finished,
        XNPreeditCaretCallback, &moved, NULL);
    XIC ic = XCreateIC(
        im, XNInputStyle, XIMPreeditCallbacks | XIMStatusNothing, XNClientWindow, window, XNFocusWindow, window,
        XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
    return ic;
}

/// Tells the input method where the caret is (`XNSpotLocation`, the baseline's left end in
/// window pixels), for its candidate window.
static inline void CXlib_SetInputContextSpot(XIC ic, short x, short y) {
    XPoint spot = {x, y};
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XSetICValues(ic, XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
}

#endif
