// Non-variadic wrappers over libedit (Swift cannot call C variadic functions) and a few POSIX
// declarations that glibc hides behind feature macros.
#ifndef PATTERNS_CEDITLINE_SHIM_H
#define PATTERNS_CEDITLINE_SHIM_H

#include <locale.h>
#include <stdio.h>
#include <histedit.h>
#include <signal.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <spawn.h>
#include <pty.h>
#include <errno.h>

extern char *ptsname(int fd);
extern int grantpt(int fd);
extern int unlockpt(int fd);

static inline short shim_posix_spawn_setsid(void) { return 0x80; }

// MARK: editline
static inline int shim_el_set_prompt_esc(EditLine *el, char *(*fn)(EditLine *), char esc) {
    return el_set(el, EL_PROMPT_ESC, fn, esc);
}
static inline int shim_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int shim_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int shim_el_set_hist(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int shim_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *shim_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline int shim_el_addfn(EditLine *el, const char *name, const char *help,
                                unsigned char (*fn)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int shim_el_bind(EditLine *el, const char *key, const char *fn) {
    return el_set(el, EL_BIND, key, fn, NULL);
}
static inline int shim_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
static inline int shim_el_set_getcfn(EditLine *el, int (*fn)(EditLine *, wchar_t *)) { return el_set(el, EL_GETCFN, fn); }

// MARK: history
static inline int shim_history_setsize(History *h, int size) {
    HistEvent ev; return history(h, &ev, H_SETSIZE, size);
}
static inline int shim_history_setunique(History *h, int on) {
    HistEvent ev; return history(h, &ev, H_SETUNIQUE, on);
}
static inline int shim_history_enter(History *h, const char *line) {
    HistEvent ev; return history(h, &ev, H_ENTER, line);
}
static inline int shim_history_load(History *h, const char *path) {
    HistEvent ev; return history(h, &ev, H_LOAD, path);
}
static inline int shim_history_save(History *h, const char *path) {
    HistEvent ev; return history(h, &ev, H_SAVE, path);
}
static inline int shim_history_count(History *h) {
    HistEvent ev; if (history(h, &ev, H_GETSIZE) < 0) return 0; return ev.num;
}

#endif
