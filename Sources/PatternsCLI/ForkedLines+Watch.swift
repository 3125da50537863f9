import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// The process from before the line: it waits for the copy's verdict under the time, memory and Ctrl-C limits, and
/// tells how the copy ended, each way in its own words.
extension ForkedLines {
    /// What the copy said and did while the process from before the line waited.
    struct Heard {
        var frames = SessionFrames(token: Supervisor.token)
        var printed: [UInt8] = []
        var errorText: [UInt8] = []
        var trapped: [UInt8] = []
        var kept = false
        /// The line succeeded and the session goes on in a process of its own: this one is kept (`S`).
        var saved = false
        var failed: [UInt8]?
        var notKept: [UInt8]?
        var compiling = false
        var waiting = false
        var group: Int32 = 0

        /// Whole frames: kind, length, payload. Returns the phase changes' new deadlines (nil: unchanged).
        mutating func read(runLimit: Double, compileLimit: Double) -> Double? {
            var deadline: Double?
            while let (kind, payload) = frames.next() {
                switch kind {
                case UInt8(ascii: "P"): if printed.count < 1 << 20 { printed += payload }
                case UInt8(ascii: "C"):
                    if payload.count == 4 { group = payload.withUnsafeBytes { $0.load(as: Int32.self) } }
                    compiling = true
                    waiting = false
                    deadline = Processes.now() + compileLimit
                case UInt8(ascii: "R"):
                    compiling = false
                    waiting = false
                    deadline = Processes.now() + runLimit
                case UInt8(ascii: "W"):
                    waiting = true
                    deadline = .infinity
                case UInt8(ascii: "K"), UInt8(ascii: "U"): kept = true
                case UInt8(ascii: "S"): saved = true
                case UInt8(ascii: "D"): failed = payload
                case UInt8(ascii: "N"): notKept = payload
                default: break
                }
            }
            return deadline
        }
    }

