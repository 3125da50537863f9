import CPosix
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// Runs each line that may reach learner code in a forked copy of the playground, which carries the session on if
/// the line succeeds; the process from before the line waits, and carries on itself, exactly as it was, if the line
/// fails, traps, crashes, exits, runs past its time limit or its memory limit, waits for input, or is stopped by
/// Ctrl-C. Nothing runs twice: the copy that ran the line is the session from then on. If the line changed the live
/// objects, the process from before it is kept for `undo`, which goes back to it (ForkedLines+Keep.swift).
///
/// A copy is kept only if it is still the session: the same process (a process learner code forked ends quietly),
/// the same files at 0, 1 and 2, the same session id and process group; and only once the ``Supervisor`` (the
/// process the shell started) has taken it as the session, in so many words: no timing of the process that waited
/// decides it.
///
/// The copy runs its line in a process group of its own, so that a line's signals (`kill(0, SIGTERM)`) reach only
/// its own processes, Ctrl-C reaches only the process that waits, and at a terminal a read of standard input stops
/// the copy (SIGTTIN) instead of taking the playground's input. Piped, its standard input during the line is a pipe
/// nobody writes: a line that reads it is seen blocked there, and named so.
final class ForkedLines: LineIsolation {
    let runLimit: Double
    let compileLimit: Double
    let memoryLimit: Int
    /// In the copy that runs a line: where it reports to the process waiting for it.
    var channel: Int32 = -1
    /// In the copy that runs a line: what the line writes to standard error (``takeErrorOutput()``).
    var errorOutput: Int32 = -1
    /// The most of a line's standard error that is kept.
    static let errorOutputKept: Int32 = 1 << 20
    var supervised = false
    /// The process group of the session (the one the shell made), which the copy rejoins before it carries on.
    var sessionGroup: pid_t = 0
    private var endedProcesses = 0
    /// In a copy whose waiting process died: how long its line may still run.
    nonisolated(unsafe) static var orphanSeconds: UInt32 = 0
    /// The copies kept from before the last lines that changed the live objects, oldest first
    /// (ForkedLines+Keep.swift).
    var kept: [Kept] = []
    /// What the next line keeps its process as, if it changes the live objects (``willRun(key:stateBefore:)``).
    var nextKeep: (key: UInt64, stateBefore: () -> [StateGroup]?)?

    init(runLimit: Double, compileLimit: Double, memoryLimit: Int) {
        self.runLimit = runLimit
        self.compileLimit = compileLimit
        self.memoryLimit = memoryLimit
    }

    // MARK: - The copy's side

    func enter(_ phase: LinePhase) {
        switch phase {
        case .compiling(let group):
            Self.orphanSeconds = Self.seconds(compileLimit)
            var value = group
            send("C", withUnsafeBytes(of: &value) { Array($0) })
        case .running:
            Self.orphanSeconds = Self.seconds(runLimit)
            send("R", [])
            if channel >= 0 && sessionGroup > 0 { _ = setpgid(0, 0) }
        case .waiting:
            // The learner's editor is the terminal's: the copy is in the terminal's process group while it runs.
            if channel >= 0 && sessionGroup > 0 { _ = setpgid(0, sessionGroup) }
            send("W", [])
        }
    }

    func printed(_ text: String) { send("P", Array(text.utf8)) }

