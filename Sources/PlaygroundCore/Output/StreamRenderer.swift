/// Options every renderer shares.
public struct RenderOptions: Sendable {
    public var width: Int
    public var color: Bool
    /// End each command's answer with the step's reminder line: for a person at a terminal, whose step text has
    /// scrolled away; transcripts, handouts and pipes leave it out.
    public var reminders: Bool
    public init(width: Int = 80, color: Bool = false, reminders: Bool = false) {
        self.width = width
        self.color = color
        self.reminders = reminders
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
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func changed(_ text: String) -> String { wrap(text, "33") }
}

/// The `stream` layout: after each command, each pane that received messages, under a one-line header, wrapped to
/// the width. Snapshot panes print their latest message only; append panes print every new message. Panes come in
/// their order; an echoed command (inside `run`) closes the group before it.
public struct StreamRenderer {
    public var options: RenderOptions
    public init(options: RenderOptions) { self.options = options }

    public static func header(_ name: String) -> String {
        "── \(name) " + rules[max(3, 24 - DisplayWidth.of(name))]
    }

    /// Rules of 0 to 24 columns, made once.
    static let rules = (0...24).map { String(repeating: "─", count: $0) }

    public func render(_ events: [Event]) -> String {
        var out = ""
        var group: [Delivery] = []
        for event in events {
            switch event {
            case .delivery(let delivery):
                if delivery.isVisible { group.append(delivery) }
            case .input(let prompt, let line):
                render(group, to: &out)
                group.removeAll()
                // The command as typed stays one line (the terminal folds it; copied, it is still one command).
                out += prompt + TextSanitizer.clean(line) + "\n"
            case .reminder(let text):
                // The session emits it only when `options.reminders` is on.
                render(group, to: &out)
                group.removeAll()
                let style = Style(enabled: options.color)
                out += style.header(DisplayWidth.truncate(TextSanitizer.clean(text), to: options.width)) + "\n"
            case .layout, .quit:
                break
            }
        }
        render(group, to: &out)
        return out
    }

    func render(_ deliveries: [Delivery], to out: inout String) {
        guard !deliveries.isEmpty else { return }
        let style = Style(enabled: options.color)
        // Group by pane; a pane sits where it was when it last received a message (pages are added mid-command).
        var groups: [(order: Int, deliveries: [Delivery])] = []
        var index: [String: Int] = [:]
        for delivery in deliveries {
            if let at = index[delivery.pane] {
                groups[at].order = delivery.order
                groups[at].deliveries.append(delivery)
            } else {
                index[delivery.pane] = groups.count
                groups.append((delivery.order, [delivery]))
            }
        }
        let ordered = groups.count == 1 ? groups : groups.enumerated().sorted {
            $0.element.order != $1.element.order ? $0.element.order < $1.element.order : $0.offset < $1.offset
        }.map(\.element)
        for group in ordered {
            let first = group.deliveries[0]
            if !first.headerless { out += style.header(Self.header(first.pane)) + "\n" }
            let shown = first.kind == .snapshot ? group.deliveries.suffix(1) : group.deliveries[...]
            for delivery in shown { appendText(delivery.message, style: style, to: &out) }
        }
    }

    func appendText(_ message: PaneMessage, style: Style, to out: inout String) {
        let text = TextSanitizer.clean(message.brief ?? message.text)
        let utf8 = text.utf8
        var start = utf8.startIndex
        // Lines are found by their newline bytes: far cheaper than splitting into Characters.
        while true {
            let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
            let line = text[start..<end]
            // Code keeps its tokens whole. The code pane and the lesson's code blocks break between tokens, with an
            // indent (still Swift that compiles); a "Try:" line is a command to copy, so its pieces end in ` \`, which
            // the REPL joins back into one line.
            let isTry = message.topic == "lesson" && line.utf8.starts(with: "  > ".utf8)
            let isCode = message.topic == "code" || (message.topic == "lesson" && line.utf8.starts(with: "    ".utf8))
            if isTry {
                for wrapped in DisplayWidth.wrapCommand(String(line), width: options.width) { out += wrapped + "\n" }
            } else if isCode && line.utf8.count > options.width {
                for wrapped in DisplayWidth.wrapCode(String(line), width: options.width) {
                    out += (message.isError ? style.error(wrapped) : wrapped) + "\n"
                }
            } else {
                appendLine(line, error: message.isError, style: style, to: &out)
            }
            guard end < utf8.endIndex else { break }
            start = utf8.index(after: end)
        }
    }

    /// One line, wrapped to the width, without trailing spaces.
    func appendLine(_ line: Substring, error: Bool, style: Style, to out: inout String) {
        // No character is wider than its UTF-8 bytes (wide ones take three or four), so a line of at most `width`
        // bytes fits; control characters are gone already.
        if !error, line.utf8.count <= options.width, line.utf8.last != 0x20 {
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
