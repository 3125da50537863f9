import Foundation
import PlaygroundTestSupport
import Testing

/// Handouts for students and presenters, through the real binary, checked as HTML5.
@Suite struct HandoutTests {
    static var lessons: [String] { BuiltInLessons.ids }

    /// The checker itself: each broken document is caught, for the reason given.
    @Test(arguments: [
        (
            "<html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head><body></body></html>",
            "<!DOCTYPE html>"
        ),
        ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>t</title></head><body></body></html>", "no lang"),
        ("<!DOCTYPE html><html lang=\"en\"><head><title>t</title></head><body></body></html>", "charset"),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title></title></head><body></body></html>",
            "<title> with text"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta "
                + "charset=\"utf-8\"><title>t</title></head><body><p>a</body></html>",
            "</body> closes <p>"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta "
                + "charset=\"utf-8\"><title>t</title></head><body><p><ul><li>a</li></ul></p></body></html>",
            "<ul> inside <p>"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta "
                + "charset=\"utf-8\"><title>t</title></head><body><ul><p>a</p></ul></body></html>",
            "only <li>"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head><body>a & "
                + "b</body></html>",
            "bare '&'"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head><body>a < "
                + "b</body></html>",
            "'<'"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta "
                + "charset=\"utf-8\"><title>t</title></head><body><blink>a</blink></body></html>",
            "unknown element"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta "
                + "charset=\"utf-8\"><title>t</title></head><body><br></br></body></html>",
            "void"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head><body><span "
                + "class=x>a</span></body></html>",
            "unquoted"
        ),
        (
            "<!DOCTYPE html><html lang=\"en\"><head><meta "
                + "charset=\"utf-8\"><title>t</title></head><body><details><p>a</p><summary>s</summary></details></body"
                + "></html>",
            "<summary>"
        ),
    ])
    func theCheckerCatches(html: String, reason: String) {
        let problems = HTMLChecker.problems(in: html)
        #expect(problems.contains { $0.contains(reason) }, "\(problems)")
    }

    @Test func everyHandoutIsValidHTML5() throws {
        for lesson in Self.lessons {
            for lang in ["en", "ko"] {
                for audience in ["students", "presenters"] {
                    let result = try runPatterns([
                        "export", lesson, "--lang", lang, "--for", audience, "--format", "html",
                    ])
                    #expect(result.status == 0)
                    let problems = HTMLChecker.problems(in: result.output)
                    #expect(problems.isEmpty, "\(lesson) \(lang) \(audience): \(problems.prefix(5))")
                }
            }
        }
    }

    /// Sections of an HTML handout, each with whether it is an exercise and whether it shows a transcript.
    func sections(_ html: String) -> [(exercise: Bool, transcript: Bool, hints: Int)] {
        html.components(separatedBy: "<section class=\"step\">").dropFirst().map { section in
            (
                section.contains("<div class=\"goal\">"), section.contains("<pre class=\"transcript\">"),
                section.components(separatedBy: "<details class=\"hint\">").count - 1
            )
        }
    }

    @Test func studentsGetGoalsAndFoldedHintsButNoSolutions() throws {
        for lesson in Self.lessons {
            let html = try runPatterns(["export", lesson, "--for", "students", "--format", "html"]).output
            let steps = sections(html)
            #expect(steps.contains { $0.exercise }, "\(lesson) has exercises")
            for (index, step) in steps.enumerated() where step.exercise {
                #expect(!step.transcript, "\(lesson) step \(index + 1): a student's copy shows no solution")
                #expect(step.hints > 0, "\(lesson) step \(index + 1): hints are folded in <details>")
            }
            #expect(steps.contains { !$0.exercise && $0.transcript }, "walkthrough steps keep their transcripts")
            #expect(html.contains("<section class=\"intro\">"), "the pattern's definition is on top")
            #expect(html.contains("student&#39;s copy") || html.contains("student's copy"))
        }
    }

    @Test func presentersGetEverythingWithAClock() throws {
        for lesson in Self.lessons {
            // Made where the playground was built: a code exercise's solution runs with the compiler.
            let html = try runPatterns(
                ["export", lesson, "--for", "presenters", "--format", "html"], environment: ["PATH": toolchainPath()]
            ).output
            let steps = sections(html)
            for (index, step) in steps.enumerated() where step.exercise {
                #expect(step.transcript, "\(lesson) step \(index + 1): the presenter's copy has the solution")
            }
            #expect(html.components(separatedBy: "<p class=\"clock\">minute ").count - 1 == steps.count)
            #expect(html.contains("<span class=\"typed\"><span class=\"prompt\">"), "typed commands are set apart")
        }
        let markdown = try runPatterns(["export", "builder", "--for", "presenters"]).output
        #expect(markdown.contains("_minute 0 to "))
        #expect(markdown.contains("about 30 minutes · 12 steps, 3 exercises · presenter's copy, with solutions"))
    }

    /// On paper: every hint's text is printed (a folded <details> is not), after its exercise, for both audiences;
    /// a demonstration (builder step 9, a goal that stays unmet) keeps its transcript and is not called an exercise;
    /// every exercise names the commands it takes (delegate step 6 asks for a new board with strong delegates).
    @Test func handoutsPrintEveryHintAndCanBeDoneFromPaper() throws {
        for lesson in Self.lessons {
            for lang in ["en", "ko"] {
                let catalogLesson = try #require(ScreenTests.catalog.lesson(id: lesson, lang: lang == "ko" ? .ko : .en))
                for audience in ["students", "presenters"] {
                    let html = try runPatterns([
                        "export", lesson, "--lang", lang, "--for", audience, "--format", "html",
                    ]).output
                    // The printed lists as text: tags gone, entities read back.
                    let printed = Self.text(
                        html.components(separatedBy: "<ol class=\"hints").dropFirst().map { $0.prefix { $0 != "\n" } }
                            .joined())
                    for step in catalogLesson.steps where step.isExercise && !step.goalStaysUnmet {
                        for (n, hint) in step.hints.enumerated() {
                            let plain = hint.text.replacingOccurrences(of: "`", with: "").replacingOccurrences(
                                of: "**", with: "")
                            // A prediction's last hint names the answer: the students' paper leaves it out.
                            if audience == "students" && step.isPrediction && n == step.hints.count - 1 {
                                #expect(
                                    !printed.contains(plain),
                                    "\(lesson) \(lang) '\(step.title)': the answer is printed: '\(plain)'")
                                continue
                            }
                            #expect(
                                printed.contains(plain),
                                "\(lesson) \(lang) \(audience) '\(step.title)': hint '\(plain)' is not printed")
                        }
                    }
                    if audience == "students" {
                        #expect(
                            html.contains(
                                "@media print {\n  .print-only { display: block; } details.hint { display: none; }"))
                    }
                }
            }
        }
        let builder = try runPatterns(["export", "builder", "--for", "students", "--format", "html"]).output
        let nine = try #require(
            builder.components(separatedBy: "<section class=\"step\">").dropFirst().dropFirst(8).first)
        #expect(nine.contains("A button that does nothing"))
        #expect(
            nine.contains("buggyAlert.setTitle(&quot;Delete?&quot;)"), "the demonstration keeps its transcript: \(nine)"
        )
        #expect(!nine.contains("Exercise: reach this state"), "and is not called an exercise")
        #expect(nine.contains("<div class=\"goal unmet\">"))
        let delegate = try runPatterns(["export", "delegate", "--for", "students"]).output
        let six = try #require(
            delegate.components(separatedBy: "\n## 6. ").dropFirst().first?.components(separatedBy: "\n## 7. ").first)
        #expect(
            six.contains("Commands it takes (see `help` in the playground): `predict …`, `reset`, `delegate …`"),
            "\(six)")
    }

    /// HTML as text: tags removed, the entities the handout writes read back.
    static func text(_ html: String) -> String {
        var out = "", inTag = false
        for c in html {
            if c == "<" { inTag = true } else if c == ">" && inTag { inTag = false } else if !inTag { out.append(c) }
        }
        for (entity, c) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: c)
        }
        return out
    }

    /// `-o builder.html` writes HTML without `--format`; `--format` still decides when given.
    @Test func theFormatFollowsTheOutputFilesExtension() throws {
        let folder = NSTemporaryDirectory() + "handout-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, format, html) in [
            ("b.html", nil, true), ("b.HTM", nil, true), ("b.md", nil, false), ("c.html", "markdown", false),
            ("c.md", "html", true),
        ] as [(String, String?, Bool)] {
            let path = folder + "/" + name
            _ = try runPatterns(["export", "builder", "-o", path] + (format.map { ["--format", $0] } ?? []))
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("<!DOCTYPE html>") == html, "\(name) \(format ?? "-"): \(text.prefix(40))")
        }
    }

    /// The presenter's clock never gives a step no time, and keeps the minutes a step's author gave it.
    @Test func theClockHasNoEmptySlots() throws {
        for lesson in Self.lessons {
            let markdown = try runPatterns(["export", lesson, "--for", "presenters"]).output
            for line in markdown.split(separator: "\n") where line.hasPrefix("_minute ") {
                let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                #expect(numbers.count == 2 && numbers[0] < numbers[1], "\(lesson): \(line)")
            }
        }
    }

    @Test func printingWrapsAndKeepsKoreanWordsWhole() throws {
        let html = try runPatterns(["export", "builder", "--lang", "ko", "--format", "html"]).output
        #expect(html.contains("<html lang=\"ko\">"))
        #expect(html.contains(":lang(ko) { word-break: keep-all;"))
        #expect(html.contains("white-space: pre-wrap;"), "long lines wrap instead of being clipped")
        #expect(!html.contains("overflow-x"), "no scrollbar to print")
        #expect(html.contains("break-inside: avoid;"))
        #expect(html.contains("학생용"))
    }
}
