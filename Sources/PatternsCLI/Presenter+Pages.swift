import ClassWire
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
        view.events = events
        view.said = []
        view.command = nil
        guard dashboard == nil else { return }
        guard overwrites else {
            console.note(banner)
            console.show(events)
            return
        }
        view.banner = String(banner.drop { $0 == "\n" })
        view.pages = cutPages()
        showPage()
    }

    /// The step's text (``PresenterView/events``) rendered at the width now and cut into pages of the screen's rows
    /// now, less the banner, a line for the page mark and the page's wait.
    func cutPages() -> [[String]] {
        let text = StreamRenderer(options: session.options.render).render(view.events)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        let bannerRows = view.banner.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let waitRows = Self.waitLines(
            PresenterText.nextPage.text(lang), clock: clockText(), classKeys: classKeys, width: screenWidth
        ).count
        let rows = max(4, WindowSize.current().rows - bannerRows - 1 - waitRows)
        return Self.pages(lines, rows: rows)
    }

    /// Lines cut into pages of `rows`. A page never ends inside a block of code or of a transcript (lines indented
    /// by four spaces, blank lines between them included) that one page can hold: the block starts the next page.
    /// Else a page ends at a blank line when there is one in its last third.
    static func pages(_ lines: [String], rows: Int) -> [[String]] {
        // The block each line is in, if any.
        var block: [Range<Int>?] = Array(repeating: nil, count: lines.count)
        func isCode(_ i: Int) -> Bool { lines[i].hasPrefix("    ") }
        var i = 0
        while i < lines.count {
            guard isCode(i) else { i += 1; continue }
            var j = i + 1
            while j < lines.count {
                if isCode(j) { j += 1; continue }
                if lines[j].allSatisfy({ $0 == " " }), j + 1 < lines.count, isCode(j + 1) { j += 2; continue }
                break
            }
            for k in i..<j { block[k] = i..<j }
            i = j
        }
        var pages: [[String]] = []
        var start = 0
        while start < lines.count {
            var end = min(lines.count, start + rows)
            if end < lines.count, let cut = block[end - 1], cut.upperBound > end, cut.lowerBound > start,
                cut.count <= rows
            {
                end = cut.lowerBound
                // The line that introduces the block ("The builder:") goes with it, unless it ends a paragraph.
                if end - 1 > start, lines[end - 1].hasSuffix(":"), cut.count < rows { end -= 1 }
            } else if end < lines.count, let blank = lines[start..<end].lastIndex(of: ""), blank > start + rows * 2 / 3
            {
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
            let key = readKey(PresenterText.nextPage.text(lang))
            switch key {
            case .enter, .character(" "), .pageDown: _ = turn(1)
            case .pageUp: _ = turn(-1)
            case .character("r"), .character("R"):
                // To the commands: the last page (the step's "Try:" lines), then the first command waits as usual.
                view.page = view.pages.count - 1
                showPage()
                return nil
            case .character("b"), .character("B"): return .back
            case .character("q"), .character("Q"), .end: return .stop
            default:
                if case .character(let c) = key { _ = console.classLink?.presenterKey(c, console: console) }
                _ = act(on: key)
                if let target = jumped() { return .jump(target) }
            }
        }
        return nil
    }

    /// A resized terminal (a projector plugged in): the stream takes the new width (unless `--width` was given) and
    /// the screen is drawn again: the step's banner, its page cut anew, what was said and the last command's
    /// answers. The dashboard is drawn at the new size by the wait itself.
    func followResize() {
        let size = WindowSize.current()
        if !fixedWidth {
            session.options.render.width = min(
                max(GlobalOptions.widths.lowerBound, size.columns), GlobalOptions.widths.upperBound)
        }
        guard dashboard == nil, !view.pages.isEmpty else { return }
        // The page that holds the first line of the one on screen.
        let before = view.pages[..<view.page].reduce(0) { $0 + $1.count }
        let total = max(1, view.pages.reduce(0) { $0 + $1.count })
        view.banner = view.closing ? closingBanner() : view.step < 0 ? introductionBanner() : stepBanner()
        view.banner = String(view.banner.drop { $0 == "\n" })
        view.pages = cutPages()
        let newTotal = view.pages.reduce(0) { $0 + $1.count }
        let target = before * newTotal / total
        var line = 0
        view.page = view.pages.count - 1
        for (index, page) in view.pages.enumerated() {
            if target < line + page.count { view.page = index; break }
            line += page.count
        }
        showPage()
        for text in view.said {
            console.note("\n" + wrapped(text).map { style.bold($0) }.joined(separator: "\n") + "\n", pane: "out")
        }
        if let command = view.command {
            var out = session.prompt + command + "\n"
            for answer in view.answers { out += wrapped(answer).joined(separator: "\n") + "\n" }
            console.note(out, pane: "out")
        }
    }

    /// The banner of the step on screen, at the width now.
    func stepBanner() -> String {
        let steps = session.lesson?.steps ?? []
        guard steps.indices.contains(view.step) else { return "" }
        return banner(index: view.step, of: steps.count, title: steps[view.step].title)
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
        Self.clock(
            elapsed: Int(view.started.duration(to: .now).components.seconds), schedule: session.lesson?.schedule,
            step: view.step, lang: lang)
    }

    /// The clock's text after `elapsed` seconds at `step` (0-based; -1: the introduction): the time, the step's slot
    /// in the lesson's minutes, and how late the presenter is once past the slot's end.
    static func clock(elapsed: Int, schedule: [(start: Int, length: Int)]?, step: Int, lang: Lang) -> String {
        let time = String(format2: elapsed / 60) + ":" + String(format2: elapsed % 60)
        guard let schedule, step >= 0, step < schedule.count else { return "⏱ " + time }
        let slot = schedule[step]
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

/// The lesson's closing screen.
extension Presenter {
    /// After the last step: what was covered (the step titles), the time taken against the lesson's minutes, and in
    /// a class the room's results as the server has them; it stays until a key (b goes back to the last step).
    func close() -> Answer {
        guard let lesson = session.lesson else { return .stop }
        var lines = [PresenterText.covered.text(lang)]
        for (index, step) in lesson.steps.enumerated() { lines.append("  \(index + 1). " + step.title) }
        lines.append("")
        let elapsed = Int(view.started.duration(to: .now).components.seconds)
        let total = lesson.schedule?.last.map { $0.start + $0.length } ?? 0
        lines.append(
            PresenterText.took.text(
                lang, String(format2: elapsed / 60) + ":" + String(format2: elapsed % 60), String(total)))
        if let presenter = console.classLink?.presenter {
            lines.append("")
            lines.append(contentsOf: roomSummary(presenter, lesson: lesson).split(separator: "\n").map(String.init))
        }
        view.closing = true
        defer { view.closing = false }
        session.mediator.post(PaneMessage(topic: "lesson", source: "lesson", text: lines.joined(separator: "\n")))
        present(banner: closingBanner())
        switch turnPages() {
        case .back?: return .back
        case .stop?: return .stop
        case .jump(let target)?: return .jump(target)
        default: break
        }
        return wait(PresenterText.enterEnds.text(lang))
    }

    /// The room's results for this lesson, from the server (`results.json`, the presenter's token), or where to find
    /// them when the server does not answer.
    func roomSummary(_ presenter: PresenterLink, lesson: Lesson) -> String {
        Self.roomSummary(
            client: presenter.client, token: presenter.token, lesson: lesson.id, steps: lesson.steps.count, lang: lang)
    }

    /// The closing screen's figures: the head count as the board says it (everyone who joined), then who reached the
    /// last step and the exercises passed in `lesson`.
    static func roomSummary(client: ClassClient, token: String, lesson: String, steps: Int, lang: Lang) -> String {
        struct Row: Decodable {
            var learner: Int
            var lesson: String
            var step: Int
            var reached: Bool
            var passed: Bool
        }
        let address = client.address.url
        guard
            let rows = try? client.call(
                "GET", "/results.json", [String: String]?.none, bearer: token, as: [Row].self)
        else { return PresenterText.roomResultsElsewhere.text(lang, address) }
        let mine = rows.filter { $0.lesson == lesson }
        // A server before the head count: those with results.
        let learners =
            (try? client.call("GET", "/room.json", [String: String]?.none, bearer: token, as: HeadCount.self))?
            .learners ?? Set(mine.map(\.learner)).count
        let atTheEnd = Set(mine.filter { $0.step == steps && $0.reached }.map(\.learner)).count
        let passed = mine.filter(\.passed).count
        return PresenterText.roomResults.text(lang, String(learners), String(atTheEnd), String(passed), address)
    }

    /// The closing screen's header, as big as a step's.
    func closingBanner() -> String {
        let rule = String(repeating: "━", count: min(session.options.render.width, 72))
        let label = "  " + PresenterText.theEnd.text(lang, (session.lesson?.title ?? "").uppercased())
        return "\n" + style.bold(rule) + "\n" + style.bold(label) + "\n" + style.bold(rule) + "\n\n"
    }
}
