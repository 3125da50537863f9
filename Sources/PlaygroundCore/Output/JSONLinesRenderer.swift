/// `--format jsonl`: one JSON object per line for every shown delivery and every echoed command, so that another
/// program can follow a session. Nothing else is written in this format, whatever the layout.
public struct JSONLinesRenderer {
    /// The lesson and step the events belong to (null before a lesson is loaded).
    public var lesson: String?
    public var step: Int?

    public init(lesson: String?, step: Int?) {
        self.lesson = lesson
        self.step = step
    }

    public func render(_ events: [Event]) -> String {
        var out = ""
        for event in events {
            switch event {
            case .input(_, let line):
                out += object(pane: "input", topic: "command", source: "user", text: line, error: false)
            case .delivery(let delivery) where delivery.isVisible:
                let m = delivery.message
                out += object(pane: delivery.pane, topic: m.topic, source: m.source, text: m.text, error: m.isError)
            case .delivery, .layout, .quit, .reminder:
                break
            }
        }
        return out
    }

    /// One event as a line of its own; text from outside the program loses its control sequences first.
    public func object(pane: String, topic: String, source: String, text: String, error: Bool) -> String {
        var fields = [
            "\"pane\": \(Self.string(pane))", "\"topic\": \(Self.string(topic))", "\"source\": \(Self.string(source))",
            "\"text\": \(Self.string(TextSanitizer.clean(text)))",
        ]
        fields.append("\"step\": " + (step.map(String.init) ?? "null"))
        fields.append("\"lesson\": " + (lesson.map(Self.string) ?? "null"))
        if error { fields.append("\"error\": true") }
        return "{" + fields.joined(separator: ", ") + "}\n"
    }

    /// A JSON string literal, escaped by hand (no encoder needed for one value): control characters become \u
    /// escapes, as JSON requires.
    public static func string(_ text: String) -> String {
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
}
