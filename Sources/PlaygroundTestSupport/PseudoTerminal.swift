import Foundation
import PlaygroundCore

/// Runs a program on a pseudo-terminal of its own (``Processes/spawnOnTerminal(_:environment:columns:rows:channel:)``,
/// the class server's seats use the same), so that it sees a real TTY: libedit line editing, Ctrl-C as SIGINT, window
/// size. Tests type into it and read what it draws. Every wait is woken by what it waits for (output on the terminal,
/// the program's end), up to a deadline: no wait sleeps a fixed time.
public final class PseudoTerminal {
    public let pid: pid_t
    let master: Int32
    /// Everything the program wrote so far (escape sequences included).
    public private(set) var transcript = ""
    var bytes: [UInt8] = []
    /// The terminal hung up: every program on it closed it, and what it wrote has been read.
    var hungUp = false
    /// How the program ended, once waited for.
    var ended: ProcessEnd?

    public init(
        _ path: String, arguments: [String] = [], environment: [String: String], columns: UInt16 = 100,
        rows: UInt16 = 30
    ) throws {
        let program = try Processes.spawnOnTerminal(
            [path] + arguments, environment: environment, columns: columns, rows: rows)
        pid = program.pid
        master = program.master
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        if ended == nil {
            kill(pid, SIGKILL)
            _ = Processes.wait(pid, until: Processes.now() + 5)
        }
        close(master)
    }

    /// Types text (use "\t" for Tab, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D, "\u{1B}[A" for Up). A full terminal
    /// buffer is waited on until it drains (10 s at most).
    public func send(_ text: String) {
        let data = Array(text.utf8)
        var offset = 0
        let deadline = Processes.now() + 10
        while offset < data.count && Processes.now() < deadline {
            let n = data.withUnsafeBytes { write(master, $0.baseAddress! + offset, data.count - offset) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno != EAGAIN && errno != EINTR {
                return
            } else {
                // The program has not read what was typed: read what it drew (it may wait to write) and wait for
                // room.
                while pump() {}
                var item = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
                _ = poll(&item, 1, Processes.milliseconds(until: deadline))
            }
        }
    }

    /// Reads what is there now; false when there was nothing.
    func pump() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n < 0 && errno == EIO { hungUp = true }
        guard n > 0 else { return false }
        bytes.append(contentsOf: buffer[..<n])
        transcript = String(decoding: bytes, as: UTF8.self)
        return true
    }

    /// Waits until the program writes something, or `deadline` passes; false once it can write nothing more.
    func awaitOutput(until deadline: Double) -> Bool {
        guard !hungUp else { return false }
        var item = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        _ = poll(&item, 1, Processes.milliseconds(until: deadline))
        return true
    }

    /// Waits until the output (after `from` characters) contains `text`. Returns false on timeout, or at once when
    /// the program can write nothing more and has not written it.
    @discardableResult
    public func waitFor(_ text: String, after from: Int = 0, timeout: Double = 10) -> Bool {
        waitUntil(after: from, timeout: timeout) { $0.contains(text) }
    }

    /// Waits until the output after `from` characters, escape sequences removed, satisfies `condition` (asked again
    /// at each write). False on timeout, or at once when the program can write nothing more.
    @discardableResult
    public func waitUntil(after from: Int = 0, timeout: Double = 10, _ condition: (String) -> Bool) -> Bool {
        let deadline = Processes.now() + timeout
        while true {
            while pump() {}
            if transcript.count > from, condition(Self.stripEscapes(String(transcript.dropFirst(from)))) { return true }
            guard Processes.now() < deadline, awaitOutput(until: deadline) else { return false }
        }
    }

    /// Waits until the program reads keys one at a time (its terminal out of canonical mode, as libedit and the
    /// pager set it while they wait for a key), up to `timeout` seconds; false if it never does. A prompt may be
    /// drawn a moment before the mode is set, and keys typed in between would be echoed by the cooked terminal.
    /// Woken by each write of the program; between writes the mode is read again every 5 ms (a mode change makes
    /// no event on the terminal's controlling side).
    @discardableResult
    public func waitForKeys(timeout: Double = 10) -> Bool {
        let deadline = Processes.now() + timeout
        while true {
            while pump() {}
            if let modes = attributes(), modes.c_lflag & tcflag_t(ICANON) == 0 { return true }
            guard Processes.now() < deadline, !hungUp else { return false }
            var item = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            _ = poll(&item, 1, min(5, Processes.milliseconds(until: deadline)))
        }
    }

