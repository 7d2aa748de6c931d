/*
 * posix_shims.h - the POSIX pieces GameInput's Swift code cannot write or import itself:
 *
 * - the termination-signal relay (signal_relay.c), in C because a signal handler may only do
 *   async-signal-safe things: store a flag, write(2) a byte, call the handler that was there
 *   before;
 * - pipe2(2) (pipe.c), which Glibc's Swift module leaves out (it is a _GNU_SOURCE call), and a
 *   write to a pipe that cannot raise SIGPIPE (pipe.c), which needs the signal mask;
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

/*
 * write(2) to a pipe (or any descriptor) without SIGPIPE: the signal is blocked in the calling
 * thread for the call, and one the call raised is taken off again before the mask is restored,
 * so a reader that is gone is the error EPIPE and nothing else. EINTR is retried. Returns what
 * write returns, with errno.
 */
long gameinput_write_without_sigpipe(int fd, const void *bytes, unsigned long count);

/*
 * SIGPIPE made survivable for the whole program when it is at its default: a handler that does
 * nothing, so a write on a socket whose peer is gone fails with EPIPE in every thread (libxcb
 * writes with writev, which cannot be told MSG_NOSIGNAL, and a host's render thread writes on
 * the same connection). A handler, not SIG_IGN, because exec resets a handler to the default:
 * the programs the host starts get SIGPIPE as they expect. A handler or SIG_IGN the host set
 * stays. Returns 1 when installed, 0 when the host's choice was kept, -1 with errno.
 */
int gameinput_sigpipe_survivable(void);

/* fcntl(fd, F_SETFL, flags | O_NONBLOCK); 0 or -1. */
int gameinput_set_nonblocking(int fd);

/* epoll_create1(EPOLL_CLOEXEC). */
int gameinput_epoll_create(void);

/*
 * Adds `fd` to the epoll set for reading (`watch` 1) or for writing (2), or removes it (0);
 * 0 or -1.
 */
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
