// wl-input-method: an input method for the tests under sway (wlroots), speaking
// input-method-unstable-v2 to the compositor, which relays what it sends to the focused
// client's text-input-v3. Debian packages no XML for the protocol (it lives with wlroots), so
// the few messages used are declared here by hand, in the protocol's order and signatures:
//   zwp_input_method_manager_v2 (version 1): get_input_method(seat, id), destroy()
//   zwp_input_method_v2: requests commit_string(text), set_preedit_string(text, cursor_begin,
//            cursor_end), delete_surrounding_text(before, after), commit(serial),
//            get_input_popup_surface(id, surface), grab_keyboard(id), destroy();
//            events activate(), deactivate(), surrounding_text(text, cursor, anchor),
//            text_change_cause(cause), content_type(hint, purpose), done(), unavailable()
//
// It connects to $WAYLAND_DISPLAY, becomes the seat's input method, prints "ready" (or
// "error ..." when the compositor has one already), then reads commands from standard input,
// one per line, and answers each with one line once the compositor has handled it (a round
// trip). It takes no keyboard grab: keys still go to the focused client.
//   state                      "active" while a text input is enabled, else "inactive"
//   preedit TEXT BEGIN END     a composition TEXT (no spaces) with its caret from byte BEGIN
//                              to byte END, then commit; answers "ok"
//   commit TEXT                TEXT (no spaces) committed, which ends any composition; "ok"
//   quit
//
// Build: cc -std=c11 -o wl-input-method main.c -lwayland-client

#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <wayland-client.h>

static const struct wl_interface zwp_input_method_v2_interface;

static const struct wl_interface *get_input_method_types[] = { &wl_seat_interface, &zwp_input_method_v2_interface };
static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL };

static const struct wl_message manager_requests[] = {
    { "get_input_method", "on", get_input_method_types },
    { "destroy", "", no_types },
};

static const struct wl_interface zwp_input_method_manager_v2_interface = {
    "zwp_input_method_manager_v2", 1, 2, manager_requests, 0, NULL,
};

static const struct wl_message input_method_requests[] = {
    { "commit_string", "s", no_types },
    { "set_preedit_string", "sii", no_types },
    { "delete_surrounding_text", "uu", no_types },
    { "commit", "u", no_types },
    { "get_input_popup_surface", "no", no_types },
    { "grab_keyboard", "n", no_types },
    { "destroy", "", no_types },
};

static const struct wl_message input_method_events[] = {
    { "activate", "", no_types },
    { "deactivate", "", no_types },
    { "surrounding_text", "suu", no_types },
    { "text_change_cause", "u", no_types },
    { "content_type", "uu", no_types },
    { "done", "", no_types },
    { "unavailable", "", no_types },
};

static const struct wl_interface zwp_input_method_v2_interface = {
    "zwp_input_method_v2", 1, 7, input_method_requests, 7, input_method_events,
};

enum { GET_INPUT_METHOD = 0 };
enum { COMMIT_STRING = 0, SET_PREEDIT_STRING = 1, COMMIT = 3, DESTROY = 6 };

static struct wl_seat *seat;
static struct wl_proxy *manager;
// What the compositor said: the state after its last "done", and how many "done"s came (the
// serial a commit must carry).
static int pending_active, active, unavailable;
static unsigned done_count;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    (void)version;
    if (strcmp(interface, "wl_seat") == 0 && !seat) {
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    } else if (strcmp(interface, zwp_input_method_manager_v2_interface.name) == 0 && !manager) {
        manager = wl_registry_bind(registry, name, &zwp_input_method_manager_v2_interface, 1);
    }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static void activate(void *data, struct wl_proxy *im) { (void)data; (void)im; pending_active = 1; }
static void deactivate(void *data, struct wl_proxy *im) { (void)data; (void)im; pending_active = 0; }
static void surrounding_text(void *data, struct wl_proxy *im, const char *text, uint32_t cursor, uint32_t anchor) {
    (void)data; (void)im; (void)text; (void)cursor; (void)anchor;
}
static void text_change_cause(void *data, struct wl_proxy *im, uint32_t cause) { (void)data; (void)im; (void)cause; }
static void content_type(void *data, struct wl_proxy *im, uint32_t hint, uint32_t purpose) {
    (void)data; (void)im; (void)hint; (void)purpose;
}
static void done(void *data, struct wl_proxy *im) {
    (void)data;
    (void)im;
    active = pending_active;
    done_count++;
}
static void unavailable_(void *data, struct wl_proxy *im) { (void)data; (void)im; unavailable = 1; }

static const struct {
    void (*activate)(void *, struct wl_proxy *);
    void (*deactivate)(void *, struct wl_proxy *);
    void (*surrounding_text)(void *, struct wl_proxy *, const char *, uint32_t, uint32_t);
    void (*text_change_cause)(void *, struct wl_proxy *, uint32_t);
    void (*content_type)(void *, struct wl_proxy *, uint32_t, uint32_t);
    void (*done)(void *, struct wl_proxy *);
    void (*unavailable)(void *, struct wl_proxy *);
} input_method_listener = { activate, deactivate, surrounding_text, text_change_cause, content_type, done, unavailable_ };

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        printf("error: cannot connect to the compositor\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) {
        printf("error: the compositor offers no %s\n", seat ? "zwp_input_method_manager_v2" : "seat");
        return 1;
    }
    struct wl_proxy *im =
        wl_proxy_marshal_constructor(manager, GET_INPUT_METHOD, &zwp_input_method_v2_interface, seat, NULL);
    wl_proxy_add_listener(im, (void (**)(void))&input_method_listener, NULL);
    wl_display_roundtrip(display);
    if (unavailable) {
        printf("error: the seat has an input method already\n");
        return 1;
    }
    printf("ready\n");
    fflush(stdout);

    char line[512], text[256];
    int begin, end;
    while (fgets(line, sizeof line, stdin)) {
        if (wl_display_roundtrip(display) < 0) {
            printf("error: the compositor closed the connection\n");
            return 1;
        }
        if (strncmp(line, "state", 5) == 0) {
            printf("%s\n", active ? "active" : "inactive");
        } else if (sscanf(line, "preedit %255s %d %d", text, &begin, &end) == 3) {
            wl_proxy_marshal(im, SET_PREEDIT_STRING, text, begin, end);
            wl_proxy_marshal(im, COMMIT, done_count);
            wl_display_roundtrip(display);
            printf("ok\n");
        } else if (sscanf(line, "commit %255s", text) == 1) {
            wl_proxy_marshal(im, COMMIT_STRING, text);
            wl_proxy_marshal(im, COMMIT, done_count);
            wl_display_roundtrip(display);
            printf("ok\n");
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        } else {
            printf("error: unknown command: %s", line);
        }
        fflush(stdout);
    }
    wl_proxy_marshal(im, DESTROY);
    wl_proxy_destroy(im);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