    /// Ctrl-D once the line editor reads keys again. Typed while a command still runs, the terminal is in canonical
    /// mode and the end-of-file is the line discipline's: libedit, taking the terminal back, never sees it. Call it
    /// after waiting for what the last command printed (so the mode seen is the next prompt's).
    public func endInput(timeout: Double = 10) {
        waitForKeys(timeout: timeout)
        send("\u{4}")
    }

    /// Waits until the program stops reading keys (its terminal back in canonical mode): a line it was given is
    /// being compiled or run, and Ctrl-C now is a signal, not a key libedit reads. Up to `timeout` seconds.
    @discardableResult
    public func waitForLineMode(timeout: Double = 10) -> Bool {
        let deadline = Processes.now() + timeout
        while true {
            while pump() {}
            if let modes = attributes(), modes.c_lflag & tcflag_t(ICANON) != 0 { return true }
            guard Processes.now() < deadline, !hungUp else { return false }
            var item = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            _ = poll(&item, 1, min(5, Processes.milliseconds(until: deadline)))
        }
    }

    /// Waits until the program has written nothing for `quiet` seconds (at most `timeout`): the screen is drawn.
    /// For a test that must see nothing appear; woken by each write, not by a clock.
    public func settle(quiet: Double = 0.3, timeout: Double = 10) {
        let deadline = Processes.now() + timeout
        while Processes.now() < deadline {
            while pump() {}
            let quietEnd = min(Processes.now() + quiet, deadline)
            var item = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if hungUp || poll(&item, 1, Processes.milliseconds(until: quietEnd)) == 0 { return }
        }
    }

    /// Waits for the program to exit; returns its exit status (or nil on timeout). What it writes meanwhile is read
    /// (a program blocked on a full terminal would never end). Woken by its output and by its end (a pidfd).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        if let ended { return ended.shellStatus }
        let deadline = Processes.now() + timeout
        let end = Processes.endDescriptor(pid)
        defer { Processes.close(end) }
        while true {
            while pump() {}
            if let waited = Processes.wait(pid, waiting: false) {
                ended = waited
                while pump() {}
                return waited.shellStatus
            }
            guard Processes.now() < deadline else { return nil }
            // Without a pidfd (an old kernel) the end is asked again every 50 ms.
            var items = [pollfd(fd: end, events: Int16(POLLIN), revents: 0)]
            if !hungUp { items.append(pollfd(fd: master, events: Int16(POLLIN), revents: 0)) }
            let wait = Processes.milliseconds(until: deadline)
            _ = poll(&items, nfds_t(items.count), end >= 0 ? wait : min(50, wait))
        }
    }

    /// The terminal's modes as the program left them (the pty's line discipline, read through the master side).
    public func attributes() -> termios? {
        var modes = termios()
        return tcgetattr(master, &modes) == 0 ? modes : nil
    }

    /// Sends a signal to the program.
    public func signal(_ number: Int32) { kill(pid, number) }

    /// Resizes the terminal, as a window manager would: the new size, then SIGWINCH to the program.
    public func resize(columns: UInt16, rows: UInt16) {
        Processes.setWindowSize(master, columns: columns, rows: rows)
        kill(pid, SIGWINCH)
    }

    /// The transcript with escape sequences removed, for readable assertions and failure messages.
    public var plainText: String { Self.stripEscapes(transcript) }

    public static func stripEscapes(_ text: String) -> String {
        var out = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" {
                guard let next = iterator.next() else { break }
                if next == "[" { while let s = iterator.next(), !(0x40...0x7E).contains(s.value) {} }
                // A character set chosen (`ESC ( B`): one more character.
                if next == "(" || next == ")" { _ = iterator.next() }
                continue
            }
            if scalar == "\r" || scalar == "\u{7}" || scalar == "\u{1}" || scalar == "\u{E}" || scalar == "\u{F}" {
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
