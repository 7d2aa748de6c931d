// libdecor: window decorations a client draws itself, for compositors that draw none (mutter
// offers no xdg-decoration). GameInput's Wayland backend hands its toplevel to libdecor there;
// libdecor loads its drawing plugin (Debian libdecor-0-plugin-1-cairo) at run time.
#ifndef CLIBDECOR_SHIM_H
#define CLIBDECOR_SHIM_H

#include <libdecor.h>

#endif
