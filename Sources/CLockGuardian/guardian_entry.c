/*
 * guardian_entry.c - how a copy of the game becomes its lock guardian, and which file that
 * copy is started from.  See guardian.h.
 *
 * The constructor and gameinput_guardian_locate_executable() share this object on purpose:
 * GameInput's Swift code calls the latter before each start, so any link that has GameInput
 * has this object, and with it the constructor (a static archive drops an object that no
 * one references, and a program whose constructor is gone would start a second copy of the
 * game instead of a guardian).
 */
#define _GNU_SOURCE
#include "guardian.h"
#include "guardian_protocol.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/*
 * Whether `fd` is the guardian's end of a socket pair the game `game_pid` made: a Unix stream
 * socket whose peer credentials (for a socket pair, those of the process that called
 * socketpair()) name that process.
 */
static bool is_channel_from(int fd, long game_pid)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode))
        return false;
    int value = 0;
    socklen_t length = sizeof value;
    if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &value, &length) != 0 || value != AF_UNIX)
        return false;
    length = sizeof value;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &value, &length) != 0 || value != SOCK_STREAM)
        return false;
    struct ucred peer;
    length = sizeof peer;
    return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) == 0 && (long)peer.pid == game_pid;
}

/* Drops the variable and says so: the program runs its own main(). */
static void ignore_variable(const char *value, const char *why)
{
    fprintf(stderr, "GameInput: ignoring " GAMEINPUT_GUARDIAN_ENV "=\"%.64s\" (%s)\n", value, why);
    unsetenv(GAMEINPUT_GUARDIAN_ENV);
}

/*
 * Process entry hook: runs before main() in every process that links this object, before
 * the executable's constructors of default priority.  Without GAMEINPUT_GUARDIAN it returns
 * at once.  A real guardian runs and _exit()s without returning into the program's start-up.
 */
__attribute__((constructor(101))) static void gameinput_guardian_entry(void)
{
    const char *value = getenv(GAMEINPUT_GUARDIAN_ENV);
    if (!value)
        return;
    gameinput_guardian_spec spec;
    if (!gameinput_parse_guardian_spec(value, &spec)) {
        ignore_variable(value, "not a lock guardian's specification");
        return;
    }
    if (!is_channel_from(spec.fd, spec.game_pid)) {
        ignore_variable(value, "this process was not started by GameInput as a lock guardian");
        return;
    }
    /* A guardian whose game died before it got here has nothing to guard. */
    if ((long)getppid() != spec.game_pid)
        _exit(0);
    _exit(gameinput_guardian_run(spec.fd, spec.stall_ms, (pid_t)spec.game_pid));
}

/* The mapping of /proc/self/maps that holds `address`: its device, inode and file path. */
static bool find_mapping(uintptr_t address, dev_t *device, ino_t *inode, char *path, size_t path_size)
{
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps)
        return false;
    char line[4096 + 128];
    bool found = false;
    while (!found && fgets(line, sizeof line, maps)) {
        unsigned long low, high, offset, node;
        unsigned int major_number, minor_number;
        int consumed = 0;
        if (sscanf(line, "%lx-%lx %*4s %lx %x:%x %lu %n", &low, &high, &offset, &major_number, &minor_number, &node,
                   &consumed) < 6)
            continue;
        if (address < low || address >= high)
            continue;
        found = true;
        *device = makedev(major_number, minor_number);
        *inode = (ino_t)node;
        const char *name = line + consumed;
        size_t length = strcspn(name, "\n");
        const char *deleted = " (deleted)";
        if (length >= strlen(deleted) && memcmp(name + length - strlen(deleted), deleted, strlen(deleted)) == 0)
            length -= strlen(deleted);
        snprintf(path, path_size, "%.*s", (int)length, name);
    }
    fclose(maps);
    return found;
}

/* Whether `path` names the file (`device`, `inode`) and may be executed. */
static bool is_file(const char *path, dev_t device, ino_t inode)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_dev == device && st.st_ino == inode && access(path, X_OK) == 0;
}

int gameinput_guardian_locate_executable(char *path, size_t path_size, char *reason, size_t reason_size)
{
    dev_t device;
    ino_t inode;
    char mapped[4096];
    if (!find_mapping((uintptr_t)&gameinput_guardian_entry, &device, &inode, mapped, sizeof mapped)) {
        snprintf(reason, reason_size, "cannot read /proc/self/maps");
        return 0;
    }
    if (inode == 0) {
        snprintf(reason, reason_size, "GameInput's code is not in a file");
        return 0;
    }
    if (is_file("/proc/self/exe", device, inode)) {
        snprintf(path, path_size, "/proc/self/exe");
        return 1;
    }
    if (mapped[0] == '/' && is_file(mapped, device, inode)) {
        snprintf(path, path_size, "%s", mapped);
        return 1;
    }
    char executable[4096] = "?";
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    executable[length > 0 ? length : 1] = '\0';
    if (strstr(mapped, ".so"))
        snprintf(reason, reason_size, "GameInput is in the shared library %s, not in the program %s", mapped, executable);
    else
        snprintf(reason, reason_size, "%s, the program that holds GameInput, was replaced or removed since it started",
                 mapped);
    return 0;
}
