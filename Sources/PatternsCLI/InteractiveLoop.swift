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

    /// Returns whether the session should exit with a failure status (never: a person is at the keyboard).
    func run() -> Bool {
        let session = self.session
        let reader = LineReader(programName: "patterns", history: HistoryFile.standard(environment: environment.variables)) { before in
            let result = Completer.complete(before, in: session)
            return Completion(word: result.word, candidates: result.candidates)
        }
        var dashboard = false
        defer {
            if dashboard { AlternateScreen.leave() }
            reader.saveHistory()
            reader.close()
        }
        /// Switches layout; the dashboard needs room, else the stream layout stays and says why.
        func use(_ wanted: LayoutMode) {
            if wanted == .dashboard {
                let size = WindowSize.current()
                guard DashboardRenderer(width: size.columns, height: size.rows).fits else {
                    dashboard = false
                    Output.write(Strings.text("the dashboard needs a terminal of at least {0}x{1}; staying with the stream layout", session.options.lang,
                                              [String(DashboardRenderer.minimumWidth), String(DashboardRenderer.minimumHeight)]) + "\n")
                    return
                }
                session.renderer = { _ in "" }
                AlternateScreen.enter()
                dashboard = true
            } else {
                if dashboard { AlternateScreen.leave() }
                session.renderer = nil
                dashboard = false
            }
        }
        if let warning = reader.warning { Output.error(warning) }
        let style = Style(enabled: session.options.render.color)
        if layout == .dashboard { use(.dashboard) }
        Output.write(style.bold("Pattern Playground") + " — " + Strings.text("type 'lessons' to see the lessons, 'load builder' to start, 'help' for commands, Ctrl-D to leave.", session.options.lang) + "\n")
        while true {
            if !fixedWidth { session.options.render.width = WindowSize.current().columns }
            if dashboard {
                let size = WindowSize.current()
                let renderer = DashboardRenderer(width: size.columns, height: size.rows, color: session.options.render.color)
                if renderer.fits {
                    _ = session.takeOutput()
                    Output.write(renderer.frame(session.mediator))
                } else {
                    use(.stream)
                }
            }
            switch reader.read(prompt: coloredPrompt(style)) {
            case .line(let line):
                reader.remember(line)
                session.execute(line)
                Output.write(session.takeOutput())
                if let wanted = session.requestedLayout.flatMap(LayoutMode.init(rawValue:)) {
                    session.requestedLayout = nil
                    use(wanted)
                }
                if session.quitRequested { return false }
            case .interrupt:
                continue
            case .endOfInput:
                Output.write("\n")
                return false
            case .terminate:
                Output.write("\n")
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
