// wl-virtual-input: a Wayland client that moves the seat's pointer as a mouse would and types on
// a keyboard of its own, for the tests under sway (wlroots). It speaks two wlroots protocols that
// Debian packages no XML for, so the few requests used are declared here by hand, in each
// protocol's order and signatures:
//   zwlr_virtual_pointer_manager_v1 (wlr-protocols, version 1): create_virtual_pointer(seat, id)
//   zwlr_virtual_pointer_v1: motion(time, dx, dy), motion_absolute(time, x, y, x_extent, y_extent),
//            button(time, button, state), axis(time, axis, value), frame(), axis_source(source),
//            axis_stop(time, axis), axis_discrete(time, axis, value, discrete), destroy()
//   zwp_virtual_keyboard_manager_v1 (wlroots' misc protocols, version 1):
//            create_virtual_keyboard(seat, id)
//   zwp_virtual_keyboard_v1: keymap(format, fd, size), key(time, key, state),
//            modifiers(depressed, latched, locked, group), destroy()
//
// It connects to $WAYLAND_DISPLAY, creates one virtual pointer on the first seat, prints "ready",
// then reads commands from standard input, one per line, and answers each with "ok" once the
// compositor has processed it (a round trip) or "error ...". The virtual keyboard is created by
// the first "layout" or "key" command (keymap "us" unless "layout" names another): a seat with a
// keyboard gives Xwayland keyboard focus events, which the Xwayland tests were written without.
//   motion DX DY            relative motion in pixels (sub-pixel allowed)
//   burst N DX DY           N relative motions sent back to back, one round trip after them
//   absolute X Y W H        absolute position X,Y within an extent of W x H
//   button CODE 1|0         an evdev button code (272 = left) pressed or released
//   wheel STEPS             a mouse wheel turned STEPS notches down (negative: up), 15 units each
//   finger DY               a touchpad's two-finger scroll of DY units down, then its stop
//   layout NAME [VARIANT]   a new keymap from RMLVO names (rules evdev, model pc105), e.g. "fr"
//   key CODE 1|0            an evdev key code (17 = KEY_W, 42 = KEY_LEFTSHIFT) pressed or released
//   quit
// A virtual keyboard's key request does not move the compositor's modifier state (wlroots
// passes it on as is), so the tool keeps an xkb_state of its own and sends "modifiers" whenever
// a key changes them: Shift then types capitals, AltGr the third level.
// End of input or "quit" destroys both devices and exits 0.
//
// Build: cc -std=c11 -o wl-virtual-input main.c -lwayland-client -lxkbcommon

#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

static const struct wl_interface zwlr_virtual_pointer_v1_interface;
static const struct wl_interface zwp_virtual_keyboard_v1_interface;

static const struct wl_interface *create_pointer_types[] = { &wl_seat_interface, &zwlr_virtual_pointer_v1_interface };
static const struct wl_interface *create_keyboard_types[] = { &wl_seat_interface, &zwp_virtual_keyboard_v1_interface };
static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL, NULL };

static const struct wl_message pointer_manager_requests[] = {
    { "create_virtual_pointer", "?on", create_pointer_types },
    { "destroy", "", no_types },
};

static const struct wl_interface zwlr_virtual_pointer_manager_v1_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 2, pointer_manager_requests, 0, NULL,
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

static const struct wl_message keyboard_manager_requests[] = {
    { "create_virtual_keyboard", "on", create_keyboard_types },
};

static const struct wl_interface zwp_virtual_keyboard_manager_v1_interface = {
    "zwp_virtual_keyboard_manager_v1", 1, 1, keyboard_manager_requests, 0, NULL,
};

static const struct wl_message keyboard_requests[] = {
    { "keymap", "uhu", no_types },
    { "key", "uuu", no_types },
    { "modifiers", "uuuu", no_types },
    { "destroy", "", no_types },
};

static const struct wl_interface zwp_virtual_keyboard_v1_interface = {
    "zwp_virtual_keyboard_v1", 1, 4, keyboard_requests, 0, NULL,
};

