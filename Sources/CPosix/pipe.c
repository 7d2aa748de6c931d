/*
 * pipe.c - pipe2(2) for Swift: Glibc's Swift module declares it only under _GNU_SOURCE,
 * which the module is not built with; and a write that cannot raise SIGPIPE, which needs the
 * thread's signal mask (send's MSG_NOSIGNAL is for sockets only, and a paste reaches us as a
 * pipe).
 */
#define _GNU_SOURCE
#include "posix_shims.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

int gameinput_pipe2(int fds[2], int flags)
{
    return pipe2(fds, flags);
}

long gameinput_write_without_sigpipe(int fd, const void *bytes, unsigned long count)
{
    sigset_t pipe_only, before, pending;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    /* A SIGPIPE already pending (for another write of the program's) is left to it. */
    sigemptyset(&pending);
    sigpending(&pending);
    int was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &before);
    ssize_t written;
    do {
        written = write(fd, bytes, count);
    } while (written < 0 && errno == EINTR);
    int saved = errno;
    if (written < 0 && saved == EPIPE && !was_pending) {
        struct timespec zero = {0, 0};
        while (sigtimedwait(&pipe_only, NULL, &zero) < 0 && errno == EINTR) {
        }
    }
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    errno = saved;
    return (long)written;
}

int gameinput_set_nonblocking(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0)
        return -1;
    return fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}
