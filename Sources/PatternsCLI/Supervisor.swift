import CPosix
import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// The process the shell started, once lines run in copies of it (ForkedLines.swift): it keeps the pid the shell
/// waits for, reaps each process that handed the session on, passes SIGTERM and SIGHUP to the session, and ends as the
/// session ends, with its status, after every process left below it (a compiler, a copy) is gone.
///
/// Which process is the session is said, not guessed: a line's copy announces itself as the session once its line
/// succeeded; the supervisor takes it as the session when the process it came from is gone, and acknowledges it on a
/// pipe of its own, which the copy waits for before it carries on. The process that waited for a line may die any
/// way at any time (`kill(getppid(), SIGKILL)` in the line): while its copy lives (adopted by the supervisor, as this
/// process is the subreaper), that is not the end of the session.
///
/// A takeover (``announce(takeover:)``) makes a process the session while the one before it lives on: the session
/// after a line whose process from before it is kept for `undo`, or a kept copy that `undo` takes back
/// (ForkedLines+Keep.swift). The kept copies are this process's children; they end with the session.
enum Supervisor {
    /// The exit status of a process that handed the session on to a copy, or handed a failed line back.
    static let handedOn: Int32 = 123

    nonisolated(unsafe) static var pending: Int32 = 0
    /// In the supervisor: the write end of the pipe SIGCHLD wakes it with.
    nonisolated(unsafe) static var wakeUp: Int32 = -1
    /// In the session's processes: the supervisor's pid, where the announcements go, where the answers come from.
    nonisolated(unsafe) static var pid: pid_t = 0
    nonisolated(unsafe) static var announcements: Int32 = -1
    nonisolated(unsafe) static var acknowledgements: Int32 = -1
    /// What every frame between the session's processes starts with (``SessionFrames``): made once, before the
    /// supervisor forks.
    nonisolated(unsafe) static var token: [UInt8] = []
    /// Descriptors only the session may hold (the class link's socket: its other end sees the session end when the
    /// last process of the session closes it); the supervisor closes its copies at start.
    nonisolated(unsafe) static var sessionOnly: Set<Int32> = []

    /// In the session's processes, when the supervisor holds the session's input (not a terminal): where the lines
    /// it hands out, one for each request, come from (``nextInput()``).
    nonisolated(unsafe) static var inputLines: Int32 = -1
    nonisolated(unsafe) private static var inputFrames = SessionFrames(token: [])

    /// The pipes between the supervisor and the session, made before the supervisor forks.
    struct Channels {
        var announcements: (read: Int32, write: Int32)
        var acknowledgements: (read: Int32, write: Int32) = (-1, -1)
        var wake: (read: Int32, write: Int32) = (-1, -1)
        /// The session's input, a line at a time, when it is not a terminal.
        var lines: (read: Int32, write: Int32) = (-1, -1)

        init() throws(SystemCallFailed) {
            announcements = try Processes.pipe()
            do {
                acknowledgements = try Processes.pipe()
                wake = try Processes.pipe(nonblocking: true)
                if isatty(0) != 1 { lines = try Processes.pipe() }
            } catch {
                close()
                throw error
            }
        }

        func close() {
            Processes.close(announcements.read, announcements.write, acknowledgements.read, acknowledgements.write)
            Processes.close(wake.read, wake.write, lines.read, lines.write)
        }

        /// In the session: the ends it uses. The answers' read end sees the end of the pipe when the supervisor is
        /// gone, as no process of the session holds its write end. Input that is not a terminal is the supervisor's
        /// from here on: the session reads /dev/null, and asks the supervisor for each line.
        func keepSessionEnds() {
            Processes.close(announcements.read, acknowledgements.write, wake.read, wake.write, lines.write)
            Supervisor.announcements = announcements.write
            Supervisor.acknowledgements = acknowledgements.read
            guard lines.read >= 0 else { return }
            Supervisor.inputLines = lines.read
            Supervisor.inputFrames = SessionFrames(token: Supervisor.token)
            let null = open("/dev/null", O_RDONLY)
            if null >= 0 {
                dup2(null, 0)
                Processes.close(null)
            }
        }
    }

