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
        // Written as UTF-8 bytes into one buffer and made a String once: appending to a String piece by piece costs
        // more than the text itself.
        var out = TextBuffer(capacity: 1024)
        var groupStart = 0
        for (index, event) in events.enumerated() {
            switch event {
            case .delivery:
                continue
            case .input(let prompt, let line):
                render(events[groupStart..<index], to: &out)
                // The command as typed stays one line (the terminal folds it; copied, it is still one command).
                out.write(prompt)
                // A block's lines after the first behind their continuation prompts, as they were typed.
                out.write(TextSanitizer.clean(line.contains("\n") ? SwiftInput.numbered(line) : line))
                out.newline()
            case .reminder(let text):
                // The session emits it only when `options.reminders` is on.
                render(events[groupStart..<index], to: &out)
                let style = Style(enabled: options.color)
                out.write(style.header(DisplayWidth.truncate(TextSanitizer.clean(text), to: options.width)))
                out.newline()
            case .layout, .quit:
                continue
            }
            groupStart = index + 1
        }
        render(events[groupStart...], to: &out)
        return out.string
    }

    /// The visible deliveries among `events`, grouped by pane. A pane sits where it was when it last received a
    /// message (pages are added mid-command). A command reaches a few panes, so each pane's group is its first
    /// delivery and its last order, found by looking through the groups so far: no dictionary, no copies.
    func render(_ events: ArraySlice<Event>, to out: inout TextBuffer) {
        func visible(_ event: Event) -> Delivery? {
            if case .delivery(let delivery) = event, delivery.isVisible { return delivery }
            return nil
        }
        var groups: [(order: Int, first: Int, pane: String)] = []
        for index in events.indices {
            guard let delivery = visible(events[index]) else { continue }
            if let at = groups.firstIndex(where: { $0.pane == delivery.pane }) {
                groups[at].order = delivery.order
            } else {
                groups.append((delivery.order, index, delivery.pane))
            }
        }
        guard !groups.isEmpty else { return }
        if groups.count > 1 { groups.sort { $0.order != $1.order ? $0.order < $1.order : $0.first < $1.first } }
        // For a person at a terminal the step's text comes last, just above the prompt: what to read to act (an
        // exercise's question, its options, the goal, the "Try:" lines) is what stays on screen.
        if options.reminders, groups.count > 1, let lesson = groups.firstIndex(where: { $0.pane == "lesson" }) {
            groups.append(groups.remove(at: lesson))
        }
        let style = Style(enabled: options.color)
        for group in groups {
            guard let first = visible(events[group.first]) else { continue }
            if !first.headerless {
                out.write(style.header(Self.cachedHeader(group.pane)))
                out.newline()
            }
            let rest = events[group.first...]
            if first.kind == .snapshot {
                let last = rest.lastIndex { visible($0)?.pane == group.pane } ?? group.first
                if let delivery = visible(events[last]) { appendText(delivery.message, style: style, to: &out) }
            } else {
                for event in rest {
                    if let delivery = visible(event), delivery.pane == group.pane {
                        appendText(delivery.message, style: style, to: &out)
                    }
                }
            }
        }
    }

    /// The standard panes' headers, made once.
    static let standardHeaders = ["lesson", "code", "log", "state", "product", "out"].map { ($0, header($0)) }

    static func cachedHeader(_ name: String) -> String {
        for (pane, header) in standardHeaders where pane == name { return header }
        return header(name)
    }

    func appendText(_ message: PaneMessage, style: Style, to out: inout TextBuffer) {
        var text = TextSanitizer.clean(message.brief ?? message.text)
        let topic = message.topic
        let isLesson = topic == "lesson", isCodePane = topic == "code"
        text.withUTF8 { bytes in
            // Most messages are plain lines that fit: then the whole text goes out at once.
            if !isLesson, !isCodePane, !message.isError, Self.fitsAsItIs(bytes, width: options.width) {
                out.write(bytes)
                out.newline()
                return
            }
            var start = 0
            // Lines are found by their newline bytes: far cheaper than splitting into Characters.
            while true {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                // Code keeps its tokens whole. The code pane and the lesson's code blocks break between tokens, with
                // an indent (still Swift that compiles); a "Try:" line is a command to copy, so its pieces end in
                // ` \`, which the REPL joins back into one line.
                let isTry = isLesson && line.starts(with: "  > ".utf8)
                let isCode = isCodePane || (isLesson && line.starts(with: "    ".utf8))
                if isTry {
                    for wrapped in DisplayWidth.wrapCommand(String(decoding: line, as: UTF8.self), width: options.width)
                    {
                        out.write(wrapped)
                        out.newline()
                    }
                } else if isCode && line.count > options.width {
                    for wrapped in DisplayWidth.wrapCode(String(decoding: line, as: UTF8.self), width: options.width) {
                        out.write(message.isError ? style.error(wrapped) : wrapped)
                        out.newline()
                    }
                } else {
                    appendLine(line, error: message.isError, style: style, to: &out)
                }
                guard end < bytes.count else { break }
                start = end + 1
            }
        }
    }

    /// Whether every line of the text goes out as it is (see ``fits(_:width:)``).
    static func fitsAsItIs(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) -> Bool {
        var lineStart = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
            if !fits(UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), width: width) { return false }
            lineStart = index + 1
        }
        return true
    }

    /// Whether a line goes out as it is: no character is wider than its UTF-8 bytes (wide ones take three or four),
    /// so a line of at most `width` bytes fits (control characters are gone already); and it has no trailing space.
    static func fits(_ line: UnsafeBufferPointer<UInt8>, width: Int) -> Bool {
        line.count <= width && line.last != 0x20
    }

    /// One line, wrapped to the width, without trailing spaces.
    func appendLine(_ line: UnsafeBufferPointer<UInt8>, error: Bool, style: Style, to out: inout TextBuffer) {
        if !error, Self.fits(line, width: options.width) {
            out.write(line)
            out.newline()
            return
        }
        for var wrapped in DisplayWidth.wrap(String(decoding: line, as: UTF8.self), width: options.width) {
            while wrapped.last == " " { wrapped.removeLast() }
            out.write(error ? style.error(wrapped) : wrapped)
            out.newline()
        }
    }
}
