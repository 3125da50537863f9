import PlaygroundCore
import Terminal

/// The presenter's pages (a step taller than the screen) and its clock.
extension Presenter {
    // MARK: pages

    /// Shows what was posted since the last look: in the dashboard the panes hold it; in a stream on a terminal the
    /// screen is cleared and the text is cut into pages under `banner`; elsewhere (a pipe) it is printed whole.
    func present(banner: String) {
        let events = session.takeEvents()
        view.answers = []
        view.scroll = 0
        view.pages = []
        view.page = 0
        guard dashboard == nil else { return }
        guard overwrites else {
            console.note(banner)
            console.show(events)
            return
        }
        let text = StreamRenderer(options: session.options.render).render(events)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        view.banner = String(banner.drop { $0 == "\n" })
        let bannerRows = view.banner.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        // The banner, a line for the page mark and the key line, and the prompt's own line.
        let rows = max(4, WindowSize.current().rows - bannerRows - 3)
        view.pages = Self.pages(lines, rows: rows)
        showPage()
    }

    /// Lines cut into pages of `rows`, a page ending at a blank line when there is one in its last third.
    static func pages(_ lines: [String], rows: Int) -> [[String]] {
        var pages: [[String]] = []
        var start = 0
        while start < lines.count {
            var end = min(lines.count, start + rows)
            if end < lines.count, let blank = lines[start..<end].lastIndex(of: ""), blank > start + rows * 2 / 3 {
                end = blank + 1
            }
            pages.append(Array(lines[start..<end]))
            start = end
        }
        return pages.isEmpty ? [[]] : pages
    }

    /// The current page on a cleared screen, under the step's banner, with a mark when more pages follow.
    func showPage() {
        guard view.pages.indices.contains(view.page) else { return }
        var out = "\u{1B}[H\u{1B}[2J" + view.banner + view.pages[view.page].joined(separator: "\n") + "\n"
        if view.pages.count > 1 {
            out += style.header(PresenterText.page.text(lang, String(view.page + 1), String(view.pages.count))) + "\n"
        }
        console.note(out, pane: "out")
    }

    /// The pages of a tall step before its commands: Enter, Space or PgDn shows the next, PgUp the one before.
    /// Nil once the last page is on screen; an answer when a key asked for something else (r, b, q).
    func turnPages() -> Answer? {
        while view.page + 1 < view.pages.count {
            let shown = style.dim(
                DisplayWidth.truncate(
                    PresenterText.nextPage.text(lang, String(view.page + 1), String(view.pages.count)),
                    to: session.options.render.width - 1))
            console.note(shown, pane: "out")
            let key = keys.next()
            console.note("\r\u{1B}[K", pane: "out")
            switch key {
            case .enter, .character(" "), .pageDown: _ = turn(1)
            case .pageUp: _ = turn(-1)
            case .character("r"), .character("R"): return .rest
            case .character("b"), .character("B"): return .back
            case .character("q"), .character("Q"), .end: return .stop
            default: _ = act(on: key)
            }
        }
        return nil
    }

    /// A page on or back: the dashboard scrolls its lesson box, a paged stream shows the next page.
    func turn(_ direction: Int) -> Bool {
        if let dashboard {
            let board = frame(dashboard)
            // A page is what the lesson's box shows, less a line kept for context.
            let rows = max(1, board.lessonPageRows(session.mediator) - 1)
            view.scroll = min(max(0, view.scroll + direction * rows), board.maximumLessonScroll(session.mediator))
            return true
        }
        guard overwrites, view.pages.count > 1 else { return false }
        let page = min(max(0, view.page + direction), view.pages.count - 1)
        guard page != view.page else { return false }
        view.page = page
        showPage()
        return true
    }

    // MARK: clock

    /// Time since the presenter started, against the lesson's minutes and this step's slot:
    /// `⏱ 12:04 · step 8–12 of 45 min`.
    func clockText() -> String {
        let elapsed = Int(view.started.duration(to: .now).components.seconds)
        let time = String(format2: elapsed / 60) + ":" + String(format2: elapsed % 60)
        guard let schedule = session.lesson?.schedule, view.step >= 0, view.step < schedule.count else {
            return "⏱ " + time
        }
        let slot = schedule[view.step]
        let total = schedule.last.map { $0.start + $0.length } ?? 0
        var text =
            "⏱ " + time + " · "
            + PresenterText.slot.text(lang, String(slot.start), String(slot.start + slot.length), String(total))
        let late = elapsed / 60 - (slot.start + slot.length)
        if late > 0 { text += " · " + PresenterText.late.text(lang, String(late)) }
        return text
    }

    /// The step before (or this one again, at the first), with the live objects as the steps before it leave them.
    func back(from index: Int, first: Int) throws -> Int {
        let target = max(first, index - 1)
        try session.lessons.setUpLiveObjects(before: target)
        _ = session.takeEvents()
        return target
    }

    /// The introduction's header, as big as a step's.
    func introductionBanner() -> String {
        let rule = String(repeating: "━", count: min(session.options.render.width, 72))
        let label = "  " + PresenterText.introduction.text(lang) + "  ·  " + (session.lesson?.title ?? "").uppercased()
        return "\n" + style.bold(rule) + "\n" + style.bold(label) + "\n" + style.bold(rule) + "\n\n"
    }

    /// A header big enough for the back of a room.
    func banner(index: Int, of count: Int, title: String) -> String {
        let rule = String(repeating: "━", count: min(session.options.render.width, 72))
        let label =
            "  " + PresenterText.step.text(lang, String(index + 1), String(count)) + "  ·  " + title.uppercased()
        return "\n" + style.bold(rule) + "\n" + style.bold(label) + "\n" + style.bold(rule) + "\n\n"
    }
}
