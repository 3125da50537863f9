import CPosix
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// Runs each line that may reach learner code in a forked copy of the playground, which carries the session on if
/// the line succeeds; the process from before the line waits, and carries on itself, exactly as it was, if the line
/// fails, traps, crashes, runs past its time limit or its memory limit, or is stopped by Ctrl-C. Nothing runs twice:
/// the copy that ran the line is the session from then on.
///
/// The process the shell started becomes a ``Supervisor`` at the first such line: it keeps the pid the shell waits
/// for, reaps the processes that handed the session on, forwards SIGTERM and SIGHUP, and ends as the session ends.
final class ForkedLines: LineIsolation {
    let runLimit: Double
    let compileLimit: Double
    let memoryLimit: Int
    /// In the copy that runs a line: where it reports to the process waiting for it.
    private var channel: Int32 = -1
    private var supervised = false

    init(runLimit: Double, compileLimit: Double, memoryLimit: Int) {
        self.runLimit = runLimit
        self.compileLimit = compileLimit
        self.memoryLimit = memoryLimit
    }

    // MARK: - The copy's side

    func enter(_ phase: LinePhase) {
        switch phase {
        case .compiling(let group):
            var value = group
            send("C", withUnsafeBytes(of: &value) { Array($0) })
        case .running: send("R", [])
        case .waiting: send("W", [])
        }
    }

    func printed(_ text: String) { send("P", Array(text.utf8)) }

