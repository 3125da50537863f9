import CPosix
import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// The copies kept from before the last lines that changed the live objects, for `undo`.
///
/// When a line that changes the live objects succeeds, its copy forks once more and ends: the process it forked
/// carries the session on (adopted by the supervisor, like every session), and the process from before the line,
/// the copy's parent, is kept, blocked on a pipe of its own, a child of the supervisor too. `undo` of that line
/// hands the session back to it through that pipe: it wakes where it waited, in its line's ``attempt``, and answers
/// that line as the `undo`, with the objects, the files and the random values exactly as they were before it. Nothing
/// runs again. The supervisor ends the kept copies with the session; beyond ``keptLimit``, or once they hold more
/// memory of their own than a line may use (``keptThatFit(_:megabytes:)``), the oldest go.
extension ForkedLines {
    /// A copy kept from before a line.
    struct Kept {
        var pid: pid_t
        /// What identifies its live objects (``Workspace/key(upTo:)``).
        var key: UInt64
        /// The state its pane shows, for the fields `undo` marks as changed.
        var state: [StateGroup]
        /// Where `undo` tells it to carry the session on.
        var resume: Int32
    }

    /// In a line's copy: what the process from before the line is kept as, if the line changes the live objects.
    struct Keeping {
        var key: UInt64
        var stateBefore: () -> [StateGroup]?
        var resume: Int32
    }

    static let keptLimit = 20

    /// What the session hands the kept copy it resumes besides the answer (at a terminal, the lines typed since,
    /// for the editor's history), and how the kept copy takes it.
    nonisolated(unsafe) static var handOver: (() -> [UInt8])?
    nonisolated(unsafe) static var takeOver: (([UInt8]) -> Void)?

    func willRun(key: UInt64, stateBefore: @escaping () -> [StateGroup]?) {
        nextKeep = supervised ? (key, stateBefore) : nil
    }

    // MARK: - The line's copy

    /// In the copy of a line that succeeded: if the line changed the live objects, a process of its own carries the
    /// session on and this one ends, so that the process from before the line stays as it was. Nil: not kept.
    func carryOn(_ keeping: Keeping, parent: pid_t) -> IsolatedLine? {
        guard let stateBefore = keeping.stateBefore(), let pid = try? Processes.forkCopy("the session after a line")
        else {
            Processes.close(keeping.resume)
            return nil
        }
        if pid > 0 {
            send("S", [])
            _exit(Supervisor.handedOn)
        }
        Processes.close(channel)
        channel = -1
        let me = getpid()
        guard awaitAdoption() else { _exit(Supervisor.handedOn) }
        // The supervisor takes this process as the session, and the one from before the line as kept.
        Supervisor.announce(takeover: me)
        guard Supervisor.awaitAcknowledgement(of: me) else { _exit(Supervisor.handedOn) }
        _ = patterns_set_parent_death_signal(SIGKILL)
        if getppid() != Supervisor.pid { _exit(Supervisor.handedOn) }
        kept.append(Kept(pid: parent, key: keeping.key, state: stateBefore, resume: keeping.resume))
        let fit = Self.keptThatFit(kept.map(\.pid), megabytes: memoryLimit)
        while kept.count > min(Self.keptLimit, fit) {
            let oldest = kept.removeFirst()
            kill(oldest.pid, SIGKILL)
            Processes.close(oldest.resume)
        }
        return .ran(true)
    }

    /// How many of the newest of `kept` (oldest first) hold, together, no more memory of their own than `megabytes`
    /// (a line's limit): a kept copy holds the pages the lines after it changed, so that 20 lines that each rewrote a
    /// buffer of 1.9 GB would have kept 38 GB. The newest is always kept; `undo` of an older line whose copy went
    /// replays the journal instead.
    static func keptThatFit(_ kept: [pid_t], megabytes: Int) -> Int {
        var kilobytes = 0
        var fit = 0
        for pid in kept.reversed() {
            kilobytes += privateKilobytes(of: pid)
            if fit > 0 && kilobytes > megabytes * 1024 { break }
            fit += 1
        }
        return fit
    }

