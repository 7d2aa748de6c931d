/*
 * guardian.h - pointer-grab guardian process for X11 games.
 *
 * Problem
 * -------
 * A game that captures the mouse holds an active X pointer grab
 * (XGrabPointer, owner_events False, blank cursor).  When the game process
 * cannot run any more -- stopped with SIGSTOP / Ctrl+Z, stopped by a
 * debugger (ptrace), or hung -- nobody releases that grab and the user's
 * pointer is stuck.  X does not let one client break another client's grab.
 *
 * Solution
 * --------
 * The X server deactivates an active pointer grab as soon as the grab's
 * confine_to window stops being viewable, and also when that window is
 * destroyed.  So the game starts a small guardian process (this code, in a
 * copy of the game's executable).  The guardian owns an InputOnly window
 * that is a child of the game's top-level window and covers it, mapped from
 * the start (input passes through it: it selects nothing); the game grabs the
 * pointer with confine_to = that child and tells the guardian to watch.
 * When the guardian sees that the game can no longer run it unmaps the
 * child -- the server drops the game's grab at once -- and undefines the
 * cursor of the game's window (any client may change that attribute) so the
 * normal cursor shows again.  If the guardian itself dies, the server
 * destroys its child window with its connection, which ends the grab too.
 *
 * Starting
 * --------
 * The game makes a socket pair (AF_UNIX, SOCK_STREAM, close-on-exec) and
 * starts the program that contains this code -- the file
 * gameinput_guardian_locate_executable() finds -- with posix_spawn(), its
 * end of the pair as descriptor FD, and the environment variable
 *
 *     GAMEINPUT_GUARDIAN="FD STALLMS GAMEPID"      e.g. "3 1000 4242"
 *
 * STALLMS is the heartbeat timeout in milliseconds (0: no hang detection),
 * GAMEPID the game's process id.  A constructor in guardian_entry.c sees the
 * variable before main() runs and checks that the process really is a
 * guardian: FD is a Unix stream socket whose peer -- the process that made
 * the pair -- is GAMEPID.  Then it runs the guardian and _exit()s; if GAMEPID
 * is no longer its parent (the game died meanwhile) it just exits.  Anything
 * else (a malformed value, a value copied into another environment) is
 * ignored with a warning on standard error: the variable is removed and the
 * program's own main() runs.
 *
 * The game spawns with POSIX_SPAWN_SETPGROUP (own process group, so Ctrl+Z
 * on the terminal does not stop the guardian with the game),
 * POSIX_SPAWN_SETSIGMASK (empty mask) and POSIX_SPAWN_SETSIGDEF, without
 * LD_PRELOAD and LD_AUDIT (an overlay has nothing to do in the guardian),
 * and with the DISPLAY the game really uses.  The guardian also moves itself
 * into its own process group, resets its signal mask, ignores SIGPIPE and
 * the terminal signals (its life follows the socket, not the terminal), and
 * names itself "gameinput-guard" (PR_SET_NAME).
 *
 * Protocol (ASCII lines terminated by '\n', both ways on the socket)
 * ------------------------------------------------------------------
 * game -> guardian
 *   window XID   First command.  XID is the decimal id of the game's
 *                top-level window.  The guardian opens $DISPLAY, creates an
 *                InputOnly child of XID at 0,0 with the window's current
 *                size (border 0, lowest in the stacking order), maps it and
 *                selects StructureNotify on XID (the child follows the
 *                window's size).  Replies "ready CHILDXID", or "error TEXT"
 *                and exits with status 1.
 *   hostwindow XID  The same for a window another library created, which
 *                GameInput attached to: its cursor is the host's, so a release
 *                leaves it alone, and the child gets an empty input shape
 *                (SHAPE 1.1), so the host sees no crossings into it.
 *   watch        The game holds a grab confined to the child: from now the
 *                guardian checks the game and frees the pointer when it
 *                cannot run.  The heartbeat timer restarts and the "wait"
 *                state is cleared.  No reply: the game never waits.
 *   unwatch      The game ended the grab.  No reply.
 *   arm          Maps the child again after a release; replies "armed".
 *   beat         Heartbeat from the game loop.  Also ends a "wait".
 *   wait         The game is about to block on purpose (e.g. in poll); no
 *                heartbeat is expected until the next "beat".
 *   Unknown lines, lines longer than 255 bytes, and any command other than
 *   "window" before the window is known are ignored.  A second "window" is
 *   ignored, and so is "watch" while the child is unmapped.
 *
 * guardian -> game
 *   ready CHILDXID
 *   error TEXT
 *   armed
 *   released REASON   REASON is "stopped" (/proc/PID/stat state 'T'),
 *                     "traced" (state 't' or TracerPid != 0) or "hung" (no
 *                     "beat" for more than STALLMS while not in "wait").
 *                     The child is unmapped (grab gone), the game window's
 *                     cursor attribute has been reset, and the guardian stops
 *                     watching; the child stays unmapped until "arm".
 *
 * While watching, the game's state is checked every min(100, STALLMS / 4) ms
 * (its TracerPid at every third check); otherwise the guardian sleeps until a
 * command or the end of the socket.  A "watch" the game sent before it was
 * stopped is already in the socket, so a stop right after a lock is caught.
 * The guardian exits with status 0 at the end of the socket (the game closed
 * it or died), a change of getppid(), a DestroyNotify of the game window, a
 * BadWindow error on the game or child window, or an X I/O error.  It writes
 * with MSG_NOSIGNAL: a game that is gone is an error to handle, never a
 * signal.
 */
#ifndef GAMEINPUT_GUARDIAN_H
#define GAMEINPUT_GUARDIAN_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Name of the environment variable that turns a process into the guardian. */
#define GAMEINPUT_GUARDIAN_ENV "GAMEINPUT_GUARDIAN"

/*
 * Finds the file to start as the guardian: the executable that holds this code, checked by
 * device and inode against the mapping the code runs from.  That is /proc/self/exe for a
 * program started the usual way; under `ld.so ./game` (where /proc/self/exe is the loader)
 * or valgrind (its tool) it is the game's own file.  Writes the path into `path` and returns
 * 1; or writes why there is none into `reason` and returns 0 (GameInput in a shared library,
 * the program's file replaced or gone, /proc unreadable).
 *
 * Swift calls this before each start.  The call also keeps this object -- and the
 * constructor that turns a copy of the program into the guardian, which lives in it -- in
 * every link, even one from a static archive.
 */
int gameinput_guardian_locate_executable(char *path, size_t path_size, char *reason, size_t reason_size);

/*
 * Runs the guardian loop described above on socket `fd` until the game goes away.  Returns
 * the process exit status: 0 for a normal end, 1 if the window could not be set up ("error
 * ..." was sent).  Called by the constructor in guardian_entry.c, in the spawned process.
 * May _exit(0) directly on an X I/O error.
 */
int gameinput_guardian_run(int fd, long stall_timeout_ms, pid_t game_pid);

#ifdef __cplusplus
}
#endif

#endif /* GAMEINPUT_GUARDIAN_H */
