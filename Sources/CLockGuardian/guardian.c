/*
 * guardian.c - pointer-grab guardian process for X11 games: the loop.
 *
 * See guardian.h for the design and the protocol.  C11 + POSIX + Xlib
 * (-lX11), no other libraries.
 *
 * The process that runs this code is a copy of the game executable started
 * with GAMEINPUT_GUARDIAN set; the constructor in guardian_entry.c diverts it
 * into gameinput_guardian_run() before main() runs.
 */
#include "guardian.h"
#include "guardian_protocol.h"

#include <X11/Xlib.h>
#include <X11/extensions/shape.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/* How often (at most) the game's process state is checked while watching; a
 * short stall timeout checks more often (a quarter of it). */
#define GUARDIAN_CHECK_INTERVAL_MS 100

/* Returned by the step functions below to mean "keep running". */
#define GUARDIAN_CONTINUE (-1)

/* State of one guardian (there is only ever one per process). */
typedef struct guardian {
    int fd;               /* the socket to the game: commands in, replies out */
    long stall_ms;        /* heartbeat timeout, <= 0 disables "hung" */
    long check_ms;        /* interval between checks of the game while watching */
    pid_t game_pid;       /* our parent, recorded at start */

    Display *dpy;         /* NULL until "window" succeeded */
    Window game;          /* the game's top-level window */
    Window child;         /* our InputOnly child of game (confine_to) */
    int child_w, child_h; /* current size of child */

    bool mapped;          /* child mapped: a grab may be confined to it */
    bool host_cursor;     /* the window is a host's: its cursor is the host's, never touched */
    bool watching;        /* the game holds such a grab: watch the game */
    bool waiting;         /* game announced a deliberate sleep ("wait") */
    long long last_beat_ms;  /* monotonic time of the last "beat"/"arm" */
    long long next_check_ms; /* monotonic time of the next /proc check */
    unsigned long checks;    /* /proc checks made, to space the TracerPid ones */

    gameinput_line_reader commands; /* the partial command line */
    int status;           /* GUARDIAN_CONTINUE, or the exit status a command chose */
} guardian;

/*
 * X errors are asynchronous and Xlib's error handler is process-global, so
 * the handler only records the window of the last BadWindow error; the
 * main loop checks it after each batch of requests.
 */
static volatile XID g_bad_window;

/* Xlib error handler: record BadWindow, ignore everything else. */
static int guardian_on_x_error(Display *dpy, XErrorEvent *ev)
{
    (void)dpy;
    if (ev->error_code == BadWindow)
        g_bad_window = ev->resourceid;
    return 0;
}

/* Xlib I/O error handler: the X connection is gone, so is the game's
 * grab and our child window; nothing left to guard. */
static int guardian_on_x_io_error(Display *dpy)
{
    (void)dpy;
    _exit(0);
}

/* Monotonic clock in milliseconds. */
static long long guardian_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Writes one reply line (printf-style, '\n' appended) to the game.
 * Returns false if the pipe is broken or any other write error occurs;
 * the caller then ends the guardian.
 */
