// Fresh private mappings for a process that is forked again and again (see the header).
#define _GNU_SOURCE
#include "CPlaygroundHost.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#ifdef __linux__

/// One mapping to renew: where, and its protection.
struct region {
    uintptr_t start;
    uintptr_t end;
    int prot;
};

/// /proc/self/smaps, whole (its size is not known ahead); NULL if it cannot be read. The caller frees it.
static char *read_smaps(size_t *length) {
    int fd = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    size_t capacity = 1 << 20, used = 0;
    char *text = malloc(capacity);
    while (text != NULL) {
        if (capacity - used < 65536) {
            char *grown = realloc(text, capacity * 2);
            if (grown == NULL) {
                free(text);
                text = NULL;
                break;
            }
            text = grown;
            capacity *= 2;
        }
        ssize_t count = read(fd, text + used, capacity - used - 1);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        used += (size_t)count;
    }
    close(fd);
    if (text != NULL) text[used] = 0;
    *length = used;
    return text;
}

/// Whether every flag of a `VmFlags:` line (two letters each) is one of an ordinary private mapping's, with `ac`
/// (accounted: private memory that was writable, so its pages may be the process's own).
static int ordinary_flags(const char *flags, const char *end) {
    static const char *allowed[] = {"rd", "wr", "mr", "mw", "me", "ac", "sd"};
    int accounted = 0;
    const char *cursor = flags;
    while (cursor + 2 <= end) {
        while (cursor < end && *cursor == ' ') cursor++;
        if (cursor + 2 > end || *cursor == '\n') break;
        int known = 0;
        for (size_t index = 0; index < sizeof allowed / sizeof allowed[0]; index++) {
            if (cursor[0] == allowed[index][0] && cursor[1] == allowed[index][1]) known = 1;
        }
        if (!known) return 0;
        if (cursor[0] == 'a' && cursor[1] == 'c') accounted = 1;
        cursor += 2;
    }
    return accounted;
}

/// The mappings worth renewing, from smaps: private, readable, not executable, not one of the kernel's named areas
/// (the heap, the stack, vdso), at most `largest` bytes, holding pages of their own (`Anonymous:` above 0), with
/// ordinary flags, and none that holds one of `avoid`'s addresses (the thread's control block, its errno, the stack).
static size_t find_regions(char *text, size_t largest, const uintptr_t *avoid, size_t avoided, struct region *found,
                           size_t capacity) {
    size_t count = 0;
    char *line = text;
    struct region current = {0};
    int candidate = 0, anonymous = 0;
    while (line != NULL && *line != 0) {
        char *next = strchr(line, '\n');
        char *end = next != NULL ? next : line + strlen(line);
        // Each line ends where it ends: sscanf measures the whole rest of its input, and smaps with 64,000 mappings
        // took a minute and a half, line by line.
        if (next != NULL) *next = 0;
        unsigned long start, stop;
        char perms[5] = {0};
        int consumed = 0;
        int hex = (*line >= '0' && *line <= '9') || (*line >= 'a' && *line <= 'f');
        if (hex && sscanf(line, "%lx-%lx %4s %*s %*s %*s%n", &start, &stop, perms, &consumed) == 3 && consumed > 0) {
            // A mapping's first line: `start-end perms offset dev inode [name]`.
            const char *name = line + consumed;
            while (name < end && *name == ' ') name++;
            current.start = start;
            current.end = stop;
            current.prot = PROT_READ | (perms[1] == 'w' ? PROT_WRITE : 0);
            candidate = perms[0] == 'r' && perms[2] != 'x' && perms[3] == 'p' && *name != '[' && stop > start
                        && stop - start <= largest;
            for (size_t index = 0; candidate && index < avoided; index++) {
                if (avoid[index] >= start && avoid[index] < stop) candidate = 0;
            }
            anonymous = 0;
        } else if (strncmp(line, "Anonymous:", 10) == 0) {
            anonymous = strtoul(line + 10, NULL, 10) > 0;
        } else if (strncmp(line, "VmFlags:", 8) == 0) {
            if (candidate && anonymous && ordinary_flags(line + 8, end) && count < capacity) found[count++] = current;
            candidate = 0;
        }
        line = next != NULL ? next + 1 : NULL;
    }
    return count;
}