    /// Waits for the copy `pid`'s verdict under the time, memory and Ctrl-C limits.
    func watch(_ pid: pid_t, control: Int32, errors: Int32, traps: Int32) -> IsolatedLine {
        var heard = Heard()
        var stop: LineStop?
        var ended: ProcessEnd?
        var deadline = Processes.now() + runLimit
        var lastCheck = 0.0
        var readsSeen = 0
        var peakMegabytes = 0
        let listening = LineSignals.listen()
        defer { LineSignals.restore(listening) }
        let received = { (fd: Int32, bytes: UnsafeRawBufferPointer) in
            if fd == control {
                heard.frames.add(bytes)
            } else if fd == errors {
                if heard.errorText.count < 65536 { heard.errorText += bytes }
            } else {
                heard.trapped += bytes
            }
        }
        // What the line writes to standard error waits in its pipe: the copy shows it if the line goes on; here it is
        // read once the copy is gone, for the words of a trap.
        Processes.pump([control, traps], received: received) {
            if let next = heard.read(runLimit: runLimit, compileLimit: compileLimit) { deadline = next }
            if heard.kept || heard.saved { return true }
            LineSignals.forwardUnlessFrom(pid)
            let now = Processes.now()
            if [SIGTERM, SIGHUP, SIGQUIT].contains(Signals.pending) {
                stop = .ended(signal: Signals.pending)
            } else if Signals.pending == SIGINT && !heard.waiting {
                Signals.pending = 0
                stop = .interrupted
            } else if Signals.pending == SIGTSTP {
                // Ctrl-Z: the line stops with the job, and has the rest of its time when the job goes on.
                Signals.pending = 0
                deadline += Self.suspend(pid, compiler: heard.group)
            } else if let end = Processes.wait(pid, waiting: false, untraced: true) {
                if case .stopped(let signal) = end {
                    // A read of the terminal from the line's own process group (SIGTTIN); any other stop goes on.
                    if signal == SIGTTIN { stop = .waitingForInput } else { kill(pid, SIGCONT) }
                } else {
                    ended = end
                    return true
                }
            } else if now > deadline {
                // A line that ran out of time while taking memory by the hundred megabytes was filling memory.
                // Counted from this process's memory, which the copy started with.
                let grown = peakMegabytes - (Self.memoryMegabytes(getpid()) ?? 0)
                if heard.compiling {
                    stop = .compilerTimedOut(seconds: compileLimit)
                } else if grown > max(256, memoryLimit / 8) {
                    stop = .memoryRunaway(seconds: runLimit, megabytes: grown)
                } else {
                    stop = .timedOut(seconds: runLimit)
                }
            } else if now - lastCheck > 0.1 {
                lastCheck = now
                let megabytes = Self.memoryMegabytes(pid) ?? 0
                peakMegabytes = max(peakMegabytes, megabytes)
                readsSeen = !heard.compiling && Self.readsStandardInput(pid) ? readsSeen + 1 : 0
                if megabytes > memoryLimit {
                    stop = .outOfMemory(megabytes: memoryLimit)
                } else if readsSeen >= 2 {
                    stop = .waitingForInput
                }
            }
            return stop != nil
        }
        // What was written before the copy ended, if it ended first.
        var more = true
        while more {
            more = false
            Processes.pump(
                [control, traps], every: 0,
                received: { fd, bytes in
                    more = true
                    received(fd, bytes)
                }, stop: { true })
        }
        _ = heard.read(runLimit: runLimit, compileLimit: compileLimit)
        if heard.kept {
            // The copy carries the session on; this process is done. Nothing of it is flushed or run at exit.
            _exit(Supervisor.handedOn)
        }
        if heard.saved {
            // The copy ends as soon as it said so; what carries the session on is not this process's child.
            _ = Processes.wait(pid)
            return .ran(true)
        }
        // The copy and all it started (a compiler's driver, frontend and linker).
        if ended == nil {
            if stop != nil { ProcessTree.kill(pid) }
            ended = Processes.wait(pid)
        }
        if heard.group > 0 { ProcessTree.kill(heard.group) }
        // A verdict sent through a new end of the pipe after the line closed the copy's own (the pipe seemed at its
        // end before): read once the copy is gone.
        Processes.pump([control, errors], every: 0, received: received, stop: { true })
        _ = heard.read(runLimit: runLimit, compileLimit: compileLimit)
        // Ctrl-\ while a line runs: the session quits, as it does at the prompt, the line's processes gone first.
        if case .ended(signal: SIGQUIT)? = stop { Signals.terminate(by: SIGQUIT) }
        // What the line wrote to standard error before it ended (the copy shows it itself when it ends its line): after
        // what it printed, as a program's would be; a trap's own words are said as the line's error instead.
        let errorText = String(decoding: heard.errorText, as: UTF8.self)
        let trap = Sandbox.trapMessage(errorText)
        var lines = errorText.split(separator: "\n")
        // An access conflict's report goes on with where each access began, addresses of the playground's: its
        // first line is the trap's words, and the rest is left out.
        if let trap, trap.hasPrefix("Simultaneous accesses"), let at = lines.firstIndex(where: { $0.contains(trap) }) {
            lines = Array(lines[..<at])
        }
        let written = lines.filter { line in trap.map { !line.contains($0) } ?? true }
        var text = String(decoding: heard.printed, as: UTF8.self)
        if !written.isEmpty {
            text += (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + written.joined(separator: "\n")
        }
        if let stop { return .stopped(stop, printed: text) }
        if let failed = heard.failed, let events = EventCoding.decode(failed) { return .failed(events) }
        if let notKept = heard.notKept, let change = Self.decode(notKept) {
            return .stopped(.notKept(change), printed: text)
        }
        if let trap { return .stopped(.trapped(trap), printed: text) }
        let end = Processes.end(ended ?? .exited(-1), trapped: heard.trapped)
        return .stopped(lineStop(end, peak: peakMegabytes), printed: text)
    }

    /// Stops the line's processes (the copy runs in a process group of its own, which Ctrl-Z does not reach), then
    /// this process, as Ctrl-Z would have; continues them when the job is continued (`fg`). How long it was stopped.
    static func suspend(_ pid: pid_t, compiler group: Int32) -> Double {
        let started = Processes.now()
        let targets = [-pid, pid] + (group > 0 ? [-group] : [])
        for target in targets { kill(target, SIGSTOP) }
        var caught = sigaction()
        sigaction(SIGTSTP, nil, &caught)
        signal(SIGTSTP, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)
        sigaction(SIGTSTP, &caught, nil)
        for target in targets { kill(target, SIGCONT) }
        return Processes.now() - started
    }

    /// A copy's end, in the words that fit it.
    func lineStop(_ end: ProcessEnd, peak megabytes: Int) -> LineStop {
        switch end {
        case .exited(let code): return .exited(code: code)
        case .signaled(SIGABRT): return .aborted
        case .signaled(let signal) where [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS].contains(signal):
            return .crashed(signal: signal)
        // Killed by nobody here with a memory near the limit: the system's out-of-memory killer.
        case .signaled(SIGKILL) where megabytes > memoryLimit / 2: return .outOfMemory(megabytes: memoryLimit)
        case .signaled(let signal), .stopped(let signal): return .killed(signal: signal)
        }
    }

    // MARK: - Reading the copy

    /// Resident and swapped-out memory of `pid`, in megabytes (`VmRSS` + `VmSwap`).
    static func memoryMegabytes(_ pid: pid_t) -> Int? {
        guard let status = Processes.contents(of: "/proc/\(pid)/status") else { return nil }
        var kilobytes = 0
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") || line.hasPrefix("VmSwap:") {
            kilobytes += Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return kilobytes / 1024
    }

    /// Whether `pid` is blocked reading file descriptor 0 (`/proc/<pid>/syscall`: the call's number, then its
    /// arguments; the first is the descriptor).
    static func readsStandardInput(_ pid: pid_t) -> Bool {
        guard let call = Processes.contents(of: "/proc/\(pid)/syscall") else { return false }
        let fields = call.split(separator: " ")
        guard fields.count > 1, let number = Int(fields[0]) else { return false }
        #if arch(x86_64)
        let reads = [0, 17, 19, 295]  // read, pread64, readv, preadv
        #elseif arch(arm64)
        let reads = [63, 65, 67, 69]
        #else
        let reads: [Int] = []
        #endif
        return reads.contains(number) && fields[1] == "0x0"
    }
}

/// SIGTERM, SIGHUP, SIGQUIT and SIGTSTP while a line runs, with who sent them: the line's own processes cannot end or
/// stop the session (`kill(getppid(), SIGTERM)`), anyone else can.
enum LineSignals {
    nonisolated(unsafe) static var signal: Int32 = 0
    nonisolated(unsafe) static var sender: pid_t = 0

    static let caughtSignals = [SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]

    static func listen() -> [sigaction] {
        var saved: [sigaction] = []
        for caught in caughtSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, info, _ in
                LineSignals.sender = info?.pointee._sifields._kill.si_pid ?? 0
                LineSignals.signal = number
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO
            var old = sigaction()
            sigaction(caught, &action, &old)
            saved.append(old)
        }
        return saved
    }

    static func restore(_ saved: [sigaction]) {
        for (caught, old) in zip(caughtSignals, saved) {
            var action = old
            sigaction(caught, &action, nil)
        }
    }

    /// A signal heard from outside the line `pid` is the session's to answer (``Signals/pending``).
    static func forwardUnlessFrom(_ pid: pid_t) {
        guard signal != 0 else { return }
        let heard = signal, from = sender
        signal = 0
        if from == pid || getpgid(from) == pid || ProcessTree.descendants(of: pid).contains(from) { return }
        Signals.pending = heard
    }
}
