import CPlaygroundHost
import CPosix

#if canImport(Glibc)
import Glibc
#endif

/// How a process ended, or stopped, as `waitpid` tells it: decoded here and nowhere else.
public enum ProcessEnd: Equatable, Sendable {
    /// `exit(code)`, or a return from `main`.
    case exited(Int32)
    /// Ended by a signal (a crash, `abort()`, `kill`).
    case signaled(Int32)
    /// Stopped, not ended (`WUNTRACED`): SIGTTIN for a read of the terminal from a background process group.
    case stopped(Int32)

    /// Decodes a wait status.
    public init(status: Int32) {
        if status & 0x7f == 0 {
            self = .exited((status >> 8) & 0xff)
        } else if status & 0xff == 0x7f {
            self = .stopped((status >> 8) & 0xff)
        } else {
            self = .signaled(status & 0x7f)
        }
    }

    /// The status a shell gives it: the code, or 128 + the signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal), .stopped(let signal): 128 + signal
        }
    }
}

/// A system call that failed, with the system's words, read at once (errno).
public struct SystemCallFailed: Error, Equatable, Sendable, CustomStringConvertible {
    public var call: String
    public var code: Int32

    public init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    /// `fork: Resource temporarily unavailable`.
    public var description: String { call + ": " + String(cString: strerror(code)) }
}

/// The one process layer: every pipe the playground makes between its processes, every fork, every wait, every read
/// and write on those pipes goes through here. Pipes close on exec (no compiler holds one), a call interrupted by a
/// signal is tried again, and every loop that reads has a deadline that its caller checks.
public enum Processes {
    /// The process the playground last forked as (0: none yet): a process that finds itself with another pid was
    /// made by a fork in learner code, not by the playground.
    nonisolated(unsafe) public static var owner: pid_t = 0
    /// Where a copy's trap handler says which signal trapped (-1: nowhere), before the copy ends.
    nonisolated(unsafe) public static var trapReport: Int32 = -1
    /// The exit status of a copy ended by a trap handler: 64 + the signal (told apart from a learner's `exit(70)` by
    /// the byte the handler writes to ``trapReport``).
    public static let trapStatus: Int32 = 64

    // MARK: - Pipes

