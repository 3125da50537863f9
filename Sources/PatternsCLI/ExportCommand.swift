import ArgumentParser
import FoundationEssentials
import PlaygroundCore
import LessonModules

/// `patterns export <lesson>`: a handout with the lesson and the real transcript of running it.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write a workshop handout (Markdown or HTML).")
    enum Format: String, ExpressibleByArgument, CaseIterable { case markdown, html }

    @Option(name: .long, help: ArgumentHelp("An extra lesson folder.", valueName: "dir")) var lessons: String?
    @Option(name: .long, help: ArgumentHelp("Lesson language (en, ko).", valueName: "lang")) var lang: String?
    @Option(name: .long, help: ArgumentHelp("Wrap the transcript to this many columns.", valueName: "n")) var width: Int?
    @Argument(help: "The lesson id.") var lesson: String
    @Option(name: [.customLong("format"), .customShort("f")], help: "markdown or html.") var handoutFormat: Format = .markdown
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file")) var output: String?

    func run() throws {
        let environment = Environment.current()
        let catalog = try LessonLoader.catalog(extra: lessons)
        let lang = Lang.detect(flag: self.lang, environment: environment.variables)
        guard let found = catalog.lesson(id: lesson, lang: lang) else {
            Output.error("error: unknown lesson '\(lesson)'; lessons: \(catalog.ids.joined(separator: ", "))")
            throw ExitCode(1)
        }
        let handout = try Handout(lesson: found, catalog: catalog, modules: LessonModules.all, width: max(20, width ?? 80))
        let text = handoutFormat == .html ? handout.html : handout.markdown
        if let output {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
            Output.error("wrote \(output)")
        } else {
            Output.write(text)
        }
    }
}
