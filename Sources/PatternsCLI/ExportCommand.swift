import ArgumentParser
import FoundationEssentials
import LessonModules
import PlaygroundCore

/// `patterns export <lesson>`: a handout with the lesson and the real transcript of running it.
extension Handout.Audience: NamedCases {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a workshop handout (Markdown or HTML).")
    enum Format: String, NamedCases { case markdown, html }

    @Option(name: .long, help: ArgumentHelp("An extra lesson folder.", valueName: "dir")) var lessons: String?
    @Flag(name: .long, help: ArgumentHelp(GlobalOptions.trustHelp)) var trustLessons = false
    @Option(name: .long, help: ArgumentHelp("Lesson language (en, ko).", valueName: "lang")) var lang: String?
    @Option(name: .long, help: ArgumentHelp("Wrap the transcript to this many columns.", valueName: "n")) var width:
        Int?
    @Argument(help: "The lesson id.") var lesson: String
    @Option(
        name: [.customLong("format"), .customShort("f")],
        help: "markdown or html (default: from -o's extension, .html or .htm; else markdown).")
    var handoutFormat: Format?
    @Option(
        name: .customLong("for"),
        help: ArgumentHelp(
            "students (goals and folded hints, no solutions) or presenters (everything, with timings).",
            valueName: "audience")) var audience: Handout.Audience = .students
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Write to this file ('-': stdout). A device or pipe is written to, never replaced.", valueName: "file"))
    var output: String?

    func validate() throws {
        if let lang, Lang(rawValue: lang) == nil { throw ValidationError(CLIText.langOneOf.text(Output.lang)) }
        try GlobalOptions.check(width: width)
    }

    /// The format asked for, else the one the output file's name says (`-o builder.html` is HTML), else Markdown.
    var format: Format {
        if let handoutFormat { return handoutFormat }
        let name = (output ?? "").lowercased()
        return name.hasSuffix(".html") || name.hasSuffix(".htm") ? .html : .markdown
    }

    func run() throws {
        let environment = Environment.current()
        let catalog = try LessonLoader.catalog(extra: lessons, trusted: trustLessons)
        let lang = Lang.detect(flag: self.lang, environment: environment.variables)
        guard let found = catalog.lesson(id: lesson, lang: lang) else {
            Output.error(catalog.unknownLesson(lesson).phrase)
            throw ExitCode(1)
        }
        let handout = try Handout(
            lesson: found, catalog: catalog, modules: LessonModules.all, width: width ?? 80, audience: audience,
            compiler: try? environment.lineCompiler().get())
        // Lessons are data: a folder's lesson exported without --trust-lessons ran none of its Swift.
        if let lessons, handout.withheld > 0 {
            Output.error(TrustText.folderNotTrusted.text(Output.lang, lessons))
            if handout.recorded > 0 {
                Output.error(TrustText.handoutRecorded.text(Output.lang, String(handout.recorded)))
            }
        }
        // The handout quotes lesson files: control sequences go, as everywhere else.
        let text = TextSanitizer.clean(format == .html ? handout.html : handout.markdown)
        guard let output, output != "-" else {
            Output.write(text)
            return
        }
        do {
            try FileWriter.write(text, to: output)
        } catch {
            Output.error(error.phrase)
            throw ExitCode(1)
        }
        if FileWriter.kind(of: output) == .regular { Output.error(CLIText.wrote.text(Output.lang, output)) }
    }
}