static bool guardian_reply(guardian *g, const char *fmt, ...)
{
    char buf[GAMEINPUT_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return false;
    if ((size_t)n > sizeof buf - 2)
        n = (int)sizeof buf - 2;
    buf[n++] = '\n';

    size_t off = 0;
    while (off < (size_t)n) {
        ssize_t w = send(g->fd, buf + off, (size_t)n - off, MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return false; /* EPIPE: the game is gone */
        }
        off += (size_t)w;
    }
    return true;
}

/* Reads a small /proc file into buf (NUL-terminated).  Returns the length
 * or -1. */
static ssize_t guardian_read_small_file(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t len = 0;
    while (len < size - 1) {
        ssize_t r = read(fd, buf + len, size - 1 - len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        len += (size_t)r;
    }
    close(fd);
    buf[len] = '\0';
    return (ssize_t)len;
}

/* The stat file is read at every check; the longer status file (for
 * TracerPid: a tracer attached to a running game) at every Nth. */
#define GUARDIAN_TRACER_CHECK_EVERY 3

/*
 * Inspects /proc for the game process.  Returns "stopped" if it is in
 * job-control stop (state 'T'), "traced" if it is in a ptrace stop (state
 * 't') or, when `with_tracer` is set, has a tracer attached (TracerPid !=
 * 0); NULL otherwise (also if /proc cannot be read; then only heartbeat
 * detection works).
 */
static const char *guardian_game_stop_reason(pid_t pid, bool with_tracer)
{
    char path[64];
    char buf[1024];

    /* "PID (COMM) S ..." - COMM may contain ')' and spaces, so the state
     * is the character after the LAST ')' and a space. */
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    if (guardian_read_small_file(path, buf, sizeof buf) > 0) {
        const char *p = strrchr(buf, ')');
        if (p && p[1] == ' ') {
            if (p[2] == 'T')
                return "stopped";
            if (p[2] == 't')
                return "traced";
        }
    }

    if (!with_tracer)
        return NULL;
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    char status[4096];
    if (guardian_read_small_file(path, status, sizeof status) > 0) {
        const char *p = strstr(status, "\nTracerPid:");
        if (p && strtol(p + strlen("\nTracerPid:"), NULL, 10) != 0)
            return "traced";
    }
    return NULL;
}

/* True if an asynchronous BadWindow hit the game window or our child:
 * the game window is gone (our child goes with it). */
static bool guardian_window_lost(const guardian *g)
{
    XID bad = g_bad_window;
    return bad != 0 && (bad == g->game || bad == g->child);
}

/*
 * Releases the game's grab: unmap the confine_to child (the server
 * deactivates the grab at once), reset the game window's cursor so it is
 * visible again (not a host's window: GameInput never set its cursor), and
 * tell the game why.  The child stays unmapped until the
 * next "arm".
 */
static int guardian_release(guardian *g, const char *reason)
{
    XUnmapWindow(g->dpy, g->child);
    if (!g->host_cursor) /* a host's window never had the lock's cursor defined on it */
        XUndefineCursor(g->dpy, g->game);
    XSync(g->dpy, False);
    g->mapped = false;
    g->watching = false;
    if (!guardian_reply(g, "released %s", reason))
        return 0;
    return guardian_window_lost(g) ? 0 : GUARDIAN_CONTINUE;
}

/*
 * "window XID": connect to the X server, create the InputOnly child that the
 * game will use as confine_to and map it.  Replies "ready CHILD" or "error
 * TEXT" (then the guardian exits with status 1).
 */
static int guardian_cmd_window(guardian *g, unsigned long xid)
{
    g->dpy = XOpenDisplay(NULL);
    if (!g->dpy) {
        guardian_reply(g, "error cannot open display");
        return 1;
    }
    g->game = (Window)xid;

    XWindowAttributes wa;
    if (!XGetWindowAttributes(g->dpy, g->game, &wa)) {
        guardian_reply(g, "error no such window %lu", xid);
        return 1;
    }

    /* Follow size changes and notice the window's destruction. */
    XSelectInput(g->dpy, g->game, StructureNotifyMask);

    /* InputOnly: no drawing, no visual/colormap issues; input passes through
     * it to the game's window (it selects nothing).  Mapped from the start, so
     * a lock is confined to it from its first moment.  Lowest in the stacking
     * order so that the game's own subwindows (if any) still get their input;
     * confinement uses the window's full shape, not its visible part. */
    XSetWindowAttributes sa;
    memset(&sa, 0, sizeof sa);
    g->child_w = wa.width > 0 ? wa.width : 1;
    g->child_h = wa.height > 0 ? wa.height : 1;
    g->child = XCreateWindow(g->dpy, g->game, 0, 0,
                             (unsigned)g->child_w, (unsigned)g->child_h, 0,
                             0, InputOnly, CopyFromParent, 0, &sa);
    /* In a host's window, an empty input shape: the pointer never enters the child, so the
     * host sees no crossings into it (GLFW 3.3 takes every leave, whatever its detail, for
     * the cursor leaving the window; a click in a child window makes two).  Confinement
     * follows the bounding shape, which stays the whole window. */
    int shape_event, shape_error, shape_major = 0, shape_minor = 0;
    if (g->host_cursor && XShapeQueryExtension(g->dpy, &shape_event, &shape_error) &&
        XShapeQueryVersion(g->dpy, &shape_major, &shape_minor) &&
        (shape_major > 1 || (shape_major == 1 && shape_minor >= 1)))
        XShapeCombineRectangles(g->dpy, g->child, ShapeInput, 0, 0, NULL, 0, ShapeSet, Unsorted);
    XLowerWindow(g->dpy, g->child);
    XMapWindow(g->dpy, g->child);
    XSync(g->dpy, False);
    if (g->child == None || guardian_window_lost(g)) {
        guardian_reply(g, "error cannot create child of window %lu", xid);
        return 1;
    }
    g->mapped = true;

    if (!guardian_reply(g, "ready %lu", (unsigned long)g->child))
        return 0;
    return GUARDIAN_CONTINUE;
}

/* Resizes the child to w x h (if different) so it keeps covering the game
 * window; the server re-confines an active grab to the new size. */
static void guardian_resize_child(guardian *g, int w, int h)
{
    if (w <= 0 || h <= 0 || (w == g->child_w && h == g->child_h))
        return;
    g->child_w = w;
    g->child_h = h;
    XResizeWindow(g->dpy, g->child, (unsigned)w, (unsigned)h);
}

/* "arm": map the child again (after a release unmapped it). */
static int guardian_cmd_arm(guardian *g)
{
    XWindowAttributes wa;
    if (!XGetWindowAttributes(g->dpy, g->game, &wa))
        return 0; /* game window gone */
    guardian_resize_child(g, wa.width, wa.height);
    XLowerWindow(g->dpy, g->child);
    XMapWindow(g->dpy, g->child);
    XSync(g->dpy, False);
    if (guardian_window_lost(g))
        return 0;
    g->mapped = true;
    if (!guardian_reply(g, "armed"))
        return 0;
    return GUARDIAN_CONTINUE;
}

/* "watch": the game holds a grab confined to the child; watch it from now
 * (ignored while the child is unmapped: nothing can be confined to it). */
static void guardian_cmd_watch(guardian *g)
{
    if (!g->mapped)
        return;
    long long now = guardian_now_ms();
    g->watching = true;
    g->waiting = false;
    g->last_beat_ms = now;
    g->next_check_ms = now; /* check right away */
}

/* Executes one complete command line; false ends the feed (g->status says
 * how the guardian ends). */
static bool guardian_handle_line(void *context, const char *line)
{
    guardian *g = context;
    unsigned long window = 0;
    gameinput_command command = gameinput_parse_command(line, &window);
    switch (command) {
    case GAMEINPUT_COMMAND_BEAT:
        g->last_beat_ms = guardian_now_ms();
        g->waiting = false;
        break;
    case GAMEINPUT_COMMAND_WAIT:
        g->waiting = true;
        break;
    case GAMEINPUT_COMMAND_WINDOW:
    case GAMEINPUT_COMMAND_HOSTWINDOW:
        if (!g->dpy) { /* a second "window" is ignored */
            g->host_cursor = command == GAMEINPUT_COMMAND_HOSTWINDOW;
            g->status = guardian_cmd_window(g, window);
        }
        break;
    case GAMEINPUT_COMMAND_ARM:
        if (g->dpy)
            g->status = guardian_cmd_arm(g);
        break;
    case GAMEINPUT_COMMAND_WATCH:
        if (g->dpy)
            guardian_cmd_watch(g);
        break;
    case GAMEINPUT_COMMAND_UNWATCH:
        g->watching = false;
        break;
    case GAMEINPUT_COMMAND_UNKNOWN:
        break; /* forward compatible */
    }
    return g->status == GUARDIAN_CONTINUE;
}

/*
 * Reads everything currently available on the socket (non-blocking) and
 * executes each complete line.  Partial lines are kept for the next call.
 * Returns 0 at the end of the socket or on a read error (the game closed it
 * or died), a command's exit status, or GUARDIAN_CONTINUE.
 */
static int guardian_read_commands(guardian *g)
{
    char chunk[1024];
    for (;;) {
        ssize_t n = recv(g->fd, chunk, sizeof chunk, MSG_DONTWAIT);
        if (n == 0)
            return 0; /* the end of the socket */
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return GUARDIAN_CONTINUE;
            return 0;
        }
        gameinput_line_reader_feed(&g->commands, chunk, (size_t)n, guardian_handle_line, g);
        if (g->status != GUARDIAN_CONTINUE)
            return g->status;
    }
}

/* Handles all queued X events (size changes, destruction of the game
 * window) and flushes requests they caused. */
static int guardian_drain_x(guardian *g)
{
    while (XPending(g->dpy) > 0) {
        XEvent ev;
        XNextEvent(g->dpy, &ev);
        switch (ev.type) {
        case ConfigureNotify:
            if (ev.xconfigure.window == g->game)
                guardian_resize_child(g, ev.xconfigure.width,
                                      ev.xconfigure.height);
            break;
        case DestroyNotify:
            if (ev.xdestroywindow.window == g->game)
                return 0;
            break;
        default:
            break;
        }
    }
    XFlush(g->dpy);
    return guardian_window_lost(g) ? 0 : GUARDIAN_CONTINUE;
}

/* Periodic check while watching: release the grab if the game is stopped,
 * traced or has missed its heartbeat. */
static int guardian_check_game(guardian *g, long long now)
{
    g->checks++;
    const char *reason = guardian_game_stop_reason(g->game_pid,
                                                   g->checks % GUARDIAN_TRACER_CHECK_EVERY == 0);
    if (!reason && g->stall_ms > 0 && !g->waiting &&
        now - g->last_beat_ms > g->stall_ms)
        reason = "hung";
    if (reason)
        return guardian_release(g, reason);
    return GUARDIAN_CONTINUE;
}

/*
 * Makes the process independent of the game's terminal job control and
 * signal setup: own process group (Ctrl+Z must stop the game, not us),
 * empty signal mask, terminal signals ignored (our life is tied to the
 * pipe, not to the terminal), SIGPIPE ignored (EPIPE is handled).
 */
static void guardian_setup_process(void)
{
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGTSTP, SIG_IGN);
    signal(SIGTTIN, SIG_IGN);
    signal(SIGTTOU, SIG_IGN);

    if (getpgrp() != getpid())
        setpgid(0, 0);

    /* Recognisable in ps/top instead of "exe" (Linux-only, best effort). */
    prctl(PR_SET_NAME, "gameinput-guard", 0, 0, 0);
}

