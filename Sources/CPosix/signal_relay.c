/*
 * signal_relay.c - termination signals relayed to the loop; see posix_shims.h.
 */
#define _GNU_SOURCE
#include "posix_shims.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <unistd.h>

#define RELAY_MAX 8

static int relayed[RELAY_MAX];
static int relayed_count;
static struct sigaction previous[RELAY_MAX];
/* Set by the relay on whichever thread takes the signal, read by the loop's thread: lock-free
 * atomics, which are async-signal-safe, so the two threads never race on a plain int. */
static atomic_int received[RELAY_MAX];
static atomic_int wake = -1;

/* The relay: async-signal-safe only (an atomic flag, a write, errno kept, the previous handler). */
static void relay(int signal, siginfo_t *info, void *context)
{
    int saved = errno;
    for (int i = 0; i < relayed_count; i++) {
        if (relayed[i] != signal)
            continue;
        atomic_store_explicit(&received[i], 1, memory_order_release);
        int wake_fd = atomic_load_explicit(&wake, memory_order_acquire);
        if (wake_fd >= 0) {
            char byte = (char)signal;
            ssize_t ignored = write(wake_fd, &byte, 1);
            (void)ignored; /* a full pipe already wakes the loop */
        }
        errno = saved;
        const struct sigaction *before = &previous[i];
        if (before->sa_flags & SA_SIGINFO) {
            if (before->sa_sigaction)
                before->sa_sigaction(signal, info, context);
        } else if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN) {
            before->sa_handler(signal);
        }
        return;
    }
    errno = saved;
}

int gameinput_signal_relay_install(const int *signals, int count, int wake_fd)
{
    if (relayed_count > 0)
        return 0;
    atomic_store_explicit(&wake, wake_fd, memory_order_release);
    int installed = 0;
    for (int i = 0; i < count && relayed_count < RELAY_MAX; i++) {
        struct sigaction before;
        if (sigaction(signals[i], NULL, &before) != 0)
            continue;
        if (!(before.sa_flags & SA_SIGINFO) && before.sa_handler == SIG_IGN)
            continue; /* ignored on purpose (nohup): keep it so */
        int slot = relayed_count;
        relayed[slot] = signals[i];
        previous[slot] = before;
        atomic_store_explicit(&received[slot], 0, memory_order_relaxed);
        relayed_count++;
        struct sigaction action;
        action.sa_sigaction = relay;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        if (sigaction(signals[i], &action, NULL) == 0)
            installed++;
    }
    return installed;
}

int gameinput_signal_relay_pending(void)
{
    for (int i = 0; i < relayed_count; i++)
        if (atomic_load_explicit(&received[i], memory_order_acquire))
            return relayed[i];
    return 0;
}

void gameinput_signal_relay_clear(int signal)
{
    for (int i = 0; i < relayed_count; i++)
        if (signal == 0 || relayed[i] == signal)
            atomic_store_explicit(&received[i], 0, memory_order_release);
}
