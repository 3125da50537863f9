import ArgumentParser
import PlaygroundCore
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// `patterns` with no subcommand: the REPL on a terminal, a transcript from a pipe.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "The interactive playground (the default). From a pipe: runs each line and prints a transcript."
    )

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "From a pipe: stop at the first failing command.")
    var bail = false

    func run() throws {
        Signals.ignoreBrokenPipe()
        let environment = Environment.current()
        let session = try global.makeSession(environment: environment)
        if let progress = ProgressFile.standard(environment: environment.variables) {
            if let warning = progress.warning { Output.error(warning) }
            session.progress = progress
        }
        try global.startRecording(environment: environment, title: "patterns")
        let console = Console(session: session, format: global.format)
        let failed: Bool
        if environment.stdinIsTerminal {
            failed = InteractiveLoop(session: session, environment: environment, fixedWidth: global.width != nil, layout: global.layout).run()
        } else {
            if global.layout == .dashboard {
                Output.error(Strings.text("the dashboard needs a terminal; using the stream layout", session.options.lang))
            }
            failed = PipeLoop(session: session, console: console, bail: bail).run()
        }
        if failed { throw ExitCode(1) }
    }
}

/// Reads commands from a pipe and prints a transcript: each command echoed after its prompt, then its output.
struct PipeLoop {
    let session: Session
    let console: Console
    let bail: Bool

    /// Returns whether any command failed.
    func run() -> Bool {
        var input = InputLines()
        var invalidInput = false
        while let line = input.next() {
            switch line {
            case .invalidUTF8:
                let lang = session.options.lang
                console.echo("")
                console.note(Strings.text("error: {0}", lang, [Strings.text("the line is not valid UTF-8; nothing was run", lang)]) + "\n", pane: "out")
                invalidInput = true
                if bail { return true }
            case .text(let text):
                console.echo(text)
                let ok = session.execute(text)
                console.flush()
                if session.requestedLayout == LayoutMode.dashboard.rawValue {
                    console.note(Strings.text("the dashboard needs a terminal; using the stream layout", session.options.lang) + "\n", pane: "out")
                }
                session.requestedLayout = nil
                if !ok && bail { return true }
                if session.quitRequested { return session.anyFailed || invalidInput }
            }
        }
        return session.anyFailed || invalidInput
    }
}
