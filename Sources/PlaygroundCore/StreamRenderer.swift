/// Options every renderer shares.
public struct RenderOptions: Sendable {
    public var width: Int
    public var color: Bool
    public init(width: Int = 80, color: Bool = false) {
        self.width = width
        self.color = color
    }
}

/// ANSI styling, applied only when colour is allowed.
public struct Style: Sendable {
    public var enabled: Bool
    public init(enabled: Bool) { self.enabled = enabled }
    func wrap(_ text: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    public func header(_ text: String) -> String { wrap(text, "2;36") }
    public func error(_ text: String) -> String { wrap(text, "31") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func changed(_ text: String) -> String { wrap(text, "33") }
}

/// The `stream` layout: after each command, each pane that received messages, under a one-line header, wrapped to
/// the width. Snapshot panes print their latest message only; append panes print every new message.
public struct StreamRenderer {
    public var options: RenderOptions
    public init(options: RenderOptions) { self.options = options }

    public static func header(_ name: String) -> String {
        "── \(name) " + String(repeating: "─", count: max(3, 24 - DisplayWidth.of(name)))
    }

    public func render(_ changes: [(pane: Pane, messages: [PaneMessage])]) -> String {
        let style = Style(enabled: options.color)
        var out = ""
        for (pane, messages) in changes where pane.isShown {
            let shown = pane.kind == .snapshot ? Array(messages.suffix(1)) : messages
            if !pane.headerless { out += style.header(Self.header(pane.name)) + "\n" }
            for message in shown {
                let text = TextSanitizer.clean(message.text)
                let utf8 = text.utf8
                var start = utf8.startIndex
                // Lines are found by their newline bytes: far cheaper than splitting into Characters.
                while true {
                    let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
                    appendLine(text[start..<end], error: message.isError, style: style, to: &out)
                    guard end < utf8.endIndex else { break }
                    start = utf8.index(after: end)
                }
            }
        }
        return out
    }

    /// One line, wrapped to the width, without trailing spaces.
    func appendLine(_ line: Substring, error: Bool, style: Style, to out: inout String) {
        if !error, line.utf8.count <= options.width, line.utf8.last != 0x20, line.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            out += line
            out += "\n"
            return
        }
        for var wrapped in DisplayWidth.wrap(String(line), width: options.width) {
            while wrapped.last == " " { wrapped.removeLast() }
            out += (error ? style.error(wrapped) : wrapped) + "\n"
        }
    }
}
