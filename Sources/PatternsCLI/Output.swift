import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// The only writer to the process's stdout and stderr. A closed pipe ends the program quietly.
///
/// Text that holds anything the program did not write itself (lesson titles, file names, arguments, error
/// messages) goes through ``text(_:)`` or ``error(_:)``, which strip control sequences: the one sanitising step
/// between outside text and the terminal. ``write(_:fd:)`` is for what renderers made, which sanitised message
/// text on its way in and may hold the program's own colours and screen control.
enum Output {
    /// Everything written to stdout also goes here when recording (`--record`).
    nonisolated(unsafe) static var recorder: CastRecorder?
    /// The language of the program's own messages (errors, warnings), decided once at start from `--lang` and the
    /// locale, before the command line is parsed, so that its errors too are in it.
    nonisolated(unsafe) static var lang: Lang = .en

    static func write(_ text: String, fd: Int32 = 1) {
        guard !text.isEmpty else { return }
        if fd == 1 { recorder?.record(text) }
        // EPIPE and friends: the reader is gone; nothing more to say.
        if !writeAll(text, to: fd) { exit(fd == 1 ? 0 : 1) }
    }

    /// Writes every byte of `text` to `fd`, retrying after signals. False when the descriptor refuses.
    static func writeAll(_ text: String, to fd: Int32) -> Bool { writeAll(Array(text.utf8), to: fd) }

    /// Writes every byte to `fd`, retrying after signals. False when the descriptor refuses (errno says why).
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Outside text to stdout, control sequences removed.
    static func text(_ text: String) { write(TextSanitizer.clean(text)) }

    /// `error: ...` (`오류: ...`) to stderr, from the catalogue in the program's language.
    static func error(_ phrase: Phrase) { error(CoreText.error.text(lang, phrase.text(lang))) }

    /// `warning: ...` (`경고: ...`) to stderr.
    static func warning(_ phrase: Phrase) { error(CLIText.warning.text(lang, phrase.text(lang))) }

    /// One message to stderr, control sequences removed, ending in a newline.
    static func error(_ text: String) {
        let clean = TextSanitizer.clean(text)
        write(clean.hasSuffix("\n") ? clean : clean + "\n", fd: 2)
    }
}

/// File descriptors 0, 1 and 2 as the program expects them.
enum StandardStreams {
    /// A standard descriptor that was closed at start is opened on /dev/null, so that no file the program opens
    /// later (a recording) takes its number and receives output meant for the terminal.
    static func ensureOpen() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }
}

/// Reads stdin line by line as raw bytes, so invalid UTF-8 can be reported instead of silently repaired.
/// A last line without a newline is still returned.
struct InputLines {
    var buffer: [UInt8] = []
    var atEnd = false
    let fd: Int32

    init(fd: Int32 = 0) { self.fd = fd }

    enum Line {
        case text(String)
        case invalidUTF8
    }

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
            // Once lines run in copies, the supervisor holds the input and hands it out a line at a time.
            if Supervisor.inputLines >= 0 {
                guard let line = Supervisor.nextInput() else {
                    atEnd = true
                    continue
                }
                buffer += line
                if line.last != 0x0A { atEnd = true }
                continue
            }
            // Byte by byte, never past the line's end: a copy of the playground kept from before a line, that `undo`
            // takes back later, reads on exactly where the process that undid stopped (nothing is read ahead).
            var chunk: [UInt8] = [0]
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
