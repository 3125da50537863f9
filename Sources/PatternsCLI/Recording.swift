import Foundation

/// Writes an asciinema v2 recording: a JSON header line, then one `[seconds, "o", text]` event per write.
final class CastRecorder {
    let handle: FileHandle
    let start = Date()

    init(path: String, width: Int, height: Int, title: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw ValidationErrorText("--record: cannot create '\(path)'")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let header = "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": \(Int(start.timeIntervalSince1970)), "
            + "\"title\": \(JSON.string(title)), \"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}\n"
        handle.write(Data(header.utf8))
    }

    func record(_ text: String) {
        let seconds = Date().timeIntervalSince(start)
        let line = "[\(String(format: "%.6f", seconds)), \"o\", \(JSON.string(text.replacingOccurrences(of: "\n", with: "\r\n")))]\n"
        handle.write(Data(line.utf8))
    }

    deinit { try? handle.close() }
}

/// A JSON string literal, escaped by hand (no encoder needed for one value).
enum JSON {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// One JSON object per line: the pane event stream of `--format jsonl`.
    static func event(pane: String, topic: String, source: String, text: String, step: Int?, lesson: String?, error: Bool = false) -> String {
        var fields = ["\"pane\": \(string(pane))", "\"topic\": \(string(topic))", "\"source\": \(string(source))", "\"text\": \(string(text))"]
        fields.append("\"step\": " + (step.map(String.init) ?? "null"))
        fields.append("\"lesson\": " + (lesson.map(string) ?? "null"))
        if error { fields.append("\"error\": true") }
        return "{" + fields.joined(separator: ", ") + "}\n"
    }
}
