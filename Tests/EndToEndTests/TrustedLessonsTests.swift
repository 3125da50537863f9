import Foundation
import PlaygroundTestSupport
import Testing

/// Lessons are data (PRODUCT.md §5, issue 36 point 7): the Swift of a lesson from a `--lessons` folder (a line the
/// built-in interpreter does not run, a code exercise's files) runs only with `--trust-lessons`. The lesson here calls
/// `system()` to touch marker files next to it; nothing may appear without the flag, on any path.
@Suite(.serialized) struct TrustedLessonsTests {
    let cache = NSTemporaryDirectory() + "patterns-lines-\(getpid())"
    static let lineNotRun = "not run: Swift from a lesson folder (--lessons) runs only with --trust-lessons"

    static let fileNotRun =
        "not compiled: Recipe.swift comes from a lesson folder (--lessons), and its Swift "
        + "runs only with --trust-lessons"

    static func folderNotTrusted(_ folder: String) -> String {
        "note: the lessons from \(folder)/lessons were not trusted: their Swift was shown, not run; "
            + "--trust-lessons runs it\n"
    }

    /// A folder holding one lesson (`evil`, on the builder module). Step 1: a call the interpreter runs, then a
    /// declaration of `system` (code-review-4 F6) and a line that calls it: it touches `PWNED-line`. Step 2: a code
    /// exercise whose starter and solution touch `PWNED-starter` and `PWNED-solution` when the step's command calls
    /// them.
    func evilLesson() throws -> String {
        let folder = NSTemporaryDirectory() + "patterns-trust-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/lessons", withIntermediateDirectories: true)
        let marker = folder + "/PWNED"
        let fence = "```"
        let text = """
            ---
            id: evil
            title: A lesson that runs a shell command
            summary: Its Swift calls system().
            module: builder
            minutes: 5
            ---

            # A lesson that runs a shell command

            Lessons are data.

            ## Meet the builder

            \(fence)patterns
            > builder.addSauces(.ketchup)
            > @_silgen_name("system") func sh(_ c: UnsafePointer<CChar>) -> Int32
            > _ = sh("touch \(marker)-line")
            \(fence)

            ## Exercise: a recipe

            \(fence)swift starter Recipe.swift
            import Patterns
            import Glibc

            func recipe(_ builder: HamburgerBuilder) throws {
                _ = system("touch \(marker)-starter")
            }
            \(fence)

            \(fence)swift solution
            import Patterns
            import Glibc

            func recipe(_ builder: HamburgerBuilder) throws {
                _ = system("touch \(marker)-solution")
                try builder.setMeat(.tofu)
            }
            \(fence)

            \(fence)goal
            builder.meat: .tofu
            \(fence)

            > **Hint:** The recipe sets the meat.
            > **Hint:** Type `check`.

            \(fence)patterns
            > try recipe(builder)
            \(fence)

            """
        try text.write(toFile: folder + "/lessons/evil.md", atomically: true, encoding: .utf8)
        return folder
    }

    /// The marker files the lesson's Swift made, by name.
    func markers(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("PWNED") }.sorted()
    }

    /// The toolchain on PATH (so that Swift would be compiled), and the learner's folders inside `folder`.
    func environment(_ folder: String) -> [String: String] {
        [
            "PATH": toolchainPath(), "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": folder + "/state",
            "XDG_DATA_HOME": folder + "/data", "PATTERNS_LINE_TIME_LIMIT": "5",
        ]
    }

    /// Each way a lesson's Swift is run: its arguments and what the REPL is given on stdin.
    static let paths: [(name: String, arguments: [String], input: String)] = [
        ("export", ["export", "evil", "--for", "presenters"], ""),
        ("test", ["test", "evil"], ""),
        ("run", ["run", "evil"], ""),
        // `edit` without an editor copies the starter into the learner's folder; `check` would compile and load it,
        // and the learner's own line would then call the lesson's code.
        ("repl", ["repl"], "load evil\nrun\ngoto 2\nedit\ncheck\n_ = try? recipe(builder)\n"),
    ]

    @Test(arguments: paths.indices) func withoutTrustTheLessonsSwiftIsShownNotRun(_ index: Int) throws {
        let path = Self.paths[index]
        let folder = try evilLesson()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runPatterns(
            path.arguments + ["--lessons", folder + "/lessons", "--width", "200"],
            input: path.input, environment: environment(folder))
        #expect(markers(folder) == [], "\(path.name): \(result.output)")
        #expect(result.output.contains(Self.lineNotRun), "\(path.name): \(result.output)")
        // A handout has no transcript for a code exercise it cannot walk: stderr says the folder was not trusted.
        #expect(
            path.name == "export"
                ? result.error.contains(Self.folderNotTrusted(folder))
                : result.output.contains(Self.fileNotRun), "\(path.name): \(result.output)")
        // The interpreter still runs what it runs: a call on a live object, which can only be the lessons' real API.
        #expect(result.output.contains("builder.sauces: [] → [.ketchup]"), "\(path.name): \(result.output)")
    }

    @Test(arguments: paths.indices) func withTrustTheLessonsSwiftRuns(_ index: Int) throws {
        let path = Self.paths[index]
        let folder = try evilLesson()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = path.arguments + ["--lessons", folder + "/lessons", "--width", "200", "--trust-lessons"]
        let result = try runPatterns(arguments, input: path.input, environment: environment(folder))
        let made = markers(folder)
        #expect(made.contains("PWNED-line"), "\(path.name): \(result.output)")
        // The code exercise: the reference solution where the playground walks the lesson, the learner's copy of the
        // starter in the REPL, both in the lesson tester.
        let file = path.name == "repl" ? "PWNED-starter" : "PWNED-solution"
        #expect(made.contains(file), "\(path.name): \(made) \(result.output)")
        #expect(!result.output.contains("--trust-lessons"), "\(path.name): \(result.output)")
    }

    /// A handout of an untrusted lesson quotes what the lesson file recorded for a Swift line it does not run (the
    /// output `patterns test --update` wrote under it), and says so on stderr; a line with nothing recorded still
    /// reads "not run" (instructor-5.md, problem 14).
    @Test func aHandoutOfAnUntrustedLessonQuotesTheOutputItsFileRecorded() throws {
        let folder = try evilLesson()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/lessons/evil.md"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "PWNED-line\")\n", with: "PWNED-line\")\nthe author's recorded output\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runPatterns(
            ["export", "evil", "--for", "presenters", "--lessons", folder + "/lessons"],
            environment: environment(folder))
        #expect(markers(folder) == [], "\(result.output)")
        #expect(result.output.contains("the author's recorded output"), "\(result.output)")
        // The `@_silgen_name` line recorded nothing: it is still said to be not run (once; the handout wraps it).
        #expect(
            result.output.components(separatedBy: "error: not run: Swift from a lesson folder").count == 2,
            "\(result.output)")
        #expect(
            result.error.contains(
                "note: for 1 of those lines the handout shows the output the lesson file recorded "
                    + "('patterns test --update'), not a run"), "\(result.error)")
    }

    /// A learner's own Swift is theirs to run, whatever lesson is loaded: only the lesson's text is held back.
    @Test func theLearnersOwnSwiftStillRunsInAnUntrustedLesson() throws {
        let folder = try evilLesson()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mine =
            "@_silgen_name(\"system\") func mine(_ c: UnsafePointer<CChar>) -> Int32\n"
            + "_ = mine(\"touch \(folder)/PWNED-mine\")"
        let result = try runPatterns(
            ["--lessons", folder + "/lessons", "--width", "200"],
            input: "load evil\n" + mine + "\n", environment: environment(folder))
        #expect(markers(folder) == ["PWNED-mine"], "\(result.output)")
        #expect(!result.output.contains(Self.lineNotRun), "\(result.output)")
    }

    /// `doctor` and `test` say, in a line, whether a folder's lessons were trusted.
    @Test func doctorAndTestSayWhetherTheFolderIsTrusted() throws {
        let folder = try evilLesson()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lessons = folder + "/lessons"
        let doctor = try runPatterns(["doctor", "--lessons", lessons], environment: environment(folder))
        let untrusted =
            "note     the lessons from \(lessons) (1): not trusted, their Swift is shown, not run "
            + "(--trust-lessons runs it)\n"
        #expect(doctor.output.contains(untrusted), "\(doctor.output)")
        let trusted = try runPatterns(
            ["doctor", "--lessons", lessons, "--trust-lessons"],
            environment: environment(folder))
        let runs = "note     the lessons from \(lessons) (1): trusted (--trust-lessons), their Swift runs\n"
        #expect(trusted.output.contains(runs), "\(trusted.output)")
        // Said when something was held back (a folder whose lessons have no such Swift gets no note).
        let test = try runPatterns(["test", "evil", "--lessons", lessons], environment: environment(folder))
        #expect(test.output.contains(Self.folderNotTrusted(folder)), "\(test.output)")
        let builtIn = try runPatterns(["test", "builder"])
        #expect(!builtIn.output.contains("not trusted"), "\(builtIn.output)")
    }
}
