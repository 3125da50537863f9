#define _GNU_SOURCE
#include "CPlaygroundHost.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#endif

short playground_spawn_setsid_flag(void) {
#ifdef POSIX_SPAWN_SETSID
    return POSIX_SPAWN_SETSID;
#else
    return 0;
#endif
}

int playground_spawn_close_from(void *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return -1;
#endif
}

int playground_set_window_size(int fd, unsigned short rows, unsigned short cols) {
    struct winsize size = {0};
    size.ws_row = rows;
    size.ws_col = cols;
    return ioctl(fd, TIOCSWINSZ, &size);
}

int playground_open_terminal(char *path, size_t capacity) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, path, capacity) != 0) {
        close(master);
        return -1;
    }
    return master;
}

int playground_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

int playground_spawn_tied(const char *path, char *const argv[], char *const envp[], const char *directory, int input,
                          int output, int parent) {
    sigset_t all, saved;
    sigfillset(&all);
    // No handler of this process may run in the child while it borrows the memory.
    pthread_sigmask(SIG_SETMASK, &all, &saved);
    pid_t pid = vfork();
    if (pid == 0) {
        // The child: system calls only, on its own stack frame, then exec or _exit.
        struct sigaction fallback = {0};
        fallback.sa_handler = SIG_DFL;
        for (int number = 1; number < NSIG; number++) {
            struct sigaction current;
            if (sigaction(number, NULL, &current) == 0 && current.sa_handler != SIG_IGN
                && current.sa_handler != SIG_DFL) {
                sigaction(number, &fallback, NULL);
            }
        }
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        if (getppid() != parent) _exit(127);
        if (directory != NULL && chdir(directory) != 0) _exit(127);
        if (input >= 0) dup2(input, 0);
        dup2(output, 1);
        dup2(output, 2);
        sigprocmask(SIG_SETMASK, &saved, NULL);
        execve(path, argv, envp != NULL ? envp : environ);
        _exit(127);
    }
    int failure = errno;
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    errno = failure;
    return pid;
}

int playground_refuse_signals_to_the_session(int supervisor, int group) {
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#if defined(__x86_64__)
    const unsigned int arch = AUDIT_ARCH_X86_64;
#else
    const unsigned int arch = AUDIT_ARCH_AARCH64;
#endif
    // kill's pid and signal are ints: only the low half of each 64-bit argument counts (little-endian: the first
    // four bytes).
    const unsigned int whole_group = group > 0 ? (unsigned int)(-group) : (unsigned int)supervisor;
    // Another system call interface of the same machine (x86-64's 32-bit `int 0x80`, x32's numbers) would name
    // `kill` by another number: no Swift program uses them, and they are refused whole.
    const unsigned int other_numbering = 0x40000000u;
    struct sock_filter program[] = {
        /* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        /* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 1, 0),
        /* 2 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA)),
        /* 3 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        /* 4 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, other_numbering, 0, 1),
        /* 5 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA)),
        /* 6 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_prlimit64, 12, 0),
        /* 7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_kill, 1, 0),
        /* 8 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* 9 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        /* 10: every process: refused */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0xffffffffu, 6, 0),
        /* 11: the supervisor: by signal */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)supervisor, 2, 0),
        /* 12: the session's group: by signal */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, whole_group, 1, 0),
        /* 13 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* 14 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])),
        /* 15: SIGCONT */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SIGCONT, 2, 0),
        /* 16: 0, which sends nothing */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0),
        /* 17 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
        /* 18 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        // prlimit64(pid, resource, new, old): a new limit for another process (the one waiting for the line, whose
        // limits the line's checks cannot see) is refused; reading any, or setting its own (pid 0), is not.
        /* 19 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        /* 20 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 5, 0),
        /* 21 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2])),
        /* 22 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2),
        /* 23 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2]) + 4),
        /* 24 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0),
        /* 25 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
        /* 26 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog filter = {.len = (unsigned short)(sizeof(program) / sizeof(program[0])), .filter = program};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0, 0);
#else
    (void)supervisor;
    (void)group;
    errno = ENOSYS;
    return -1;
#endif
}
