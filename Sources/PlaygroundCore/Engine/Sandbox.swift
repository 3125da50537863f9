import PlaygroundBridge

#if canImport(Glibc)
import Glibc
#endif

/// Tries something in a forked copy of this process, which then ends, and says how it ended: nothing it does reaches
/// this process. Used for a compiled line's dry run (before it runs on the live objects) and for a look that could trap
/// (reading the learner's objects by reflection traps where their program would not: an `unowned` reference to an
/// object ARC freed traps when it is read, and the playground must not die of what it only looks at).
///
/// It fails closed: a copy that cannot be made (a failed `pipe`, `fork` or `waitpid`) is never "finished". What
/// cannot be tried is not run.
public struct Sandbox {
    /// How a try ended.
    enum Ending: Equatable {
        case finished
        /// The runtime's message (`Fatal error: …`), and what the body printed before it.
        case trapped(String, printed: String)
        case crashed(signal: Int32, printed: String)
        case timedOut(printed: String)
        case interrupted(printed: String)
        /// No copy could be made, or it was lost: why.
        case notRun(String)
    }

    /// Seconds the copy may run before it is killed.
    var limit: Double
    /// Asked while the copy runs: true stops it (Ctrl-C).
    var interrupted: () -> Bool = { false }
    /// Whether what the copy prints (`print` in compiled code, and the runtime's words on stderr) is collected; if
    /// not, its standard output and error go to `/dev/null`.
    var collectsOutput = true
    /// Whether the copy ignores SIGINT (a dry run: Ctrl-C is the parent's to answer, through `interrupted`).
    var ignoresInterrupt = true

    /// For a compiled line's dry run: what it prints is collected, Ctrl-C stops it.
    static func dryRun(limit: Double, interrupted: @escaping () -> Bool) -> Sandbox {
        Sandbox(limit: limit, interrupted: interrupted)
    }

    /// Whether `body` finishes within `limit` seconds in a forked copy, quietly (a look, the state pane's reading).
    static func survives(limit: Double = 5, _ body: () -> Void) -> Bool {
        Sandbox(limit: limit, collectsOutput: false, ignoresInterrupt: false).run(body) == .finished
    }

    /// Runs `body` in a forked copy of this process, which then ends.
    func run(_ body: () -> Void) -> Ending {
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { return .notRun(Self.failure("pipe")) }
        guard pipe(&errors) == 0 else {
            let why = Self.failure("pipe")
            close(output[0]); close(output[1])
            return .notRun(why)
        }
        fflush(nil)
        ThreadCount.checkBeforeFork("a sandbox")
        let pid = fork()
        if pid == 0 {
            close(output[0]); close(errors[0])
            if collectsOutput {
                dup2(errors[1], 2)
            } else {
                // The runtime's own words about a trap are not the learner's business here.
                let null = open("/dev/null", O_WRONLY)
                if null >= 0 { dup2(null, 1); dup2(null, 2) }
            }
            Self.exitOnTraps()
            if ignoresInterrupt { signal(SIGINT, SIG_IGN) }
            let fd = output[1]
            LineOutput.write = { text in
                var text = text
                text.withUTF8 { bytes in _ = Glibc.write(fd, bytes.baseAddress, bytes.count) }
            }
            body()
            _exit(0)
        }
        let forkFailure = pid < 0 ? Self.failure("fork") : ""
        close(output[1]); close(errors[1])
        guard pid > 0 else { close(output[0]); close(errors[0]); return .notRun(forkFailure) }
        var printed: [UInt8] = [], errorText: [UInt8] = []
        var open = [output[0], errors[0]]
        var stopped: Ending?
        let deadline = LineCompiler.now() + limit
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
            for item in fds where item.revents != 0 {
                let count = Glibc.read(item.fd, &buffer, buffer.count)
                if count > 0 {
                    if item.fd == output[0] {
                        if printed.count < 1 << 20 { printed += buffer[0..<count] }
                    } else {
                        errorText += buffer[0..<count]
                    }
                } else if count == 0 || (count < 0 && errno != EINTR) {
                    open.removeAll { $0 == item.fd }
                }
            }
            let text = String(decoding: printed, as: UTF8.self)
            if interrupted() {
                stopped = .interrupted(printed: text)
            } else if LineCompiler.now() > deadline {
                stopped = .timedOut(printed: text)
            }
            if stopped != nil { kill(pid, SIGKILL); break }
        }
        close(output[0]); close(errors[0])
        var status: Int32 = 0
        var waited: Int32
        repeat { waited = waitpid(pid, &status, 0) } while waited < 0 && errno == EINTR
        if let stopped { return stopped }
        guard waited == pid else { return .notRun(Self.failure("waitpid")) }
        let text = String(decoding: printed, as: UTF8.self)
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        if exited && code == 0 { return .finished }
        let signal = exited ? code - 64 : status & 0x7f
        if let message = Self.trapMessage(String(decoding: errorText, as: UTF8.self)) {
            return .trapped(message, printed: text)
        }
        return .crashed(signal: signal, printed: text)
    }

    /// The runtime's words about a trap, in what a process wrote to standard error: `file:line: Fatal error: boom`,
    /// `Fatal error` alone (`fatalError()`), `Precondition failed: …`, without the place (a file of the playground's,
    /// not the learner's).
    public static func trapMessage(_ stderr: String) -> String? {
        for words in [
            "Fatal error", "Precondition failed", "Assertion failed", "Swift runtime failure",
            "Could not allocate memory",
        ] {
            guard let range = stderr.firstRange(of: words) else { continue }
            return String(stderr[range.lowerBound...].prefix { $0 != "\n" })
        }
        return nil
    }

    /// `fork: Resource temporarily unavailable`: a failed call and the system's words, read at once (errno).
    static func failure(_ call: String) -> String {
        call + ": " + String(cString: strerror(errno))
    }

    /// In a forked copy: a trap or crash ends it with status 64 + the signal, at once (no crash report), so the
    /// parent can tell a trap from a normal end.
    /// Returns the actions that were there before, for a process that goes on (``restore(_:)``).
    @discardableResult
    public static func exitOnTraps() -> [(Int32, sigaction)] {
        var saved: [(Int32, sigaction)] = []
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _exit(64 + $0) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(signal, &action, &old)
            saved.append((signal, old))
        }
        return saved
    }

    /// Puts back signal actions ``exitOnTraps()`` replaced.
    public static func restore(_ saved: [(Int32, sigaction)]) {
        for (signal, old) in saved {
            var action = old
            sigaction(signal, &action, nil)
        }
    }
}
