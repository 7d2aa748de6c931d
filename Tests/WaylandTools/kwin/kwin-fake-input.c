/*
 * kwin-fake-input: inject pointer and keyboard input into a (headless)
 * kwin_wayland, for tests that run lockgame under Xwayland inside KWin.
 *
 * It speaks KWin's org_kde_kwin_fake_input Wayland protocol
 * (/usr/share/plasma-wayland-protocols/fake-input.xml, version 4). Requests
 * used: authenticate(application, reason), pointer_motion(dx, dy),
 * button(button, state), pointer_motion_absolute(x, y) (since 3) and
 * keyboard_key(key, state) (since 4). KWin only honours them after
 * authenticate, and only when it trusts the client: run kwin_wayland with
 * KWIN_WAYLAND_NO_PERMISSION_CHECKS=1.
 *
 * No generated code: the wl_interface below is written by hand. A request's
 * opcode is its index in the XML, so the requests we do not use (axis, the
 * touch ones) keep their slots in the method table, never sent.
 *
 * Build: cc -std=c11 -Wall -Wextra kwin-fake-input.c -lwayland-client
 * Usage: WAYLAND_DISPLAY=NAME XDG_RUNTIME_DIR=DIR ./kwin-fake-input
 * Prints "ready", then reads one command per line on stdin and answers "ok"
 * after a wl_display_roundtrip (KWin has handled the request), or "error ...":
 *   motion DX DY      relative pointer motion (floats)
 *   absolute X Y      absolute pointer position, global compositor pixels
 *   button CODE 1|0   evdev button code (272 left, 273 right, 274 middle)
 *   key CODE 1|0      evdev key code (e.g. 29 left Ctrl, 46 C, 56 left Alt)
 *   quit              answer "ok" and exit 0 (end of input also exits 0)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

enum {
    FAKE_INPUT_AUTHENTICATE = 0,
    FAKE_INPUT_POINTER_MOTION = 1,
    FAKE_INPUT_BUTTON = 2,
    FAKE_INPUT_POINTER_MOTION_ABSOLUTE = 9,
    FAKE_INPUT_KEYBOARD_KEY = 10,
};

static const struct wl_interface *no_types[3] = {NULL, NULL, NULL};

static const struct wl_message fake_input_requests[] = {
    {"authenticate", "ss", no_types},
    {"pointer_motion", "ff", no_types},
    {"button", "uu", no_types},
    {"axis", "uf", no_types},              /* unused */
    {"touch_down", "2uff", no_types},      /* unused */
    {"touch_motion", "2uff", no_types},    /* unused */
    {"touch_up", "2u", no_types},          /* unused */
    {"touch_cancel", "2", no_types},       /* unused */
    {"touch_frame", "2", no_types},        /* unused */
    {"pointer_motion_absolute", "3ff", no_types},
    {"keyboard_key", "4uu", no_types},
};

static const struct wl_interface fake_input_interface = {
    "org_kde_kwin_fake_input", 4,
    sizeof fake_input_requests / sizeof fake_input_requests[0], fake_input_requests,
    0, NULL,
};

static struct wl_proxy *fake_input;

static void registry_global(void *data, struct wl_registry *registry, uint32_t name,
                            const char *interface, uint32_t version) {
    (void)data;
    if (strcmp(interface, fake_input_interface.name) == 0 && !fake_input)
        fake_input = wl_registry_bind(registry, name, &fake_input_interface,
                                      version < 4 ? version : 4);
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {registry_global, registry_global_remove};

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "kwin-fake-input: cannot connect to $WAYLAND_DISPLAY\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!fake_input) {
        fprintf(stderr, "kwin-fake-input: the compositor offers no org_kde_kwin_fake_input\n");
        return 1;
    }
    uint32_t version = wl_proxy_get_version(fake_input);
    wl_proxy_marshal_flags(fake_input, FAKE_INPUT_AUTHENTICATE, NULL, version, 0,
                           "kwin-fake-input", "lockgame tests");
    if (wl_display_roundtrip(display) < 0) {
        fprintf(stderr, "kwin-fake-input: authenticate failed\n");
        return 1;
    }
    printf("ready\n");
    fflush(stdout);

    char line[256], cmd[32];
    while (fgets(line, sizeof line, stdin)) {
        double a, b;
        int n = sscanf(line, "%31s %lf %lf", cmd, &a, &b);
        if (n < 1)
            continue;
        if (strcmp(cmd, "quit") == 0) {
            printf("ok\n");
            break;
        }
        if (n == 3 && strcmp(cmd, "motion") == 0)
            wl_proxy_marshal_flags(fake_input, FAKE_INPUT_POINTER_MOTION, NULL, version, 0,
                                   wl_fixed_from_double(a), wl_fixed_from_double(b));
        else if (n == 3 && strcmp(cmd, "absolute") == 0 && version >= 3)
            wl_proxy_marshal_flags(fake_input, FAKE_INPUT_POINTER_MOTION_ABSOLUTE, NULL, version, 0,
                                   wl_fixed_from_double(a), wl_fixed_from_double(b));
        else if (n == 3 && strcmp(cmd, "button") == 0)
            wl_proxy_marshal_flags(fake_input, FAKE_INPUT_BUTTON, NULL, version, 0,
                                   (uint32_t)a, (uint32_t)b);
        else if (n == 3 && strcmp(cmd, "key") == 0 && version >= 4)
            wl_proxy_marshal_flags(fake_input, FAKE_INPUT_KEYBOARD_KEY, NULL, version, 0,
                                   (uint32_t)a, (uint32_t)b);
        else {
            line[strcspn(line, "\n")] = '\0';
            printf("error unknown command (or not in protocol version %u): %s\n", version, line);
            fflush(stdout);
            continue;
        }
        if (wl_display_roundtrip(display) < 0) {
            printf("error lost the Wayland connection\n");
            fflush(stdout);
            return 1;
        }
        printf("ok\n");
        fflush(stdout);
    }
    wl_proxy_destroy(fake_input);
    wl_registry_destroy(registry);
    wl_display_disconnect(display);
    return 0;
}
