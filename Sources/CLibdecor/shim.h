// libdecor: window decorations a client draws itself, for compositors that draw none (mutter
// offers no xdg-decoration). Only its declarations: GameInput loads the library itself at run
// time (Libdecor.swift), so a program that uses GameInput starts where libdecor is missing.
// libdecor loads its drawing plugin (Debian libdecor-0-plugin-1-cairo) at run time too.
#ifndef CLIBDECOR_SHIM_H
#define CLIBDECOR_SHIM_H

#include <libdecor-0/libdecor.h>

#endif
