/*
 * posix_shims.h - the POSIX pieces GameInput's Swift code cannot write or import itself:
 *
 * - the termination-signal relay (signal_relay.c), in C because a signal handler may only do
 *   async-signal-safe things: store a flag, write(2) a byte, call the handler that was there
 *   before;
 * - pipe2(2) (pipe.c), which Glibc's Swift module leaves out (it is a _GNU_SOURCE call);
 * - epoll(7) and timerfd(2) (wake.c), which it does not import at all;
 * - memfd_create(2) (memfd.c), a _GNU_SOURCE call too.
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

/* epoll_create1(EPOLL_CLOEXEC). */
int gameinput_epoll_create(void);

/* Adds `fd` to the epoll set for reading (`watch` non-zero) or removes it (zero); 0 or -1. */
int gameinput_epoll_watch(int epoll_fd, int fd, int watch);

/* timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK). */
int gameinput_timer_create(void);

/*
 * Makes the timer readable `nanoseconds` from now (at least 1), or disarms it (0 or less);
 * either way it is not readable until then. 0 or -1.
 */
int gameinput_timer_set(int timer_fd, long long nanoseconds);

/* memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING): anonymous shared memory. */
int gameinput_memfd_create(const char *name);

#endif /* GAMEINPUT_POSIX_SHIMS_H */
