#if canImport(Glibc)
import Glibc
#endif

/// Reads one key at a time, for a presenter who answers with single keys. On a terminal the key is taken as it is
/// pressed (no Enter needed, nothing echoed; the terminal's mode is restored after each key); from a pipe or a file,
/// one byte at a time. Signals stay on: Ctrl-C, SIGTERM and SIGHUP end the program at once, from the wait as from
/// anywhere before it, with the terminal as it was (``Signals/terminate(by:)``), whatever the front end draws.
public struct KeyReader {
    public enum Key: Equatable, Sendable {
        case enter
        case character(Character)
        /// End of input (Ctrl-D on a terminal, or the end of a pipe).
        case end
        /// PageUp and PageDown (`ESC [ 5 ~`, `ESC [ 6 ~`).
        case pageUp, pageDown
    }

    let fd: Int32

    public init(fd: Int32 = 0) {
        self.fd = fd
        // Caught (not left to kill the process) so that the terminal is put back first; acted on in `next()`.
        Signals.install()
    }

    public func next() -> Key { next(every: nil, tick: {}, resized: nil) }

    /// As ``next()``; while no key comes, `tick` is called every `interval` (a clock that goes on by itself), and
    /// `resized` after each SIGWINCH (the screen drawn again at the new size), both in the wait, with the terminal
    /// in the key's mode.
    public func next(every interval: Duration?, tick: () -> Void, resized: (() -> Void)?) -> Key {
        var due = interval.map { ContinuousClock.now + $0 }
        var saved = termios()
        let terminal = isatty(fd) == 1 && tcgetattr(fd, &saved) == 0
        if terminal {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(fd, TCSANOW, &raw)
        }
        defer { if terminal { tcsetattr(fd, TCSANOW, &saved) } }
        while true {
            // A signal that came while a command ran, or during the wait (the wait is cut short to look again).
            if Signals.endRequested {
                if terminal { tcsetattr(fd, TCSANOW, &saved) }
                Signals.terminate(by: Signals.pending)
            }
            if let resized, Signals.resized {
                Signals.resized = false
                resized()
            }
            var timeout: Int32 = 200
            if let interval, let deadline = due {
                let now = ContinuousClock.now
                if now >= deadline {
                    tick()
                    due = now + interval
                    continue
                }
                let left = now.duration(to: deadline).components
                let milliseconds = left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000 + 1
                timeout = Int32(min(200, max(1, milliseconds)))
            }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, timeout)
            if polled == 0 || (polled < 0 && errno == EINTR) { continue }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return .end }
            switch byte {
            case 0x0A, 0x0D: return .enter
            case 0x04: return .end
            case 0x1B:
                // PageUp/PageDown mean something; any other arrow or function key is dropped with its sequence.
                if terminal {
                    let sequence = pendingBytes()
                    if sequence == Array("[5~".utf8) { return .pageUp }
                    if sequence == Array("[6~".utf8) { return .pageDown }
                }
                continue
            case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
            default: continue
            }
        }
    }

    /// Drops bytes that are already waiting (the rest of an escape sequence).
    func drainPending() { _ = pendingBytes() }

    /// The bytes already waiting (the rest of an escape sequence), read and returned.
    func pendingBytes() -> [UInt8] {
        var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        var bytes: [UInt8] = []
        while poll(&pending, 1, 20) > 0, read(fd, &byte, 1) == 1 { bytes.append(byte) }
        return bytes
    }

    /// A whole line, typed with the terminal's own editing and echo (its usual mode); nil at the end of input.
    public func line() -> String? {
        var bytes: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 0x0A || byte == 0x0D { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