    private func send(_ kind: Character, _ payload: [UInt8]) {
        guard channel >= 0 else { return }
        var count = UInt32(payload.count)
        var frame = [UInt8(ascii: kind.unicodeScalars.first!)]
        withUnsafeBytes(of: &count) { frame += $0 }
        frame += payload
        var written = 0
        while written < frame.count {
            let n = frame.withUnsafeBytes { write(channel, $0.baseAddress! + written, frame.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            written += n
        }
    }

    // MARK: - A line

    func attempt(_ line: () -> Bool, said: () -> [Event]) -> IsolatedLine {
        // A line inside a line (`run` performs a step's commands): the copy that runs the outer one holds it.
        if channel >= 0 { return .ran(line()) }
        if !supervised {
            if let refused = startSupervisor() { return .refused(refused) }
        }
        var control: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard patterns_pipe(&control, 0) == 0 else { return .refused("pipe: " + Self.errorText()) }
        guard patterns_pipe(&errors, 0) == 0 else {
            close(control[0]); close(control[1])
            return .refused("pipe: " + Self.errorText())
        }
        fflush(nil)
        let me = getpid()
        ThreadCount.checkBeforeFork("a line's copy")
        let pid = fork()
        if pid == 0 {
            close(control[0]); close(errors[0])
            return runHere(line, said: said, control: control[1], errors: errors[1], parent: me)
        }
        close(control[1]); close(errors[1])
        guard pid > 0 else {
            close(control[0]); close(errors[0])
            return .refused("fork: " + Self.errorText())
        }
        return watch(pid, control: control[0], errors: errors[0])
    }

    /// In the copy: runs the line with traps ending the copy at once, then hands the session on or back.
    private func runHere(
        _ line: () -> Bool, said: () -> [Event], control: Int32, errors: Int32,
        parent: pid_t
    ) -> IsolatedLine {
        _ = patterns_set_parent_death_signal(SIGKILL)
        if getppid() != parent { _exit(Supervisor.handedOn) }
        let savedErrors = dup(2)
        dup2(errors, 2)
        close(errors)
        // A trap or crash ends the copy at once, with status 64 + the signal (no crash report); Ctrl-C is for the
        // process that waits.
        let saved = Sandbox.exitOnTraps()
        let interrupt = signal(SIGINT, SIG_IGN)
        channel = control
        let ok = line()
        Sandbox.restore(saved)
        signal(SIGINT, interrupt)
        dup2(savedErrors, 2)
        close(savedErrors)
        guard ok else {
            send("D", EventCoding.encode(said()))
            _exit(Supervisor.handedOn)
        }
        // The process that waited ends when it reads this; until then it must not take this one with it.
        _ = patterns_set_parent_death_signal(0)
        Supervisor.announce()
        send("K", [])
        close(control)
        channel = -1
        var waited = 0
        while getppid() == parent && waited < 2000 {
            usleep(500)
            waited += 1
        }
        // Now the supervisor's: if it is killed, so is the session.
        _ = patterns_set_parent_death_signal(SIGKILL)
        return .ran(true)
    }

    /// In the process from before the line: waits for the copy's verdict under the time, memory and Ctrl-C limits.
    private func watch(_ pid: pid_t, control: Int32, errors: Int32) -> IsolatedLine {
        var frames: [UInt8] = []
        var printed: [UInt8] = []
        var errorText: [UInt8] = []
        var kept = false
        var failed: [UInt8]?
        var stop: LineStop?
        var compiling = false
        var waiting = false
        var group: Int32 = 0
        var deadline = LineCompiler.now() + runLimit
        var lastMemoryCheck = 0.0
        var open = [control, errors]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty && stop == nil {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 50)
            for item in fds where item.revents != 0 {
                let count = read(item.fd, &buffer, buffer.count)
                if count > 0 {
                    if item.fd == control {
                        frames += buffer[0..<count]
                    } else if errorText.count < 65536 {
                        errorText += buffer[0..<count]
                    }
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == item.fd }
                }
            }
            // Whole frames: kind, length, payload.
            var start = 0
            while frames.count - start >= 5 {
                var length: UInt32 = 0
                withUnsafeMutableBytes(of: &length) { $0.copyBytes(from: frames[(start + 1)..<(start + 5)]) }
                let end = start + 5 + Int(length)
                guard frames.count >= end else { break }
                let payload = Array(frames[(start + 5)..<end])
                switch frames[start] {
                case UInt8(ascii: "P"): if printed.count < 1 << 20 { printed += payload }
                case UInt8(ascii: "C"):
                    if payload.count == 4 { group = payload.withUnsafeBytes { $0.load(as: Int32.self) } }
                    compiling = true; waiting = false
                    deadline = LineCompiler.now() + compileLimit
                case UInt8(ascii: "R"):
                    compiling = false; waiting = false
                    deadline = LineCompiler.now() + runLimit
                case UInt8(ascii: "W"):
                    waiting = true
                    deadline = .infinity
                case UInt8(ascii: "K"): kept = true
                case UInt8(ascii: "D"): failed = payload
                default: break
                }
                start = end
            }
            if start > 0 { frames.removeFirst(start) }
            if kept { break }
            let now = LineCompiler.now()
            if [SIGTERM, SIGHUP].contains(Signals.pending) {
                stop = .ended(signal: Signals.pending)
            } else if Signals.pending == SIGINT && !waiting {
                Signals.pending = 0
                stop = .interrupted
            } else if now > deadline {
                stop = compiling ? .compilerTimedOut(seconds: compileLimit) : .timedOut(seconds: runLimit)
            } else if now - lastMemoryCheck > 0.1 {
                lastMemoryCheck = now
                if let megabytes = Self.residentMegabytes(pid), megabytes > memoryLimit {
                    stop = .outOfMemory(megabytes: memoryLimit)
                }
            }
        }
        close(control); close(errors)
        if kept {
            // The copy carries the session on; this process is done. Nothing of it is flushed or run at exit.
            _exit(Supervisor.handedOn)
        }
        // The copy and all it started (a compiler's driver, frontend and linker).
        if stop != nil { ProcessTree.kill(pid) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if group > 0 { ProcessTree.kill(group) }
        let text = String(decoding: printed, as: UTF8.self)
        if let stop { return .stopped(stop, printed: text) }
        if let failed, let events = EventCoding.decode(failed) { return .failed(events) }
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        let signal = exited ? (code > 64 && code < 96 ? code - 64 : 0) : status & 0x7f
        if let message = Sandbox.trapMessage(String(decoding: errorText, as: UTF8.self)) {
            return .stopped(.trapped(message), printed: text)
        }
        return .stopped(.crashed(signal: signal), printed: text)
    }

    // MARK: - The supervisor

    /// Forks: the process the shell started supervises; the copy carries the session on. Nil, or why not.
    private func startSupervisor() -> String? {
        fflush(nil)
        guard let announcements = Supervisor.makeAnnouncements() else { return "pipe: " + Self.errorText() }
        let me = getpid()
        // Before the fork: a session that hands on at once must already have a supervisor to be adopted by (the
        // attribute is this process's own; a child does not inherit it).
        guard patterns_become_subreaper() == 0 else {
            close(announcements.read); close(announcements.write)
            return "prctl: " + Self.errorText()
        }
        ThreadCount.checkBeforeFork("the supervisor", beforeLearnerCode: true)
        let pid = fork()
        if pid > 0 {
            close(announcements.write)
            Supervisor.run(first: pid, heard: announcements.read)
        }
        if pid < 0 {
            close(announcements.read); close(announcements.write)
            return "fork: " + Self.errorText()
        }
        close(announcements.read)
        Supervisor.announcements = announcements.write
        _ = patterns_set_parent_death_signal(SIGKILL)
        if getppid() != me { _exit(Supervisor.handedOn) }
        supervised = true
        return nil
    }

    // MARK: - Helpers

    static func residentMegabytes(_ pid: pid_t) -> Int? {
        let fd = open("/proc/\(pid)/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / (1 << 20)
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
