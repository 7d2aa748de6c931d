/*
 * sigpipe.c - a display server that goes away must not kill the program; see posix_shims.h.
 */
#include "posix_shims.h"

#include <signal.h>
#include <stddef.h>

/* Does nothing: a write on a connection whose peer is gone then fails with EPIPE. */
static void survive_pipe(int signal)
{
    (void)signal;
}

int gameinput_sigpipe_survivable(void)
{
    struct sigaction before;
    if (sigaction(SIGPIPE, NULL, &before) != 0)
        return -1;
    if ((before.sa_flags & SA_SIGINFO) || before.sa_handler != SIG_DFL)
        return 0; /* the host's own handler, or SIG_IGN: its choice stays */
    struct sigaction action;
    action.sa_handler = survive_pipe;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(SIGPIPE, &action, NULL) == 0 ? 1 : -1;
}
