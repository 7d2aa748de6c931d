// The C edge of GameInput's keyboard layouts: libxkbcommon (keymaps, their state, keysyms to
// UTF-8, compose tables) and libxkbcommon-x11 (an X server's keymap read through XCB). The X11
// backend loads keymaps with it; a Wayland backend gets them from `wl_keyboard.keymap`.
#ifndef CXKBCOMMON_SHIM_H
#define CXKBCOMMON_SHIM_H

#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-x11.h>

#endif
