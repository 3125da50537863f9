import CEditLine
import Foundation
import PlaygroundCore

/// Runs a program on a pseudo-terminal of its own (openpty, posix_spawn with a new session), so that it sees a
/// real TTY: libedit line editing, Ctrl-C as SIGINT, window size. Tests type into it and read what it draws.
public final class PseudoTerminal {
    public let pid: pid_t
    let master: Int32
    /// Everything the program wrote so far (escape sequences included).
    public private(set) var transcript = ""
    var bytes: [UInt8] = []

    public init(
        _ path: String, arguments: [String] = [], environment: [String: String], columns: UInt16 = 100,
        rows: UInt16 = 30
    ) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        self.master = master
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opening the slave by name in the child, after setsid, makes it the child's controlling terminal
        // (a descriptor inherited from the parent would not), so ^C on it raises SIGINT.
        guard let name = ttyname(slave) else { throw POSIXError(.ENOTTY) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, slave)
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session: the pty becomes the child's controlling terminal, so ^C sends it SIGINT.
        // Test runners block signals on their worker threads and spawned children inherit that mask: start the
        // child with nothing blocked and default dispositions, as a shell would.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, shim_posix_spawn_setsid() | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(slave)
        guard status == 0 else { throw POSIXError(.init(rawValue: status) ?? .EIO) }
        self.pid = pid
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
        close(master)
    }

    /// Types text (use "\t" for Tab, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D, "\u{1B}[A" for Up).
    public func send(_ text: String) {
        let data = Array(text.utf8)
        var offset = 0
        while offset < data.count {
            let n = data.withUnsafeBytes { write(master, $0.baseAddress! + offset, data.count - offset) }
            if n > 0 { offset += n } else { usleep(1000) }
        }
    }

    func pump() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard n > 0 else { return false }
        bytes.append(contentsOf: buffer[..<n])
        transcript = String(decoding: bytes, as: UTF8.self)
        return true
    }

    /// Waits until the output (after `from` characters) contains `text`. Returns false on timeout.
    @discardableResult
    public func waitFor(_ text: String, after from: Int = 0, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            while pump() {}
            if transcript.count > from, Self.stripEscapes(String(transcript.dropFirst(from))).contains(text) {
                return true
            }
            usleep(10_000)
        }
        return false
    }

    /// Waits for the program to exit; returns its exit status (or nil on timeout).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            while pump() {}
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                while pump() {}
                return ProcessEnd(status: status).shellStatus
            }
            usleep(10_000)
        }
        return nil
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
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
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
                continue
            }
            if scalar == "\r" || scalar == "\u{7}" || scalar == "\u{1}" { continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
