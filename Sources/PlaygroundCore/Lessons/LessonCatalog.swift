/// A lesson file's text and where it came from.
public struct LessonSource: Sendable {
    /// Shown in messages, e.g. `Lessons/en/01-builder.md`.
    public var path: String
    public var lang: String
    public var text: String
    /// Built-in sources are overridden by same-id sources from `--lessons DIR`.
    public var isBuiltIn: Bool
    public init(path: String, lang: String, text: String, isBuiltIn: Bool) {
        self.path = path
        self.lang = lang
        self.text = text
        self.isBuiltIn = isBuiltIn
    }
}

/// Every lesson that parsed, in every language, and the authoring mistakes of those that did not.
/// A broken file never stops the others from loading.
public struct LessonCatalog: Sendable {
    public private(set) var lessons: [Lesson] = []
    public private(set) var issues: [LessonIssue] = []

    public init(sources: [LessonSource], modules: Set<String>) {
        // Built-in first so that a lesson from --lessons with the same id replaces it.
        let ordered = sources.filter(\.isBuiltIn).sorted { $0.path < $1.path } + sources.filter { !$0.isBuiltIn }.sorted { $0.path < $1.path }
        for source in ordered {
            var lesson: Lesson
            do {
                lesson = try LessonParser.parse(source.text, path: source.path, lang: source.lang)
                lesson.isBuiltIn = source.isBuiltIn
            } catch {
                issues.append(error)
                continue
            }
            if !modules.contains(lesson.module) {
                issues.append(LessonIssue(path: source.path, line: line(of: "module:", in: source.text),
                                          message: "unknown module '\(lesson.module)' (known: \(modules.sorted().joined(separator: ", ")))"))
                continue
            }
            if let existing = lessons.firstIndex(where: { $0.id == lesson.id && $0.lang == lesson.lang }) {
                let previousIsBuiltIn = sources.first { $0.path == lessons[existing].path }?.isBuiltIn ?? false
                if previousIsBuiltIn && !source.isBuiltIn {
                    lessons[existing] = lesson
                } else {
                    issues.append(LessonIssue(path: source.path, line: line(of: "id:", in: source.text),
                                              message: "duplicate lesson id '\(lesson.id)' (also in \(lessons[existing].path))"))
                }
                continue
            }
            lessons.append(lesson)
        }
        lessons.sort { ($0.path.split(separator: "/").last ?? "") < ($1.path.split(separator: "/").last ?? "") }
    }

    /// The lesson in `lang`, falling back to English.
    public func lesson(id: String, lang: Lang) -> Lesson? {
        lessons.first { $0.id == id && $0.lang == lang.rawValue } ?? lessons.first { $0.id == id && $0.lang == "en" }
            ?? lessons.first { $0.id == id }
    }

    /// Lesson ids in catalogue order, each once.
    public var ids: [String] {
        var seen: Set<String> = []
        return lessons.map(\.id).filter { seen.insert($0).inserted }
    }

    public func languages(of id: String) -> [String] { lessons.filter { $0.id == id }.map(\.lang).sorted() }

    func line(of prefix: String, in text: String) -> Int {
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            if line.hasPrefix(prefix) { return n }
        }
        return 1
    }
}
