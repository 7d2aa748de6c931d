// libwayland-client, libwayland-cursor (the cursor theme) and the protocols GameInput speaks. The protocol headers and their
// interface tables are generated at build time by the WaylandScanner plugin from the system's
// wayland-protocols XML.
#ifndef CWAYLAND_H
#define CWAYLAND_H

#include <wayland-client.h>
#include <wayland-cursor.h>

#include "xdg-shell-client-protocol.h"
#include "pointer-constraints-unstable-v1-client-protocol.h"
#include "relative-pointer-unstable-v1-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"

// The interfaces' addresses, for wl_registry_bind. Swift imports each interface as a constant
// and would pass the address of a copy.
static inline const struct wl_interface *cwayland_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *cwayland_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *cwayland_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *cwayland_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *cwayland_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *cwayland_pointer_constraints_interface(void) {
    return &zwp_pointer_constraints_v1_interface;
}
static inline const struct wl_interface *cwayland_relative_pointer_manager_interface(void) {
    return &zwp_relative_pointer_manager_v1_interface;
}
static inline const struct wl_interface *cwayland_decoration_manager_interface(void) {
    return &zxdg_decoration_manager_v1_interface;
}

#endif
