import LessonModules
import PlaygroundCore

@testable import PatternsCLI

/// The lessons the binary under test carries (the copy of `Lessons/` embedded at build time, as `patterns` loads
/// them). Tests iterate these and build their expected text from them, so a new lesson is tested, and breaks
/// nothing, without a change to any test.
enum BuiltInLessons {
    static let catalog: LessonCatalog = {
        let sources = (try? LessonLoader.sources(extra: nil).sources) ?? []
        return LessonCatalog(sources: sources, modules: LessonModules.names)
    }()

    /// Every lesson id, in the order `patterns list` shows them.
    static var ids: [String] { catalog.ids }

    /// Every lesson in every language it has, for parameterized tests.
    static var idsAndLangs: [(String, String)] { ids.flatMap { id in catalog.languages(of: id).map { (id, $0) } } }

    static func lesson(_ id: String, _ lang: Lang = .en) -> Lesson? { catalog.lesson(id: id, lang: lang) }

    /// The module names an "unknown module" error lists, sorted.
    static var modules: String { LessonModules.names.sorted().joined(separator: ", ") }

    /// What the program says after "unknown lesson '…'": every id, in catalogue order.
    static var known: String { "lessons: " + ids.joined(separator: ", ") }
}
