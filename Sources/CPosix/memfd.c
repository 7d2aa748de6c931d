/*
 * memfd.c - memfd_create(2) for Swift: Glibc's Swift module declares it only under
 * _GNU_SOURCE. Wayland clients hand the compositor shared memory as such a descriptor
 * (wl_shm pools), and read the keymap a compositor hands them from one.
 */
#define _GNU_SOURCE
#include "posix_shims.h"

#include <sys/mman.h>

int gameinput_memfd_create(const char *name)
{
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}
