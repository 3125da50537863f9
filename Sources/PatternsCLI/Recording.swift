import FoundationEssentials
import PlaygroundCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes an asciinema v2 recording: a JSON header line, then one `[seconds, "o", text]` event per write.
final class CastRecorder {
    let fd: Int32
    let start = Date()

    init(path: String, width: Int, height: Int, title: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw ValidationErrorText("--record: cannot create '\(path)'") }
        let header = "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": \(Int(start.timeIntervalSince1970)), "
            + "\"title\": \(JSONLinesRenderer.string(title)), \"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}\n"
        put(header)
    }

    func record(_ text: String) {
        let micros = Int(Date().timeIntervalSince(start) * 1_000_000)
        let fraction = String(micros % 1_000_000)
        let seconds = "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
        put("[\(seconds), \"o\", \(JSONLinesRenderer.string(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")))]\n")
    }

    func put(_ text: String) { _ = Output.writeAll(text, to: fd) }

    deinit { close(fd) }
}