/// Copies `length` bytes from `from` to `to` through the kernel, which answers a page that cannot be read with an
/// error where a load would be a signal: a private mapping of a file that has since shrunk has pages past its end
/// (SIGBUS when touched), and a learner's line can make one. 1 when every byte was copied.
static int copy_readable(void *to, const void *from, size_t length) {
    size_t done = 0;
    while (done < length) {
        struct iovec local = {(char *)to + done, length - done};
        struct iovec remote = {(char *)from + done, length - done};
        ssize_t count = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return 0;
        done += (size_t)count;
    }
    return 1;
}

/// Puts a copy of `region`'s bytes in a new mapping at the same address. 0, or -1 where the old one stays (one of
/// its pages cannot be read).
static int renew(const struct region *region) {
    size_t length = region->end - region->start;
    void *fresh = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fresh == MAP_FAILED) return -1;
    if (!copy_readable(fresh, (const void *)region->start, length)) {
        munmap(fresh, length);
        return -1;
    }
    if ((region->prot != (PROT_READ | PROT_WRITE) && mprotect(fresh, length, region->prot) != 0)
        || mremap(fresh, length, length, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)region->start) == MAP_FAILED) {
        munmap(fresh, length);
        return -1;
    }
    return 0;
}

int playground_renew_private_mappings(size_t largest) {
    size_t length = 0;
    char *text = read_smaps(&length);
    if (text == NULL) return -1;
    size_t capacity = 1;
    for (size_t index = 0; index < length; index++) capacity += text[index] == '\n';
    struct region *regions = malloc(capacity * sizeof(struct region));
    if (regions == NULL) {
        free(text);
        return -1;
    }
    int stack_mark = 0;
    const uintptr_t avoid[] = {(uintptr_t)pthread_self(), (uintptr_t)&errno, (uintptr_t)&stack_mark,
                               (uintptr_t)regions, (uintptr_t)&regions[capacity - 1]};
    size_t count = find_regions(text, largest, avoid, sizeof avoid / sizeof avoid[0], regions, capacity);
    free(text);
    // Each function is called once before the copies begin, so that no first call's binding writes to memory that
    // is between its copy and its move.
    struct region warm = {0};
    void *scratch = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (scratch != MAP_FAILED) {
        warm.start = (uintptr_t)scratch;
        warm.end = warm.start + 4096;
        warm.prot = PROT_READ;
        renew(&warm);
        munmap(scratch, 4096);
    }
    // From a mapping's copy to its move nothing may write to it: no signal handler runs meanwhile.
    sigset_t all, saved;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &saved);
    int renewed = 0;
    for (size_t index = 0; index < count; index++) {
        if (renew(&regions[index]) == 0) renewed++;
    }
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    free(regions);
    return renewed;
}

#ifndef MADV_KEEPONFORK
#define MADV_KEEPONFORK 19
#endif

int playground_copy_every_mapping_on_fork(void) {
    int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char buffer[65536];
    size_t kept = 0;
    int changed = 0;
    for (;;) {
        ssize_t count = read(fd, buffer + kept, sizeof buffer - kept);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        size_t length = kept + (size_t)count, start = 0;
        // Whole lines only; the rest waits for the next read.
        for (size_t index = 0; index < length; index++) {
            if (buffer[index] != '\n') continue;
            char *cursor = buffer + start, *end;
            unsigned long from = strtoul(cursor, &end, 16);
            if (*end == '-') {
                unsigned long to = strtoul(end + 1, NULL, 16);
                // The kernel's own areas refuse it; any other mapping is copied into a fork whole again.
                if (to > from && madvise((void *)from, to - from, MADV_DOFORK) == 0) changed++;
                (void)madvise((void *)from, to - from, MADV_KEEPONFORK);
            }
            start = index + 1;
        }
        kept = length - start;
        memmove(buffer, buffer + start, kept);
        if (kept == sizeof buffer) kept = 0;
    }
    close(fd);
    return changed;
}

#else

int playground_renew_private_mappings(size_t largest) {
    (void)largest;
    return -1;
}

int playground_copy_every_mapping_on_fork(void) { return -1; }

#endif
