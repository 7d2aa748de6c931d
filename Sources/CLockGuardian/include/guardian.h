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
 * confine_to window stops being viewable (dix CheckCursorConfinement ->
 * DeactivateGrab), and also when that window is destroyed.  So the game
 * spawns a small guardian process (this code, running in a copy of the game
 * executable).  The guardian owns an InputOnly window that is a child of
 * the game's top-level window and covers it; the game grabs the pointer
 * with confine_to = that child.  When the guardian sees that the game can
 * no longer run it unmaps the child -- the server drops the game's grab
 * immediately -- and undefines the cursor of the game's window (any client
 * may change that attribute) so that the normal cursor shows again.  If the
 * guardian itself dies, the server destroys its child window with its
 * connection, which also ends the grab.
 *
 * Spawning
 * --------
 * The game starts the guardian with posix_spawn() of /proc/self/exe and the
 * environment variable
 *
 *     GAMEINPUT_GUARDIAN="READFD WRITEFD STALLMS"      e.g. "3 4 1000"
 *
 * READFD is the guardian's end of a game->guardian pipe, WRITEFD its end of
 * a guardian->game pipe (both must be inherited, i.e. not close-on-exec in
 * the child; the game's own ends should be close-on-exec).  STALLMS is the
 * heartbeat timeout in milliseconds (<= 0 disables hang detection).
 * A constructor in guardian.c sees the variable and turns the new process
 * into the guardian before main() (or the Swift runtime's entry) runs; it
 * then _exit()s with the guardian's status.  Without the variable the
 * constructor returns at once.  If the variable is set but malformed the
 * process _exit()s with status 2 (it must never fall through into the
 * game's main(), which would spawn guardians recursively).
 *
 * The game should spawn with POSIX_SPAWN_SETPGROUP (own process group, so
 * Ctrl+Z on the terminal does not stop the guardian together with the game),
 * POSIX_SPAWN_SETSIGMASK (empty mask) and POSIX_SPAWN_SETSIGDEF.  The
 * guardian also moves itself into its own process group and resets its
 * signal mask defensively, ignores SIGPIPE and the terminal signals
 * (SIGINT, SIGQUIT, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU) -- its lifetime
 * follows the pipe -- and names itself "gameinput-guard" (PR_SET_NAME).
 * Put the DISPLAY the game really uses (DisplayString) into its environment.
 *
 * Protocol (ASCII lines terminated by '\n')
 * ----------------------------------------
 * game -> guardian
 *   window XID   First command.  XID is the decimal id of the game's
 *                top-level window.  The guardian opens $DISPLAY, creates an
 *                unmapped InputOnly child of XID at 0,0 with the window's
 *                current size (border 0, lowest in the stacking order) and
 *                selects StructureNotify on XID.  Replies "ready CHILDXID",
 *                or "error TEXT" and exits with status 1.
 *   arm          Resize the child to the game window's size, map it, XSync;
 *                replies "armed".  Heartbeat timer restarts, "wait" state is
 *                cleared.  The game grabs with confine_to = CHILDXID only
 *                after it has read "armed".
 *   disarm       Unmap the child, XSync.  No reply.  (Unmapping the child
 *                ends the game's grab, so disarm after XUngrabPointer.)
 *   beat         Heartbeat from the game loop.  Also ends a "wait".
 *   wait         The game is about to block on purpose (e.g. in poll); no
 *                heartbeat is expected until the next "beat".
 *   Unknown lines, lines longer than 255 bytes, and any command other than
 *   "window" before the window is known are ignored.  A second "window"
 *   is ignored.
 *
 * guardian -> game
 *   ready CHILDXID
 *   error TEXT
 *   armed
 *   released REASON   REASON is "stopped" (/proc/PID/stat state 'T'),
 *                     "traced" (state 't' or TracerPid != 0) or "hung" (no
 *                     "beat" for more than STALLMS while not in "wait").
 *                     Because of TracerPid, a game running under a
 *                     debugger (or strace) is released within 300 ms of
 *                     every "arm"; GameInput does not grab while traced,
 *                     so it does not arm then.
 *                     The child is unmapped (grab gone), the game window's
 *                     cursor attribute has been reset with XUndefineCursor
 *                     (the game must define its cursor again when it
 *                     re-captures), and the guardian is disarmed until the
 *                     next "arm".
 *
 * While armed the game's state is checked at least every 100 ms (its
 * TracerPid every 300 ms); disarmed, the guardian sleeps until a command
 * or the end of the pipe.  The guardian exits with status 0 on EOF of READFD, EPIPE on WRITEFD, a change of getppid()
 * (game died), DestroyNotify of the game window, a BadWindow error on the
 * game or child window, or an X I/O error.
 *
 * The game must keep reading the guardian->game pipe (replies are written
 * with blocking write()); replies are rare, one per arm and per release.
 * The game should make its own write end non-blocking and simply drop a
 * "beat" on EAGAIN: if the guardian is ever stopped, a blocking write would
 * freeze the game once the pipe buffer (64 KiB) is full.  GameInput sends
 * a beat every 250 ms while locked (a quarter of its 1 s stall timeout).
 * The guardian is the game's child: when the reply pipe reaches EOF the
 * game should reap it (waitpid) to avoid a zombie.
 */
#ifndef GAMEINPUT_GUARDIAN_H
#define GAMEINPUT_GUARDIAN_H

#ifdef __cplusplus
extern "C" {
#endif

/* Name of the environment variable that turns a process into the guardian. */
#define GAMEINPUT_GUARDIAN_ENV "GAMEINPUT_GUARDIAN"

/*
 * Runs the guardian loop described above on the given pipe ends until the
 * game goes away.  Returns the process exit status: 0 for a normal end,
 * 1 if the window could not be set up ("error ..." was sent).  Normally
 * called only by the constructor in guardian.c, in the spawned process.
 * May _exit(0) directly on an X I/O error.
 */
int gameinput_guardian_run(int read_fd, int write_fd, long stall_timeout_ms);

#ifdef __cplusplus
}
#endif

#endif /* GAMEINPUT_GUARDIAN_H */
