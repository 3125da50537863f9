import FoundationEssentials
import LessonModules
import PlaygroundBridge
import PlaygroundCore
import Terminal

/// Facts about the process's surroundings, read once at start.
struct Environment {
    let variables: [String: String]
    let stdoutIsTerminal: Bool
    let stdinIsTerminal: Bool

    static func current() -> Environment {
        Environment(
            variables: ProcessInfo.processInfo.environment, stdoutIsTerminal: isTerminal(1),
            stdinIsTerminal: isTerminal(0))
    }

    /// NO_COLOR (non-empty), TERM=dumb and non-TTY output turn colour off unless `--color always`.
    func colorEnabled(_ mode: ColorMode) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = variables["NO_COLOR"], !noColor.isEmpty { return false }
            if variables["TERM"] == "dumb" { return false }
            return stdoutIsTerminal
        }
    }

    /// The Swift compiler for the lines the interpreter does not run (`PATTERNS_LINE_TIME_LIMIT` applied, in the
    /// language mode `--swift-version` chose), or why there is none.
    func lineCompiler(swiftVersion: String? = nil) -> Result<LineCompiler, LineCompiler.Unavailable> {
        LineCompiler.find(environment: variables).map { compiler in
            // A line's tasks run on the line's thread: a copy of the process never inherits a half pool.
            LineTasks.pretendMissing = variables[TestHooks.missingHook]
            LineTasks.install()
            if let mode = swiftVersion.flatMap(LineCompiler.LanguageMode.init(rawValue:)) {
                compiler.languageMode = mode
            }
            if let limit = variables["PATTERNS_LINE_TIME_LIMIT"].flatMap(Double.init), limit > 0 {
                compiler.timeLimit = limit
            }
            if let limit = variables["PATTERNS_COMPILE_TIME_LIMIT"].flatMap(Double.init), limit > 0 {
                compiler.compileTimeLimit = limit
            }
            return compiler
        }
    }

    /// How many megabytes a line's copy of the process may hold (`PATTERNS_LINE_MEMORY_LIMIT`; 2048 if unset).
    var lineMemoryLimit: Int {
        variables["PATTERNS_LINE_MEMORY_LIMIT"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 2048
    }

    func width(_ flag: Int?) -> Int {
        let widths = GlobalOptions.widths
        if let flag { return min(max(widths.lowerBound, flag), widths.upperBound) }
        if stdoutIsTerminal { return min(max(widths.lowerBound, WindowSize.current().columns), widths.upperBound) }
        if let columns = variables["COLUMNS"].flatMap(Int.init), widths.contains(columns) { return columns }
        return 80
    }
}

/// The lessons the binary carries, plus those of `--lessons DIR` (same id overrides).
enum LessonLoader {
    /// The sources, and the files or folders of `--lessons` that could not be read (`cannot read '...': reason`).
    /// The folder's lessons run their Swift only when `trusted` (`--trust-lessons`): lessons are data.
    static func sources(extra directory: String?, trusted: Bool = false) throws
        -> (sources: [LessonSource], unreadable: [String])
    {
        var unreadable: [String] = []
        var sources = EmbeddedLessons.files.map { file in
            LessonSource(
                path: "Lessons/" + file.path, lang: String(file.path.split(separator: "/").first ?? "en"),
                text: file.text, isBuiltIn: true)
        }
        if let directory {
            let manager = FileManager.default
            switch FileKind.of(directory) {
            case .folder: break
            case .missing: throw ValidationErrorText(CLIText.lessonsMissing.text(Output.lang, directory))
            case .regular, .namedPipe, .socket, .device:
                let what = FileError.reason(kind: FileKind.of(directory))?.text(Output.lang) ?? ""
                throw ValidationErrorText(
                    CLIText.notAFolder.text(
                        Output.lang, directory, what.isEmpty ? CLIText.isAFile.text(Output.lang) : what))
            }
            guard (try? manager.contentsOfDirectory(atPath: directory)) != nil else {
                throw ValidationErrorText(
                    FileError(.read, directory, reason: CLIText.permissionDenied.phrase).description)
            }
            let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            func add(_ folder: String, lang: String) {
                guard FileWriter.kind(of: folder) == .folder else { return }
                guard let names = try? manager.contentsOfDirectory(atPath: folder) else {
                    unreadable.append(FileError(.read, folder, reason: CLIText.permissionDenied.phrase).description)
                    return
                }
                for name in names.sorted() where name.hasSuffix(".md") && name.lowercased() != "readme.md" {
                    let path = folder + "/" + name
                    let bytes: [UInt8]
                    do {
                        bytes = try FileWriter.read(path)
                    } catch {
                        unreadable.append(error.description)
                        continue
                    }
                    // A UTF-8 byte order mark (some editors write one) is not part of the text.
                    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
                    // Invalid UTF-8 gets an empty text: the parser then reports the file by name.
                    let text = String(validating: body, as: UTF8.self) ?? ""
                    sources.append(
                        LessonSource(
                            path: path, lang: lang, text: text, isBuiltIn: false,
                            isTrusted: trusted))
                }
            }
            add(base, lang: "en")
            for lang in Lang.allCases { add(base + "/" + lang.rawValue, lang: lang.rawValue) }
        }
        return (sources, unreadable)
    }

    /// The catalog; files that could not be read are reported on stderr as warnings. `outlined`: the built-in
    /// lessons only as far as `patterns list` shows them (``LessonCatalog/init(sources:modules:outlined:)``).
    static func catalog(extra directory: String?, trusted: Bool = false, outlined: Bool = false) throws
        -> LessonCatalog
    {
        let (sources, unreadable) = try sources(extra: directory, trusted: trusted)
        for problem in unreadable { Output.warning(.verbatim(problem)) }
        return LessonCatalog(sources: sources, modules: LessonModules.names, outlined: outlined)
    }
}

struct ValidationErrorText: Error, CustomStringConvertible {
    var description: String
    init(_ text: String) { description = text }
}
