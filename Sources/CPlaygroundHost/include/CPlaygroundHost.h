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
/// A descriptor that becomes readable when process `pid` (a child) ends (pidfd_open, Linux 5.3); -1 where there is none.
int playground_pidfd_open(int pid);
#endif
