import CPlaygroundHost

#if canImport(Glibc)
import Glibc
#endif

/// A program started on a pseudo-terminal of its own: the class server's seats (a learner's sandboxed playground)
/// and the tests that drive the built binary as a person at a terminal would.
public struct TerminalProgram: Sendable {
    /// The program (the leader of its own session).
    public let pid: pid_t
    /// The terminal's controlling side: what is written there is typed, what the program draws is read there.
    public let master: Int32
}

extension Processes {
    /// Spawns `argv` (`argv[0]` a path) on a new pseudo-terminal of `columns` × `rows`, as the leader of a new
    /// session whose controlling terminal it is (so Ctrl-C there is SIGINT to it), with nothing but `environment`,
    /// no signal blocked, the usual signals at their defaults (a test runner's worker thread blocks some, and a
    /// spawned child inherits that), and every descriptor of this process closed from 3 on. `channel`, when given,
    /// is the child's fd 3.
    ///
    /// `posix_spawn`, not a fork: the child execs at once, so this may be called from any thread (the fork rules of
    /// ``forkCopy(_:)`` are for copies that go on running this program).
    public static func spawnOnTerminal(
        _ argv: [String], environment: [String: String], columns: UInt16, rows: UInt16, channel: Int32? = nil
    ) throws(SystemCallFailed) -> TerminalProgram {
        var path = [CChar](repeating: 0, count: 128)
        let master = playground_open_terminal(&path, path.count)
        guard master >= 0 else { throw SystemCallFailed("posix_openpt") }
        _ = playground_set_window_size(master, rows, columns)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened by name after setsid, the terminal becomes the child's controlling terminal (a descriptor
        // inherited from this process would not).
        posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        if let channel { posix_spawn_file_actions_adddup2(&actions, channel, 3) }
        let lowest: Int32 = channel == nil ? 3 : 4
        guard withUnsafeMutablePointer(to: &actions, { playground_spawn_close_from($0, lowest) }) == 0 else {
            close(master)
            throw SystemCallFailed("posix_spawn_file_actions_addclosefrom_np", code: ENOSYS)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCHLD, SIGQUIT] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes,
            playground_spawn_setsid_flag() | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard status == 0 else {
            close(master)
            throw SystemCallFailed("posix_spawn", code: status)
        }
        return TerminalProgram(pid: pid, master: master)
    }

    /// Sets the size of a terminal (`master`): the program on it gets SIGWINCH.
    @discardableResult
    public static func setWindowSize(_ master: Int32, columns: UInt16, rows: UInt16) -> Bool {
        playground_set_window_size(master, rows, columns) == 0
    }
}

extension Processes {
    /// Waits for child `pid` to end, until `deadline` (``now()``): woken by the end itself (a pidfd), not by a
    /// clock. Nil if it has not ended by then (it is not waited for, so it can be asked again).
    public static func wait(_ pid: pid_t, until deadline: Double) -> ProcessEnd? {
        if let end = wait(pid, waiting: false) { return end }
        let fd = endDescriptor(pid)
        defer { close(fd) }
        while now() < deadline {
            if fd >= 0 {
                var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&item, 1, milliseconds(until: deadline))
            } else {
                // No pidfd (an old kernel): asked again every 10 ms.
                var item = pollfd(fd: -1, events: 0, revents: 0)
                _ = poll(&item, 1, min(10, milliseconds(until: deadline)))
            }
            if let end = wait(pid, waiting: false) { return end }
        }
        return nil
    }

    /// A descriptor that becomes readable when child `pid` ends (a pidfd, close-on-exec), for `poll` beside other
    /// descriptors; -1 where the kernel has none.
    public static func endDescriptor(_ pid: pid_t) -> Int32 { playground_pidfd_open(pid) }

    /// Milliseconds from now to `deadline` for `poll`, at least 0.
    public static func milliseconds(until deadline: Double) -> Int32 {
        let milliseconds = ((deadline - now()) * 1000).rounded(.up)
        guard milliseconds < Double(Int32.max) else { return Int32.max }
        return Int32(max(0, milliseconds))
    }
}
