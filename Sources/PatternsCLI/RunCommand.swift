import ArgumentParser
import ClassWire
import PlaygroundCore
import Terminal

/// `patterns run <lesson>`: walks a lesson without a person: each step's text, its commands, the panes after each.
/// With `--pace` it is the presenter mode (``Presenter``): it waits for a key before each command.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Walk a lesson non-interactively.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The lesson id (see 'patterns list').") var lesson: String
    @Option(name: .long, help: "Start at this step.") var from: Int?
    @Option(name: .long, help: "Stop after this step.") var to: Int?
    @Flag(
        name: .long,
        help:
            """
            Presenter mode: wait for a key before each command (Enter: run it, r: the rest of the step, b: back a \
            step, q: stop).
            """
    ) var pace = false
    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --pace: lead a live class (the address 'patterns class serve' prints); needs --token.",
            valueName: "http://HOST:PORT/CODE"))
    var `class`: String?
    @Option(
        name: .long, help: ArgumentHelp("The presenter's token 'patterns class serve' printed.", valueName: "token"))
    var token: String?

    func validate() throws {
        if `class` != nil && token == nil { throw ValidationError("--class needs --token") }
        if token != nil && `class` == nil { throw ValidationError("--token goes with --class") }
        if `class` != nil && !pace { throw ValidationError("--class goes with --pace") }
    }

    func run() throws {
        let environment = Environment.current()
        let session = try global.makeSession(environment: environment)
        do {
            try session.lessons.load(lesson)
        } catch let error as PlaygroundError {
            Output.error(error.phrase)
            throw ExitCode(1)
        }
        _ = session.takeEvents()
        try global.startRecording(environment: environment, title: "patterns run \(lesson)")
        let console = Console(session: session, format: global.format)
        let steps = session.lesson!.steps
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, !(1...steps.count).contains(value) {
                Output.error(CLIText.stepRange(name, String(steps.count), String(value)))
                throw ExitCode(1)
            }
        }
        let first = from ?? 1, last = to ?? steps.count
        guard first <= last else {
            Output.error(CLIText.fromAfterTo(String(first), String(last)))
            throw ExitCode(1)
        }
        let style = Style(enabled: session.options.render.color)
        if first > 1 {
            try session.lessons.setUpLiveObjects(before: first - 1)
            _ = session.takeEvents()
        }
        if pace {
            var presenter = Presenter(
                session: session, console: console, keys: KeyReader(), style: style,
                overwrites: environment.stdoutIsTerminal && global.format == .text)
            presenter.fixedWidth = global.width != nil
            if let url = `class`, let token {
                // A typo in the address stops here, said as such (not as a server that went away mid-class).
                if let address = ClassAddress(url) {
                    do {
                        _ = try ClassClient(address: address, timeout: 2).state()
                    } catch {
                        if case .unreachable(let reason) = error {
                            Output.error(
                                CoreText.error.text(
                                    session.options.lang, PresenterText.noServer.text(session.options.lang, url, reason)
                                ))
                            throw ExitCode(1)
                        }
                    }
                }
                try ClassLink.lead(url: url, token: token, from: first - 1, console: console)
            }
            // The dashboard, when asked for and the terminal can draw it (else the stream layout, as the REPL does).
            let size = WindowSize.current()
            let term = environment.variables["TERM"] ?? ""
            let dashboard = DashboardRenderer(
                width: size.columns, height: size.rows, color: session.options.render.color)
            if global.layout == .dashboard, presenter.overwrites, !term.isEmpty, term != "dumb", dashboard.fits {
                presenter.dashboard = dashboard
                console.layout = .dashboard
                AlternateScreen.enter()
            }
            defer { if presenter.dashboard != nil { AlternateScreen.leave() } }
            try presenter.run(first: first - 1, last: last - 1)
            return
        }
        for index in (first - 1)..<last {
            session.lessons.setStep(index)
            session.lessons.showStep()
            console.flush()
            // A code exercise runs with the lesson's reference solution.
            guard try session.code.prepareToWalk(index) else { console.flush(); continue }
            console.flush()
            for command in steps[index].walkthrough {
                console.run(command, echo: true)
            }
            console.note("\n")
        }
        // Failing commands are part of some lessons (a sold-out meat); `patterns test` checks they fail as written.
    }
}
