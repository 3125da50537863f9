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
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Join a live class (the address 'patterns class serve' prints).", valueName: "http://HOST:PORT/CODE"))
    var join: String?
    @Option(name: .long, help: ArgumentHelp("Your name in the class (with --join).", valueName: "name"))
    var name: String?
    /// The browser classroom: fd N is already connected to the class link's other end (the server), which has
    /// joined for the learner (LinkProtocol.swift). Instead of --join and --name.
    @Option(name: .customLong("class-link-fd"), help: .hidden)
    var classLinkFD: Int32?

    func validate() throws {
        if join != nil && name == nil { throw ValidationError("--join needs --name") }
        if name != nil && join == nil { throw ValidationError("--name goes with --join") }
        if classLinkFD != nil && join != nil { throw ValidationError("--class-link-fd replaces --join") }
    }

    func run() throws {
        Signals.ignoreBrokenPipe()
        let environment = Environment.current()
        let session = try global.makeSession(environment: environment)
        if let progress = ProgressFile.standard(environment: environment.variables) {
            for warning in progress.takeWarnings() { Output.warning(warning) }
            session.lessons.progress = progress
        }
        try global.startRecording(environment: environment, title: "patterns")
        let failed: Bool
        // `join`, `follow` and `class` are there in every REPL; `--join` joins before the first line.
        let classLink = ClassLink(
            identities: StateDirectory.path(environment: environment.variables).map { $0 + "/classes.json" })
        if let join, let name {
            let console = Console(session: session, format: global.format)
            console.classLink = classLink
            if !classLink.join(url: join, name: name, console: console) { throw ExitCode(1) }
        } else if let classLinkFD {
            let console = Console(session: session, format: global.format)
            console.classLink = classLink
            if !classLink.attach(fd: classLinkFD, console: console) { throw ExitCode(1) }
        }
        if environment.stdinIsTerminal {
            failed = InteractiveLoop(
                session: session, environment: environment, fixedWidth: global.width != nil, layout: global.layout,
                format: global.format, classLink: classLink
            ).run()
            classLink.finish(console: Console(session: session, format: global.format))
        } else {
            if global.layout == .dashboard {
                Output.error(CoreText.theDashboardNeedsATerminalUsing.text(session.options.lang))
            }
            let console = Console(session: session, format: global.format)
            console.classLink = classLink
            failed = PipeLoop(session: session, console: console, bail: bail).run()
            classLink.finish(console: console)
        }
        if failed || classLink.anyFailed { throw ExitCode(1) }
    }
}

/// Reads commands from a pipe and prints a transcript: each command echoed after its prompt, then its output.
struct PipeLoop {
    let session: Session
    let console: Console
    let bail: Bool

    /// Returns whether any command failed.
    func run() -> Bool {
        let lang = session.options.lang
        var input = InputLines()
        var invalidInput = false
        var pending: String?
        var block: [String] = []
        while let line = input.next() {
            switch line {
            case .invalidUTF8:
                console.show([.input(prompt: session.prompt, line: "")])
                console.note(CoreText.error.text(lang, CoreText.theLineIsNotValidUTF.text(lang)) + "\n", pane: "out")
                invalidInput = true
                if bail { return true }
            case .text(let piece):
                // A line ending in ` \` goes on on the next one: joined into one command.
                if let start = DisplayWidth.continuation(piece) {
                    pending = (pending ?? "") + start
                    continue
                }
                let text = pending.map { $0 + piece.drop { $0 == " " } } ?? piece
                pending = nil
                // A brace, bracket or multi-line string left open: the block goes on at the next line.
                block.append(text)
                if SwiftInput.isOpen(block.joined(separator: "\n")) { continue }
                let (ok, events) = console.run(block.joined(separator: "\n"), echo: true)
                block = []
                for event in events {
                    switch event {
                    case .layout(.dashboard):
                        console.note(CoreText.theDashboardNeedsATerminalUsing.text(lang) + "\n", pane: "out")
                    case .quit:
                        return session.counts.anyFailed || invalidInput
                    default:
                        break
                    }
                }
                if !ok && bail { return true }
            }
        }
        // A block still open at the end of the input is run as it is: the compiler says what is missing.
        if !block.isEmpty { _ = console.run(block.joined(separator: "\n"), echo: true) }
        return session.counts.anyFailed || invalidInput
    }
}
