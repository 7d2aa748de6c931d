/*
 * posix_shims.h - the POSIX pieces GameInput's Swift code cannot write or import itself:
 *
 * - the termination-signal relay (signal_relay.c), in C because a signal handler may only do
 *   async-signal-safe things: store a flag, write(2) a byte, call the handler that was there
 *   before;
 * - pipe2(2) (pipe.c), which Glibc's Swift module leaves out (it is a _GNU_SOURCE call).
 */
#ifndef GAMEINPUT_POSIX_SHIMS_H
#define GAMEINPUT_POSIX_SHIMS_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Installs the relay for each of `signals` (at most 8): the handler records the signal,
 * writes one byte to `wake_fd` (the write end of a non-blocking pipe the loop polls) and then
 * calls the handler that was installed before, if there was one (a function, not SIG_DFL).
 * A signal the process ignores (SIG_IGN, as under nohup) stays ignored. SA_RESTART is set,
 * so the host's own blocking calls are not interrupted with EINTR. Returns how many signals
 * got the relay. Call once.
 */
int gameinput_signal_relay_install(const int *signals, int count, int wake_fd);

/*
 * The first of the installed signals (in the order given to install) received and not
 * cleared since, or 0.
 */
int gameinput_signal_relay_pending(void);

/* Forgets that `signal` was received; 0 forgets every signal. */
void gameinput_signal_relay_clear(int signal);

#ifdef __cplusplus
}
#endif

/* pipe2(fds, flags): a pipe whose ends get `flags` (O_CLOEXEC, O_NONBLOCK) atomically. */
int gameinput_pipe2(int fds[2], int flags);

#endif /* GAMEINPUT_POSIX_SHIMS_H */
