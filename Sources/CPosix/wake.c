/*
 * wake.c - epoll(7) and timerfd(2) for Swift (Glibc's Swift module imports neither): the one
 * descriptor an attached window hands to a host's own poll().
 */
#include "posix_shims.h"

#include <errno.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int gameinput_epoll_create(void)
{
    return epoll_create1(EPOLL_CLOEXEC);
}

int gameinput_epoll_watch(int epoll_fd, int fd, int watch)
{
    struct epoll_event event = {.events = watch == 2 ? EPOLLOUT : EPOLLIN, .data = {.fd = fd}};
    return epoll_ctl(epoll_fd, watch ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, fd, &event);
}

int gameinput_timer_create(void)
{
    return timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
}

int gameinput_timer_set(int timer_fd, long long nanoseconds)
{
    /* Setting a timer also clears its expirations, so a timer set again is not readable. */
    struct itimerspec spec = {0};
    if (nanoseconds > 0) {
        spec.it_value.tv_sec = (time_t)(nanoseconds / 1000000000LL);
        spec.it_value.tv_nsec = (long)(nanoseconds % 1000000000LL);
    }
    return timerfd_settime(timer_fd, 0, &spec, NULL);
}