int gameinput_guardian_run(int fd, long stall_timeout_ms, pid_t game_pid)
{
    guardian_setup_process();

    guardian g;
    memset(&g, 0, sizeof g);
    g.fd = fd;
    g.stall_ms = stall_timeout_ms;
    g.check_ms = GUARDIAN_CHECK_INTERVAL_MS;
    if (stall_timeout_ms > 0 && stall_timeout_ms / 4 < g.check_ms)
        g.check_ms = stall_timeout_ms / 4 > 0 ? stall_timeout_ms / 4 : 1;
    g.game_pid = game_pid;
    g.status = GUARDIAN_CONTINUE;

    XSetErrorHandler(guardian_on_x_error);
    XSetIOErrorHandler(guardian_on_x_io_error);

    for (;;) {
        int st;

        if (getppid() != g.game_pid)
            return 0; /* the game died; we were re-parented */

        if (g.dpy) {
            st = guardian_drain_x(&g);
            if (st != GUARDIAN_CONTINUE)
                return st;
        }

        long long now = guardian_now_ms();
        /* Not watching there is nothing to check: sleep until a command, an X
         * event, or the end of the pipe (which is how the game's death
         * arrives). */
        int timeout = -1;
        if (g.watching) {
            if (now >= g.next_check_ms) {
                g.next_check_ms = now + g.check_ms;
                st = guardian_check_game(&g, now);
                if (st != GUARDIAN_CONTINUE)
                    return st;
            }
            if (g.watching) {
                long long left = g.next_check_ms - now;
                timeout = left < 0 ? 0 : (int)left;
            }
        }

        struct pollfd fds[2];
        nfds_t nfds = 1;
        fds[0].fd = g.fd;
        fds[0].events = POLLIN;
        fds[0].revents = 0;
        if (g.dpy) {
            fds[1].fd = ConnectionNumber(g.dpy);
            fds[1].events = POLLIN;
            fds[1].revents = 0;
            nfds = 2;
        }
        if (poll(fds, nfds, timeout) < 0 && errno != EINTR)
            return 0;

        /* Always drain the (non-blocking) socket before the next
         * state check, so that a late wake-up of the guardian itself never
         * mistakes queued beats for a hang.  X input is handled by
         * guardian_drain_x at the top of the loop. */
        st = guardian_read_commands(&g);
        if (st != GUARDIAN_CONTINUE)
            return st;
    }
}
