/*
 * preload.c - an LD_PRELOAD library for the tests, standing in for what other code in a
 * game's process does (an overlay such as MangoHud or the Steam overlay, another thread
 * that starts programs).
 *
 *   SHIM_LOADED=FILE   appends "PID COMM" to FILE when the library is loaded, so a test
 *                      sees which processes an overlay would be loaded into.
 *   SHIM_SPAWN=FILE    after each pipe(), pipe2() and socketpair() the process makes, starts
 *                      `sleep 60` at once (as another thread's posix_spawn could, in the
 *                      moment between creating a descriptor and marking it close-on-exec)
 *                      and appends its PID to FILE, for the test to stop it.
 *
 * Built by the tests with gcc -shared -fPIC; it is not part of any product.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

extern char **environ;

static void append_line(const char *path, const char *line)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    ssize_t ignored = write(fd, line, strlen(line));
    (void)ignored;
    close(fd);
}

__attribute__((constructor)) static void shim_loaded(void)
{
    const char *path = getenv("SHIM_LOADED");
    if (!path)
        return;
    char comm[64] = "?";
    int fd = open("/proc/self/comm", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t n = read(fd, comm, sizeof comm - 1);
        comm[n > 0 ? n : 0] = '\0';
        char *newline = strchr(comm, '\n');
        if (newline)
            *newline = '\0';
        close(fd);
    }
    char line[128];
    snprintf(line, sizeof line, "%ld %s\n", (long)getpid(), comm);
    append_line(path, line);
}

/* Starts `sleep 60`, which inherits every descriptor not yet marked close-on-exec. */
static void spawn_inheritor(void)
{
    const char *path = getenv("SHIM_SPAWN");
    if (!path)
        return;
    pid_t pid;
    char *argv[] = {"sleep", "60", NULL};
    /* Without the preload: the sleep is not a game to watch. */
    char *envp[] = {"PATH=/usr/bin:/bin", NULL};
    if (posix_spawn(&pid, "/bin/sleep", NULL, NULL, argv, envp) != 0)
        return;
    char line[32];
    snprintf(line, sizeof line, "%ld\n", (long)pid);
    append_line(path, line);
}

int pipe(int fds[2])
{
    static int (*real)(int[2]);
    if (!real)
        real = (int (*)(int[2]))dlsym(RTLD_NEXT, "pipe");
    int result = real(fds);
    if (result == 0)
        spawn_inheritor();
    return result;
}

int pipe2(int fds[2], int flags)
{
    static int (*real)(int[2], int);
    if (!real)
        real = (int (*)(int[2], int))dlsym(RTLD_NEXT, "pipe2");
    int result = real(fds, flags);
    if (result == 0)
        spawn_inheritor();
    return result;
}

int socketpair(int domain, int type, int protocol, int fds[2])
{
    static int (*real)(int, int, int, int[2]);
    if (!real)
        real = (int (*)(int, int, int, int[2]))dlsym(RTLD_NEXT, "socketpair");
    int result = real(domain, type, protocol, fds);
    if (result == 0)
        spawn_inheritor();
    return result;
}
