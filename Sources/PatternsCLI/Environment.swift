import FoundationEssentials
import PlaygroundCore
import LessonModules
import Terminal

/// Facts about the process's surroundings, read once at start.
struct Environment {
    let variables: [String: String]
    let stdoutIsTerminal: Bool
    let stdinIsTerminal: Bool

    static func current() -> Environment {
        Environment(variables: ProcessInfo.processInfo.environment, stdoutIsTerminal: isTerminal(1), stdinIsTerminal: isTerminal(0))
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

    func width(_ flag: Int?) -> Int {
        if let flag { return max(20, flag) }
        if stdoutIsTerminal { return WindowSize.current().columns }
        if let columns = variables["COLUMNS"].flatMap(Int.init), columns >= 20 { return columns }
        return 80
    }
}

/// The lessons the binary carries, plus those of `--lessons DIR` (same id overrides).
enum LessonLoader {
    static func sources(extra directory: String?) throws -> [LessonSource] {
        var sources = EmbeddedLessons.files.map { file in
            LessonSource(path: "Lessons/" + file.path, lang: String(file.path.split(separator: "/").first ?? "en"), text: file.text, isBuiltIn: true)
        }
        if let directory {
            let manager = FileManager.default
            guard (try? manager.contentsOfDirectory(atPath: directory)) != nil else {
                throw ValidationErrorText("--lessons: '\(directory)' is not a folder")
            }
            let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            func add(_ folder: String, lang: String) {
                guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
                for name in names.sorted() where name.hasSuffix(".md") && name.lowercased() != "readme.md" {
                    let path = folder + "/" + name
                    guard let data = manager.contents(atPath: path) else { continue }
                    guard let text = String(validating: data, as: UTF8.self) else {
                        sources.append(LessonSource(path: path, lang: lang, text: "", isBuiltIn: false))
                        continue
                    }
                    sources.append(LessonSource(path: path, lang: lang, text: text, isBuiltIn: false))
                }
            }
            add(base, lang: "en")
            for lang in Lang.allCases { add(base + "/" + lang.rawValue, lang: lang.rawValue) }
        }
        return sources
    }

    static func catalog(extra directory: String?) throws -> LessonCatalog {
        LessonCatalog(sources: try sources(extra: directory), modules: LessonModules.names)
    }
}

struct ValidationErrorText: Error, CustomStringConvertible {
    var description: String
    init(_ text: String) { description = text }
}