    func takeErrorOutput() -> String {
        guard errorOutput >= 0 else { return "" }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Processes.read(errorOutput, into: $0) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        // Shown by the process waiting for the line too, should the line not be kept.
        if !bytes.isEmpty { send("P", bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func seconds(_ limit: Double) -> UInt32 { UInt32(max(1, min(limit.rounded(.up), 86400))) }

    func takeEndedProcesses() -> Int {
        defer { endedProcesses = 0 }
        return endedProcesses
    }

    func send(_ kind: Character, _ payload: [UInt8]) {
        guard channel >= 0 else { return }
        let frame = SessionFrames.frame(UInt8(ascii: kind.unicodeScalars.first!), payload, token: Supervisor.token)
        Processes.write(channel, frame)
    }

    // MARK: - A line

    func attempt(_ line: () -> Bool, said: () -> [Event]) -> IsolatedLine {
        // Kept from before the line (if it changes the live objects): the pipe `undo` resumes it through.
        let keep = nextKeep
        nextKeep = nil
        // A line inside a line (`run` performs a step's commands): the copy that runs the outer one holds it.
        if channel >= 0 { return .ran(line()) }
        if !supervised {
            if let refused = startSupervisor() { return .refused(refused) }
        }
        var fds: [Int32] = []
        defer { Processes.close(fds[...]) }
        var resume: (read: Int32, write: Int32) = (-1, -1)
        let control: (read: Int32, write: Int32), errors: (read: Int32, write: Int32)
        let traps: (read: Int32, write: Int32)
        // Piped, the line's standard input is a pipe nobody writes (at a terminal it is the terminal).
        var input: (read: Int32, write: Int32) = (-1, -1)
        do {
            control = try Processes.pipe()
            fds += [control.read, control.write]
            // Read by no one while the line runs, so it holds what the line writes (up to a megabyte, then the
            // writes fail rather than wait): the copy takes it after its line, the waiting process after a crash.
            errors = try Processes.pipe(nonblocking: true)
            fds += [errors.read, errors.write]
            _ = patterns_set_pipe_size(errors.write, Self.errorOutputKept)
            traps = try Processes.pipe()
            fds += [traps.read, traps.write]
            if isatty(0) != 1 {
                input = try Processes.pipe()
                fds += [input.read, input.write]
            }
            if keep != nil {
                resume = try Processes.pipe()
                fds += [resume.read, resume.write]
            }
        } catch { return .refused(error.description) }
        let parent = getpid()
        let pid: pid_t
        do { pid = try Processes.forkCopy("a line's copy") } catch {
            return .refused(error.description)
        }
        if pid == 0 {
            Processes.close(control.read, traps.read, input.write, resume.read)
            fds = []
            errorOutput = errors.read
            let copy = Copy(
                control: control.write, errors: errors.write, traps: traps.write, input: input.read,
                controlInParent: control.read)
            let keeping = keep.map { Keeping(key: $0.key, stateBefore: $0.stateBefore, resume: resume.write) }
            return runHere(line, said: said, copy, parent: parent, keeping: keeping)
        }
        Processes.close(control.write, errors.write, traps.write, input.read, resume.write)
        fds = [control.read, errors.read, traps.read, input.write].filter { $0 >= 0 }
        let outcome = watch(pid, control: control.read, errors: errors.read, traps: traps.read)
        // Kept: this process waits until `undo` takes it back, or the session ends.
        if outcome == .ran(true) && resume.read >= 0 { return waitAsKept(resume: resume.read) }
        Processes.close(resume.read)
        return outcome
    }

    /// The pipe ends a copy holds while it runs its line.
    struct Copy {
        var control: Int32
        var errors: Int32
        var traps: Int32
        var input: Int32
        /// The read end of `control`, as the process waiting for the line holds it: a way to that process still, for
        /// the verdict, if the line closed `control`.
        var controlInParent: Int32
    }

    /// In the copy: runs the line with traps ending the copy at once, then hands the session on or back.
    private func runHere(
        _ line: () -> Bool, said: () -> [Event], _ copy: Copy, parent: pid_t, keeping: Keeping?
    ) -> IsolatedLine {
        let me = getpid()
        // A process group of its own, so that the line's signals reach only its own processes; only where the copy
        // can come back to the session's group (in a pid namespace whose parent holds the terminal's group, as in the
        // browser classroom's sandbox, `getpgrp()` is 0 and there is no group to come back to).
        if sessionGroup > 0 { _ = setpgid(0, 0) }
        // If the process that waits dies (`kill(getppid(), SIGKILL)` in the line), the line goes on, adopted by the
        // supervisor, but no longer than its limits allow: SIGURG then starts an alarm, which ends the copy.
        Self.orphanSeconds = Self.seconds(runLimit)
        let orphaned = signal(SIGURG) { _ in _ = alarm(ForkedLines.orphanSeconds) }
        _ = patterns_set_parent_death_signal(SIGURG)
        if getppid() != parent { _ = alarm(Self.orphanSeconds) }
        // What the session keeps for itself: its pipes to the supervisor, to the process waiting for the line, to the
        // copies kept for `undo`, and its input's. A line that closed one (`close(4)`) hung the session, or ran
        // twice, or ended it at its next read of input, with no word.
        let own =
            [copy.control, Supervisor.announcements, Supervisor.acknowledgements, Supervisor.inputLines]
            + (keeping.map { [$0.resume] } ?? []) + kept.map(\.resume)
        let before = Identity(own: own)
        let settingsBefore = ProcessSettings()
        // The session's own writes and terminal modes go on from the background; a read of the terminal stops it.
        let stopOnOutput = signal(SIGTTOU, SIG_IGN)
        let stopOnInput = signal(SIGTTIN, SIG_DFL)
        // As in a program: SIGTERM and SIGHUP end the line's process (`kill(0, SIGTERM)`), not the session after it.
        let terminate = signal(SIGTERM, SIG_DFL)
        let hangUp = signal(SIGHUP, SIG_DFL)
        // And as in a program a shell starts, no signal is blocked.
        var blocked = sigset_t(), none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, &blocked)
        let savedErrors = dup(2)
        dup2(copy.errors, 2)
        Processes.close(copy.errors)
        let savedInput = copy.input >= 0 ? dup(0) : -1
        if copy.input >= 0 {
            dup2(copy.input, 0)
            Processes.close(copy.input)
        }
        // A trap or crash ends the copy at once, saying which signal (no crash report); Ctrl-C is for the process
        // that waits.
        Processes.trapReport = copy.traps
        let saved = Processes.exitOnTraps()
        let interrupt = signal(SIGINT, SIG_IGN)
        channel = copy.control
        let ok = line()
        Processes.close(errorOutput)
        errorOutput = -1
        // A process learner code forked, back from the line: it is not the session.
        Processes.endIfForeign()
        Processes.restore(saved)
        Processes.trapReport = -1
        Processes.close(copy.traps)
        signal(SIGINT, interrupt)
        dup2(savedErrors, 2)
        Processes.close(savedErrors)
        if savedInput >= 0 {
            dup2(savedInput, 0)
            Processes.close(savedInput)
        }
        // The processes the line started are the line's: none outlives it.
        let started = ProcessTree.hasChildren(me) ? ProcessTree.descendants(of: me) : []
        for pid in started { kill(pid, SIGKILL) }
        for pid in started { _ = Processes.wait(pid) }
        // A line that stopped the process waiting for it (`kill(getppid(), SIGSTOP)`) or the supervisor would leave it
        // stopped for good, and the session with it (no verdict heard, no handover acknowledged): each goes on,
        // whether the line succeeded or failed (a no-op for one that runs). Sent whether or not they look stopped
        // yet: a stop is carried out when its process next runs, and SIGCONT cancels one still pending (under load
        // the supervisor was not stopped yet when looked at, and stopped for good after). Ctrl-Z cannot be what
        // stopped them, as it stops this process too (the process waiting for the line suspends it with the job).
        kill(Supervisor.pid, SIGCONT)
        kill(parent, SIGCONT)
        // The verdict goes to the process waiting for the line: through a new end of its pipe if the line closed this
        // one (the waiting process holds the other end, out of the line's reach).
        if Identity.file(channel) != before.own[copy.control] {
            channel = open("/proc/\(parent)/fd/\(copy.controlInParent)", O_WRONLY | O_CLOEXEC)
        }
        guard ok else {
            if let keeping { Processes.close(keeping.resume) }
            send("D", EventCoding.encode(said()))
            _exit(Supervisor.handedOn)
        }
        var change = Identity().change(from: before) ?? ProcessSettings().change(from: settingsBefore)
        if change == nil && sessionGroup > 0 && setpgid(0, sessionGroup) != 0 { change = .processGroup }
        // The terminal reads for the session's group again, should the line have given it to another
        // (`tcsetpgrp(0, getpgrp())` quit the session at its next prompt, as if at the end of its input).
        if change == nil, sessionGroup > 0, isatty(0) == 1, tcgetpgrp(0) != sessionGroup {
            _ = tcsetpgrp(0, sessionGroup)
        }
        if let change {
            if let keeping { Processes.close(keeping.resume) }
            send("N", Self.encode(change))
            _exit(Supervisor.handedOn)
        }
        signal(SIGTTOU, stopOnOutput)
        signal(SIGTTIN, stopOnInput)
        signal(SIGTERM, terminate)
        signal(SIGHUP, hangUp)
        sigprocmask(SIG_SETMASK, &blocked, nil)
        _ = patterns_set_parent_death_signal(0)
        _ = alarm(0)
        signal(SIGURG, orphaned)
        endedProcesses = started.count
        // The process from before the line is kept, if the line changed the live objects: a process of its own
        // carries the session on (ForkedLines+Keep.swift).
        if let keeping, let carried = carryOn(keeping, parent: parent) { return carried }
        // The supervisor takes this process as the session; the process that waited ends when it reads `K`.
        Supervisor.announce(session: me)
        send("K", [])
        Processes.close(channel)
        channel = -1
        guard Supervisor.awaitAcknowledgement(of: me) else { _exit(Supervisor.handedOn) }
        // Now the supervisor's child: if it is killed, so is the session.
        _ = patterns_set_parent_death_signal(SIGKILL)
        if getppid() != Supervisor.pid { _exit(Supervisor.handedOn) }
        return .ran(true)
    }

    /// What the process carrying the session on must still be after a line: its files at 0, 1 and 2, its session.
    struct Identity: Equatable {
        var files: [[UInt64]] = []
        var session: pid_t
        /// The descriptors the session keeps for itself, and what each is.
        var own: [Int32: [UInt64]] = [:]

        init(own descriptors: [Int32] = []) {
            files = (0...2).map(Self.file)
            for fd in descriptors where fd >= 0 { own[fd] = Self.file(fd) }
            session = getsid(0)
        }

        /// The device and inode a descriptor is open on (empty: not open).
        static func file(_ fd: Int32) -> [UInt64] {
            var info = stat()
            return fstat(fd, &info) == 0 ? [UInt64(info.st_dev), UInt64(info.st_ino)] : []
        }

        /// What changed since `before`, if anything.
        func change(from before: Identity) -> SessionChange? {
            if session != before.session { return .session }
            for fd in 0...2 where files[fd] != before.files[fd] || files[fd].isEmpty {
                return .standardFile(Int32(fd))
            }
            for (fd, file) in before.own.sorted(by: { $0.key < $1.key }) where Self.file(fd) != file || file.isEmpty {
                return .sessionFile(fd)
            }
            return nil
        }
    }

    static func encode(_ change: SessionChange) -> [UInt8] {
        switch change {
        case .standardFile(let fd): [0, UInt8(fd)]
        case .session: [1]
        case .processGroup: [2]
        case .limit(let name): [3] + Array(name.utf8)
        case .fileMask: [4]
        case .signalHandling(let name): [5] + Array(name.utf8)
        case .openFiles(let count): [6] + Array(String(count).utf8)
        case .restriction(let name): [7] + Array(name.utf8)
        case .sessionFile(let fd): [8] + Array(String(fd).utf8)
        }
    }

    static func decode(_ bytes: [UInt8]) -> SessionChange? {
        let name = String(decoding: bytes.dropFirst(), as: UTF8.self)
        return switch bytes.first {
        case 0: bytes.count == 2 && bytes[1] < 3 ? .standardFile(Int32(bytes[1])) : nil
        case 1: .session
        case 2: .processGroup
        case 3: .limit(name)
        case 4: .fileMask
        case 5: .signalHandling(name)
        case 6: Int(name).map { .openFiles($0) }
        case 7: .restriction(name)
        case 8: Int32(name).map { .sessionFile($0) }
        default: nil
        }
    }

    // MARK: - The supervisor

    /// Forks: the process the shell started supervises; the copy carries the session on. Nil, or why not.
    private func startSupervisor() -> String? {
        let channels: Supervisor.Channels
        do { channels = try Supervisor.Channels() } catch { return error.description }
        Supervisor.token = SessionFrames.newToken()
        let me = getpid()
        // Before the fork: a session that hands on at once must already have a supervisor to be adopted by (the
        // attribute is this process's own; a child does not inherit it).
        guard patterns_become_subreaper() == 0 else {
            channels.close()
            return SystemCallFailed("prctl").description
        }
        let pid: pid_t
        do { pid = try Processes.forkCopy("the supervisor") } catch {
            channels.close()
            return error.description
        }
        if pid > 0 { Supervisor.run(first: pid, channels) }
        channels.keepSessionEnds()
        Supervisor.pid = me
        _ = patterns_set_parent_death_signal(SIGKILL)
        if getppid() != me { _exit(Supervisor.handedOn) }
        sessionGroup = getpgrp()
        // In a pid namespace whose process group started outside it (bubblewrap's, in the browser classroom), the
        // group reads as 0 and a copy could never come back to it: the session makes one of its own, in front.
        if sessionGroup == 0 && isatty(0) == 1 { sessionGroup = Self.foregroundGroupOfItsOwn() }
        // Every line runs in a copy of this process: none may signal every process there is, nor end the supervisor
        // or the session's group (the supervisor, above this process, is left without the filter; it runs no learner
        // code).
        Processes.refuseSignalsToTheSession(supervisor: me, group: sessionGroup)
        supervised = true
        return nil
    }

    /// A process group of the session's own, made the terminal's foreground group (0 when it cannot be).
    static func foregroundGroupOfItsOwn() -> pid_t {
        guard setpgid(0, 0) == 0 else { return 0 }
        let stopOnOutput = signal(SIGTTOU, SIG_IGN)
        defer { signal(SIGTTOU, stopOnOutput) }
        return tcsetpgrp(0, getpid()) == 0 ? getpgrp() : 0
    }
}
