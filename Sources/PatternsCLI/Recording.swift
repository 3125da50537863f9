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
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw ValidationErrorText("--record: cannot create '\(path)'") }
        let header = "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": \(Int(start.timeIntervalSince1970)), "
            + "\"title\": \(JSONLinesRenderer.string(title)), \"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}\n"
        put(header)
    }

    func record(_ text: String) {
        let seconds = self.seconds
        if let now = currentSize(), now != size {
            size = now
            put("[\(seconds), \"r\", \"\(now.columns)x\(now.rows)\"]\n")
        }
        put("[\(seconds), \"o\", \(JSONLinesRenderer.string(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")))]\n")
    }

    /// Time since the start, as asciinema writes it: seconds with six decimals.
    var seconds: String {
        let micros = Int(Date().timeIntervalSince(start) * 1_000_000)
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    func put(_ text: String) { _ = Output.writeAll(text, to: fd) }

    deinit { close(fd) }
}
