#if canImport(Glibc)
import Glibc
#endif

/// The only writer to the process's stdout and stderr. A closed pipe ends the program quietly.
enum Output {
    /// Everything written to stdout also goes here when recording (`--record`).
    nonisolated(unsafe) static var recorder: CastRecorder?

    static func write(_ text: String, fd: Int32 = 1) {
        guard !text.isEmpty else { return }
        if fd == 1 { recorder?.record(text) }
        // EPIPE and friends: the reader is gone; nothing more to say.
        if !writeAll(text, to: fd) { exit(fd == 1 ? 0 : 1) }
    }

    /// Writes every byte of `text` to `fd`, retrying after signals. False when the descriptor refuses.
    static func writeAll(_ text: String, to fd: Int32) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    static func error(_ text: String) { write(text.hasSuffix("\n") ? text : text + "\n", fd: 2) }
}

/// Reads stdin line by line as raw bytes, so invalid UTF-8 can be reported instead of silently repaired.
/// A last line without a newline is still returned.
struct InputLines {
    var buffer: [UInt8] = []
    var atEnd = false
    let fd: Int32

    init(fd: Int32 = 0) { self.fd = fd }

    enum Line { case text(String), invalidUTF8 }

    mutating func next() -> Line? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var bytes = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if bytes.last == 0x0D { bytes.removeLast() }
                return decode(bytes)
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return decode(buffer)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { atEnd = true; continue }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    func decode(_ bytes: [UInt8]) -> Line {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8 }
        return .text(text)
    }
}
