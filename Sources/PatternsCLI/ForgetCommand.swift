import ArgumentParser
import PlaygroundCore

/// `patterns forget <lesson>|--all`: forgets saved progress.
struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget", abstract: "Forget the saved progress of a lesson (or of all).")
    @Option(
        name: .long, help: ArgumentHelp("An extra lesson folder (its lessons can be forgotten too).", valueName: "dir"))
    var lessons: String?
    /// Accepted wherever `--lessons` is (forgetting runs no lesson).
    @Flag(name: .long, help: ArgumentHelp("Accepted as elsewhere; forgetting runs nothing.", visibility: .hidden))
    var trustLessons = false
    @Option(name: .long, help: ArgumentHelp("Language of its messages (en, ko).", valueName: "lang")) var lang: String?
    @Argument(help: "The lesson id.") var lesson: String?
    @Flag(name: .long, help: "Forget every lesson's progress.") var all = false

    func validate() throws {
        if let lang, Lang(rawValue: lang) == nil { throw ValidationError(CLIText.langOneOf.text(Output.lang)) }
        if lesson == nil && !all { throw ValidationError(CLIText.nameALessonOrAll.text(Output.lang)) }
        if lesson != nil && all { throw ValidationError(CLIText.nameALessonNotBoth.text(Output.lang)) }
    }

    func run() throws {
        let environment = Environment.current()
        guard let progress = ProgressFile.standard(environment: environment.variables) else {
            Output.error(CLIText.noPlaceForProgress.phrase)
            throw ExitCode(1)
        }
        for warning in progress.takeWarnings() { Output.warning(warning) }
        if all {
            progress.commit(.forgetAll)
            for warning in progress.takeWarnings() { Output.warning(warning) }
            Output.text(CLIText.forgotAll.text(Output.lang) + "\n")
            return
        }
        let lesson = self.lesson!
        let catalog = try LessonLoader.catalog(extra: lessons)
        let known = catalog.ids
        // A lesson removed since it was saved can still be forgotten: its id is in the file.
        guard known.contains(lesson) || progress.record.lessons[lesson] != nil else {
            Output.error(catalog.unknownLesson(lesson).phrase)
            throw ExitCode(1)
        }
        let had = progress.record.lessons[lesson] != nil
        progress.commit(.forget(lesson))
        for warning in progress.takeWarnings() { Output.warning(warning) }
        Output.text((had ? CLIText.forgotLesson : CLIText.hadNoProgress).text(Output.lang, lesson) + "\n")
    }
}