    /// A pipe whose ends close on exec; optionally without blocking.
    public static func pipe(nonblocking: Bool = false) throws(SystemCallFailed) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard patterns_pipe(&fds, nonblocking ? 1 : 0) == 0 else { throw SystemCallFailed("pipe") }
        return (fds[0], fds[1])
    }

    /// `count` pipes, or none (those made are closed again when one cannot be).
    public static func pipes(_ count: Int) throws(SystemCallFailed) -> [(read: Int32, write: Int32)] {
        var made: [(read: Int32, write: Int32)] = []
        do {
            for _ in 0..<count { made.append(try pipe()) }
        } catch {
            for made in made { close(made.read, made.write) }
            throw error
        }
        return made
    }

    /// Closes each of `fds` that is open (≥ 0).
    public static func close(_ fds: Int32...) { close(fds) }

    public static func close(_ fds: some Sequence<Int32>) {
        for fd in fds where fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Writes all of `bytes`, through interruptions; false if the other end is gone or the write fails.
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(fd, base + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            // A pipe a learner's line made non-blocking (the flag belongs to the pipe, shared by every process that
            // holds it): waited on as a blocking one would be.
            if count < 0 && errno == EAGAIN {
                var item = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&item, 1, -1)
                continue
            }
            if count <= 0 { return false }
            written += count
        }
        return true
    }

    @discardableResult
    public static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write(fd, $0) }
    }

    /// One read that waits for something to read, even on a descriptor a learner's line made non-blocking (the flag
    /// belongs to the pipe, shared by every process that holds it): the count, 0 at the end, -1 on an error.
    public static func readWaiting(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(fd, into: buffer)
            guard count < 0 && errno == EAGAIN else { return count }
            var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&item, 1, -1)
        }
    }

    /// One read, tried again when interrupted: the count, 0 at the end, -1 on an error (errno set).
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Reads `fds` as data comes, handing each chunk to `received`, until every one is closed at the other end or
    /// `stop` (asked after every wait of at most `every` milliseconds) says true. Returns whether all ended.
    @discardableResult
    public static func pump(
        _ fds: [Int32], every milliseconds: Int32 = 50,
        received: (Int32, UnsafeRawBufferPointer) -> Void, stop: () -> Bool
    ) -> Bool {
        var open = fds
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 8)
        defer { buffer.deallocate() }
        while !open.isEmpty {
            var items = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&items, nfds_t(items.count), milliseconds) > 0 {
                for item in items where item.revents != 0 {
                    let count = read(item.fd, into: buffer)
                    if count > 0 {
                        received(item.fd, UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                    } else {
                        open.removeAll { $0 == item.fd }
                    }
                }
            }
            if stop() { return false }
        }
        return true
    }

    /// A small file read whole (`/proc/<pid>/stat`), or nil.
    public static func contents(of path: String, limit: Int = 4096) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = Glibc.close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: min(limit, 4096))
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { read(fd, into: $0) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes.isEmpty ? nil : String(decoding: bytes.prefix(limit), as: UTF8.self)
    }

    /// Seconds on the monotonic clock, for deadlines.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: - Forks and waits

    /// The threads this process has now (`/proc/self/task`): a fork copies only the thread that calls it, so every
    /// fork is made with one.
    public static func threadCount() -> Int { ThreadCount.current() ?? 0 }

    /// The one place the playground forks: 0 in the copy (whose ``owner`` is then itself), the copy's pid in this
    /// process. It checks that this process has one thread (``ThreadCount/checkBeforeFork(_:)``): a lock another
    /// thread holds at the fork is held for good in the copy.
    public static func forkCopy(_ site: StaticString = "a fork") throws(SystemCallFailed) -> pid_t {
        ThreadCount.checkBeforeFork(site)
        HugePages.prepareForFork()
        FreshMappings.prepareForFork()
        // Learner code runs in this process: a page it marked not to be copied (`madvise(…, MADV_DONTFORK)` on the
        // heap) would be missing from the copy.
        _ = playground_copy_every_mapping_on_fork()
        fflush(nil)
        // Without the `pthread_atfork` handlers a line may have registered (`pthread_atfork({ close(…) }, nil, nil)`
        // ended the session at its next line, or failed every later line, `undo` included).
        let pid = patterns_fork_without_handlers()
        if pid < 0 { throw SystemCallFailed("fork") }
        if pid == 0 {
            owner = getpid()
            FreshMappings.forked()
        }
        return pid
    }

    /// From now on, in this process and all it starts, `kill(-1, …)` fails (EPERM), and so does any signal but SIGCONT
    /// to the `supervisor` or to the session's process `group`: a learner's line would otherwise signal every process
    /// of the user, the session included (as root, every process of the machine but the first), or end the session
    /// from above (`kill(-getpgid(getppid()), SIGKILL)`). Called once, in the process that carries the session,
    /// before any line runs. Whether it could be done.
    @discardableResult
    public static func refuseSignalsToTheSession(supervisor: pid_t, group: pid_t) -> Bool {
        playground_refuse_signals_to_the_session(supervisor, group) == 0
    }

    /// The environment and working folder the program started with (``keepStartingEnvironment()``), for the programs
    /// it starts.
    nonisolated(unsafe) private static var startingEnvironment: [UnsafeMutablePointer<CChar>?]?
    nonisolated(unsafe) private static var startingDirectory: UnsafeMutablePointer<CChar>?

    /// Keeps a copy of the environment and the working folder as they are now, before any learner code runs: the
    /// programs the playground starts for itself (the compiler) get them, whatever a line did since
    /// (`setenv("PATH", "", 1)`, `setenv("TMPDIR", …)` left every later line without a compiler, and a working folder
    /// a line removed crashed it). Learner code sees its own changes, as a program would.
    public static func keepStartingEnvironment() {
        var copy: [UnsafeMutablePointer<CChar>?] = []
        var cursor = Glibc.environ
        while let entry = cursor.pointee {
            copy.append(strdup(entry))
            cursor += 1
        }
        startingEnvironment = copy + [nil]
        startingDirectory = getcwd(nil, 0)
    }

    /// Starts the program `arguments[0]` without copying this process (its memory is borrowed until the exec, see
    /// `playground_spawn_tied`): in a process group of its own (its pid), killed when this process ends, reading
    /// `input` (-1: inherited), writing its standard output and error to `output`, with the environment the program
    /// started with, in the folder it started in (``keepStartingEnvironment()``; this process's if none was kept). The
    /// child's pid.
    public static func spawnTied(_ arguments: [String], input: Int32, output: Int32) throws(SystemCallFailed) -> pid_t {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let (directory, parent) = (startingDirectory, getpid())
        let pid =
            startingEnvironment.map { playground_spawn_tied(arguments[0], argv, $0, directory, input, output, parent) }
            ?? playground_spawn_tied(arguments[0], argv, nil, directory, input, output, parent)
        if pid < 0 { throw SystemCallFailed("vfork") }
        return pid
    }

    /// Whether this process was made by a fork in learner code: it is not the one the playground forked.
    public static var isForeign: Bool { owner != 0 && getpid() != owner }

    /// Ends this process at once, quietly, if learner code forked it: a line's processes are the line's, and the
    /// playground does not keep them.
    public static func endIfForeign() {
        if isForeign { _exit(0) }
    }

    /// Waits for `pid` to end (or to stop, with `untraced`); nil if it has not (with `waiting` false) or cannot be
    /// waited for.
    public static func wait(_ pid: pid_t, waiting: Bool = true, untraced: Bool = false) -> ProcessEnd? {
        var status: Int32 = 0
        let options = (waiting ? 0 : WNOHANG) | (untraced ? WUNTRACED : 0)
        while true {
            let waited = waitpid(pid, &status, options)
            if waited < 0 && errno == EINTR { continue }
            return waited > 0 ? ProcessEnd(status: status) : nil
        }
    }

    /// Any child that ended: its pid and how, or nil if none has (`waiting` false) or there are none.
    public static func waitAny(waiting: Bool) -> (pid: pid_t, end: ProcessEnd)? {
        var status: Int32 = 0
        while true {
            let waited = waitpid(-1, &status, waiting ? 0 : WNOHANG)
            if waited < 0 && errno == EINTR { continue }
            return waited > 0 ? (waited, ProcessEnd(status: status)) : nil
        }
    }

    /// The usual name of a signal (`SIGTERM`), or `signal 42`.
    public static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGCHLD: "SIGCHLD", SIGCONT: "SIGCONT", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP", SIGTTIN: "SIGTTIN",
            SIGTTOU: "SIGTTOU", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    // MARK: - Traps in a copy

    /// In a forked copy: a trap or crash ends it at once with ``trapStatus`` + the signal (no crash report), after
    /// writing the signal to ``trapReport``, so the process that waits can tell a trap from an exit.
    /// Returns the actions that were there before, for a process that goes on (``restore(_:)``).
    @discardableResult
    public static func exitOnTraps() -> [sigaction] {
        var saved: [sigaction] = []
        for signal in trapSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                var byte = UInt8(truncatingIfNeeded: signal)
                if Processes.trapReport >= 0 { _ = Glibc.write(Processes.trapReport, &byte, 1) }
                _exit(Processes.trapStatus + signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(signal, &action, &old)
            saved.append(old)
        }
        return saved
    }

    /// Puts back signal actions ``exitOnTraps()`` replaced.
    public static func restore(_ saved: [sigaction]) {
        for (signal, old) in zip(trapSignals, saved) {
            var action = old
            sigaction(signal, &action, nil)
        }
    }

    static let trapSignals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    /// How a copy ended, with its trap handler read: a signal it trapped on is `.signaled`, whatever the status.
    public static func end(_ end: ProcessEnd, trapped: [UInt8]) -> ProcessEnd {
        if case .exited(let code) = end, let signal = trapped.last, code == trapStatus + Int32(signal) {
            return .signaled(Int32(signal))
        }
        return end
    }
}
