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
}
