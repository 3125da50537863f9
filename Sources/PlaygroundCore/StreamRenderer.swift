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
                for line in TextSanitizer.clean(message.text).split(separator: "\n", omittingEmptySubsequences: false) {
                    for var wrapped in DisplayWidth.wrap(String(line), width: options.width) {
                        while wrapped.last == " " { wrapped.removeLast() }
                        out += (message.isError ? style.error(wrapped) : wrapped) + "\n"
                    }
                }
            }
        }
        return out
    }
}
