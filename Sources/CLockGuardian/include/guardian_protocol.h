/*
 * guardian_protocol.h - the lock guardian's line protocol and start-up specification,
 * as pure functions: no I/O, no allocation, no global state.
 *
 * Both ends of the protocol read bytes another process wrote (and the specification comes
 * from the environment), so the parsers live here, apart from the process that uses them,
 * where the fuzz targets (Fuzz/) and the unit tests reach them.
 */
#ifndef GAMEINPUT_GUARDIAN_PROTOCOL_H
#define GAMEINPUT_GUARDIAN_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The longest line either end accepts, its '\n' included; longer lines are dropped whole. */
#define GAMEINPUT_LINE_MAX 256

/* Splits a byte stream into lines. Zero-initialise before the first feed. */
typedef struct gameinput_line_reader {
    char line[GAMEINPUT_LINE_MAX]; /* the partial line so far, NUL-terminated when complete */
    size_t length;
    bool overflow; /* the current line is too long: drop everything up to its '\n' */
} gameinput_line_reader;

/*
 * Feeds `count` bytes. Calls `on_line(context, line)` for each complete line (without its
 * '\n', NUL-terminated; lines holding a NUL byte are dropped, as are over-long ones).
 * Returns the number of bytes consumed: all of them, unless `on_line` returned false, which
 * stops the feed right after that line (the rest stays unread, for the caller to feed again).
 */
size_t gameinput_line_reader_feed(gameinput_line_reader *reader, const char *bytes, size_t count,
                                  bool (*on_line)(void *context, const char *line), void *context);

/* A command from the game to the guardian. */
typedef enum gameinput_command {
    GAMEINPUT_COMMAND_UNKNOWN = 0, /* ignored: forward compatible */
    GAMEINPUT_COMMAND_WINDOW,      /* "window XID": the game's window, decimal, not 0 */
    GAMEINPUT_COMMAND_ARM,         /* "arm" */
    GAMEINPUT_COMMAND_WATCH,       /* "watch" */
    GAMEINPUT_COMMAND_UNWATCH,     /* "unwatch" */
    GAMEINPUT_COMMAND_BEAT,        /* "beat" */
    GAMEINPUT_COMMAND_WAIT,        /* "wait" */
    GAMEINPUT_COMMAND_HOSTWINDOW,  /* "hostwindow XID": a host's window (its cursor is not ours) */
} gameinput_command;

/*
 * Parses one command line (trailing spaces, tabs and '\r' are allowed). For "window" and
 * "hostwindow", stores the window id in `*window`; such a line without a valid id is UNKNOWN.
 */
gameinput_command gameinput_parse_command(const char *line, unsigned long *window);

/* A reply from the guardian to the game. */
typedef enum gameinput_reply {
    GAMEINPUT_REPLY_UNKNOWN = 0,
    GAMEINPUT_REPLY_READY,            /* "ready CHILD": its window, decimal, not 0 */
    GAMEINPUT_REPLY_ERROR,            /* "error TEXT": it could not set up and exits */
    GAMEINPUT_REPLY_ARMED,            /* "armed" */
    GAMEINPUT_REPLY_RELEASED_STOPPED, /* "released stopped" */
    GAMEINPUT_REPLY_RELEASED_TRACED,  /* "released traced" */
    GAMEINPUT_REPLY_RELEASED_HUNG,    /* "released hung" */
} gameinput_reply;

/* Parses one reply line; for "ready", stores the guardian's window in `*window`. */
gameinput_reply gameinput_parse_reply(const char *line, unsigned long *window);

/* What the environment variable GAMEINPUT_GUARDIAN says, "FD STALLMS GAMEPID". */
typedef struct gameinput_guardian_spec {
    int fd;        /* the guardian's end of the game's socket pair */
    long stall_ms; /* the heartbeat timeout; 0 turns hang detection off */
    long game_pid; /* the game that made the socket pair */
} gameinput_guardian_spec;

/*
 * Parses the specification: three decimal numbers separated by single spaces, nothing else,
 * with 0 <= FD <= INT_MAX, 0 <= STALLMS <= 86400000 and 1 < GAMEPID <= INT_MAX. Returns false
 * for anything else.
 */
bool gameinput_parse_guardian_spec(const char *text, gameinput_guardian_spec *spec);

#ifdef __cplusplus
}
#endif

#endif /* GAMEINPUT_GUARDIAN_PROTOCOL_H */
