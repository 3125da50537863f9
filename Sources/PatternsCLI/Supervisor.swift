import CPosix
import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// The process the shell started, once lines run in copies of it (ForkedLines.swift): it keeps the pid the shell
/// waits for, reaps each process that handed the session on, passes SIGTERM and SIGHUP to the session, and ends as the
/// session ends, with its status, after every process left below it (a compiler, a copy) is gone.
enum Supervisor {
    /// The exit status of a process that handed the session on to a copy, or handed a failed line back.
    static let handedOn: Int32 = 123

    nonisolated(unsafe) static var pending: Int32 = 0
    /// In the session's processes: where each one that carries the session on says its pid.
    nonisolated(unsafe) static var announcements: Int32 = -1
    /// Descriptors only the session may hold (the class link's socket: its other end sees the session end when the
    /// last process of the session closes it); the supervisor closes its copies at start.
    nonisolated(unsafe) static var sessionOnly: Set<Int32> = []

    /// The pipe the sessions announce themselves on; made before the supervisor forks.
    static func makeAnnouncements() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [0, 0]
        guard patterns_pipe(&fds, 1) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    /// Said by a process before the one it forked from ends: it is the session now.
    static func announce() {
        guard announcements >= 0 else { return }
        var pid = getpid()
        _ = withUnsafeBytes(of: &pid) { write(announcements, $0.baseAddress, 4) }
    }

    /// Runs the supervisor of `first`, the first process of the session; `heard` is the announcements' read end.
    static func run(first: pid_t, heard: Int32) -> Never {
        var session = first
        for fd in sessionOnly { close(fd) }
        // Ctrl-C and Ctrl-\ are the session's; the terminal is the session's.
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        signal(SIGWINCH, SIG_IGN)
        for caught in [SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { Supervisor.pending = $0 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(caught, &action, nil)
        }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for caught in [SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&unblock, caught) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        // The terminal's modes as the session left them between lines, for a session that dies inside a line.
        var modes = termios()
        let terminal = isatty(0) == 1 ? dup(0) : -1
        if terminal >= 0 { tcgetattr(terminal, &modes) }
        // Whoever reads the session's output sees its end when the session ends, not when this process does.
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            dup2(null, 0)
            dup2(null, 1)
            close(null)
        }
        var ended: Int32?
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, 0)
            let failure = errno
            session = newest(heard) ?? session
            if pid < 0 {
                if failure == EINTR {
                    if pending != 0 {
                        forward(pending)
                        pending = 0
                    }
                    continue
                }
                break
            }
            if pid == session && ended == nil { ended = status }
            // The session is gone: so is anything it left (a compiler whose driver was stopped lands here too).
            if ended != nil { forward(SIGKILL) }
        }
        let status = ended ?? 0
        if status & 0x7f == 0 { _exit((status >> 8) & 0xff) }
        let killedBy = status & 0x7f
        if terminal >= 0 { tcsetattr(terminal, TCSANOW, &modes) }
        if ![SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGKILL].contains(killedBy) {
            Output.error(EngineText.playgroundStopped.text(Output.lang, String(killedBy)))
        }
        Glibc.signal(killedBy, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, killedBy)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(killedBy)
        _exit(128 + killedBy)
    }

    /// The last pid announced since the last call, if any.
    static func newest(_ heard: Int32) -> pid_t? {
        var last: pid_t?
        var pid: pid_t = 0
        while withUnsafeMutableBytes(of: &pid, { read(heard, $0.baseAddress, 4) }) == 4 { last = pid }
        return last
    }

    /// Sends `signal` to every child of this process (the session, a copy waiting on a line, orphans it adopted).
    static func forward(_ signal: Int32) {
        for pid in ProcessTree.descendants(of: getpid()) { kill(pid, signal) }
    }
}
