/// The text of `help`, `lessons` and `panes`: tables measured by display width, wrapped to the terminal.
struct HelpWriter {
    let lang: Lang
    let width: Int

    func commands(global: [CommandSpec], module: [CommandSpec], lesson: String?, objects: [LiveObject]) -> String {
        func rows(_ commands: [CommandSpec]) -> [String] { table(commands.map { ($0.usage, $0.summary.text(lang)) }) }
        var lines = [CoreText.commands.text(lang)] + rows(global)
        if let lesson, !module.isEmpty {
            lines += ["", CoreText.lessonCommands.text(lang, lesson)] + rows(module)
        }
        if !objects.isEmpty {
            let example =
                objects.first.flatMap { object in object.methods.first.map { "\(object.name).\($0.name)(...)" } } ?? ""
            lines += ["", CoreText.liveObjectsSwiftCallFormE.text(lang, example)]
            lines += table(objects.map { ("\($0.name): \($0.typeName)", CoreText.methodsHelp.text(lang, $0.name)) })
        }
        return lines.joined(separator: "\n")
    }

    /// A live object's real API, as Swift spells it.
    func object(_ object: LiveObject) -> String {
        var lines = ["\(object.name): \(object.typeName)"]
        for method in object.methods {
            lines.append("  " + (method.throwsError ? "try " : "") + "\(object.name).\(method.signature)")
        }
        return lines.joined(separator: "\n")
    }

    /// Every lesson with its length and where the learner is (`progress` gives the step and the steps done).
    func lessons(_ catalog: LessonCatalog, progress: (String) -> (step: Int, done: Set<Int>)?) -> String {
        let lessons = catalog.ids.compactMap { catalog.lesson(id: $0, lang: lang) }
        let rows = lessons.map { lesson -> [String] in
            let saved = progress(lesson.id)
            // The title last: it is the one cell that may wrap under itself (a long id and a long title would
            // otherwise push the steps past 80 columns).
            return [
                lesson.id, lesson.minutesText(lang),
                lesson.progressText(step: saved?.step, done: saved?.done ?? [], lang), lesson.title,
            ]
        }
        return ([CoreText.lessons.text(lang)] + columns(rows) + [CoreText.typeLoadLessonToStart.text(lang)]).joined(
            separator: "\n")
    }

    /// The routing table: every pane, whether it is shown, and the topics sent to it.
    func panes(_ configuration: [PaneConfiguration]) -> String {
        let header = [CoreText.pane.text(lang), CoreText.shown.text(lang), CoreText.topics.text(lang)]
        let rows = configuration.map {
            [
                $0.name, $0.isShown ? CoreText.yes.text(lang) : CoreText.no.text(lang),
                $0.topics.isEmpty ? "-" : $0.topics.joined(separator: ", "),
            ]
        }
        return columns([header] + rows).joined(separator: "\n")
    }

    /// Columns as wide as their widest cell, by display width; the last column is not padded.
    func columns(_ rows: [[String]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { c in rows.map { c < $0.count ? DisplayWidth.of($0[c]) : 0 }.max() ?? 0 }
        var lines: [String] = []
        for row in rows {
            // The last column wraps under itself when the line would be wider than the terminal.
            let lead = row.dropLast().enumerated().map { c, cell in DisplayWidth.pad(cell, to: widths[c]) + "  " }
                .joined()
            let indent = 2 + DisplayWidth.of(lead)
            let wrapped = DisplayWidth.wrap(row.last ?? "", width: max(10, width - indent))
            lines.append("  " + lead + (wrapped.first ?? ""))
            lines += wrapped.dropFirst().map { String(repeating: " ", count: indent) + $0 }
        }
        return lines
    }

    /// Two columns; a long second column wraps under itself (a hanging indent), not under the first.
    func table(_ rows: [(String, String)]) -> [String] {
        let first = min(rows.map { DisplayWidth.of($0.0) }.max() ?? 0, max(10, width / 2))
        let available = max(10, width - first - 4)
        var lines: [String] = []
        for (left, right) in rows {
            let wrapped = DisplayWidth.wrap(right, width: available)
            if DisplayWidth.of(left) > first {
                lines.append("  " + left)
                lines += wrapped.map { "  " + String(repeating: " ", count: first) + "  " + $0 }
            } else {
                lines.append("  " + DisplayWidth.pad(left, to: first) + "  " + (wrapped.first ?? ""))
                lines += wrapped.dropFirst().map { "  " + String(repeating: " ", count: first) + "  " + $0 }
            }
        }
        return lines
    }
}
