/*
 * pipe.c - pipe2(2) for Swift: Glibc's Swift module declares it only under _GNU_SOURCE,
 * which the module is not built with.
 */
#define _GNU_SOURCE
#include "posix_shims.h"

#include <unistd.h>

int gameinput_pipe2(int fds[2], int flags)
{
    return pipe2(fds, flags);
}
