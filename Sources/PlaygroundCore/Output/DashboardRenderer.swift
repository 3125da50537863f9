/// The `dashboard` layout: the whole screen as boxed panes side by side, redrawn after each command, with the
/// latest answers and the prompt at the bottom. Renders a frame into text; the terminal layer only writes it.
public struct DashboardRenderer {
    public var width: Int
    public var height: Int
    public var color: Bool

    public init(width: Int, height: Int, color: Bool = false) {
        self.width = width
        self.height = height
        self.color = color
    }

    /// The smallest terminal the dashboard fits; below it the stream layout is used.
    public static let minimumWidth = 100
    public static let minimumHeight = 24

    public var fits: Bool { width >= Self.minimumWidth && height >= Self.minimumHeight }

    static let answerRows = 4

    /// The frame's lines, each exactly `width` columns (the last one is left for the prompt).
    public func lines(_ mediator: Mediator) -> [String] {
        let shown = mediator.panes.filter { $0.isShown && !$0.headerless }
        let leftNames: Set<String> = ["lesson", "code"]
        var left = shown.filter { leftNames.contains($0.name) }
        var right = shown.filter { !leftNames.contains($0.name) }
        // Keep the columns balanced when a lesson adds many panes.
        while right.count > left.count + 2, let moved = right.popLast() { left.append(moved) }
        let boxRows = height - Self.answerRows - 1
        let leftWidth = width / 2
        let leftColumn = column(left, width: leftWidth, rows: boxRows)
        let rightColumn = column(right, width: width - leftWidth, rows: boxRows)
        var out: [String] = []
        for i in 0..<boxRows { out.append(leftColumn[i] + rightColumn[i]) }
        let answers = mediator.pane(named: "out")?.content ?? []
        var tail = answers.flatMap { DisplayWidth.wrap(TextSanitizer.clean($0), width: width) }.suffix(Self.answerRows)
        while tail.count < Self.answerRows { tail.insert("", at: tail.startIndex) }
        out += tail.map { DisplayWidth.pad(DisplayWidth.truncate($0, to: width), to: width) }
        return out
    }

    /// The whole frame as terminal output: home, the lines, and the cursor left on the prompt row.
    public func frame(_ mediator: Mediator) -> String {
        "\u{1B}[H\u{1B}[2J" + lines(mediator).joined(separator: "\r\n") + "\r\n"
    }

    func column(_ panes: [Pane], width: Int, rows: Int) -> [String] {
        guard !panes.isEmpty else { return Array(repeating: String(repeating: " ", count: width), count: rows) }
        let count = min(panes.count, max(1, rows / 3))
        var out: [String] = []
        var remaining = rows
        for (index, pane) in panes.prefix(count).enumerated() {
            let share = index == count - 1 ? remaining : rows / count
            remaining -= share
            out += box(pane, width: width, rows: share)
        }
        return out
    }

    func box(_ pane: Pane, width: Int, rows: Int) -> [String] {
        let inner = width - 2
        let title = "─ \(pane.name) "
        let top = "┌" + title + String(repeating: "─", count: max(0, inner - DisplayWidth.of(title))) + "┐"
        var content = pane.content.flatMap { DisplayWidth.wrap(TextSanitizer.clean($0), width: inner - 1) }
        let capacity = rows - 2
        if content.count > capacity {
            content = pane.kind == .append ? Array(content.suffix(capacity)) : Array(content.prefix(capacity))
        }
        while content.count < capacity { content.append("") }
        let body = content.map { "│" + DisplayWidth.pad(" " + DisplayWidth.truncate($0, to: inner - 1), to: inner) + "│" }
        let bottom = "└" + String(repeating: "─", count: inner) + "┘"
        let style = Style(enabled: color)
        return [style.header(top)] + body + [style.header(bottom)]
    }
}
