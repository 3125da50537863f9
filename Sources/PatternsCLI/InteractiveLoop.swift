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

    /// Returns whether the session should exit with a failure status (never: a person is at the keyboard).
    func run() -> Bool {
        let session = self.session
        let reader = LineReader(programName: "patterns", history: HistoryFile.standard(environment: environment.variables)) { before in
            let result = Completer.complete(before, in: session)
            return Completion(word: result.word, candidates: result.candidates)
        }
        defer {
            reader.saveHistory()
            reader.close()
        }
        let style = Style(enabled: session.options.render.color)
        Output.write(style.bold("Pattern Playground") + " — " + Strings.text("type 'lessons' to see the lessons, 'load builder' to start, 'help' for commands, Ctrl-D to leave.", session.options.lang) + "\n")
        while true {
            if !fixedWidth { session.options.render.width = WindowSize.current().columns }
            switch reader.read(prompt: coloredPrompt(style)) {
            case .line(let line):
                reader.remember(line)
                session.execute(line)
                Output.write(session.takeOutput())
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
