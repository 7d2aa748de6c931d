// wl-virtual-pointer: a Wayland client that moves the seat's pointer as a mouse would, for the
// Xwayland tests under sway (wlroots). It speaks zwlr_virtual_pointer_manager_v1 /
// zwlr_virtual_pointer_v1 (wlr-protocols, version 1). Debian packages no XML for that protocol,
// so the few requests used are declared here by hand, in the protocol's order and signatures:
//   manager: create_virtual_pointer(seat, id)
//   pointer: motion(time, dx, dy), motion_absolute(time, x, y, x_extent, y_extent),
//            button(time, button, state), frame(), destroy()
//
// It connects to $WAYLAND_DISPLAY, creates one virtual pointer on the first seat, prints
// "ready", then reads commands from standard input, one per line, and answers each with "ok"
// once the compositor has processed it (a round trip) or "error ...":
//   motion DX DY            relative motion in pixels (sub-pixel allowed)
//   absolute X Y W H        absolute position X,Y within an extent of W x H
//   button CODE 1|0         an evdev button code (272 = left) pressed or released
//   quit
// End of input or "quit" destroys the pointer and exits 0.

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

static const struct wl_interface zwlr_virtual_pointer_v1_interface;

static const struct wl_interface *create_types[] = { &wl_seat_interface, &zwlr_virtual_pointer_v1_interface };
static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL, NULL };

static const struct wl_message manager_requests[] = {
    { "create_virtual_pointer", "?on", create_types },
    { "destroy", "", no_types },
};

static const struct wl_interface zwlr_virtual_pointer_manager_v1_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0, NULL,
};

static const struct wl_message pointer_requests[] = {
    { "motion", "uff", no_types },
    { "motion_absolute", "uuuuu", no_types },
    { "button", "uuu", no_types },
    { "axis", "uuf", no_types },
    { "frame", "", no_types },
    { "axis_source", "u", no_types },
    { "axis_stop", "uu", no_types },
    { "axis_discrete", "uufi", no_types },
    { "destroy", "", no_types },
};

static const struct wl_interface zwlr_virtual_pointer_v1_interface = {
    "zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL,
};

enum { MOTION = 0, MOTION_ABSOLUTE = 1, BUTTON = 2, FRAME = 4, DESTROY = 8 };
enum { MANAGER_CREATE = 0 };

static struct wl_seat *seat;
static struct wl_proxy *manager;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    (void)version;
    if (strcmp(interface, "wl_seat") == 0 && !seat) {
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0 && !manager) {
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static uint32_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "error: cannot connect to the Wayland display\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) {
        fprintf(stderr, "error: the compositor offers no %s\n", seat ? "zwlr_virtual_pointer_manager_v1" : "wl_seat");
        return 1;
    }
    struct wl_proxy *pointer = wl_proxy_marshal_constructor(manager, MANAGER_CREATE, &zwlr_virtual_pointer_v1_interface, seat, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        double dx, dy;
        unsigned x, y, width, height, code, state;
        if (sscanf(line, "motion %lf %lf", &dx, &dy) == 2) {
            wl_proxy_marshal(pointer, MOTION, now_ms(), wl_fixed_from_double(dx), wl_fixed_from_double(dy));
        } else if (sscanf(line, "absolute %u %u %u %u", &x, &y, &width, &height) == 4) {
            wl_proxy_marshal(pointer, MOTION_ABSOLUTE, now_ms(), x, y, width, height);
        } else if (sscanf(line, "button %u %u", &code, &state) == 2) {
            wl_proxy_marshal(pointer, BUTTON, now_ms(), code, state);
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        } else {
            printf("error: unknown command: %s", line);
            fflush(stdout);
            continue;
        }
        wl_proxy_marshal(pointer, FRAME);
        if (wl_display_roundtrip(display) < 0) {
            printf("error: the compositor closed the connection\n");
            return 1;
        }
        printf("ok\n");
        fflush(stdout);
    }
    wl_proxy_marshal(pointer, DESTROY);
    wl_proxy_destroy(pointer);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
