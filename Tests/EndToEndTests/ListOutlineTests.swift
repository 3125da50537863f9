import Foundation
import LessonModules
import PlaygroundCore
import Testing

@testable import PatternsCLI

/// `patterns list` reads the built-in lessons only in outline (front matter, step headings, goals): what it shows
/// must be what the full parse says, for every lesson in every language.
@Suite struct ListOutlineTests {
    /// What `list` shows of a lesson, and what decides it, as one comparable text.
    func listed(_ lesson: Lesson) -> String {
        let steps = lesson.steps.map { step in
            "\(step.line) \(step.title) goal=\(step.goal.map { "\($0.key):\($0.value)" }) unmet=\(step.goalStaysUnmet)"
        }
        return [
            lesson.id, lesson.title, lesson.summary, lesson.module, lesson.lang, lesson.path, "\(lesson.minutes)",
            "\(lesson.exerciseIndices)", "\(lesson.isBuiltIn) \(lesson.isTrusted)",
        ].joined(separator: "|") + "\n" + steps.joined(separator: "\n")
    }

    @Test func everyBuiltInLessonOutlinesAsItParses() throws {
        let sources = try LessonLoader.sources(extra: nil).sources
        #expect(sources.count >= 10)
        for source in sources {
            let full = try LessonParser.parse(source.text, path: source.path, lang: source.lang)
            let outline = try #require(
                LessonParser.outline(source.text, path: source.path, lang: source.lang), "\(source.path)")
            #expect(listed(outline) == listed(full), "\(source.path)")
        }
    }

    @Test func theOutlinedCatalogListsWhatTheFullOneDoes() throws {
        let sources = try LessonLoader.sources(extra: nil).sources
        let full = LessonCatalog(sources: sources, modules: LessonModules.names)
        let outlined = LessonCatalog(sources: sources, modules: LessonModules.names, outlined: true)
        // The outline finds no mistakes, so the built-in lessons must have none for `list` to be true.
        #expect(full.issues.isEmpty, "\(full.issues)")
        #expect(outlined.ids == full.ids)
        for id in full.ids {
            #expect(outlined.languages(of: id) == full.languages(of: id))
            for lang in Lang.allCases {
                let a = try #require(outlined.lesson(id: id, lang: lang))
                let b = try #require(full.lesson(id: id, lang: lang))
                #expect(listed(a) == listed(b))
                #expect(a.progressText(step: 2, done: [3], lang) == b.progressText(step: 2, done: [3], lang))
            }
        }
    }

    /// A heading inside a block is no step; a demonstration's goal is no exercise; a lesson from `--lessons` is
    /// parsed in full even when outlined (its mistakes are reported).
    @Test func blocksAndDemonstrationsAreReadAsTheParserReadsThem() throws {
        let text = """
            ---
            id: tiny
            title: Tiny
            module: builder
            minutes: 7
            ---
            # Tiny

            ```text
            ## not a step
            ```
            ## One

            ```goal unmet
            builder.meat: .beef
            ```
            ## Two\r
            ```goal
            builder.meat: .tofu
            ```
            """
        let full = try LessonParser.parse(text, path: "t/tiny.md", lang: "en")
        let outline = try #require(LessonParser.outline(text, path: "t/tiny.md", lang: "en"))
        #expect(listed(outline) == listed(full))
        #expect(outline.steps.map(\.title) == ["One", "Two"])
        #expect(outline.exerciseIndices == [1])
        let broken = text.replacingOccurrences(of: "```goal\n", with: "```goals\n")
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "t/tiny.md", lang: "en", text: broken, isBuiltIn: false)],
            modules: LessonModules.names, outlined: true)
        #expect(catalog.lessons.isEmpty)
        #expect(catalog.issues.count == 1)
    }
}
