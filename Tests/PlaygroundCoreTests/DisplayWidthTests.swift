import Foundation
import Testing

@testable import PlaygroundCore

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3),
        ("한국어", 6),  // Hangul syllables: wide
        ("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo form one wide cluster
        ("漢字かな", 8),  // CJK ideographs and kana
        ("ｱ", 1),  // halfwidth katakana
        ("Ａ", 2),  // fullwidth Latin
        ("cafe\u{301}", 4),  // combining acute: 0
        ("e\u{301}\u{302}", 1),
        ("👋", 2),
        ("👨‍👩‍👧‍👦", 2),  // ZWJ family: one cluster, 2 columns
        ("🇰🇷", 2),  // flag: two regional indicators
        ("❤️", 2),  // text-default symbol with VS16
        ("❤", 1),
        ("\u{7}", 0),  // control characters take no column
        ("\u{200B}", 0),  // zero width space (format)
        ("안녕하세요 워크숍 👋", 20),
        ("\u{11F04}", 1),  // KAWI LETTER A (Unicode 15): newer than the table, narrow
        ("a\u{10EFD}", 1),  // a combining mark newer than the table: zero
        ("\u{D7A4}", 1),  // unassigned, outside the CJK blocks: narrow
        ("\u{0378}", 1),  // unassigned Greek: narrow (unicodedata calls it F)
    ])
    func measures(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    /// The generated table is what the generator writes now (as swift-format checks its generated files).
    @Test func theWidthTableIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Scripts/gen-width-table.py").path, "--check"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            process.terminationStatus == 0, "WideTable.swift is out of date; run Scripts/gen-width-table.py. \(message)"
        )
    }

    @Test func padsAndTruncatesByColumns() {
        #expect(DisplayWidth.pad("한", to: 4) == "한  ")
        #expect(DisplayWidth.truncate("한국어", to: 5) == "한국")
    }

    @Test func wrapsKoreanByColumns() {
        let lines = DisplayWidth.wrap("한국어 메시지와 café 그리고 더 많은 글자", width: 12)
        #expect(lines == ["한국어", "메시지와", "café 그리고", "더 많은 글자"])
        for line in lines { #expect(DisplayWidth.of(line) <= 12) }
    }

    @Test func wrapsLongWordsInside() {
        #expect(DisplayWidth.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        // Found by fuzzing: a wide character on a one-column line used to loop forever.
        #expect(DisplayWidth.wrap("a陖b", width: 1) == ["a", "陖", "b"])
        #expect(DisplayWidth.wrap("  indented words here", width: 10) == ["  indented", "  words", "  here"])
        // List items hang under their text.
        #expect(DisplayWidth.wrap("- one two three four", width: 10) == ["- one two", "  three", "  four"])
        #expect(DisplayWidth.wrap("  12. one two three", width: 14) == ["  12. one two", "      three"])
    }

    /// Code breaks between tokens only: never inside a string literal, each continuation indented, nothing lost.
    @Test(arguments: [
        #"alert.setTitle("Check your alerts").setMessage("We need permission").addConfirmAction("OK") { "#
            + #"print("tapped") }.present()"#,
        #"try employee.createCombo1(with: receiptBuilder)"#,
        #"    func addConfirmAction(_ title: String, action: @escaping () -> Void) -> Self"#,
        #"quizScreen.builder.setTitle("A title with many words that go on and on past any line")"#,
        #"let group = QuestionGroupBuilder().setTitle("Swift "basics" and more").question(0).setPrompt("What is a "#
            + #"protocol, really?")"#,
    ])
    func wrapsCodeBetweenTokens(line: String) {
        for width in 20...100 {
            let lines = DisplayWidth.wrapCode(line, width: width)
            let indent = line.prefix { $0 == " " }.count
            for (index, wrapped) in lines.enumerated() {
                // An even number of unescaped quotes on every line: no literal is cut.
                let quotes = wrapped.replacingOccurrences(of: "\\\"", with: "").filter { $0 == "\"" }.count
                #expect(quotes % 2 == 0, "\(wrapped.debugDescription) at \(width)")
                if index > 0 { #expect(wrapped.hasPrefix(String(repeating: " ", count: min(indent + 4, width / 2)))) }
                let fits = DisplayWidth.of(wrapped) <= width
                let oneToken = !wrapped.drop { $0 == " " }.contains(" ") || wrapped.contains("\"")
                // A line may be too wide only when what overflows would not fit on a line of its own either.
                let last = wrapped.split(separator: " ").last.map(String.init) ?? ""
                let tooWideAlone = DisplayWidth.of(last) + min(indent + 4, width / 2) > width
                #expect(
                    fits || oneToken || tooWideAlone || lines.count == 1,
                    "\(wrapped.debugDescription) at \(width) is too wide")
            }
            #expect(lines.joined().filter { $0 != " " } == line.filter { $0 != " " }, "\(lines) at \(width)")
        }
    }

    /// A command to copy breaks between tokens with ` \` at the end of each piece, and the REPL's joining gives back
    /// exactly the command (the space before the mark is kept, the continuation's indent dropped).
    @Test func aLongCommandContinuesWithABackslashAndJoinsBack() {
        let command =
            #"  > alert.setTitle("Check your alerts").setMessage("We need permission").addConfirmAction("OK") { "#
            + #"print("tapped") }.present()"#
        let lines = DisplayWidth.wrapCommand(command, width: 80)
        #expect(
            lines == [
                #"  > alert.setTitle("Check your alerts").setMessage("We need permission") \"#,
                #"      .addConfirmAction("OK") { print("tapped") }.present()"#,
            ])
        for line in lines { #expect(DisplayWidth.of(line) <= 80) }
        var joined = ""
        for line in lines {
            if let start = DisplayWidth.continuation(line) {
                joined += start
            } else {
                joined += line.drop { $0 == " " }
            }
        }
        #expect(joined.replacingOccurrences(of: " .", with: ".") == command)
        #expect(DisplayWidth.continuation(#"title a\\"#) == nil, "an escaped backslash is not a continuation")
        #expect(DisplayWidth.continuation("meat beef") == nil)
    }

    /// Random lines of mixed scripts: every wrapped line fits (or is one cluster too wide for any line), nothing is
    /// lost or reordered, and each break is needed (greedy: the next line's first word would not have fitted).
    @Test func wrapsRandomLinesGreedilyAndLosesNothing() {
        var generator = SplitMix(seed: 17)
        let pieces = ["a", "bc", "word", "한", "국어", "e\u{301}", "👋", "漢字", " ", " ", " ", "  ", "x\u{7}y", "ｱ"]
        for _ in 0..<3_000 {
            let indent = String(repeating: " ", count: Int(generator.next() % 4))
            let body = (0..<Int(generator.next() % 20)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            let line = indent + body.joined()
            let width = 1 + Int(generator.next() % 16)
            let lines = DisplayWidth.wrap(line, width: width)
            let leading = line.prefix { $0 == " " }.count
            let margin = leading < width / 2 ? String(repeating: " ", count: leading) : ""
            func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
            #expect(
                lines.joined().filter { $0 != " " } == line.filter { $0 != " " },
                "\(line.debugDescription) at \(width): \(lines)")
            guard DisplayWidth.of(line) > width else { #expect(lines == [line]); continue }
            for (index, wrapped) in lines.enumerated() {
                let w = DisplayWidth.of(wrapped)
                #expect(
                    w <= width || DisplayWidth.of(wrapped.drop { $0 == " " }.prefix(1)) > width - margin.count,
                    "\(line.debugDescription) at \(width): \(wrapped.debugDescription) is \(w) wide")
                if index > 0 { #expect(wrapped.hasPrefix(margin)) }
                if index + 1 < lines.count, let next = words(lines[index + 1]).first,
                    !wrapped.allSatisfy({ $0 == " " }),
                    wrapped.last != " "
                {
                    #expect(w + 1 + DisplayWidth.of(next) > width, "\(line.debugDescription) at \(width): \(lines)")
                }
            }
        }
    }
}

@Suite struct TextSanitizerTests {
    @Test func stripsControlAndEscapeSequences() {
        #expect(TextSanitizer.clean("a\u{1B}[31mred\u{1B}[0m b") == "ared b")
        #expect(TextSanitizer.clean("x\u{1B}]0;title\u{7}y") == "xy")
        #expect(TextSanitizer.clean("bell\u{7}\u{8}\r") == "bell")
        #expect(TextSanitizer.clean("tab\there\nline") == "tab    here\nline")
        #expect(TextSanitizer.clean("한글 ok") == "한글 ok")
        #expect(TextSanitizer.clean("c1\u{9B}2Jx") == "c1x")
    }
}

@Suite struct DashboardRendererTests {
    func mediator(lessonLines: Int = 2) -> Mediator {
        let mediator = Mediator.standard()
        let lesson =
            ["빌더 패턴 · 1단계", "한국어 설명과 café 👋 그리고 아주 긴 문장이 상자 안에서 줄바꿈됩니다"]
            + (0..<max(0, lessonLines - 3)).map { "line \($0)" } + ["Try:", "  > state"]
        mediator.post(topic: "lesson", source: "l", lesson.joined(separator: "\n"))
        mediator.post(topic: "state", source: "s", "builder: HamburgerBuilder\n* meat: .chicken")
        mediator.post(
            topic: "code", source: "c",
            #"alert.setTitle("Check your alerts").setMessage("We need permission").present()"#)
        mediator.post(topic: "out", source: "o", "answer")
        return mediator
    }

    @Test(arguments: [(80, 24), (100, 30), (120, 40), (200, 50), (60, 16)])
    func everyLineFillsTheWidthEvenWithKorean(width: Int, height: Int) {
        let lines = DashboardRenderer(width: width, height: height, status: "› meat chicken  ✓").lines(mediator())
        #expect(lines.count == height - 1, "the last row is the prompt's")
        for line in lines { #expect(DisplayWidth.of(line) == width, "\(line)") }
        #expect(lines[0].hasPrefix("┌─ lesson "))
        #expect(lines.contains { $0.contains("* meat: .chicken") }, "\(lines.joined(separator: "\n"))")
        #expect(lines[lines.count - 2].hasPrefix("answer"))
        #expect(lines[lines.count - 1].hasPrefix("› meat chicken  ✓"), "the status line")
        // Code in its box is never wrapped into other code: whole, or cut with a `›` at the border.
        for line in lines where width >= 80 && (line.contains("alert.setTitle") || line.contains(".setMessage")) {
            let inside = line.split(separator: "│").first { $0.contains("alert.") || $0.contains(".setMessage") } ?? ""
            #expect(inside.filter { $0 == "\"" }.count % 2 == 0 || inside.last == "›", "\(line)")
            #expect(inside.hasPrefix(" alert.setTitle"), "no continuation line: \(line)")
        }
    }

    @Test func aTerminalTooSmallIsToldSoAndTheLayoutStays() {
        let renderer = DashboardRenderer(width: 50, height: 14)
        #expect(!renderer.fits)
        let lines = renderer.lines(mediator())
        #expect(lines.count == 13)
        let text = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(
            text.contains(
                "The dashboard needs at least 60x16; this terminal is 50x14. Make it larger, or type 'layout stream'."),
            "\(text)")
        #expect(DashboardRenderer(width: 80, height: 24).fits)
    }

    /// A long answer takes the lesson's box until the next command, and scrolls like it.
    @Test func aLongAnswerIsPaged() {
        let mediator = mediator()
        let help = (1...30).map { "  command\($0)   what it does" }.joined(separator: "\n")
        let renderer = DashboardRenderer(width: 80, height: 24, pager: ("› help", help))
        #expect(renderer.needsPager(help))
        #expect(!renderer.needsPager("one line"))
        let lines = renderer.lines(mediator)
        #expect(lines[0].hasPrefix("┌─ answer ── ↓ PgDn "), "\(lines[0])")
        #expect(lines[1].hasPrefix("│ › help "))
        let end = DashboardRenderer(
            width: 80, height: 24, lessonScroll: renderer.maximumLessonScroll(mediator), pager: ("› help", help))
        #expect(end.lines(mediator).contains { $0.contains("command30") })
    }

    /// At 80x24 a long step scrolls: the border names the keys, and the last lines (the "Try:" line) are reachable.
    @Test func theLessonScrollsToItsLastLine() {
        let mediator = mediator(lessonLines: 40)
        let top = DashboardRenderer(width: 80, height: 24).lines(mediator)
        #expect(top[0].hasPrefix("┌─ lesson ── ↓ PgDn "))
        #expect(!top.contains { $0.contains("> state") })
        let maximum = DashboardRenderer(width: 80, height: 24).maximumLessonScroll(mediator)
        let bottom = DashboardRenderer(width: 80, height: 24, lessonScroll: maximum).lines(mediator)
        #expect(bottom[0].hasPrefix("┌─ lesson ── ↑ PgUp "), "\(bottom[0])")
        #expect(bottom.contains { $0.contains("│   > state") }, "\(bottom.joined(separator: "\n"))")
        // Past the end is the end.
        #expect(DashboardRenderer(width: 80, height: 24, lessonScroll: maximum + 50).lines(mediator) == bottom)
    }
}

/// A small seeded generator, so that random tests are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct LessonProseTests {
    /// A list item goes on over its indented lines, numbered items are items too, and a plain line after a list
    /// starts a paragraph: what the lesson pane shows.
    @Test func listItemsKeepTheirContinuationLines() {
        let body = [
            "Pick one:", "", "1. first,", "   still the first", "2. second", "- a bullet", "  that goes on", "After.",
        ]
        #expect(
            LessonNavigator.prose(body) == [
                "Pick one:", "", "1. first, still the first", "2. second",
                "- a bullet that goes on", "After.",
            ])
    }

    @Test func handoutsNumberNumberedLists() {
        #expect(
            Handout.blocks(["1. one", "2. two", "- dot", "", "text"])
                == "<ol><li>one</li><li>two</li></ol>\n<ul><li>dot</li></ul>\n<p>text</p>\n")
    }
}

