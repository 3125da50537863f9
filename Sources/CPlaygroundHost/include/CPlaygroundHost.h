// What the class server needs to run a learner's playground on a pseudo-terminal that Swift cannot call itself
// (ioctl is variadic in C; posix_spawn's setsid flag and closefrom action are glibc extensions).
#ifndef PATTERNS_PLAYGROUND_HOST_H
#define PATTERNS_PLAYGROUND_HOST_H
#include <stddef.h>

/// The flag that makes a spawned child the leader of a new session (so that a terminal it opens becomes its own).
short playground_spawn_setsid_flag(void);

/// In the spawned child (`actions` is a posix_spawn_file_actions_t), closes every descriptor from `lowest` on:
/// nothing of the server (its listening socket, its database, other learners' terminals) reaches a learner.
int playground_spawn_close_from(void *actions, int lowest);

/// Sets the size of the terminal on `fd` (the program on it gets SIGWINCH).
int playground_set_window_size(int fd, unsigned short rows, unsigned short cols);

/// A new pseudo-terminal: its controlling side (close-on-exec), and the path of the program's side in `path`; -1.
int playground_open_terminal(char *path, size_t capacity);
/// Starts the program at `path` with `argv` (ending in NULL) without copying this process's memory: the child borrows
/// it (vfork) and only calls the system until it execs, so the start costs the same however many libraries and
/// values this process holds. The child is in a process group of its own, gets SIGKILL when the calling thread ends
/// (and ends at once if `parent` is already gone), reads `input` (if >= 0) and writes standard output and error to
/// `output`. Signals are blocked across the start and every caught signal is reset to its default in the child before
/// it execs. Its environment is `envp` (NULL: this process's) and its working folder `directory` (NULL: this
/// process's). Returns the child's pid, or -1 with errno set.
int playground_spawn_tied(const char *path, char *const argv[], char *const envp[], const char *directory, int input,
                          int output, int parent);
/// Gives this process's small private mappings that hold pages of their own (a loaded library's data and relocated
/// parts, small anonymous areas) a new mapping each, with the same bytes at the same address and the same protection.
///
/// Why: a fork copies, for each such mapping, the kernel's chain of every "anon_vma" the mapping inherited from the
/// processes it descends from that were still alive when it was forked. A session that carries on in a copy of itself
/// line after line, keeping the process from before a line for `undo`, descends from hundreds of processes, so each
/// fork would cost more with every line (measured: 1 ms at first, 20 ms after 300 lines). A new mapping starts a chain
/// of its own. Only mappings with ordinary flags are renewed (not the heap or the stack, nor one holding this thread's
/// control block), at most `largest` bytes each; signals are blocked while they are. Bytes are read through the
/// kernel: a mapping with a page that cannot be read (a file cut short under it, a learner's doing) is left as it is.
/// Single-threaded processes only. Returns how many were renewed, or -1.
int playground_renew_private_mappings(size_t largest);
/// Marks every mapping of this process to be copied whole into a fork (MADV_DOFORK, MADV_KEEPONFORK): learner code
/// that marked a page of the heap MADV_DONTFORK or MADV_WIPEONFORK left every later copy of the session without it
/// (signal 11 at its first touch). How many mappings were marked, or -1.
int playground_copy_every_mapping_on_fork(void);
/// A descriptor that becomes readable when process `pid` (a child) ends (pidfd_open, Linux 5.3); -1 where there is none.
int playground_pidfd_open(int pid);
/// From now on, in this process and every process it starts, these fail with EPERM instead of sending anything:
/// `kill(-1, signal)` (every process the user may signal: as a normal user, all of theirs, the session included; as
/// root, all but the system's first), and any signal but SIGCONT (and 0, which sends nothing) to `supervisor` or to
/// the process group `group` (ignored if not above 0). A seccomp filter, with the `no_new_privs` flag it needs.
/// Nothing else is refused. 0, or -1 with errno set (ENOSYS where there is no such filter).
int playground_refuse_signals_to_the_session(int supervisor, int group);
#endif
