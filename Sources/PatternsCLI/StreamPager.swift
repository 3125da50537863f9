import PlaygroundCore
import Terminal

/// The stream layout's pager, for a person at a terminal: text taller than the screen goes out a page at a time,
/// each page but the last followed by a line that says how to go on (Enter or Space: the next page; q: the rest at
/// once). A lesson's definition is a page of its own: the page ends before the rule that separates it from step 1.
struct StreamPager {
    let keys: KeyReader
    let style: Style
    /// The terminal's rows now (it may be resized between answers).
    let rows: () -> Int
    /// Where a key that is not the pager's goes (the line reader's next line): typing ahead loses nothing.
    var giveBack: ((String) -> Void)? = nil

    func show(_ text: String, width: Int, lang: Lang) {
        let height = rows()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let pages = Self.pages(lines, rows: height - 2, width: width)
        guard pages.count > 1 else { Output.write(text); return }
        for (index, page) in pages.enumerated() {
            Output.write(page.map { $0 + "\n" }.joined())
            guard index + 1 < pages.count else { break }
            let prompt = style.dim(
                DisplayWidth.truncate(PagerText.more.text(lang, String(index + 1), String(pages.count)), to: width - 1))
            Output.write(prompt)
            let key = keys.next()
            Output.write("\r\u{1B}[K")
            switch key {
            case .enter, .character(" "), .pageDown:
                continue
            default:
                // q, or any other key: the rest at once (nothing is lost, only the pauses); a typed key starts the
                // next line.
                Output.write(pages[(index + 1)...].flatMap { $0 }.map { $0 + "\n" }.joined())
                if case .character(let c) = key, c != "q", c != "Q" { giveBack?(String(c)) }
                return
            }
        }
    }

    /// Lines cut into pages of at most `rows` screen rows (a line wider than `width` takes more than one); a page
    /// also ends before the rule under a lesson's definition, so that the definition is read on its own.
    static func pages(_ lines: [String], rows: Int, width: Int) -> [[String]] {
        let rows = max(3, rows)
        func height(_ line: String) -> Int {
            let columns = DisplayWidth.of(TextSanitizer.clean(line))
            return max(1, (columns + max(1, width) - 1) / max(1, width))
        }
        guard lines.reduce(0, { $0 + height($1) }) > rows + 1 else { return [lines] }
        var pages: [[String]] = [[]]
        var used = 0
        let lessonHeader = StreamRenderer.header("lesson")
        for (index, line) in lines.enumerated() {
            let h = height(line)
            let rule = line == LessonController.introductionRule && !pages[pages.count - 1].isEmpty
            // The step's text starts a page when the rest of this one cannot hold it: its title stays with it.
            let lesson =
                line == lessonHeader && used > 0 && used + lines[index...].reduce(0, { $0 + height($1) }) > rows
            if used + h > rows || rule || lesson {
                pages.append([])
                used = 0
            }
            pages[pages.count - 1].append(line)
            used += h
        }
        return pages
    }
}

/// What the pager says, in English and Korean.
enum PagerText: String, TextCatalog {
    case more

    var texts: (en: String, ko: String) {
        switch self {
        case .more:
            (
                "── page {0} of {1} · Enter or Space: next page · q: the rest at once ──",
                "── {0} / {1}쪽 · Enter나 Space: 다음 쪽 · q: 나머지를 한꺼번에 ──"
            )
        }
    }
}