    /// The session's next line of input, from the supervisor (with its newline, if it had one); nil at the end of
    /// the input, or if the supervisor is gone.
    ///
    /// The supervisor holds the input, not the session: a line runs in a process of the session, and one that read
    /// the input's descriptor (`read(8, …)`, where the session had kept it) took every line after it, which then
    /// never ran. The supervisor reads a line only when the session asks for it, between lines: while a line runs,
    /// nothing of the input waits on a pipe it holds.
    static func nextInput() -> [UInt8]? {
        guard inputLines >= 0 else { return nil }
        say(UInt8(ascii: "I"), [])
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let (kind, payload) = inputFrames.next() {
                if kind == UInt8(ascii: "L") { return payload }
                if kind == UInt8(ascii: "E") { return nil }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { Processes.readWaiting(inputLines, into: $0) }
            guard count > 0 else { return nil }
            inputFrames.add(buffer[..<count])
        }
    }

    /// Said by a line's copy whose line succeeded: it is the session now, once the process it came from is gone.
    static func announce(session: pid_t) { say(session) }

    /// An announcement: one frame of 25 bytes, written whole (a pipe takes up to 4,096 at once).
    private static func say(_ value: Int32) {
        var value = value
        say(UInt8(ascii: "A"), withUnsafeBytes(of: &value) { Array($0) })
    }

    private static func say(_ kind: UInt8, _ payload: [UInt8]) {
        guard announcements >= 0 else { return }
        _ = Processes.write(announcements, SessionFrames.frame(kind, payload, token: token))
    }

    /// Said by a process that is the session from now on while the one before it lives on: the session after a line
    /// whose process from before it is kept, or a kept copy that `undo` takes back (said for it by the one undoing).
    /// Acknowledged as an announcement is.
    static func announce(takeover session: pid_t) { say(-session) }

    /// Waits until the supervisor takes `pid` as the session; false if the supervisor is gone.
    static func awaitAcknowledgement(of pid: pid_t) -> Bool {
        var heard: pid_t = 0
        while true {
            let count = withUnsafeMutableBytes(of: &heard) { Processes.readWaiting(acknowledgements, into: $0) }
            guard count == 4 else { return false }
            if heard == pid { return true }
        }
    }

