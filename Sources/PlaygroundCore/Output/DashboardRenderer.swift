/// The `dashboard` layout: the whole screen as boxed panes, redrawn after each command and on every resize, with the
/// latest answers, a status line and the prompt at the bottom. Side by side from 120 columns; below that the lesson
/// spans the top and the other panes share the rows under it, each as tall as its content when there is room. The
/// lesson scrolls (PgUp/PgDn). Renders a frame into text; the terminal layer only writes it.
public struct DashboardRenderer {
    public var width: Int
    public var height: Int
    public var color: Bool
    /// How many lines of the lesson pane are scrolled past (PageDown adds, PageUp takes away); clamped when drawn.
    public var lessonScroll: Int
    /// The last command and the first line of its answer, errors included: shown whatever the panes' routing.
    public var status: String?
    /// A long answer (`help`, `lessons`, `history`) shown in the lesson's box, which it scrolls like the lesson, until
    /// the next command: the answer rows at the bottom hold only its last lines.
    public var pager: (title: String, text: String)?
    /// The language of the dashboard's own words (the keys line, the too-small notice).
    public var lang: Lang

    public init(width: Int, height: Int, color: Bool = false, lessonScroll: Int = 0, status: String? = nil,
                pager: (title: String, text: String)? = nil, lang: Lang = .en) {
        self.lang = lang
        self.width = width
        self.height = height
        self.color = color
        self.lessonScroll = lessonScroll
        self.status = status
        self.pager = pager
    }

