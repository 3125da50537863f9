import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// The REPL on a terminal: libedit line editing, history, completion, signals.
struct InteractiveLoop {
    let session: Session
    let environment: Environment
    let fixedWidth: Bool
    var layout: LayoutMode = .stream
    var format: OutputFormat = .text
    /// A live class's link (ClassLink.swift), when there is one.
    var classLink: ClassLink?

    /// Returns whether the session should exit with a failure status (never: a person is at the keyboard).
    func run() -> Bool {
        let session = self.session
        // A person at a terminal: each answer ends with where they are and what to type next.
        session.options.render.reminders = true
        let console = Console(session: session, format: format)
        console.classLink = classLink
        let lang = session.options.lang

        let reader = LineReader(
            programName: "patterns", history: HistoryFile.standard(environment: environment.variables)
        ) { before in
            let result = Completer.complete(before, in: session)
            return Completion(word: result.word, candidates: result.candidates)
        }
        // The lines typed in this session, in order: a kept copy of the playground that `undo` takes back has the
        // ones typed before its line, and is handed the rest for its history (ForkedLines+Keep.swift).
        let typed = TypedLines()
        ForkedLines.handOver = { Array(typed.lines.joined(separator: "\u{0}").utf8) }
        ForkedLines.takeOver = { bytes in
            let lines = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            for line in lines.dropFirst(typed.lines.count) where !bytes.isEmpty {
                reader.remember(line)
                typed.lines.append(line)
            }
        }
        // An answer taller than the terminal is paged (its top would scroll away unread).
        if format == .text {
            console.pager = StreamPager(
                keys: KeyReader(), style: Style(enabled: session.options.render.color),
                rows: { WindowSize.current().rows }, giveBack: { reader.giveBack($0) })
        }
        defer {
            if console.layout == .dashboard { AlternateScreen.leave() }
            reader.saveHistory()
            reader.close()
        }
        // The dashboard's own state: how far the lesson is scrolled, and the last command with its answer.
        var scroll = 0
        var status: String?
        var pager: (title: String, text: String)?
        // The pane zoomed over the others (Ctrl-O cycles), and the last command's answers for the rows under the boxes.
        var zoom: String?
        var lastAnswers: [String] = []
        func dashboard() -> DashboardRenderer {
            let size = WindowSize.current()
            return DashboardRenderer(
                width: size.columns, height: size.rows, color: session.options.render.color,
                lessonScroll: scroll, status: status, pager: pager, lang: lang, zoom: zoom, answers: lastAnswers)
        }
        func draw() {
            guard console.layout == .dashboard else { return }
            Output.write(dashboard().frame(session.mediator))
        }
        reader.onPage = { direction in
            guard console.layout == .dashboard else { return }
            // A page is the lesson box's height, less two lines kept for context; scrolling stops at either end.
            let rows = max(1, dashboard().lessonPageRows(session.mediator) - 1)
            scroll = min(max(0, scroll + direction * rows), dashboard().maximumLessonScroll(session.mediator))
            draw()
        }
        reader.onOtherPane = {
            guard console.layout == .dashboard else { return }
            zoom = DashboardRenderer.nextZoom(after: zoom, in: session.mediator)
            draw()
        }
        reader.onResize = {
            // Both layouts follow the terminal: the stream wraps to the new width from the next answer; the
            // dashboard is drawn again at once (a terminal too small for it is told so, and the layout stays).
            if !fixedWidth { session.options.render.width = environment.width(nil) }
            draw()
        }
        /// Switches layout; the dashboard needs text output and a terminal that can address the cursor.
        func use(_ wanted: LayoutMode) {
            if wanted == .dashboard {
                guard format == .text else {
                    console.note(CoreText.theDashboardNeedsJSONLines.text(lang), pane: "out")
                    return
                }
                // A terminal without cursor addressing gets no full-screen escapes.
                let term = environment.variables["TERM"] ?? ""
                guard !term.isEmpty, term != "dumb" else {
                    console.note(
                        CoreText.theDashboardNeedsScreenControl.text(lang, TextSanitizer.clean(term)) + "\n",
                        pane: "out")
                    return
                }
                if console.layout != .dashboard { AlternateScreen.enter() }
                console.layout = .dashboard
            } else {
                if console.layout == .dashboard { AlternateScreen.leave() }
                console.layout = .stream
            }
        }
        // A code exercise's file is watched while its step is on: each save is checked, as `check` would.
        var watched: (path: String, stamp: [Int])?
        func noteFile() {
            guard let path = session.code.exerciseFile else { watched = nil; return }
            watched = (path, Editor.stamp(path))
        }
        reader.onIdle = {
            // News of a live class while the learner waits at the prompt: printed above it (the prompt and the line
            // typed so far are drawn again below), not held until the next command.
            var printed = false
            if let link = console.classLink, !link.quiet, link.learner?.hasNews == true {
                if console.layout != .dashboard { Output.write("\r\u{1B}[K") }
                let pager = console.pager
                console.pager = nil
                link.news(console: console)
                console.pager = pager
                draw()
                printed = true
            }
            guard let (path, stamp) = watched else { return printed }
            let now = Editor.stamp(path)
            guard now != stamp, !now.isEmpty else { return printed }
            watched = (path, now)
            let name = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
            Output.write(
                "\n" + Style(enabled: session.options.render.color).dim(CodeText.fileChanged.text(lang, name)) + "\n")
            // Printed while a line is being typed: no pager waits for a key here.
            let pager = console.pager
            console.pager = nil
            _ = console.run("check", echo: format == .jsonl)
            console.pager = pager
            draw()
            return true
        }
        if let editor = Editor.command(environment: environment.variables) {
            // The dashboard gives the terminal back to the editor while it runs.
            session.tools.openEditor = { path in
                Editor.open(path, with: editor) { before in
                    guard console.layout == .dashboard else { return }
                    if before { AlternateScreen.leave() } else { AlternateScreen.enter() }
                }
            }
        }
        if let problem = reader.historyProblem { Output.warning(HistoryText.phrase(for: problem)) }
        let style = Style(enabled: session.options.render.color)
        if layout == .dashboard { use(.dashboard) }
        if format == .text {
            let banner = style.bold("Pattern Playground") + " — " + CoreText.typeLessonsToSeeTheLessons.text(lang)
            // The banner is wrapped like every other line (it carries no code).
            Output.write(
                DisplayWidth.wrap(banner, width: session.options.render.width + (style.enabled ? 8 : 0)).joined(
                    separator: "\n") + "\n")
        }
        var pending: String?
        // The lines of a block still open (a brace, a bracket, a multi-line string): it goes on at the next line.
        var block: [String] = []
        while true {
            if !fixedWidth { session.options.render.width = environment.width(nil) }
            if pending == nil && block.isEmpty { draw() }
            noteFile()
            // The terminal shows the prompt and echoes the typing itself: a recording gets them as they appear.
            let prompt =
                !block.isEmpty
                ? SwiftInput.continuationPrompt(
                    block.joined(separator: "\n").split(
                        separator: "\n", omittingEmptySubsequences: false
                    ).count + 1)
                : pending == nil ? coloredPrompt(style) : "... "
            Output.recorder?.record(prompt.filter { $0 != "\u{1}" })
            var input = reader.read(prompt: prompt)
            // A line ending in ` \` goes on on the next one (as a pasted "Try:" line does): joined into one command.
            if case .line(let text) = input {
                if let start = DisplayWidth.continuation(text) {
                    Output.recorder?.record(text + "\n")
                    pending = (pending ?? "") + start
                    continue
                }
                if let start = pending { input = .line(start + text.drop { $0 == " " }); pending = nil }
            } else {
                pending = nil
            }
            if case .line(let text) = input {
                block.append(text)
                if SwiftInput.isOpen(block.joined(separator: "\n")) {
                    Output.recorder?.record(text + "\n")
                    continue
                }
                input = .line(block.joined(separator: "\n"))
                block = []
            } else if !block.isEmpty {
                // Ctrl-C abandons the block (and Ctrl-D with a block open, the block only).
                let wasEnd = { if case .endOfInput = input { return true } else { return false } }()
                block = []
                if wasEnd { Output.write("\n"); continue }
            }
            switch input {
            case .line(let line):
                Output.recorder?.record((line.split(separator: "\n").last.map(String.init) ?? line) + "\n")
            case .interrupt: Output.recorder?.record("^C\n")
            default: break
            }
            switch input {
            case .line(let line):
                reader.remember(line)
                typed.lines.append(line)
                // On a terminal the line is already on screen; JSON Lines still records it as an input event.
                let (ok, events) = console.run(line, echo: format == .jsonl)
                var answer: String?
                var answers: [String] = []
                lastAnswers = []
                if pager != nil { pager = nil; scroll = 0 }
                for event in events {
                    switch event {
                    case .layout(let wanted): use(wanted)
                    case .quit: return false
                    case .delivery(let delivery):
                        if delivery.pane == "lesson" { scroll = 0 }
                        if delivery.pane == "out" && !delivery.message.isError { answers.append(delivery.message.text) }
                        if delivery.pane == "out" || delivery.message.isError {
                            lastAnswers.append(delivery.message.text)
                        }
                        if delivery.message.isError || (answer == nil && delivery.message.topic == "out") {
                            answer = delivery.message.text.split(separator: "\n").first.map(String.init)
                        }
                    default: break
                    }
                }
                // A long answer goes to the pager (the lesson's box) until the next command.
                let whole = answers.joined(separator: "\n")
                if console.layout == .dashboard, !whole.isEmpty, dashboard().needsPager(whole) {
                    pager = ("› " + line, whole)
                    scroll = 0
                }
                if line.contains(where: { $0 != " " && $0 != "\t" }) {
                    status = "› " + line + "  " + (ok ? "✓" : "✗") + (answer.map { "  " + $0 } ?? "")
                }
            case .interrupt:
                continue
            case .endOfInput, .terminate:
                if format == .text { Output.write("\n") }
                return false
            }
        }
    }

    /// The prompt, with colour escapes wrapped in \u{1} so libedit does not count them as columns.
    func coloredPrompt(_ style: Style) -> String {
        let prompt = session.prompt
        guard style.enabled else { return prompt }
        let text = String(prompt.dropLast(1))
        return "\u{1}\u{1B}[1;32m\u{1}" + text + "\u{1}\u{1B}[0m\u{1} "
    }
}

/// The lines typed at the terminal in this session, in order.
final class TypedLines {
    var lines: [String] = []
}
