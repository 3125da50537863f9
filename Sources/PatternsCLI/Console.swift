import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// The executable's one consumer of session events: stream text, JSON Lines, or (in the dashboard) nothing but
/// the frame the loop draws. Whatever the layout, `--format jsonl` writes JSON Lines and nothing else.
final class Console {
    let session: Session
    let format: OutputFormat
    /// The layout in use; only a terminal front end switches it to the dashboard.
    var layout: LayoutMode = .stream
    /// On a terminal: an answer taller than the screen is shown a page at a time (a key shows the next), so that
    /// its top (a lesson's definition, a step's title) is read before it scrolls away.
    var pager: StreamPager?
    /// A live class (`join`, `follow`, `class`; ClassLink.swift): lines it answers itself, and what it reports after
    /// each.
    var classLink: ClassLink?

    init(session: Session, format: OutputFormat) {
        self.session = session
        self.format = format
    }

    /// Runs a line and shows what happened, the command first (as typed, after its prompt). Returns whether it
    /// succeeded and the events, for the loop to react to (layout, quit).
    @discardableResult
    func run(_ line: String, echo: Bool) -> (ok: Bool, events: [Event]) {
        if let classLink, let answered = classLink.intercept(line, console: self, echo: echo) { return answered }
        let prompt = session.prompt
        let ok = session.execute(line)
        if format == .text, isatty(1) == 1 { Output.write(Self.terminalPutBack(layout)) }
        // Taken back by `undo` as the copy kept from before `line`: what is echoed is the `undo`.
        let typed = session.takeResumedInput() ?? .input(prompt: prompt, line: line)
        let events = (echo ? [typed] : []) + session.takeEvents()
        show(events)
        classLink?.observe(line, ok: ok, events: events, console: self)
        return (ok, events)
    }

    /// What a line's code may have left the terminal in, put back before the playground writes again: learner code
    /// that writes to file descriptor 1 itself (`write(1, …)`, not `print`, whose text is cleaned) reaches the
    /// terminal as it is, and `ESC ( 0` left every later letter drawn as a line-drawing glyph. The character sets
    /// (G0 and G1 to ASCII, G0 in use), colours and attributes, a visible cursor, line wrap, replace mode, no mouse
    /// reporting; in the stream layout, the main screen.
    static func terminalPutBack(_ layout: LayoutMode) -> String {
        "\u{1B}(B\u{1B})B\u{0F}\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[4l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l"
            + "\u{1B}[?1006l" + (layout == .stream ? "\u{1B}[?1047l" : "")
    }

    /// Shows events that happened outside a typed line (a lesson loaded by `run`).
    func flush() {
        show(session.takeEvents())
        // The presenter's step is published as it is shown (`run --pace` moves by itself, not by typed lines).
        if let presenter = classLink?.presenter { _ = presenter.publish(console: self, force: false) }
    }

    func show(_ events: [Event]) {
        switch format {
        case .jsonl:
            Output.write(jsonLines.render(events))
        case .text:
            guard layout == .stream else { return }
            let text = StreamRenderer(options: session.options.render).render(events)
            if let pager {
                pager.show(text, width: session.options.render.width, lang: session.options.lang)
            } else {
                Output.write(text)
            }
        }
    }

    var jsonLines: JSONLinesRenderer {
        JSONLinesRenderer(lesson: session.lesson?.id, step: session.lesson.map { _ in session.stepIndex + 1 })
    }

    /// Text of the front end itself (step banners of `run`, pipe-mode notices): printed as is, or as one event.
    func note(_ text: String, pane: String = "lesson") {
        switch format {
        case .text:
            Output.write(text)
        case .jsonl:
            let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
            Output.write(jsonLines.object(pane: pane, topic: pane, source: "run", text: body, error: false))
        }
    }
}
