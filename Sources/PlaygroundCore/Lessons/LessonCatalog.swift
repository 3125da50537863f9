/// A lesson file's text and where it came from.
public struct LessonSource: Sendable {
    /// Shown in messages, e.g. `Lessons/en/01-builder.md`.
    public var path: String
    public var lang: String
    public var text: String
    /// Built-in sources are overridden by same-id sources from `--lessons DIR`.
    public var isBuiltIn: Bool
    /// Its Swift may be compiled and run: a built-in lesson, or one from a folder the user trusts (`--trust-lessons`).
    public var isTrusted: Bool
    public init(path: String, lang: String, text: String, isBuiltIn: Bool, isTrusted: Bool? = nil) {
        self.path = path
        self.lang = lang
        self.text = text
        self.isBuiltIn = isBuiltIn
        self.isTrusted = isTrusted ?? isBuiltIn
    }
}

/// Every lesson that parsed, in every language, and the authoring mistakes of those that did not.
/// A broken file never stops the others from loading.
public struct LessonCatalog: Sendable {
    public private(set) var lessons: [Lesson] = []
    public private(set) var issues: [LessonIssue] = []
    /// id -> lang -> index in `lessons`: lookups stay cheap with thousands of lessons.
    private var index: [String: [String: Int]] = [:]

    /// `outlined`: the built-in lessons are read only as far as `patterns list` shows them
    /// (``LessonParser/outline(_:path:lang:)``): their steps have titles and goals, nothing else. For a listing only.
    public init(sources: [LessonSource], modules: Set<String>, outlined: Bool = false) {
        // Built-in first so that a lesson from --lessons with the same id replaces it.
        let ordered =
            sources.filter(\.isBuiltIn).sorted { $0.path < $1.path }
            + sources.filter { !$0.isBuiltIn }.sorted { $0.path < $1.path }
        let builtInPaths = Set(sources.filter(\.isBuiltIn).map(\.path))
        var found: [String: Int] = [:]  // "id lang" -> index
        for source in ordered {
            var lesson: Lesson
            do {
                if outlined && source.isBuiltIn,
                    let outline = LessonParser.outline(source.text, path: source.path, lang: source.lang)
                {
                    lesson = outline
                } else {
                    lesson = try LessonParser.parse(source.text, path: source.path, lang: source.lang)
                }
                lesson.isBuiltIn = source.isBuiltIn
                lesson.isTrusted = source.isTrusted
            } catch {
                issues.append(error)
                continue
            }
            if !modules.contains(lesson.module) {
                issues.append(
                    LessonIssue(
                        path: source.path, line: line(of: "module:", in: source.text),
                        message:
                            "unknown module '\(lesson.module)' (known: \(modules.sorted().joined(separator: ", ")))"))
                continue
            }
            if let existing = found[lesson.id + " " + lesson.lang] {
                let previousIsBuiltIn = builtInPaths.contains(lessons[existing].path)
                if previousIsBuiltIn && !source.isBuiltIn {
                    lessons[existing] = lesson
                } else {
                    issues.append(
                        LessonIssue(
                            path: source.path, line: line(of: "id:", in: source.text),
                            message: "duplicate lesson id '\(lesson.id)' (also in \(lessons[existing].path))"))
                }
                continue
            }
            found[lesson.id + " " + lesson.lang] = lessons.count
            lessons.append(lesson)
        }
        lessons = lessons.map { (($0.path.split(separator: "/").last).map(String.init) ?? "", $0) }.sorted {
            $0.0 < $1.0
        }.map(\.1)
        for (i, lesson) in lessons.enumerated() { index[lesson.id, default: [:]][lesson.lang] = i }
    }

    /// The lesson in `lang`, falling back to English, then to any language.
    public func lesson(id: String, lang: Lang) -> Lesson? {
        guard let byLang = index[id] else { return nil }
        let at = byLang[lang.rawValue] ?? byLang["en"] ?? byLang.values.min()
        return at.map { lessons[$0] }
    }

    /// Lesson ids in catalogue order, each once.
    public var ids: [String] {
        var seen: Set<String> = []
        return lessons.map(\.id).filter { seen.insert($0).inserted }
    }

    public func languages(of id: String) -> [String] { (index[id]?.keys).map { $0.sorted() } ?? [] }

    func line(of prefix: String, in text: String) -> Int {
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            if line.hasPrefix(prefix) { return n }
        }
        return 1
    }
}

extension LessonCatalog {
    /// The one way an unknown lesson is named, wherever it was asked for: `load` in the REPL, and `run`, `export`,
    /// `forget` and `test` on the command line. A close id is suggested, else the lessons are listed.
    public func unknownLesson(_ id: String) -> PlaygroundError {
        var message = CoreText.unknownLesson(id)
        if let s = Suggest.closest(to: id, in: ids) {
            message += CoreText.andDidYouMean(s)
        } else {
            message += CoreText.andLessons(ids.joined(separator: ", "))
        }
        return PlaygroundError(message)
    }
}
