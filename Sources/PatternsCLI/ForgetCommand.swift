import ArgumentParser
import PlaygroundCore

/// `patterns forget <lesson>|--all`: forgets saved progress.
struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "forget", abstract: "Forget the saved progress of a lesson (or of all).")
    @Option(name: .long, help: ArgumentHelp("An extra lesson folder (its lessons can be forgotten too).", valueName: "dir")) var lessons: String?
    @Argument(help: "The lesson id.") var lesson: String?
    @Flag(name: .long, help: "Forget every lesson's progress.") var all = false

    func validate() throws {
        if lesson == nil && !all { throw ValidationError("name a lesson, or pass --all") }
        if lesson != nil && all { throw ValidationError("name a lesson or pass --all, not both") }
    }

    func run() throws {
        let environment = Environment.current()
        guard let progress = ProgressFile.standard(environment: environment.variables) else {
            Output.error("error: no place for progress: set HOME or XDG_STATE_HOME")
            throw ExitCode(1)
        }
        for warning in progress.takeWarnings() { Output.error(warning) }
        if all {
            progress.commit(.forgetAll)
            for warning in progress.takeWarnings() { Output.error(warning) }
            Output.text("forgot the progress of every lesson\n")
            return
        }
        let lesson = self.lesson!
        let known = try LessonLoader.catalog(extra: lessons).ids
        // A lesson removed since it was saved can still be forgotten: its id is in the file.
        guard known.contains(lesson) || progress.record.lessons[lesson] != nil else {
            Output.error("error: unknown lesson '\(lesson)'; lessons: \(known.joined(separator: ", "))")
            throw ExitCode(1)
        }
        let had = progress.record.lessons[lesson] != nil
        progress.commit(.forget(lesson))
        for warning in progress.takeWarnings() { Output.error(warning) }
        Output.text(had ? "forgot the progress of '\(lesson)'\n" : "'\(lesson)' had no saved progress\n")
    }
}
