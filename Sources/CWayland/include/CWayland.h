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
#include "xdg-output-unstable-v1-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "text-input-unstable-v3-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "presentation-time-client-protocol.h"

// The interfaces' addresses, for wl_registry_bind. Swift imports each interface as a constant
// and would pass the address of a copy.
static inline const struct wl_interface *cwayland_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *cwayland_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *cwayland_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *cwayland_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *cwayland_data_device_manager_interface(void) {
    return &wl_data_device_manager_interface;
}
static inline const struct wl_interface *cwayland_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *cwayland_pointer_constraints_interface(void) {
    return &zwp_pointer_constraints_v1_interface;
}
static inline const struct wl_interface *cwayland_relative_pointer_manager_interface(void) {
    return &zwp_relative_pointer_manager_v1_interface;
}
static inline const struct wl_interface *cwayland_xdg_output_manager_interface(void) {
    return &zxdg_output_manager_v1_interface;
}
static inline const struct wl_interface *cwayland_activation_interface(void) { return &xdg_activation_v1_interface; }
static inline const struct wl_interface *cwayland_presentation_interface(void) { return &wp_presentation_interface; }
static inline const struct wl_interface *cwayland_pointer_gestures_interface(void) {
    return &zwp_pointer_gestures_v1_interface;
}
static inline const struct wl_interface *cwayland_text_input_manager_interface(void) {
    return &zwp_text_input_manager_v3_interface;
}
static inline const struct wl_interface *cwayland_decoration_manager_interface(void) {
    return &zxdg_decoration_manager_v1_interface;
}
static inline const struct wl_interface *cwayland_fractional_scale_manager_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
static inline const struct wl_interface *cwayland_viewporter_interface(void) { return &wp_viewporter_interface; }

// A constraint's `destroy` request sent without freeing the proxy: the stall watchdog ends a
// lock from its own thread (libwayland sends requests from any thread), and the loop's thread
// frees the proxy when it runs again, so no proxy is freed under a dispatch in progress.
// (wl_proxy_marshal_flags is variadic: Swift cannot call it.)
static inline void cwayland_locked_pointer_send_destroy(struct zwp_locked_pointer_v1 *pointer) {
    wl_proxy_marshal_flags((struct wl_proxy *)pointer, ZWP_LOCKED_POINTER_V1_DESTROY, NULL,
                           wl_proxy_get_version((struct wl_proxy *)pointer), 0);
}
static inline void cwayland_confined_pointer_send_destroy(struct zwp_confined_pointer_v1 *pointer) {
    wl_proxy_marshal_flags((struct wl_proxy *)pointer, ZWP_CONFINED_POINTER_V1_DESTROY, NULL,
                           wl_proxy_get_version((struct wl_proxy *)pointer), 0);
}

#endif