    /// Whether an answer is too long for the answer rows, and so belongs in the pager.
    public func needsPager(_ answer: String) -> Bool {
        answer.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) {
            $0 + DisplayWidth.wrap(TextSanitizer.clean(String($1)), width: width).count
        } > Self.answerRows
    }

    /// The smallest terminal the dashboard is drawn in; below it the frame says so (the layout never changes by
    /// itself), and grows back when the terminal does.
    public static let minimumWidth = 60
    public static let minimumHeight = 16
    /// From this width the panes stand side by side; below it the lesson spans the top.
    public static let sideBySideWidth = 120

    public var fits: Bool { width >= Self.minimumWidth && height >= Self.minimumHeight }

    static let answerRows = 3


    /// The frame's lines, each exactly `width` columns (the last row of the terminal is left for the prompt).
    public func lines(_ mediator: Mediator) -> [String] {
        guard fits else { return tooSmall() }
        let shown = mediator.panes.filter { $0.isShown && !$0.headerless }
        var lesson = shown.first { $0.name == "lesson" }
        if let pager, lesson != nil {
            // The answer takes the lesson's place (a pane of its own, scrolled like the lesson).
            let page = Pane(name: "answer", kind: .snapshot)
            page.recent = [PaneMessage(topic: "out", source: "session", text: pager.title + "\n\n" + pager.text)]
            lesson = page
        }
        let others = shown.filter { $0.name != "lesson" }
        let boxRows = height - Self.answerRows - 2
        var out: [String] = []
        if width >= Self.sideBySideWidth {
            // Lesson and code on the left, the rest on the right.
            let leftWidth = width / 2
            let left = (lesson.map { [$0] } ?? []) + others.filter { $0.name == "code" }
            let right = others.filter { $0.name != "code" }
            let leftColumn = column(left, width: leftWidth, rows: boxRows)
            let rightColumn = column(right, width: width - leftWidth, rows: boxRows)
            for i in 0..<boxRows { out.append(leftColumn[i] + rightColumn[i]) }
        } else {
            // The lesson across the top, the other panes in two columns below it.
            let lessonRows = lesson == nil ? 0 : min(boxRows - 5, max(boxRows / 2, wanted(lesson!, width: width)))
            if let lesson { out += box(lesson, width: width, rows: lessonRows) }
            let below = boxRows - lessonRows
            let leftNames: Set<String> = ["state", "product"]
            let left = others.filter { leftNames.contains($0.name) }
            let right = others.filter { !leftNames.contains($0.name) }
            let leftWidth = width / 2
            let leftColumn = column(left, width: leftWidth, rows: below)
            let rightColumn = column(right, width: width - leftWidth, rows: below)
            for i in 0..<below { out.append(leftColumn[i] + rightColumn[i]) }
        }
        let answers = mediator.pane(named: "out")?.content ?? []
        var tail = answers.flatMap { DisplayWidth.wrap(TextSanitizer.clean($0), width: width) }.suffix(Self.answerRows)
        while tail.count < Self.answerRows { tail.insert("", at: tail.startIndex) }
        out += tail.map { fit($0) }
        // The status line: the last command and its answer, else the keys.
        let style = Style(enabled: color)
        out.append(style.header(fit(status.map { TextSanitizer.clean($0) } ?? CoreText.dashboardKeys.text(lang))))
        return out
    }

    /// A line cut or padded to exactly the width.
    func fit(_ text: String) -> String { DisplayWidth.pad(DisplayWidth.truncate(text, to: width), to: width) }

    /// A frame that says the terminal is too small, and how to go on.
    func tooSmall() -> [String] {
        let rows = max(1, height - 1)
        let message = DisplayWidth.wrap(CoreText.dashboardTooSmall.text(lang, "\(Self.minimumWidth)x\(Self.minimumHeight)", "\(width)x\(height)"),
                                        width: max(10, width))
        var out = Array(repeating: fit(""), count: rows)
        for (i, line) in message.prefix(rows).enumerated() { out[i] = fit(line) }
        return out
    }

    /// The whole frame as terminal output: home, the lines, and the cursor left on the prompt row.
    public func frame(_ mediator: Mediator) -> String {
        "\u{1B}[H\u{1B}[2J" + lines(mediator).joined(separator: "\r\n") + "\r\n"
    }

    /// The rows a pane would like: its wrapped content and its two borders.
    func wanted(_ pane: Pane, width: Int) -> Int {
        pane.content.reduce(2) { $0 + Self.wrap($1, in: pane, width: width - 3).count }
    }

    /// A line of a pane, wrapped to the box: code (the code pane, the lesson's code blocks) between tokens only.
    static func wrap(_ line: String, in pane: Pane, width: Int) -> [String] {
        let clean = TextSanitizer.clean(line)
        if pane.name == "lesson" && clean.hasPrefix("  > ") {
            return DisplayWidth.wrapCommand(clean, width: width).flatMap { DisplayWidth.of($0) > width ? DisplayWidth.wrap($0, width: width) : [$0] }
        }
        if pane.name == "code" || (pane.name == "lesson" && clean.hasPrefix("    ")) {
            // A token wider than a narrow box is cut as a last resort rather than lost past its border.
            return DisplayWidth.wrapCode(clean, width: width).flatMap { DisplayWidth.of($0) > width ? DisplayWidth.wrap($0, width: width) : [$0] }
        }
        return DisplayWidth.wrap(clean, width: width)
    }

    /// How far the lesson can scroll: its lines past what its box shows.
    public func maximumLessonScroll(_ mediator: Mediator) -> Int {
        guard let lesson = mediator.pane(named: "lesson") else { return 0 }
        let boxWidth = width >= Self.sideBySideWidth ? width / 2 : width
        let content = pager.map { ($0.title + "\n\n" + $0.text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? lesson.content
        let lines = content.reduce(0) { $0 + Self.wrap($1, in: lesson, width: boxWidth - 3).count }
        // The smallest box the layout gives the lesson, so the last lines are always reachable.
        return max(0, lines - max(1, height / 2 - 7))
    }

    /// Panes stacked in `rows`: each as tall as its content wants when they all fit, else shared out, at least four
    /// rows each (the last panes wait when there is no room for them).
    func column(_ panes: [Pane], width: Int, rows: Int) -> [String] {
        let count = min(panes.count, max(1, rows / 4))
        guard count > 0, !panes.isEmpty else { return Array(repeating: String(repeating: " ", count: width), count: rows) }
        let chosen = Array(panes.prefix(count))
        var heights = chosen.map { max(4, min(wanted($0, width: width), rows)) }
        // Too tall: take rows from the tallest until they fit. Room to spare: the first pane (the lesson, or the
        // state) gets it.
        while heights.reduce(0, +) > rows, let tallest = heights.indices.max(by: { heights[$0] < heights[$1] }), heights[tallest] > 4 {
            heights[tallest] -= 1
        }
        // Rows to spare are shared out evenly, the first panes first.
        var spare = rows - heights.reduce(0, +)
        var i = 0
        while spare > 0 { heights[i % heights.count] += 1; spare -= 1; i += 1 }
        var out: [String] = []
        for (pane, height) in zip(chosen, heights) { out += box(pane, width: width, rows: height) }
        return Array(out.prefix(rows))
    }

    func box(_ pane: Pane, width: Int, rows: Int) -> [String] {
        let inner = width - 2
        let title = "─ \(pane.name) "
        var content = pane.content.flatMap { Self.wrap($0, in: pane, width: inner - 1) }
        let capacity = rows - 2
        var top = "┌" + title + String(repeating: "─", count: max(0, inner - DisplayWidth.of(title))) + "┐"
        if content.count > capacity {
            if pane.name == "lesson" || pane.name == "answer" {
                // The lesson scrolls: what is above or below is named in its border, with the keys.
                let maximum = content.count - capacity
                let offset = min(max(0, lessonScroll), maximum)
                content = Array(content[offset..<(offset + capacity)])
                let more = (offset > 0 ? "↑ PgUp " : "") + (offset < maximum ? "↓ PgDn " : "")
                let label = "─ \(pane.name) ── \(more)"
                top = "┌" + label + String(repeating: "─", count: max(0, inner - DisplayWidth.of(label))) + "┐"
            } else {
                content = pane.kind == .append ? Array(content.suffix(capacity)) : Array(content.prefix(capacity))
            }
        }
        while content.count < capacity { content.append("") }
        let body = content.map { "│" + DisplayWidth.pad(" " + DisplayWidth.truncate($0, to: inner - 1), to: inner) + "│" }
        let bottom = "└" + String(repeating: "─", count: inner) + "┘"
        let style = Style(enabled: color)
        return [style.header(top)] + body + [style.header(bottom)]
    }
}
