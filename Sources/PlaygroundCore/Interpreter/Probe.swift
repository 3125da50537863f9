#if canImport(Glibc)
import Glibc
#endif

/// Tries something in a forked copy of this process, which then ends: whether it finishes or traps. Reading the
/// learner's objects by reflection can trap where their program would not (an `unowned` reference to an object ARC
/// freed traps when it is read), and the playground must not die of what it only looks at.
enum Probe {
    /// Whether `body` finishes within `limit` seconds in a forked copy. A copy that cannot be made counts as not
    /// surviving: what cannot be tried is not run.
    static func survives(limit: Double = 5, _ body: () -> Void) -> Bool {
        fflush(nil)
        let pid = fork()
        if pid == 0 {
            // The runtime's own words about the trap are not the learner's business here.
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 { dup2(null, 1); dup2(null, 2) }
            exitOnTraps()
            body()
            _exit(0)
        }
        guard pid > 0 else { return false }
        let deadline = LineCompiler.now() + limit
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR { return false }
            if LineCompiler.now() > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return false
            }
            usleep(1000)
        }
        return status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }

    /// In a forked copy: a trap or crash ends it with status 64 + the signal, at once (no crash report), so the
    /// parent can tell a trap from a normal end.
    static func exitOnTraps() {
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _exit(64 + $0) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}