    /// The memory `pid` holds of its own (`Private_Clean` + `Private_Dirty` of its `smaps_rollup`), in kilobytes.
    static func privateKilobytes(of pid: pid_t) -> Int {
        let rollup = Processes.contents(of: "/proc/\(pid)/smaps_rollup", limit: 16384) ?? ""
        var kilobytes = 0
        for line in rollup.split(separator: "\n") where line.hasPrefix("Private_") {
            kilobytes += Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return kilobytes
    }

    /// Waits until the copy that forked this process is gone and the supervisor adopted it: told by the parent's
    /// death signal, not by a poll. False if that did not happen within 10 seconds.
    private func awaitAdoption() -> Bool {
        var set = sigset_t(), old = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGUSR2)
        sigprocmask(SIG_BLOCK, &set, &old)
        _ = patterns_set_parent_death_signal(SIGUSR2)
        if getppid() != Supervisor.pid {
            var limit = timespec(tv_sec: 10, tv_nsec: 0)
            _ = sigtimedwait(&set, nil, &limit)
        }
        _ = patterns_set_parent_death_signal(0)
        // A death signal that came after all is taken, not delivered.
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&set, nil, &none)
        sigprocmask(SIG_SETMASK, &old, nil)
        return getppid() == Supervisor.pid
    }

    // MARK: - The kept copy

    /// In the process from before a line whose copy carries the session on: waits, out of the terminal's process
    /// group and deaf to the signals meant for the session, until `undo` takes it back; ends if the session ends.
    func waitAsKept(resume: Int32) -> IsolatedLine {
        _ = setpgid(0, 0)
        // Named so, for `patterns doctor` to find and measure.
        let comm = Processes.contents(of: "/proc/self/comm")?.split(separator: "\n").first
        let name = comm.map(String.init) ?? "patterns"
        Self.name(Self.keptName)
        let deaf = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
        let saved = deaf.map { signal($0, SIG_IGN) }
        // Only `undo`'s frame wakes it: what a line wrote to the pipe (the session holds its write end) is skipped.
        var heard = SessionFrames(token: Supervisor.token)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var answer: (events: [Event], handed: [UInt8])?
        while answer == nil {
            let count = buffer.withUnsafeMutableBytes { Processes.readWaiting(resume, into: $0) }
            guard count > 0 else { _exit(Supervisor.handedOn) }
            heard.add(buffer[..<count])
            while answer == nil, let (kind, payload) = heard.next() {
                if kind == UInt8(ascii: "B") { answer = Self.handBack(payload) }
            }
        }
        Processes.close(resume)
        guard let (events, handed) = answer else { _exit(Supervisor.handedOn) }
        for (caught, handler) in zip(deaf, saved) { signal(caught, handler) }
        if sessionGroup > 0 { _ = setpgid(0, sessionGroup) }
        Self.name(name)
        Self.takeOver?(handed)
        return .resumed(events)
    }

    /// What a kept copy is called while it waits (its `comm`).
    static let keptName = "patterns-kept"

    static func name(_ name: String) {
        let fd = open("/proc/self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        Processes.write(fd, Array(name.utf8))
        Processes.close(fd)
    }

    /// The copies kept for `undo` in this user's sessions, and the memory they hold of their own (pages a session
    /// changed since: `Private_Clean` + `Private_Dirty`), in kilobytes.
    static func keptCopiesOfThisUser() -> (count: Int, kilobytes: Int) {
        guard let folder = opendir("/proc") else { return (0, 0) }
        defer { closedir(folder) }
        var count = 0, kilobytes = 0
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), pid != getpid(),
                Processes.contents(of: "/proc/\(pid)/comm")?.split(separator: "\n").first.map(String.init) == keptName
            else { continue }
            var info = stat()
            guard stat("/proc/\(pid)", &info) == 0, info.st_uid == getuid() else { continue }
            count += 1
            kilobytes += privateKilobytes(of: pid)
        }
        return (count, kilobytes)
    }

    /// `undo`'s hand-back: the events it answers with (length, then their coding) and what the session hands over
    /// (length, then the bytes).
    static func handBack(_ payload: [UInt8]) -> (events: [Event], handed: [UInt8])? {
        func length(at index: Int) -> Int? {
            guard payload.count - index >= 4 else { return nil }
            return Int(payload[index..<(index + 4)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
        }
        guard let first = length(at: 0), payload.count - 4 >= first,
            let events = EventCoding.decode(Array(payload[4..<(4 + first)])),
            let second = length(at: 4 + first), payload.count == 8 + first + second
        else { return nil }
        return (events, Array(payload[(8 + first)...]))
    }

    // MARK: - Undo

    func resumeKept(key: UInt64, said: (_ keptState: [StateGroup]) -> [Event]) -> Bool {
        guard let index = kept.lastIndex(where: { $0.key == key }) else { return false }
        let target = kept[index]
        guard kill(target.pid, 0) == 0 else { return false }
        let payload = EventCoding.encode(said(target.state))
        let handed = Self.handOver?() ?? []
        var length = UInt32(payload.count), handedLength = UInt32(handed.count)
        let frame = SessionFrames.frame(
            UInt8(ascii: "B"),
            withUnsafeBytes(of: &length) { Array($0) } + payload + withUnsafeBytes(of: &handedLength) { Array($0) }
                + handed, token: Supervisor.token)
        // The supervisor takes the kept copy as the session before it wakes.
        Supervisor.announce(takeover: target.pid)
        guard Supervisor.awaitAcknowledgement(of: target.pid) else { _exit(Supervisor.handedOn) }
        guard Processes.write(target.resume, frame) else {
            // Gone after all: this process stays the session, and the `undo` replays.
            Supervisor.announce(takeover: getpid())
            guard Supervisor.awaitAcknowledgement(of: getpid()) else { _exit(Supervisor.handedOn) }
            return false
        }
        for later in kept[(index + 1)...] { kill(later.pid, SIGKILL) }
        // In a line's copy (`undo` may reach learner code): the process waiting for it ends too.
        send("U", [])
        _exit(Supervisor.handedOn)
    }
}