enum { MOTION = 0, MOTION_ABSOLUTE = 1, BUTTON = 2, AXIS = 3, FRAME = 4, AXIS_SOURCE = 5, AXIS_STOP = 6, AXIS_DISCRETE = 7 };
enum { POINTER_DESTROY = 8 };
// wl_pointer's axis and axis_source values.
enum { VERTICAL_SCROLL = 0, SOURCE_WHEEL = 0, SOURCE_FINGER = 1 };
enum { KEYMAP = 0, KEY = 1, MODIFIERS = 2, KEYBOARD_DESTROY = 3 };
enum { MANAGER_CREATE = 0 };

static struct wl_seat *seat;
static struct wl_proxy *pointer_manager, *keyboard_manager;
static struct wl_proxy *keyboard;
static struct xkb_context *xkb;
static struct xkb_state *xkb_state;
static uint32_t sent_modifiers[4];

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    (void)version;
    if (strcmp(interface, "wl_seat") == 0 && !seat) {
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0 && !pointer_manager) {
        pointer_manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    } else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0 && !keyboard_manager) {
        keyboard_manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
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

// The compositor takes the modifier state as sent: send it whenever our own state changed it.
static void send_modifiers(int always) {
    uint32_t now[4] = {
        xkb_state_serialize_mods(xkb_state, XKB_STATE_MODS_DEPRESSED),
        xkb_state_serialize_mods(xkb_state, XKB_STATE_MODS_LATCHED),
        xkb_state_serialize_mods(xkb_state, XKB_STATE_MODS_LOCKED),
        xkb_state_serialize_layout(xkb_state, XKB_STATE_LAYOUT_EFFECTIVE),
    };
    if (!always && memcmp(now, sent_modifiers, sizeof now) == 0) return;
    memcpy(sent_modifiers, now, sizeof now);
    wl_proxy_marshal(keyboard, MODIFIERS, now[0], now[1], now[2], now[3]);
}

// The virtual keyboard, created on first use.
static void create_keyboard(void) {
    if (!keyboard) keyboard = wl_proxy_marshal_constructor(keyboard_manager, MANAGER_CREATE, &zwp_virtual_keyboard_v1_interface, seat, NULL);
}

// Compiles the keymap for layout (and variant), hands it to the compositor in a memfd, and
// starts a fresh modifier state. Returns 0 when libxkbcommon knows no such layout.
static int set_layout(const char *layout, const char *variant) {
    struct xkb_rule_names names = { .rules = "evdev", .model = "pc105", .layout = layout, .variant = variant };
    struct xkb_keymap *keymap = xkb_keymap_new_from_names(xkb, &names, XKB_KEYMAP_COMPILE_NO_FLAGS);
    if (!keymap) return 0;
    create_keyboard();
    char *text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
    size_t size = strlen(text) + 1;
    int fd = memfd_create("wl-virtual-input-keymap", MFD_CLOEXEC);
    if (fd < 0 || write(fd, text, size) != (ssize_t)size) {
        free(text);
        xkb_keymap_unref(keymap);
        if (fd >= 0) close(fd);
        return 0;
    }
    wl_proxy_marshal(keyboard, KEYMAP, XKB_KEYMAP_FORMAT_TEXT_V1, fd, (uint32_t)size);
    close(fd);
    free(text);
    if (xkb_state) xkb_state_unref(xkb_state);
    xkb_state = xkb_state_new(keymap);
    xkb_keymap_unref(keymap);
    send_modifiers(1);
    return 1;
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
    if (!seat || !pointer_manager || !keyboard_manager) {
        fprintf(stderr, "error: the compositor offers no %s\n",
                !seat ? "wl_seat" : !pointer_manager ? "zwlr_virtual_pointer_manager_v1" : "zwp_virtual_keyboard_manager_v1");
        return 1;
    }
    struct wl_proxy *pointer =
        wl_proxy_marshal_constructor(pointer_manager, MANAGER_CREATE, &zwlr_virtual_pointer_v1_interface, seat, NULL);
    xkb = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    if (!xkb) {
        fprintf(stderr, "error: no libxkbcommon context\n");
        return 1;
    }
    // Quiet: each line we print is an answer (an unknown layout gets its own "error" line).
    xkb_context_set_log_level(xkb, XKB_LOG_LEVEL_CRITICAL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        double dx, dy;
        unsigned x, y, width, height, code, state;
        char layout[64], variant[64];
        int words, steps;
        unsigned count;
        if (sscanf(line, "burst %u %lf %lf", &count, &dx, &dy) == 3) {
            // Back to back, one round trip for all: a fast mouse's burst.
            for (unsigned i = 0; i < count; i++) {
                wl_proxy_marshal(pointer, MOTION, now_ms(), wl_fixed_from_double(dx), wl_fixed_from_double(dy));
                wl_proxy_marshal(pointer, FRAME);
                // libwayland's outgoing buffer holds 4 KiB: send every 64 (about 1.8 KiB),
                // waiting while the compositor's socket is full.
                if (i % 64 == 63) {
                    while (wl_display_flush(display) < 0 && errno == EAGAIN) {
                        struct pollfd out = { wl_display_get_fd(display), POLLOUT, 0 };
                        poll(&out, 1, 100);
                    }
                }
            }
        } else if (sscanf(line, "motion %lf %lf", &dx, &dy) == 2) {
            wl_proxy_marshal(pointer, MOTION, now_ms(), wl_fixed_from_double(dx), wl_fixed_from_double(dy));
            wl_proxy_marshal(pointer, FRAME);
        } else if (sscanf(line, "absolute %u %u %u %u", &x, &y, &width, &height) == 4) {
            wl_proxy_marshal(pointer, MOTION_ABSOLUTE, now_ms(), x, y, width, height);
            wl_proxy_marshal(pointer, FRAME);
        } else if (sscanf(line, "button %u %u", &code, &state) == 2) {
            wl_proxy_marshal(pointer, BUTTON, now_ms(), code, state);
            wl_proxy_marshal(pointer, FRAME);
        } else if (sscanf(line, "wheel %d", &steps) == 1) {
            wl_proxy_marshal(pointer, AXIS_SOURCE, SOURCE_WHEEL);
            wl_proxy_marshal(pointer, AXIS_DISCRETE, now_ms(), VERTICAL_SCROLL, wl_fixed_from_double(15.0 * steps), steps);
            wl_proxy_marshal(pointer, FRAME);
        } else if (sscanf(line, "finger %lf", &dy) == 1) {
            wl_proxy_marshal(pointer, AXIS_SOURCE, SOURCE_FINGER);
            wl_proxy_marshal(pointer, AXIS, now_ms(), VERTICAL_SCROLL, wl_fixed_from_double(dy));
            wl_proxy_marshal(pointer, FRAME);
            wl_proxy_marshal(pointer, AXIS_SOURCE, SOURCE_FINGER);
            wl_proxy_marshal(pointer, AXIS_STOP, now_ms(), VERTICAL_SCROLL);
            wl_proxy_marshal(pointer, FRAME);
        } else if ((words = sscanf(line, "layout %63s %63s", layout, variant)) >= 1) {
            if (!set_layout(layout, words == 2 ? variant : NULL)) {
                printf("error: no keymap for layout %s\n", layout);
                fflush(stdout);
                continue;
            }
        } else if (sscanf(line, "key %u %u", &code, &state) == 2) {
            if (!keyboard && !set_layout("us", NULL)) {
                printf("error: libxkbcommon cannot compile the us keymap\n");
                fflush(stdout);
                continue;
            }
            // xkb key codes are evdev codes + 8.
            xkb_state_update_key(xkb_state, code + 8, state ? XKB_KEY_DOWN : XKB_KEY_UP);
            wl_proxy_marshal(keyboard, KEY, now_ms(), code, state ? 1 : 0);
            send_modifiers(0);
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        } else {
            printf("error: unknown command: %s", line);
            fflush(stdout);
            continue;
        }
        if (wl_display_roundtrip(display) < 0) {
            printf("error: the compositor closed the connection\n");
            return 1;
        }
        printf("ok\n");
        fflush(stdout);
    }
    wl_proxy_marshal(pointer, POINTER_DESTROY);
    wl_proxy_destroy(pointer);
    if (keyboard) {
        wl_proxy_marshal(keyboard, KEYBOARD_DESTROY);
        wl_proxy_destroy(keyboard);
    }
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
