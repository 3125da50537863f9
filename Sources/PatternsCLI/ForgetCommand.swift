import ArgumentParser
import PlaygroundCore

/// `patterns forget <lesson>|--all`: forgets saved progress.
struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "forget", abstract: "Forget the saved progress of a lesson (or of all).")
    @Argument(help: "The lesson id.") var lesson: String?
    @Flag(name: .long, help: "Forget every lesson's progress.") var all = false

    func validate() throws {
        if lesson == nil && !all { throw ValidationError("name a lesson, or pass --all") }
    }

    func run() throws {
        let environment = Environment.current()
        guard let progress = ProgressFile.standard(environment: environment.variables) else { return }
        progress.forget(all ? nil : lesson)
        Output.write(all ? "forgot the progress of every lesson\n" : "forgot the progress of '\(lesson!)'\n")
    }
}
