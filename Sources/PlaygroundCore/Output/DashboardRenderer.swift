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
    /// Lines over the status line (the presenter's clock and a class's keys), each taking a row from the boxes.
    public var footer: [String] = []
    /// A long answer (`help`, `lessons`, `history`) shown in the lesson's box, which it scrolls like the lesson, until
    /// the next command: the answer rows at the bottom hold only its last lines.
    public var pager: (title: String, text: String)?
    /// The language of the dashboard's own words (the keys line, the too-small notice).
    public var lang: Lang
    /// A pane drawn alone over all the boxes (a key cycles through the panes): every pane can be brought into view,
    /// whatever the terminal's size. Nil: the usual layout.
    public var zoom: String?
    /// The answers of the last command for the rows under the boxes; nil: the `out` pane's last lines.
    public var answers: [String]?

    public init(
        width: Int, height: Int, color: Bool = false, lessonScroll: Int = 0, status: String? = nil,
        pager: (title: String, text: String)? = nil, lang: Lang = .en, zoom: String? = nil, answers: [String]? = nil
    ) {
        self.lang = lang
        self.zoom = zoom
        self.answers = answers
        self.width = width
        self.height = height
        self.color = color
        self.lessonScroll = lessonScroll
        self.status = status
        self.pager = pager
    }

    /// The pane a zoom key shows after `current`: each pane in turn (hidden ones too, the answers excepted), then
    /// none (the usual layout).
    public static func nextZoom(after current: String?, in mediator: Mediator) -> String? {
        let names = mediator.panes.filter { !$0.headerless }.map(\.name)
        guard let current, let at = names.firstIndex(of: current) else { return names.first }
        return at + 1 < names.count ? names[at + 1] : nil
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
    static let standardPanes: Set<String> = ["lesson", "code", "log", "state", "product", "out"]

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
        let boxRows = height - Self.answerRows - 2 - footer.count
        var out: [String] = []
        if let zoom,
            let pane = zoom == "lesson" ? lesson : mediator.panes.first(where: { $0.name == zoom && !$0.headerless })
        {
            // One pane over the whole box area, hidden or not: the way to any pane that has no room of its own.
            out += box(pane, width: width, rows: boxRows, label: CoreText.dashboardZoomed.text(lang))
        } else if width >= Self.sideBySideWidth {
            // Lesson and code on the left, the rest on the right.
            let leftWidth = width / 2
            let left = (lesson.map { [$0] } ?? []) + others.filter { $0.name == "code" }
            let right = others.filter { $0.name != "code" }
            let leftColumn = column(left, width: leftWidth, rows: boxRows, latestFrom: mediator.latestFrom)
            let rightColumn = column(right, width: width - leftWidth, rows: boxRows, latestFrom: mediator.latestFrom)
            for i in 0..<boxRows { out.append(leftColumn[i] + rightColumn[i]) }
        } else {
            // The lesson across the top, the other panes in two columns below it.
            let lessonRows = lesson.map { stackedLessonRows($0, others: others, boxRows: boxRows) } ?? 0
            if let lesson { out += box(lesson, width: width, rows: lessonRows) }
            let below = boxRows - lessonRows
            let leftNames: Set<String> = ["state", "product"]
            let left = others.filter { leftNames.contains($0.name) }
            let right = others.filter { !leftNames.contains($0.name) }
            let leftWidth = width / 2
            let leftColumn = column(left, width: leftWidth, rows: below, latestFrom: mediator.latestFrom)
            let rightColumn = column(right, width: width - leftWidth, rows: below, latestFrom: mediator.latestFrom)
            for i in 0..<below { out.append(leftColumn[i] + rightColumn[i]) }
        }
        // The last command's answers only: an earlier command's lines would read as this one's.
        let answers = self.answers ?? mediator.pane(named: "out")?.content ?? []
        var tail = answers.flatMap { DisplayWidth.wrap(TextSanitizer.clean($0), width: width) }.suffix(Self.answerRows)
        while tail.count < Self.answerRows { tail.insert("", at: tail.startIndex) }
        out += tail.map { fit($0) }
        out += footer.map { fit(TextSanitizer.clean($0)) }
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
        let message = DisplayWidth.wrap(
            CoreText.dashboardTooSmall.text(lang, "\(Self.minimumWidth)x\(Self.minimumHeight)", "\(width)x\(height)"),
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
        pane.screenContent.reduce(2) { $0 + Self.wrap($1, in: pane, width: width - 3).count }
    }

    /// A line of a pane, fitted to the box. Prose wraps. What is laid out in columns (code, the lesson's code blocks
    /// and diagrams, tables, the state, a product) is never wrapped, which would make other code or other numbers of
    /// it: a line too wide is cut, and `›` marks the cut (zooming the pane shows more).
    static func wrap(_ line: String, in pane: Pane, width: Int) -> [String] {
        let clean = TextSanitizer.clean(line)
        if (pane.name == "lesson" || pane.name == "answer") && clean.hasPrefix("  > ") {
            return DisplayWidth.wrapCommand(clean, width: width).flatMap {
                DisplayWidth.of($0) > width ? DisplayWidth.wrap($0, width: width) : [$0]
            }
        }
        if isLaidOut(clean, in: pane) {
            return [DisplayWidth.of(clean) > width ? DisplayWidth.truncate(clean, to: max(0, width - 1)) + "›" : clean]
        }
        return DisplayWidth.wrap(clean, width: width)
    }

    /// Whether a line keeps its columns: the code, state and product panes, and the lesson's indented blocks and
    /// tables.
    static func isLaidOut(_ line: String, in pane: Pane) -> Bool {
        switch pane.name {
        case "code", "state", "product": return true
        case "lesson", "answer": return line.hasPrefix("    ") || line.hasPrefix("|") || line.hasPrefix("  |")
        default: return false
        }
    }

    /// The lesson's rows when it spans the top: what it wants, up to what leaves the panes below what they want
    /// (at most half the rows, at least one box). It scrolls; the others are cut with a mark.
    func stackedLessonRows(_ lesson: Pane, others: [Pane], boxRows: Int) -> Int {
        guard !others.isEmpty else { return boxRows }
        let leftNames: Set<String> = ["state", "product"]
        func wants(_ panes: [Pane]) -> Int {
            panes.filter { !$0.screenContent.allSatisfy(\.isEmpty) }.reduce(0) {
                $0 + max(4, wanted($1, width: width / 2))
            }
        }
        let below = max(
            wants(others.filter { leftNames.contains($0.name) }), wants(others.filter { !leftNames.contains($0.name) }))
        let room = boxRows - max(4, min(below, boxRows / 2))
        return max(3, min(wanted(lesson, width: width), room))
    }

    /// How many lines of the lesson its box shows now: a page for PgUp/PgDn.
    public func lessonPageRows(_ mediator: Mediator) -> Int {
        let shown = mediator.panes.filter { $0.isShown && !$0.headerless }
        let boxRows = height - Self.answerRows - 2 - footer.count
        guard fits, var lesson = shown.first(where: { $0.name == "lesson" }) else { return 1 }
        if let pager {
            let page = Pane(name: "answer", kind: .snapshot)
            page.recent = [PaneMessage(topic: "out", source: "session", text: pager.title + "\n\n" + pager.text)]
            lesson = page
        }
        if zoom == "lesson" { return max(1, boxRows - 2) }
        let others = shown.filter { $0.name != "lesson" }
        if width >= Self.sideBySideWidth {
            let left = [lesson] + others.filter { $0.name == "code" }
            let (chosen, heights, _) = arrange(left, width: width / 2, rows: boxRows, latestFrom: mediator.latestFrom)
            return max(1, (chosen.firstIndex { $0 === lesson }.map { heights[$0] } ?? boxRows) - 2)
        }
        return max(1, stackedLessonRows(lesson, others: others, boxRows: boxRows) - 2)
    }

    /// How far the lesson can scroll: its lines past what its box shows.
    public func maximumLessonScroll(_ mediator: Mediator) -> Int {
        guard let lesson = mediator.pane(named: "lesson") else { return 0 }
        let boxWidth = zoom == "lesson" || width < Self.sideBySideWidth ? width : width / 2
        let content =
            pager.map {
                ($0.title + "\n\n" + $0.text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } ?? lesson.screenContent
        let lines = content.reduce(0) { $0 + Self.wrap($1, in: lesson, width: boxWidth - 3).count }
        return max(0, lines - lessonPageRows(mediator))
    }

    /// Panes stacked in `rows`: each as tall as its content wants when they all fit, else shared out, at least four
    /// rows each (the last panes wait when there is no room for them).
    func column(_ panes: [Pane], width: Int, rows: Int, latestFrom: Int = 0) -> [String] {
        let (chosen, heights, waiting) = arrange(panes, width: width, rows: rows, latestFrom: latestFrom)
        guard !chosen.isEmpty else { return Array(repeating: String(repeating: " ", count: width), count: rows) }
        var out: [String] = []
        for (n, (pane, height)) in zip(chosen, heights).enumerated() {
            let more =
                n == chosen.count - 1 && !waiting.isEmpty
                ? CoreText.dashboardPanesWaiting.text(lang, String(waiting.count), waiting.joined(separator: ", "))
                : nil
            out += box(pane, width: width, rows: height, waiting: more)
        }
        return Array(out.prefix(rows))
    }

    /// Which panes a column shows, how tall each box is, and the panes left waiting.
    func arrange(_ panes: [Pane], width: Int, rows: Int, latestFrom: Int) -> (
        chosen: [Pane], heights: [Int], waiting: [String]
    ) {
        // An empty pane gives its rows to the others (a zoom still shows it).
        let filled = panes.filter { !$0.screenContent.allSatisfy(\.isEmpty) }
        let panes = filled.isEmpty ? Array(panes.prefix(1)) : filled
        let count = min(panes.count, max(1, rows / 4))
        guard count > 0, !panes.isEmpty else { return ([], [], []) }
        // Not all fit: the panes the latest commands reached, in their usual order; the others are named in the
        // last box's border (and a key zooms them).
        // First what the latest command reached, a lesson's own panes (pages, memory) before the standard ones.
        func rank(_ i: Int) -> (Int, Int) {
            let pane = panes[i]
            return ((pane.stamp > latestFrom ? 2 : 0) + (Self.standardPanes.contains(pane.name) ? 0 : 1), pane.stamp)
        }
        let latest = Set(panes.indices.sorted { rank($0) != rank($1) ? rank($0) > rank($1) : $0 < $1 }.prefix(count))
        let chosen = panes.indices.filter { latest.contains($0) }.map { panes[$0] }
        let waiting = panes.indices.filter { !latest.contains($0) }.map { panes[$0].name }
        var heights = chosen.map { max(4, min(wanted($0, width: width), rows)) }
        // Too tall: take rows from the tallest until they fit. Room to spare: the first pane (the lesson, or the
        // state) gets it.
        while heights.reduce(0, +) > rows, let tallest = heights.indices.max(by: { heights[$0] < heights[$1] }),
            heights[tallest] > 4
        {
            heights[tallest] -= 1
        }
        // Rows to spare are shared out evenly, the first panes first.
        var spare = rows - heights.reduce(0, +)
        var i = 0
        while spare > 0 { heights[i % heights.count] += 1; spare -= 1; i += 1 }
        return (chosen, heights, waiting)
    }

    /// A pane in a box of `rows` rows. What does not fit is said in the border: lines above or below (the lesson
    /// scrolls; a log shows its last lines; the others their first), and `waiting` (panes with no box of their own).
    func box(_ pane: Pane, width: Int, rows: Int, waiting: String? = nil, label: String? = nil) -> [String] {
        let inner = width - 2
        let title = "─ \(pane.name) " + (label.map { "── \($0) " } ?? "")
        var content = pane.screenContent.flatMap { Self.wrap($0, in: pane, width: inner - 1) }
        if pane.name == "answer" { content = pane.content.flatMap { Self.wrap($0, in: pane, width: inner - 1) } }
        let capacity = rows - 2
        var top = "┌" + title + String(repeating: "─", count: max(0, inner - DisplayWidth.of(title))) + "┐"
        var bottomNote: String? = waiting
        func joinNote(_ note: String) { bottomNote = bottomNote.map { note + " · " + $0 } ?? note }
        if content.count > capacity {
            if pane.name == "lesson" || pane.name == "answer" {
                // The lesson scrolls: what is above or below is named in its border, with the keys.
                let maximum = content.count - capacity
                let offset = min(max(0, lessonScroll), maximum)
                content = Array(content[offset..<(offset + capacity)])
                let more = (offset > 0 ? "↑ PgUp " : "") + (offset < maximum ? "↓ PgDn " : "")
                let heading = title + "── \(more)"
                top = "┌" + heading + String(repeating: "─", count: max(0, inner - DisplayWidth.of(heading))) + "┐"
            } else if pane.kind == .append {
                let hidden = content.count - capacity
                content = Array(content.suffix(capacity))
                let heading = title + "── " + CoreText.dashboardLinesAbove.text(lang, String(hidden)) + " "
                top =
                    "┌" + DisplayWidth.truncate(heading, to: inner)
                    + String(repeating: "─", count: max(0, inner - DisplayWidth.of(heading))) + "┐"
            } else {
                joinNote(CoreText.dashboardLinesBelow.text(lang, String(content.count - capacity)))
                content = Array(content.prefix(capacity))
            }
        }
        while content.count < capacity { content.append("") }
        let body = content.map {
            "│" + DisplayWidth.pad(" " + DisplayWidth.truncate($0, to: inner - 1), to: inner) + "│"
        }
        var bottom = "└" + String(repeating: "─", count: inner) + "┘"
        if let bottomNote {
            let note = "─ " + DisplayWidth.truncate(bottomNote, to: max(0, inner - 4)) + " "
            bottom = "└" + note + String(repeating: "─", count: max(0, inner - DisplayWidth.of(note))) + "┘"
        }
        let style = Style(enabled: color)
        return [style.header(top)] + body + [style.header(bottom)]
    }
}