@Suite struct WrapCodeTests {
    /// The first implementation, measuring the whole line for each piece: kept as the reference the faster one must
    /// agree with.
    static func reference(_ line: String, width: Int) -> [String] {
        guard width > 0, DisplayWidth.of(line) > width else { return [line] }
        let indent = line.prefix { $0 == " " }.count
        let continuation = String(repeating: " ", count: min(indent + 4, width / 2))
        var pieces: [String] = [], current = ""
        var inString = false, escaped = false
        var previous: Character = " "
        for c in line.dropFirst(indent) {
            if inString {
                current.append(c)
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    inString = false
                }
                previous = c
                continue
            }
            if c == "." && (previous == ")" || previous == "}") && !current.isEmpty {
                pieces.append(current); current = ""
            }
            current.append(c)
            if c == "\"" { inString = true }
            if c == " " { pieces.append(current); current = "" }
            previous = c
        }
        if !current.isEmpty { pieces.append(current) }
        var lines: [String] = []
        var now = String(repeating: " ", count: indent)
        var nowHasCode = false
        for piece in pieces {
            let candidate = now + piece
            let alone = continuation + piece.drop { $0 == " " }
            if nowHasCode && DisplayWidth.of(candidate.trimmingTrailingSpaces) > width
                && DisplayWidth.of(alone.trimmingTrailingSpaces) <= width
            {
                lines.append(now.trimmingTrailingSpaces)
                now = continuation + piece.drop { $0 == " " }
            } else {
                now = candidate
            }
            nowHasCode = true
        }
        if !now.trimmingTrailingSpaces.isEmpty { lines.append(now.trimmingTrailingSpaces) }
        return lines
    }

    @Test func agreesWithTheReferenceOnRandomCode() {
        var rng = SystemRandomNumberGenerator()
        let parts = [
            "alert", ".setTitle(", "\"Hi there\"", ")", " ", "  ", "{ print(\"x\") }", ".present()", "가나다", "😀",
            "\"a.b\\\"c\"", "try ", "(", "x: 1, ", "}",
        ]
        for _ in 0..<3_000 {
            let indent = String(repeating: " ", count: Int.random(in: 0...6, using: &rng))
            let line =
                indent
                + (0..<Int.random(in: 1...30, using: &rng)).map { _ in parts[Int.random(in: parts.indices, using: &rng)]
                }.joined()
            let width = Int.random(in: 8...90, using: &rng)
            #expect(
                DisplayWidth.wrapCode(line, width: width) == Self.reference(line, width: width), "\(width): \(line)")
        }
    }
}
