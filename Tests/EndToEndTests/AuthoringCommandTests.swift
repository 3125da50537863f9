import Foundation
import PlaygroundTestSupport
import Testing

/// `patterns test` as an author meets it: the file on disk is what is tested, and each file gets one verdict.
@Suite struct AuthoringCommandTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func scratch() throws -> String {
        let folder = NSTemporaryDirectory() + "patterns-authoring-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/Lessons/en", withIntermediateDirectories: true)
        return folder
    }

    /// The builder lesson in both languages under another id, in a folder of its own, each file changed by `edit`.
    func copiedBuilder(_ edit: (String, String) throws -> String) throws -> String {
        let folder = try scratch() + "/Lessons"
        try FileManager.default.createDirectory(atPath: folder + "/ko", withIntermediateDirectories: true)
        for lang in ["en", "ko"] {
            let text = try String(contentsOfFile: root + "/Lessons/\(lang)/01-builder.md", encoding: .utf8)
            try edit(lang, text.replacingOccurrences(of: "\nid: builder\n", with: "\nid: copy\n"))
                .write(toFile: folder + "/\(lang)/01-builder.md", atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// `test --lessons DIR ID` tests the lesson in every language: an English file that no longer loads fails the run,
    /// beside its Korean twin's "ok", whatever the files are called.
    @Test func anIdNamesTheLessonInEveryLanguage() throws {
        let folder = try copiedBuilder { lang, text in
            lang == "en" ? text.replacingOccurrences(of: "```patterns\n> state", with: "```pattern\n> state") : text
        }
        let result = try runPatterns(["test", "--lessons", folder, "copy"])
        #expect(result.status == 1)
        #expect(
            result.output.hasPrefix(
                "FAIL \(folder)/en/01-builder.md:65: unknown code block '```pattern' (rule: every block is one the "
                    + "tester reads or a language the prose shows; "), "\(result.output)")
        #expect(result.output.contains("\nok   copy (ko): 12 steps, 22 commands\n"), "\(result.output)")
        #expect(result.output.hasSuffix("\n1 passed, 1 failed\n"), "\(result.output)")
    }

    /// A new prediction step is recorded by one `--update`: its `predict` names the Swift that reveals the answer
    /// (from the output being recorded), and a command that fails on purpose is said to fail, not to "now" fail.
    @Test func oneUpdateRecordsANewPredictionStep() throws {
        // The builder's prediction step ("predict the sold-out meat") with its output left out.
        let folder = try copiedBuilder { _, text in
            let goal = try #require(text.range(of: "prediction.answer"))
            let open = try #require(text.range(of: "```patterns\n", range: goal.upperBound..<text.endIndex))
            let close = try #require(text.range(of: "\n```\n", range: open.upperBound..<text.endIndex))
            let commands = text[open.upperBound..<close.lowerBound].split(separator: "\n").filter { $0.hasPrefix("> ") }
            return String(text[..<open.upperBound]) + commands.joined(separator: "\n") + text[close.lowerBound...]
        }
        let refused = try runPatterns(["test", "--lessons", folder, "copy", "--update"])
        #expect(refused.status == 1)
        #expect(
            refused.output.hasPrefix(
                "FAIL \(folder)/en/01-builder.md:250: 'meat kitten' fails: error: "
                    + "HamburgerBuilder.Error.soldOut(.kitten) "
                    + "was thrown: kitten is sold out\n"
                    + "FAIL copy (en): not updated; fix the lesson or the playground, or pass --accept-errors\n"),
            "\(refused.output)")
        let updated = try runPatterns(["test", "--lessons", folder, "copy", "--update", "--accept-errors"])
        #expect(updated.status == 0, "\(updated.output)")
        #expect(updated.output.hasSuffix("2 passed, 0 failed\n"), "\(updated.output)")
        for lang in ["en", "ko"] {
            let written = try String(contentsOfFile: folder + "/\(lang)/01-builder.md", encoding: .utf8)
            let shipped = try String(contentsOfFile: root + "/Lessons/\(lang)/01-builder.md", encoding: .utf8)
            #expect(written == shipped.replacingOccurrences(of: "\nid: builder\n", with: "\nid: copy\n"), "\(lang)")
        }
    }

    /// An author edits a built-in lesson and runs the binary built before the edit: the edit is what is tested, and
    /// the author is told to rebuild.
    @Test func anEditedBuiltInLessonIsTestedFromTheFile() throws {
        let folder = try scratch()
        let original = try String(contentsOfFile: root + "/Lessons/en/01-builder.md", encoding: .utf8)
        let edited = original.replacingOccurrences(of: "* meat:     .chicken", with: "* meat:     .CHICKEN")
        #expect(edited != original)
        try edited.write(toFile: folder + "/Lessons/en/01-builder.md", atomically: true, encoding: .utf8)
        let result = try runPatterns(["test", "builder"], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.output.hasPrefix(
                "warning: Lessons/en/01-builder.md differs from the copy built into this binary: testing the file; "
                    + "rebuild ('swift build') before the playground shows it\n"
            ), "\(result.output)")
        #expect(
            result.output.contains("-   * meat:     .CHICKEN\n") || result.output.contains("- * meat:     .CHICKEN"),
            "\(result.output)")
        #expect(result.output.contains("ok   builder (ko)"))
        #expect(result.output.hasSuffix("1 passed, 1 failed\n"), "\(result.output)")
    }

    /// A lesson whose module is mistyped is reported by that cause only, not first as an unknown lesson; a Korean file
    /// that drifted from its English twin fails as one file, not "ok" beside a failure.
    @Test func oneCauseAndOneVerdictPerFile() throws {
        let folder = try scratch()
        let english = """
            ---
            id: veggie
            title: Veggie
            module: buildr
            ---
            ## One

            Text.
            """
        try english.write(toFile: folder + "/Lessons/en/veggie.md", atomically: true, encoding: .utf8)
        let typo = try runPatterns(["test", "--lessons", folder + "/Lessons", "veggie"])
        #expect(
            typo.output == """
                FAIL \(folder)/Lessons/en/veggie.md:4: unknown module 'buildr' (known: \(BuiltInLessons.modules))
                0 passed, 1 failed

                """, "\(typo.output)")
        try FileManager.default.createDirectory(atPath: folder + "/Lessons/ko", withIntermediateDirectories: true)
        try english.replacingOccurrences(of: "buildr", with: "builder")
            .write(toFile: folder + "/Lessons/en/veggie.md", atomically: true, encoding: .utf8)
        try english.replacingOccurrences(of: "buildr", with: "builder").replacingOccurrences(
            of: "## One", with: "## 하나\n## 둘"
        )
        .write(toFile: folder + "/Lessons/ko/veggie.md", atomically: true, encoding: .utf8)
        let drift = try runPatterns(["test", "--lessons", folder + "/Lessons", "veggie"])
        #expect(
            drift.output == """
                ok   veggie (en): 1 steps, 0 commands
                FAIL \(folder)/Lessons/ko/veggie.md:7: has 2 steps, \(folder)/Lessons/en/veggie.md has 1: step 2 ('둘') \
                looks extra (rule: twins have the same steps)
                1 passed, 1 failed

                """, "\(drift.output)")
    }

    /// Without a toolchain (the tests' PATH is /usr/bin:/bin), a member the lesson's API does not list is said by
    /// `patterns test` as the REPL and `patterns run` say it: the interpreter's own limit, never Swift's "has no
    /// member" (`cart.total` is valid Swift, which a compiler would judge).
    @Test func withoutAToolchainAnUnlistedMemberIsTheInterpretersOwnLimit() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let line = "print(cart.pricing.total(for: 40))"
        try """
        ---
        id: unlisted
        title: Unlisted
        module: strategy
        ---
        ## One
        text
        ```patterns
        > \(line)
        ```
        """.write(toFile: folder + "/Lessons/en/x.md", atomically: true, encoding: .utf8)
        let tested = try runPatterns(["test", "--width", "300", "--lessons", folder + "/Lessons", "unlisted"])
        let ran = try runPatterns(["run", "--width", "300", "--lessons", folder + "/Lessons", "unlisted"])
        let limit =
            "error: the playground's own interpreter does not run this: it knows no member 'pricing' of 'Cart'"
        #expect(tested.status == 1)
        #expect(tested.output.contains("+ " + limit), "\(tested.output)")
        #expect(!tested.output.contains("has no member"), "\(tested.output)")
        #expect(ran.output.contains(limit), "\(ran.output)")
    }
}
