import ArgumentParser
import LessonModules
import PlaygroundBridge
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

enum ColorMode: String, NamedCases { case auto, always, never }
extension LayoutMode: NamedCases {}
enum OutputFormat: String, NamedCases { case text, jsonl }

/// An option's values: the cases of an enum, each written as its name (`--color never`). What swift-argument-parser
/// works out for such a type by reflection, each time it builds an option's definition (the text of every case,
/// twice, and of the default; every command line builds those of several commands, `patterns list` six times), said
/// directly: the same words in help, completions and errors.
/// (Public: the library's own types among them witness the library's public requirements.)
public protocol NamedCases: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension NamedCases {
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "An extra lesson folder; a lesson with the same id replaces the built-in one.", valueName: "dir"))
    var lessons: String?
    @Flag(name: .long, help: ArgumentHelp(Self.trustHelp)) var trustLessons = false
    @Option(
        name: .long,
        help: ArgumentHelp("Interface and lesson language (en, ko); default from LANG/LC_ALL.", valueName: "lang"))
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
    @Option(
        name: .customLong("swift-version"),
        help: ArgumentHelp(
            "The Swift language mode compiled lines and files are judged in: 5 (swiftc's default) or 6.",
            valueName: "mode"))
    var swiftVersion: String?

    static let trustHelp =
        "Run the Swift in the --lessons folder's lessons (lines the interpreter does not run, "
        + "code exercise files); without it, it is shown, not run. Built-in lessons always run."

    /// The widths the program wraps to; a terminal or COLUMNS outside them is brought inside.
    static let widths = 20...1000

    /// `--width` as typed: inside ``widths`` or a usage error.
    static func check(width: Int?) throws {
        if let width, !widths.contains(width) {
            throw ValidationError(
                CLIText.widthRange.text(Output.lang, String(widths.lowerBound), String(widths.upperBound)))
        }
    }

    func validate() throws {
        if let lang, Lang(rawValue: lang) == nil { throw ValidationError(CLIText.langOneOf.text(Output.lang)) }
        if let swiftVersion, LineCompiler.LanguageMode(rawValue: swiftVersion) == nil {
            throw ValidationError(CLIText.swiftVersionOneOf.text(Output.lang))
        }
        try Self.check(width: width)
    }

    /// Builds a session from these options. `outlined`: the built-in lessons are read only as far as `list` shows
    /// them (for `list`, which runs nothing).
    func makeSession(environment: Environment, outlined: Bool = false) throws -> Session {
        let catalog = try LessonLoader.catalog(extra: lessons, trusted: trustLessons, outlined: outlined)
        let language = Lang.detect(flag: lang, environment: environment.variables)
        let options = SessionOptions(
            render: RenderOptions(width: environment.width(width), color: environment.colorEnabled(color)),
            lang: language)
        let session = Session(catalog: catalog, modules: LessonModules.all, options: options)
        switch environment.lineCompiler(swiftVersion: swiftVersion) {
        case .success(let compiler):
            // Ctrl-C while a compiled line runs in its dry run stops it; the REPL's handler leaves the signal here.
            compiler.interrupted = {
                guard Signals.pending == SIGINT else { return false }
                Signals.pending = 0
                return true
            }
            session.tools.compiler = compiler
            if let warning = compiler.cacheWarning { Output.warning(warning) }
            if !LineTasks.missing.isEmpty {
                Output.warning(EngineText.concurrencyNotTakenOver(LineTasks.missing.joined(separator: ", ")))
            }
            // Every line that may reach learner code runs in a copy of the process that carries on only if it
            // succeeds (ForkedLines.swift).
            session.tools.isolation = ForkedLines(
                runLimit: compiler.timeLimit, compileLimit: compiler.compileTimeLimit,
                memoryLimit: environment.lineMemoryLimit)
        case .failure(let reason):
            session.tools.compilerUnavailable = reason
        }
        session.tools.exercisesDirectory = Editor.exercisesDirectory(environment: environment.variables)
        if let editor = Editor.command(environment: environment.variables) {
            session.tools.openEditor = { path in Editor.open(path, with: editor) }
        }
        // The session lives as long as the process, as a Swift program's globals do: its objects are never torn
        // down at the end, so no learner's `deinit` runs after the last line, outside every line's protection.
        _ = Unmanaged.passRetained(session)
        return session
    }

    /// Starts recording when `--record` was given.
    func startRecording(environment: Environment, title: String) throws {
        guard let record else { return }
        let size =
            environment.stdoutIsTerminal
            ? WindowSize.current() : WindowSize(columns: environment.width(width), rows: 40)
        let terminal = environment.stdoutIsTerminal
        Output.recorder = try CastRecorder(path: record, size: size, title: title) {
            terminal ? WindowSize.current() : nil
        }
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
        version: "patterns " + versionText(.en),
        subcommands: [
            ReplCommand.self, ListCommand.self, RunCommand.self, TestCommand.self, ExportCommand.self,
            ForgetCommand.self,
            DoctorCommand.self, BindingsCommand.self, ClassCommand.self, ClassLinkCommand.self,
        ],
        defaultSubcommand: ReplCommand.self
    )

    static let version = "0.1.0"

    /// The version and the commit it was built from (read from .git at build time; a build without .git has none),
    /// so a participant's build can be told apart: `0.1.0 (commit 7f39fbe)`.
    static func versionText(_ lang: Lang) -> String {
        version + " (" + (BuildInfo.commit.map { "commit " + $0.prefix(7) } ?? CLIText.unknownCommit.text(lang)) + ")"
    }

    /// A closed output pipe must end the program quietly (exit 0), not kill it with SIGPIPE. Parse errors pass
    /// through the one sanitising step like every other message: they quote what was typed.
    static func main() {
        // The program forks with one thread (a test runner, with its many, forks in process where it must).
        Signals.ignoreBrokenPipe()
        Processes.keepStartingEnvironment()
        ThreadCount.asserted = true
        StandardStreams.ensureOpen()
        let arguments = GlobalOptions.movedAfterSubcommand(Array(CommandLine.arguments.dropFirst()))
        // The program's own messages speak the language asked for, its command-line errors included.
        Output.lang = Lang.detect(
            flag: CommandLineErrors.langFlag(in: arguments), environment: Environment.current().variables)
        do {
            if arguments == ["list"] {
                // The commonest look, with nothing to parse: no parser is built. The root's parse would build the
                // default subcommand (the REPL, with every option), and any parse looks for completion-script
                // requests: together more than the listing itself costs (README, "Performance").
                try ListCommand.list(lessons: nil, trusted: false, lang: nil)
                return
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error)
            if code != .success && !message.isEmpty {
                message = CommandLineErrors.translate(message, lang: Output.lang)
            }
            if !message.isEmpty {
                if code == .success { Output.text(message + "\n") } else { Output.error(message) }
            }
            Glibc.exit(code.rawValue)
        }
    }
}

extension GlobalOptions {
    /// The options every subcommand shares, with whether each takes a value.
    static let shared: [String: Bool] = [
        "--lessons": true, "--trust-lessons": false, "--lang": true, "--color": true,
        "--width": true, "--layout": true, "--format": true, "--record": true, "--swift-version": true,
    ]

    /// `patterns --lang ko list` means `patterns list --lang ko`: shared options written before the subcommand are
    /// moved after it, so they are accepted on either side. Anything else is left for the parser to judge.
    static func movedAfterSubcommand(_ arguments: [String]) -> [String] {
        var moved: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = String(argument.prefix { $0 != "=" })
            guard let takesValue = shared[name] else { break }
            moved.append(argument)
            index += 1
            if takesValue && !argument.contains("="), index < arguments.count {
                moved.append(arguments[index])
                index += 1
            }
        }
        guard !moved.isEmpty, index < arguments.count else { return arguments }
        let subcommand = arguments[index]
        let names = PatternsCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        guard names.contains(subcommand) else { return arguments }
        // A subcommand that does not take one of them (forget has no --format) names it in its own error.
        return [subcommand] + moved + arguments[(index + 1)...]
    }
}
