// The few Linux process controls Swift cannot call itself (prctl is variadic in C).
#ifndef PATTERNS_CPOSIX_SHIM_H
#define PATTERNS_CPOSIX_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <signal.h>

/// The signal this process gets when the thread that made it ends (0: none). Linux only; elsewhere a no-op.
static inline int patterns_set_parent_death_signal(int sig) {
#ifdef __linux__
    return prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0);
#else
    (void)sig;
    return 0;
#endif
}

/// A fork that runs no `pthread_atfork` handler (glibc 2.34's `_Fork`): a learner's line may register one, which
/// the session's own later forks would otherwise run, in the session and in each line's copy, with no line to blame.
/// The session forks only while it has one thread, where glibc's own handlers have no lock to take. Elsewhere, fork.
static inline pid_t patterns_fork_without_handlers(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return _Fork();
#else
    return fork();
#endif
}

/// Orphaned descendants of this process become its children (and it reaps them). Linux only.
static inline int patterns_become_subreaper(void) {
#ifdef __linux__
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
    return -1;
#endif
}
/// Makes this process's /proc entries (its open files among them) and its memory closed to other processes of the
/// same user, as a setuid program's are. Linux only; elsewhere a no-op.
static inline int patterns_set_undumpable(void) {
#ifdef __linux__
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#else
    return 0;
#endif
}

/// Sets how many bytes a pipe holds unread (Linux; at most /proc/sys/fs/pipe-max-size for a normal user). The size
/// set, or -1.
static inline int patterns_set_pipe_size(int fd, int size) {
#ifdef F_SETPIPE_SZ
    return fcntl(fd, F_SETPIPE_SZ, size);
#else
    (void)fd;
    (void)size;
    return -1;
#endif
}
/// A pipe whose ends close on exec (a compiler never holds them), optionally without blocking.
static inline int patterns_pipe(int fds[2], int nonblocking) {
    return pipe2(fds, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
}
#endif
