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

    /// Returns whether the session should exit with a failure status (never: a person is at the keyboard).
    func run() -> Bool {
        let session = self.session
        let console = Console(session: session, format: format)
        let lang = session.options.lang
        let reader = LineReader(programName: "patterns", history: HistoryFile.standard(environment: environment.variables)) { before in
            let result = Completer.complete(before, in: session)
            return Completion(word: result.word, candidates: result.candidates)
        }
        defer {
            if console.layout == .dashboard { AlternateScreen.leave() }
            reader.saveHistory()
            reader.close()
        }
        /// Switches layout; the dashboard needs room (and text output), else the stream layout stays and says why.
        func use(_ wanted: LayoutMode) {
            if wanted == .dashboard {
                guard format == .text else {
                    console.note(CoreText.theDashboardNeedsJSONLines.text(lang), pane: "out")
                    return
                }
                // A terminal without cursor addressing gets no full-screen escapes.
                let term = environment.variables["TERM"] ?? ""
                guard !term.isEmpty, term != "dumb" else {
                    console.note(CoreText.theDashboardNeedsScreenControl.text(lang, TextSanitizer.clean(term)) + "\n", pane: "out")
                    return
                }
                let size = WindowSize.current()
                guard DashboardRenderer(width: size.columns, height: size.rows).fits else {
                    Output.write(CoreText.theDashboardNeedsATerminalOf.text(lang, String(DashboardRenderer.minimumWidth),
                                                                          String(DashboardRenderer.minimumHeight)) + "\n")
                    return
                }
                if console.layout != .dashboard { AlternateScreen.enter() }
                console.layout = .dashboard
            } else {
                if console.layout == .dashboard { AlternateScreen.leave() }
                console.layout = .stream
            }
        }
        if let warning = reader.warning { Output.error(warning) }
        let style = Style(enabled: session.options.render.color)
        if layout == .dashboard { use(.dashboard) }
        if format == .text {
            Output.write(style.bold("Pattern Playground") + " — " + CoreText.typeLessonsToSeeTheLessons.text(lang) + "\n")
        }
        while true {
            if !fixedWidth { session.options.render.width = environment.width(nil) }
            if console.layout == .dashboard {
                let size = WindowSize.current()
                let renderer = DashboardRenderer(width: size.columns, height: size.rows, color: session.options.render.color)
                if renderer.fits {
                    Output.write(renderer.frame(session.mediator))
                } else {
                    use(.stream)
                }
            }
            // The terminal shows the prompt and echoes the typing itself: a recording gets them as they appear.
            Output.recorder?.record(coloredPrompt(style).filter { $0 != "\u{1}" })
            let input = reader.read(prompt: coloredPrompt(style))
            switch input {
            case .line(let line): Output.recorder?.record(line + "\n")
            case .interrupt: Output.recorder?.record("^C\n")
            default: break
            }
            switch input {
            case .line(let line):
                reader.remember(line)
                // On a terminal the line is already on screen; JSON Lines still records it as an input event.
                let (_, events) = console.run(line, echo: format == .jsonl)
                for event in events {
                    switch event {
                    case .layout(let wanted): use(wanted)
                    case .quit: return false
                    default: break
                    }
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
