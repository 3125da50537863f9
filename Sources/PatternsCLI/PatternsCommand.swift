import ArgumentParser
import PlaygroundCore
import LessonModules
import Terminal
#if canImport(Glibc)
import Glibc
#endif

enum ColorMode: String, ExpressibleByArgument, CaseIterable { case auto, always, never }
extension LayoutMode: ExpressibleByArgument {}
enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, jsonl }

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("An extra lesson folder; a lesson with the same id replaces the built-in one.", valueName: "dir"))
    var lessons: String?
    @Option(name: .long, help: ArgumentHelp("Interface and lesson language (en, ko); default from LANG/LC_ALL.", valueName: "lang"))
    var lang: String?
    @Option(name: .long, help: "Colour: auto (honours NO_COLOR, TERM=dumb, non-TTY), always, never.")
    var color: ColorMode = .auto
    @Option(name: .long, help: ArgumentHelp("Wrap output to this many columns.", valueName: "n"))
    var width: Int?
    @Option(name: .long, help: "How panes are drawn: stream, or dashboard (full screen, TTY only).")
    var layout: LayoutMode = .stream
    @Option(name: .long, help: "Output format: text, or jsonl (one JSON object per pane message).")
    var format: OutputFormat = .text
    @Option(name: .long, help: ArgumentHelp("Record the output as an asciinema v2 cast.", valueName: "file.cast"))
    var record: String?

    func validate() throws {
        if let lang, Lang(rawValue: lang) == nil { throw ValidationError("--lang must be one of: en, ko") }
        if let width, width < 20 { throw ValidationError("--width must be at least 20") }
    }

    /// Builds a session from these options.
    func makeSession(environment: Environment) throws -> Session {
        let catalog = try LessonLoader.catalog(extra: lessons)
        let language = Lang.detect(flag: lang, environment: environment.variables)
        let options = SessionOptions(render: RenderOptions(width: environment.width(width), color: environment.colorEnabled(color)), lang: language)
        return Session(catalog: catalog, modules: LessonModules.all, options: options)
    }

    /// Starts recording when `--record` was given.
    func startRecording(environment: Environment, title: String) throws {
        guard let record else { return }
        let size = environment.stdoutIsTerminal ? WindowSize.current() : WindowSize(columns: environment.width(width), rows: 40)
        Output.recorder = try CastRecorder(path: record, width: size.columns, height: size.rows, title: title)
    }
}

@main
struct PatternsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patterns",
        abstract: "A terminal playground for design patterns: drive live objects and watch them work.",
        discussion: """
            With no subcommand, 'patterns' is the REPL: line editing on a terminal, a transcript from a pipe. \
            'patterns help repl' lists its options (--lang, --layout, --record, --format, --bail, ...).
            """,
        version: "0.1.0",
        subcommands: [ReplCommand.self, ListCommand.self, RunCommand.self, TestCommand.self, ExportCommand.self, ForgetCommand.self],
        defaultSubcommand: ReplCommand.self
    )

    /// A closed output pipe must end the program quietly (exit 0), not kill it with SIGPIPE.
    static func main() {
        Signals.ignoreBrokenPipe()
        main(nil)
    }
}
