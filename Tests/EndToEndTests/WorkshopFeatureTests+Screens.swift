import Foundation
import PlaygroundCore
import PlaygroundTestSupport
import Testing

@testable import PatternsCLI

// The presenter's screens: the clock at every width, pages that keep a code block whole, words in both languages.
extension WorkshopFeatureTests {
    /// The clock says the time, the step's slot and, past its end, how late; the wait keeps it at every width: after
    /// the key line when both fit, else on a line of its own above it (the exercise wait at 80 and 100 columns, the
    /// page wait), a class's keys above; no line as wide as the screen, no word cut.
    @Test func theWaitShowsTheClockAtEveryWidth() {
        let schedule = [(start: 0, length: 3), (start: 3, length: 3), (start: 6, length: 1)]
        let late = Presenter.clock(elapsed: 939, schedule: schedule, step: 2, lang: .en)
        #expect(late == "⏱ 15:39 · step: min 6–7 of 7 · 8 min behind")
        #expect(Presenter.clock(elapsed: 939, schedule: schedule, step: 2, lang: .ko).hasSuffix(" · 8분 늦음"))
        #expect(Presenter.clock(elapsed: 179, schedule: schedule, step: 0, lang: .en) == "⏱ 02:59 · step: min 0–3 of 7")
        #expect(Presenter.clock(elapsed: 65, schedule: nil, step: 0, lang: .en) == "⏱ 01:05")
        let exercise = PresenterText.enterShowsTheSolution.text(.en)
        for width in [80, 100] {
            #expect(Presenter.waitLines(exercise, clock: late, classKeys: nil, width: width) == [late, exercise])
        }
        #expect(
            Presenter.waitLines(exercise, clock: "⏱ 00:03", classKeys: nil, width: 100) == [exercise + "   ⏱ 00:03"])
        let next = PresenterText.enterNextStep.text(.en)
        #expect(Presenter.waitLines(next, clock: late, classKeys: nil, width: 80) == [late, next])
        #expect(Presenter.waitLines(next, clock: late, classKeys: nil, width: 100) == [next + "   " + late])
        let page = PresenterText.nextPage.text(.en)
        let keys = ClassText.presenterKeys.text(.en)
        #expect(keys.hasPrefix("[class: t the room tries · h a hint · s the solution · a the answers · c"))
        // The class's keys are wider than 80 columns: cut at a word, above the clock.
        #expect(
            Presenter.waitLines(page, clock: late, classKeys: keys, width: 80) == [
                "[class: t the room tries · h a hint · s the solution · a the answers · c",
                "close/open joining · :class remove NAME]", late, page,
            ])
        // Narrower than the key line: cut at its words, the clock on its own line.
        expectSame(
            Presenter.waitLines(exercise, clock: "⏱ 00:03", classKeys: nil, width: 40).joined(separator: "\n"),
            """
            ⏱ 00:03
            [Enter: show the solution · r: all of
            it at once · b: back · q: stop]
            """)
    }

    /// A page break never splits a block of code (or a transcript) that one page can hold: the block, with the line
    /// that introduces it, starts the next page; a block taller than a page is cut where the page is full.
    @Test func pagesKeepACodeBlockWhole() {
        let lines = [
            "The builder keeps the parts:", "", "Like this:", "    final class Builder {", "        var meat = 1",
            "    ",
            "        func build() {}", "    }", "", "After the block.",
        ]
        #expect(
            Presenter.pages(lines, rows: 7) == [
                ["The builder keeps the parts:", ""],
                [
                    "Like this:", "    final class Builder {", "        var meat = 1", "    ",
                    "        func build() {}",
                    "    }", "",
                ],
                ["After the block."],
            ])
        #expect(Presenter.pages(lines, rows: 4).map(\.count) == [4, 4, 2], "a block taller than a page is cut")
    }

    /// The presenter mode's words exist in both languages with the same arguments.
    @Test func presenterWordsAreInBothLanguages() {
        let texts = PresenterText.allCases.map(\.texts) + PagerText.allCases.map(\.texts)
        for text in texts {
            let en = text.en, ko = text.ko
            #expect(en != ko, "\(text)")
            #expect(ko.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(text)")
            #expect(en.filter { $0 == "{" }.count == ko.filter { $0 == "{" }.count, "\(text)")
        }
    }
}