    /// Runs the supervisor of `first`, the first process of the session.
    static func run(first: pid_t, _ channels: Channels) -> Never {
        Processes.close(channels.announcements.write, channels.acknowledgements.read)
        for fd in sessionOnly { Processes.close(fd) }
        wakeUp = channels.wake.write
        installSignals()
        // The terminal's modes as the session left them between lines, for a session that dies inside a line.
        var modes = termios()
        let terminal = isatty(0) == 1 ? dup(0) : -1
        if terminal >= 0 { tcgetattr(terminal, &modes) }
        // The session's input, if not a terminal, is this process's to hand out a line at a time (``nextInput()``);
        // its open files are closed to the session's processes (/proc/<pid>/fd), as a setuid program's are.
        let input = channels.lines.write >= 0 ? dup(0) : -1
        if input >= 0 { _ = patterns_set_undumpable() }
        Processes.close(channels.lines.read)
        // Whoever reads the session's output sees its end when the session ends, not when this process does.
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            dup2(null, 0)
            dup2(null, 1)
            Processes.close(null)
        }
        var watch = Watch(session: first, input: Input(from: input, to: channels.lines.write))
        let ended = watch.run(channels)
        // The session is gone: so is anything it left (a compiler whose driver was stopped, a copy).
        while true {
            forward(SIGKILL)
            guard Processes.waitAny(waiting: true) != nil else { break }
        }
        finish(ended, terminal: terminal, modes: &modes)
    }

    /// Who the session is, as the announcements and the ends of processes tell it.
    struct Watch {
        var session: pid_t
        /// The copy that said it is the session now, waiting for the session it came from to be gone.
        var next: pid_t = 0
        /// How the session ended, while its copy may still carry it on.
        var sessionEnd: ProcessEnd?
        /// The copies kept from before lines (ForkedLines+Keep.swift): alive, waiting, not the session.
        var kept: Set<pid_t> = []
        /// The announcements read and not yet taken.
        var said = SessionFrames(token: Supervisor.token)
        /// The session's input, handed out a line at a time.
        var input: Input

        /// Runs until the session is over; how it ended.
        mutating func run(_ channels: Channels) -> ProcessEnd {
            var items = [
                pollfd(fd: channels.announcements.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: channels.wake.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
            ]
            var announcing = true
            var drain = [UInt8](repeating: 0, count: 64)
            while true {
                if pending != 0 {
                    forward(pending)
                    pending = 0
                }
                // Ends first, then what was said: a process says all it says before it ends.
                while let (pid, end) = Processes.waitAny(waiting: false) {
                    if pid == session { sessionEnd = end }
                    if pid == next { next = 0 }
                    kept.remove(pid)
                }
                continueIfStoppedAlone()
                if announcing { announcing = hear(channels) }
                // One that said so and is gone since (reaped above, or before it was heard) is no one.
                if next != 0 && kill(next, 0) != 0 { next = 0 }
                if sessionEnd != nil {
                    if next != 0 {
                        session = next
                        next = 0
                        sessionEnd = nil
                        var taken = session
                        _ = withUnsafeBytes(of: &taken) { Processes.write(channels.acknowledgements.write, $0) }
                    } else if case .signaled = sessionEnd!, announcing,
                        ProcessTree.descendants(of: getpid()).contains(where: { !kept.contains($0) })
                    {
                        // Killed while it waited for a line: its copy is this process's child now, until it ends
                        // or says it is the session.
                    } else {
                        return sessionEnd!
                    }
                }
                input.serve()
                items[0].fd = announcing ? channels.announcements.read : -1
                items[2].fd = input.waitsFor
                for index in items.indices { items[index].revents = 0 }
                _ = poll(&items, nfds_t(items.count), -1)
                if items[1].revents != 0 { _ = read(channels.wake.read, &drain, drain.count) }
            }
        }

        /// The session stopped while this process was not (`kill(getppid(), SIGSTOP)` in a line that then spins: the
        /// process waiting for it could no longer end it at its time limit, nor hear Ctrl-C) goes on. A stop of the
        /// whole job (Ctrl-Z) stops this process too, and is the shell's; so is one for reading or writing the
        /// terminal from the background.
        mutating func continueIfStoppedAlone() {
            guard let end = Processes.wait(session, waiting: false, untraced: true) else { return }
            // Ended since the look above: taken here.
            guard case .stopped(let signal) = end else {
                sessionEnd = end
                return
            }
            guard signal == SIGSTOP || (signal == SIGTSTP && !Supervisor.isStopSignalPending()) else { return }
            kill(session, SIGCONT)
        }

        /// Reads what was said without waiting; false once no process of the session can say more.
        mutating func hear(_ channels: Channels) -> Bool {
            let fd = channels.announcements.read
            var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            var buffer = [UInt8](repeating: 0, count: 512)
            while poll(&item, 1, 0) > 0 {
                let count = buffer.withUnsafeMutableBytes { Processes.read(fd, into: $0) }
                guard count > 0 else { return count != 0 }
                said.add(buffer[..<count])
                while let (kind, payload) = said.next() {
                    if kind == UInt8(ascii: "I") { input.asked += 1 }
                    guard kind == UInt8(ascii: "A"), payload.count == 4 else { continue }
                    let value = payload.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
                    if value > 0 { next = value }
                    if value < 0 { take(-value, channels) }
                }
                item.revents = 0
            }
            return true
        }

        /// `pid` is the session now, and the one before it, if it lives, is kept (a takeover).
        mutating func take(_ pid: pid_t, _ channels: Channels) {
            if sessionEnd == nil && session != pid { kept.insert(session) }
            kept.remove(pid)
            session = pid
            sessionEnd = nil
            var taken = pid
            _ = withUnsafeBytes(of: &taken) { Processes.write(channels.acknowledgements.write, $0) }
        }
    }

    /// The session's input in the supervisor: read a byte at a time when a line is asked for (never further than the
    /// line's end, so that whatever reads the input after the playground finds the rest), and handed to the session
    /// whole, in a frame.
    struct Input {
        let from: Int32
        let to: Int32
        /// Lines asked for and not yet handed out.
        var asked = 0
        var line: [UInt8] = []
        var ended = false

        init(from: Int32, to: Int32) {
            self.from = from
            self.to = to
        }

        /// What the supervisor's wait watches for the input: nothing unless a line is asked for.
        var waitsFor: Int32 { asked > 0 && !ended && from >= 0 ? from : -1 }

        /// Hands out the lines asked for that are there to read, without waiting for more.
        mutating func serve() {
            while asked > 0 {
                guard !ended && from >= 0 else {
                    hand(UInt8(ascii: "E"), [])
                    continue
                }
                var item = pollfd(fd: from, events: Int16(POLLIN), revents: 0)
                guard poll(&item, 1, 0) > 0 else { return }
                var byte: UInt8 = 0
                let count = withUnsafeMutableBytes(of: &byte) { Processes.read(from, into: $0) }
                if count < 0 && errno == EAGAIN { return }
                if count <= 0 {
                    ended = true
                    if !line.isEmpty { hand(UInt8(ascii: "L"), line) }
                    continue
                }
                line.append(byte)
                if byte == UInt8(ascii: "\n") { hand(UInt8(ascii: "L"), line) }
            }
        }

        private mutating func hand(_ kind: UInt8, _ payload: [UInt8]) {
            _ = Processes.write(to, SessionFrames.frame(kind, payload, token: Supervisor.token))
            line = []
            asked -= 1
        }
    }

    /// SIGTERM and SIGHUP are passed on; they and SIGCHLD wake the loop. Ctrl-C, Ctrl-\ and the terminal are the
    /// session's.
    static func installSignals() {
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        signal(SIGWINCH, SIG_IGN)
        signal(SIGTTOU, SIG_IGN)
        for caught in [SIGTERM, SIGHUP, SIGCHLD] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { caught in
                if caught != SIGCHLD { Supervisor.pending = caught }
                var byte: UInt8 = 1
                _ = write(Supervisor.wakeUp, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(caught, &action, nil)
        }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for caught in [SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&unblock, caught) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Ends as the session ended: its exit status, or its signal (the terminal's modes put back first).
    static func finish(_ ended: ProcessEnd, terminal: Int32, modes: inout termios) -> Never {
        let killedBy: Int32
        switch ended {
        case .exited(let code): _exit(code)
        case .signaled(let signal), .stopped(let signal): killedBy = signal
        }
        if terminal >= 0 { tcsetattr(terminal, TCSANOW, &modes) }
        if ![SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGKILL, SIGQUIT].contains(killedBy) {
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

    /// Whether a stop from the terminal (SIGTSTP) waits to be delivered to this process (`SigPnd`, `ShdPnd` of
    /// /proc/self/status): Ctrl-Z is sent to the whole job at once.
    static func isStopSignalPending() -> Bool {
        let status = Processes.contents(of: "/proc/self/status", limit: 16384) ?? ""
        let bit = UInt64(1) << UInt64(SIGTSTP - 1)
        for line in status.split(separator: "\n") where line.hasPrefix("SigPnd:") || line.hasPrefix("ShdPnd:") {
            let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? 0
            if mask & bit != 0 { return true }
        }
        return false
    }

    /// Sends `signal` to every child of this process (the session, a copy waiting on a line, orphans it adopted).
    static func forward(_ signal: Int32) {
        for pid in ProcessTree.descendants(of: getpid()) { kill(pid, signal) }
    }
}
