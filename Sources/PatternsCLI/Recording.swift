import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// Writes an asciinema v2 recording: a JSON header line, then one `[seconds, "o", text]` event per write, with what
/// the terminal echoed itself (the prompt, the line as typed) and `[seconds, "r", "COLSxROWS"]` when the terminal
/// was resized, so that a viewer sees which command gave which answer, at the size it was drawn for.
final class CastRecorder {
    let fd: Int32
    let start = Date()
    /// The terminal's size now, or nil when output is not a terminal (the size never changes then).
    let currentSize: () -> WindowSize?
    var size: WindowSize

    init(path: String, size: WindowSize, title: String, currentSize: @escaping () -> WindowSize?) throws {
        self.size = size
        self.currentSize = currentSize
        let width = size.columns, height = size.rows
        fd = try Self.open(path)
        let header =
            "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": "
            + "\(Int(start.timeIntervalSince1970)), "
            + "\"title\": \(JSONLinesRenderer.string(title)), \"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": "
            + "\"/bin/sh\"}}\n"
        put(header)
    }

    func record(_ text: String) {
        let seconds = self.seconds
        if let now = currentSize(), now != size {
            size = now
            put("[\(seconds), \"r\", \"\(now.columns)x\(now.rows)\"]\n")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        put("[\(seconds), \"o\", \(JSONLinesRenderer.string(lines))]\n")
    }

    /// Time since the start, as asciinema writes it: seconds with six decimals.
    var seconds: String {
        let micros = Int(Date().timeIntervalSince(start) * 1_000_000)
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// The recording's file: a regular file is created or emptied; a named pipe with a reader or a device
    /// (`/dev/null`) is written to; a folder, a socket or a pipe nobody reads is refused at once, never waited on.
    static func open(_ path: String) throws(FileError) -> Int32 {
        switch FileKind.of(path) {
        case .folder: throw FileError(.write, path, reason: CLIText.isAFolder.phrase)
        case .socket: throw FileError(.write, path, reason: CLIText.isASocket.phrase)
        case .namedPipe, .device: return try FileWriter.openSpecialForWriting(path)
        case .regular, .missing:
            let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw FileError(.write, path, errno: errno) }
            return fd
        }
    }

    func put(_ text: String) { _ = Output.writeAll(text, to: fd) }

    deinit { close(fd) }
}
