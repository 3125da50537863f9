import ArgumentParser
import PlaygroundCore

/// `patterns run <lesson>`: walks a lesson without a person: each step's text, its commands, the panes after each.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Walk a lesson non-interactively.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The lesson id (see 'patterns list').") var lesson: String
    @Option(name: .long, help: "Start at this step.") var from: Int?
    @Option(name: .long, help: "Stop after this step.") var to: Int?

    func run() throws {
        let environment = Environment.current()
        let session = try global.makeSession(environment: environment)
        let style = Style(enabled: session.options.render.color)
        do {
            try session.load(lesson)
        } catch let error as PlaygroundError {
            Output.error(Strings.text("error: {0}", session.options.lang, [error.message]))
            throw ExitCode(1)
        }
        _ = session.takeOutput()
        let steps = session.lesson!.steps
        let first = max(1, from ?? 1), last = min(steps.count, to ?? steps.count)
        guard first <= last else { throw ValidationError("--from must not be after --to") }
        for index in (first - 1)..<last {
            session.setStep(index)
            Output.write(style.bold(StreamRenderer.header("lesson")) + "\n")
            Output.write(wrap(session.stepText(), width: session.options.render.width) + "\n")
            for command in steps[index].commands {
                Output.write(session.prompt + command + "\n")
                session.execute(command)
                Output.write(session.takeOutput())
            }
            if steps[index].isExercise {
                Output.write(session.prompt + "check\n")
                session.execute("check")
                Output.write(session.takeOutput())
            }
            Output.write("\n")
        }
        // Failing commands are part of some lessons (a sold-out meat); `patterns test` checks they fail as written.
    }

    func wrap(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { DisplayWidth.wrap(TextSanitizer.clean(String($0)), width: width) }
            .joined(separator: "\n")
    }
}
