import PlaygroundCore
import PlaygroundProcesses

#if canImport(Glibc)
import Glibc
#endif

extension ForkedLines {
    /// What a line may not change about the process that carries the session on, besides its identity: its limits,
    /// its file-creation mask, and how it handles the signals it relies on. A line runs in that process, so what it
    /// does to the process stays with the session: `setrlimit(RLIMIT_FSIZE, 0)` ended the session at its next write,
    /// 16 open files left it no pipe for any later line or `undo`, `signal(SIGCHLD, SIG_IGN)` made its children reap
    /// themselves (no wait for the compiler found one), `umask(0o777)` made every file it writes unreadable. Such a
    /// line is not kept, as a `close(1)` is not: the process from before it carries on, and the learner is told why.
    /// (What the playground's own parts need that a learner may change on purpose, such as the environment, is
    /// given to them as the session started: `Processes.spawnTied`.)
    struct ProcessSettings: Equatable {
        /// Each limit's soft and hard values, by resource number.
        var limits: [[UInt64]] = []
        var fileMask: mode_t
        /// Each relied-on signal's handler address and flags.
        var handlers: [[UInt64]] = []
        /// How many files are open.
        var openFiles = 0
        /// The `Seccomp`, `Seccomp_filters` and `NoNewPrivs` lines of /proc/self/status: a filter of system calls
        /// (one that refuses `fork` left every later line and `undo` refused) and the flag it needs, neither of which a
        /// process can lift. The session sets the flag and a filter of its own before its first line
        /// (``Processes/refuseSignalsToEveryProcess()``): one more filter is told by their count.
        var restrictions: [String] = []
        /// Files a session keeps free under its limit: the pipes of a line, of `undo`'s hand-back, of the compiler.
        static let filesKeptFree = 64

        /// The signals the session handles or ignores on purpose, or whose default it relies on: SIGCHLD (its waits),
        /// SIGPIPE (ignored: a closed pipe is an error, not its end), SIGWINCH (a resized terminal), SIGALRM (a line's
        /// time limit), SIGTSTP, SIGCONT and SIGQUIT (job control at a terminal).
        static let reliedOn: [(Int32, String)] = [
            (SIGCHLD, "SIGCHLD"), (SIGPIPE, "SIGPIPE"), (SIGWINCH, "SIGWINCH"), (SIGALRM, "SIGALRM"),
            (SIGTSTP, "SIGTSTP"), (SIGCONT, "SIGCONT"), (SIGQUIT, "SIGQUIT"),
        ]
        static let limitNames = [
            "RLIMIT_CPU", "RLIMIT_FSIZE", "RLIMIT_DATA", "RLIMIT_STACK", "RLIMIT_CORE", "RLIMIT_RSS", "RLIMIT_NPROC",
            "RLIMIT_NOFILE", "RLIMIT_MEMLOCK", "RLIMIT_AS", "RLIMIT_LOCKS", "RLIMIT_SIGPENDING", "RLIMIT_MSGQUEUE",
            "RLIMIT_NICE", "RLIMIT_RTPRIO", "RLIMIT_RTTIME",
        ]

        init() {
            for resource in Self.limitNames.indices {
                var limit = rlimit()
                let read = getrlimit(__rlimit_resource_t(resource), &limit) == 0
                limits.append(read ? [UInt64(limit.rlim_cur), UInt64(limit.rlim_max)] : [])
            }
            // Read by setting it: put back at once (one thread here).
            fileMask = umask(0o022)
            umask(fileMask)
            for (signal, _) in Self.reliedOn {
                var action = sigaction()
                sigaction(signal, nil, &action)
                let handler = withUnsafeBytes(of: &action.__sigaction_handler) { $0.load(as: UInt64.self) }
                handlers.append([handler, UInt64(UInt32(bitPattern: action.sa_flags))])
            }
            for line in (Processes.contents(of: "/proc/self/status", limit: 16384) ?? "").split(separator: "\n")
            where line.hasPrefix("Seccomp") || line.hasPrefix("NoNewPrivs:") {
                restrictions.append(String(line))
            }
            if let folder = opendir("/proc/self/fd") {
                while readdir(folder) != nil { openFiles += 1 }
                closedir(folder)
                // `.`, `..` and the folder's own descriptor.
                openFiles -= 3
            }
        }

        /// What changed since `before`, if anything.
        func change(from before: ProcessSettings) -> SessionChange? {
            for (index, name) in Self.limitNames.enumerated() where limits[index] != before.limits[index] {
                return .limit(name)
            }
            if fileMask != before.fileMask { return .fileMask }
            for (now, then) in zip(restrictions, before.restrictions) where now != then {
                // `Seccomp_filters`, how many there are, counts one more whatever mode the process was in.
                return .restriction(String(now.prefix { $0 != ":" && $0 != "_" }))
            }
            // Too few left: no pipe for the next line, nor for `undo` to hand the session back (an ordinary leak, a
            // file opened in a loop and never closed, came to that within the usual limits).
            if let most = limits[Int(RLIMIT_NOFILE.rawValue)].first, openFiles > before.openFiles,
                Int(clamping: most) - openFiles < Self.filesKeptFree
            {
                return .openFiles(openFiles - before.openFiles)
            }
            for (index, (_, name)) in Self.reliedOn.enumerated() where handlers[index] != before.handlers[index] {
                return .signalHandling(name)
            }
            return nil
        }
    }
}
