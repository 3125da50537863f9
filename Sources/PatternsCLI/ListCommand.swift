import ArgumentParser
import PlaygroundCore

/// `patterns list`: the lessons, their steps, languages and the learner's progress.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the lessons.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        try Self.list(lessons: global.lessons, trusted: global.trustLessons, lang: global.lang)
    }

    /// The table, from the catalogue alone (no session: `list` runs no lesson, so it looks for no compiler).
    static func list(lessons: String?, trusted: Bool, lang flag: String?) throws {
        let environment = Environment.current()
        // The built-in lessons read only as far as the table shows them: their blocks are never parsed here.
        let catalog = try LessonLoader.catalog(extra: lessons, trusted: trusted, outlined: true)
        let lang = Lang.detect(flag: flag, environment: environment.variables)
        let progress = ProgressFile.standard(environment: environment.variables)
        for warning in progress?.takeWarnings() ?? [] { Output.warning(warning) }
        var rows: [[String]] = [
            [
                CoreText.id.text(lang), CoreText.title.text(lang), CoreText.minutes.text(lang),
                CoreText.lang.text(lang),
                CoreText.progress.text(lang),
            ]
        ]
        for id in catalog.ids {
            guard let lesson = catalog.lesson(id: id, lang: lang) else { continue }
            let saved = progress?.load(lesson: id)
            rows.append([
                id, lesson.title, lesson.minutesText(lang), catalog.languages(of: id).joined(separator: ","),
                lesson.progressText(step: saved?.step, done: saved?.done ?? [], lang),
            ])
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) } }
        var out = ""
        for row in rows {
            out +=
                row.enumerated().map { i, cell in i == row.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[i]) }
                .joined(separator: "  ") + "\n"
        }
        Output.text(out)
        for issue in catalog.issues { Output.warning(.verbatim("\(issue)")) }
    }
}
