import Foundation
import PlaygroundTestSupport
import Testing

/// Code exercises, as a learner meets them: the real binary, the real compiler, an editor that is a script, the
/// learner's file in their own exercise folder.
@Suite(.serialized) struct CodeExerciseTests {
    /// The compile cache the other suites that compile share (`patterns-lines-<pid>`), 120 columns.
    let playground = TestPlayground("lines", width: 120)
    var cache: String { playground.cache }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The output from the `goto` on, with the learner's folder written `$DATA`.
    func fromGoto(_ output: String, folder: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.firstIndex { $0.contains("> goto ") } ?? 0
        return lines[start...].joined(separator: "\n").replacingOccurrences(of: folder + "/data", with: "$DATA")
    }

    /// Every lesson: with an editor that writes the lesson's reference solution, `edit` then `check` meet the goal,
    /// in English and in Korean.
    @Test(arguments: BuiltInLessons.ids, ["en", "ko"])
    func theReferenceSolutionWrittenInTheEditorMeetsTheGoal(lesson: String, lang: String) throws {
        let exercise = try CodeExercise(lesson, lang: lang)
        #expect(exercise.step > 0 && !exercise.solution.isEmpty, "\(lesson) (\(lang)) has a code exercise")
        let (folder, environment) = try playground.learner(writing: exercise.solution)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runPatterns(
            ["--lang", lang, "--width", "100"], input: "load \(lesson)\ngoto \(exercise.step)\nedit\ncheck\n",
            environment: environment)
        let met = lang == "en" ? "✓ goal met: step \(exercise.step) is done" : "✓ 목표 달성: \(exercise.step)단계 완료"
        #expect(
            result.output.components(separatedBy: met).count == 3, "edit, then check, meet the goal:\n\(result.output)")
        #expect(result.status == 0)
        let written = try String(
            contentsOfFile: folder + "/data/patterns/exercises/\(lesson)/\(exercise.file)", encoding: .utf8)
        #expect(written == exercise.solution)
    }

    /// The starter as it was copied does not meet the goal, and `check` says what differs; a starter that does not
    /// compile is not one the lessons have, so the compiler's words appear only where a line the step runs is wrong.
    /// One golden a lesson (`code-starter-<id>`): a new lesson's is recorded the first time (see `expectGolden`).
    @Test(arguments: BuiltInLessons.ids)
    func theStarterUnchangedIsNotYetAndSaysWhatDiffers(lesson: String) throws {
        let exercise = try CodeExercise(lesson)
        let (folder, environment) = try playground.learner(writing: nil)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runPatterns(
            ["--width", "100"], input: "load \(lesson)\ngoto \(exercise.step)\ncheck\n", environment: environment)
        #expect(
            result.output.contains("you have no \(exercise.file) yet: 'edit' copies the starter"), "\(result.output)")
        let edited = try runPatterns(
            ["--width", "100"], input: "load \(lesson)\ngoto \(exercise.step)\nedit\n", environment: environment)
        // Only the verdict: the run of the step's commands is the other tests' business.
        let lines = edited.output.split(separator: "\n", omittingEmptySubsequences: false)
        let verdict = lines.firstIndex { $0.hasPrefix("✗ not yet") }
        #expect(verdict != nil, "\(edited.output)")
        let stopped = lines.filter { $0.hasPrefix("the step's commands stopped at") || $0.hasPrefix("repl:") }
        expectGolden(
            "code-starter-\(lesson)",
            "== \(lesson)\n" + (stopped + lines[(verdict ?? lines.count - 1)...]).joined(separator: "\n"))
    }

    /// A file that does not compile: the compiler's words, naming the learner's file and line; nothing is loaded,
    /// and the session goes on.
    @Test func aFileThatDoesNotCompileGetsTheCompilersWordsAndTheSessionGoesOn() throws {
        let broken = """
            import Patterns

            final class FixedAlertBuilder: AlertBuilding {
                private(set) var title: String?
            }

            """
        let (folder, environment) = try playground.learner(writing: broken)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runPatterns(
            ["--width", "200"], input: "load builder\ngoto 10\nedit\nlet b = FixedAlertBuilder()\nmeat chicken\n",
            environment: environment)
        let output = fromGoto(result.output, folder: folder)
        #expect(
            output.contains(
                "$DATA/patterns/exercises/builder/FixedAlertBuilder.swift:3:13: error: type 'FixedAlertBuilder' does "
                    + "not conform to protocol 'AlertBuilding'"
            ),
            "\(output)")
        #expect(output.contains("✗ not yet: FixedAlertBuilder.swift does not compile"))
        // Not loaded: Swift has no such type in the session's scope.
        #expect(output.contains("repl:1:9: error: cannot find 'FixedAlertBuilder' in scope"))
        #expect(output.contains("builder.meat: .beef → .chicken"), "the session goes on")
    }

    /// The learner's classes are live objects: the state pane shows their stored properties (a subclass's after its
    /// superclass's), and real ARC decides the `arc` group and the memory pane: kept alive by a cycle while the
    /// delegate is strong, freed when it is weak.
    @Test func theLearnersClassesInTheStatePaneAndInTheMemoryPane() throws {
        let exercise = try CodeExercise("delegate")
        var outputs: [String] = []
        for (name, text) in [("strong (the starter)", exercise.starter), ("weak (the solution)", exercise.solution)] {
            let (folder, environment) = try playground.learner(writing: text)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try runPatterns(
                ["--width", "100"], input: "load delegate\ngoto \(exercise.step)\nedit\nstate\n",
                environment: environment)
            outputs.append("== \(name)\n" + fromGoto(result.output, folder: folder))
        }
        let mediator = try CodeExercise("mediator")
        let (folder, environment) = try playground.learner(writing: mediator.solution)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runPatterns(
            ["--width", "100"],
            input: "load mediator\ngoto \(mediator.step)\nedit\nblue.receive(message: \"hi\")\nstate\n",
            environment: environment)
        outputs.append("== mediator\n" + fromGoto(result.output, folder: folder))
        expectGolden("code-live-objects", outputs.joined(separator: "\n"))
    }

    /// `edit` without an editor says where the file is; `solution` shows the reference; `restart` keeps the file;
    /// `edit --reset` starts it again from the starter and keeps the old one aside; `edit` off a code step says
    /// where the lesson's code exercise is.
    @Test func editSolutionRestartAndReset() throws {
        let (folder, environment) = try playground.learner(writing: "// mine\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var plain = environment
        plain["EDITOR"] = nil
        let result = try runPatterns(
            ["--width", "100"], input: "load director\nedit\ngoto 6\nedit\nsolution\nrestart\nedit --reset\n",
            environment: plain)
        #expect(result.status == 1, "edit off a code step is an error")
        expectGolden(
            "code-edit",
            fromGoto(result.output, folder: folder) + "\n== before goto\n"
                + result.output.split(separator: "\n").filter { $0.contains("no Swift file to write") }.joined(
                    separator: "\n"))
        let file = folder + "/data/patterns/exercises/director/LunchSpecial.swift"
        try "// mine\n".write(toFile: file, atomically: true, encoding: .utf8)
        _ = try runPatterns(["--width", "100"], input: "load director\ngoto 6\nrestart\n", environment: plain)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "// mine\n", "restart keeps the learner's file")
        _ = try runPatterns(["--width", "100"], input: "load director\ngoto 6\nedit --reset\n", environment: plain)
        #expect(try String(contentsOfFile: file + ".old", encoding: .utf8) == "// mine\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == (try CodeExercise("director").starter))
    }

    /// Without a Swift toolchain the code exercise says so in one line, and the rest of the lesson works.
    @Test func withoutAToolchainTheCodeExerciseSaysSoAndTheRestWorks() throws {
        let (folder, environment) = try playground.learner(writing: nil)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var bare = environment
        bare["PATH"] = "/usr/bin:/bin"
        let result = try runPatterns(
            ["--width", "240"], input: "load builder\ngoto 10\nedit\ncheck\nnext\nmeat chicken\n", environment: bare)
        let note =
            "this exercise is compiled Swift and needs the Swift toolchain: install it (https://www.swift.org/install) "
            + "and run the playground built from source ('swift run patterns'); the rest of the lesson works without it"
        #expect(result.output.contains(note), "\(result.output)")
        #expect(result.output.contains("error: " + note))
        #expect(result.output.contains("builder.meat: .beef → .chicken"))
        let test = try runPatterns(["test", "builder", "--lang", "en"], environment: bare)
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("compiler"), "\(test.output)")
    }

    /// `patterns test` proves every code exercise: it fails when the solution stops meeting the goal, when the
    /// starter starts meeting it, and when the solution does not compile.
    @Test func patternsTestFailsWhenASolutionOrAStarterBreaks() throws {
        let original = try String(contentsOfFile: root + "/Lessons/en/02-director.md", encoding: .utf8)
        let exercise = try CodeExercise("director")
        let cases: [(String, String, String)] = [
            (
                "the solution no longer meets the goal",
                exercise.solution.replacingOccurrences(of: "addToppings(.cheese)", with: "addToppings(.lettuce)"),
                "the step's commands do not meet its goal: order.items expected tofu patty, ketchup sauce, cheese, "
                    + "actual tofu patty, ketchup sauce, lettuce"
            ),
            (
                "the starter meets the goal",
                exercise.starter.replacingOccurrences(
                    of: "_ builder: HamburgerBuilder", with: "_ builder: some BurgerBuilding"),
                "the starter of LunchSpecial.swift already meets the goal of 'Exercise: write the recipe': the "
                    + "exercise has nothing to do"
            ),
            (
                "the solution does not compile",
                exercise.solution.replacingOccurrences(of: "some BurgerBuilding", with: "some BurgerBuilder"),
                "the solution of LunchSpecial.swift does not compile:"
            ),
        ]
        for (name, replacement, failure) in cases {
            let which = name.contains("starter") ? exercise.starter : exercise.solution
            let broken = original.replacingOccurrences(of: which, with: replacement)
            #expect(broken != original)
            let folder = NSTemporaryDirectory() + "patterns-broken-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try broken.write(toFile: folder + "/02-director.md", atomically: true, encoding: .utf8)
            // The author's own folder: trusted, so that its files are compiled and judged.
            let result = try runPatterns(
                ["test", "director", "--lang", "en", "--lessons", folder, "--trust-lessons"],
                environment: ["PATH": toolchainPath(), "XDG_CACHE_HOME": cache])
            #expect(result.status == 1, "\(name): \(result.output)")
            #expect(result.output.contains(failure), "\(name): \(result.output)")
        }
    }

    /// Handouts: students get the starter and how to write it; presenters get the reference solution and the
    /// transcript of driving it.
    @Test func handoutsCarryTheStarterForStudentsAndTheSolutionForPresenters() throws {
        let environment = ["PATH": toolchainPath(), "XDG_CACHE_HOME": cache]
        let exercise = try CodeExercise("mediator")
        let students = try runPatterns(["export", "mediator", "--for", "students"], environment: environment)
        let presenters = try runPatterns(["export", "mediator", "--for", "presenters"], environment: environment)
        #expect(students.status == 0 && presenters.status == 0)
        #expect(students.output.contains(exercise.starter))
        #expect(!students.output.contains(exercise.solution))
        #expect(
            students.output.contains(
                "Write `ArchivePage.swift` from the starter above: `edit` in the playground copies it"))
        #expect(
            presenters.output.contains(
                "**Reference solution: `ArchivePage.swift`**\n\n```swift\n" + exercise.solution + "```"))
        #expect(presenters.output.contains("mediator 8/12> red.viewDidDisappear()"))
        #expect(
            presenters.output.contains("archive.archived: [] → [\"red page viewDidDisappear()\"]"),
            "\(presenters.output)")
    }

    /// Presenter mode: the starter is on screen while the room writes; a key shows the reference solution, loads it
    /// and drives it command by command.
    @Test func presenterModeLetsTheRoomWriteThenDrivesTheSolution() throws {
        let state = NSTemporaryDirectory() + "patterns-code-pace-\(getpid())"
        let environment = [
            "TERM": "xterm-256color", "HOME": state, "XDG_STATE_HOME": state, "XDG_CACHE_HOME": cache,
            "LANG": "C.UTF-8",
            "NO_COLOR": "1", "PATH": toolchainPath(),
        ]
        let terminal = try PseudoTerminal(
            patternsBinary(), arguments: ["run", "builder", "--from", "10", "--to", "10", "--pace"],
            environment: environment, columns: 100, rows: 40)
        // The step is taller than the screen: its pages first (Enter shows the next), then the room writes.
        var pages = 0
        while !terminal.waitFor("The room writes FixedAlertBuilder.swift now", timeout: 1.5) && pages < 4 {
            #expect(terminal.plainText.contains(": next page"), "\(terminal.plainText)")
            terminal.send("\r")
            pages += 1
        }
        #expect(terminal.waitFor("The room writes FixedAlertBuilder.swift now"), "\(terminal.plainText)")
        #expect(
            terminal.plainText.contains("confirmAction?.title = title     // nil: nothing happens"),
            "the starter is on screen")
        #expect(!terminal.plainText.contains("The reference FixedAlertBuilder.swift"))
        terminal.send("\r")
        #expect(
            terminal.waitFor("the lesson's reference FixedAlertBuilder.swift is loaded (class FixedAlertBuilder)"),
            "\(terminal.plainText)")
        #expect(
            terminal.plainText.contains("        confirmAction = AlertAction(title: title, handler: action)"),
            "the solution is shown")
        #expect(terminal.waitFor("▸ builder 10/12> let fixed = FixedAlertBuilder(screen: screen)"))
        terminal.send("r")
        #expect(terminal.waitFor("✓ goal met: step 10 is done"), "\(terminal.plainText)")
        #expect(terminal.waitForExit() == 0)
    }

    /// At the REPL on a terminal, the learner's file is watched: saving it from another editor checks it at once.
    @Test func savingTheFileChecksItAtTheTerminal() throws {
        let exercise = try CodeExercise("builder")
        let (folder, environment) = try playground.learner(writing: nil)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var terminalEnvironment = environment
        terminalEnvironment["TERM"] = "xterm-256color"
        terminalEnvironment["HOME"] = folder
        terminalEnvironment["LANG"] = "C.UTF-8"
        terminalEnvironment["NO_COLOR"] = "1"
        terminalEnvironment["EDITOR"] = nil
        let terminal = try PseudoTerminal(patternsBinary(), environment: terminalEnvironment, columns: 100, rows: 30)
        #expect(terminal.waitFor("patterns> "))
        #expect(terminal.waitForKeys())
        // Answers taller than the screen are paged: q shows the rest at once.
        var mark = terminal.transcript.count
        terminal.send("load builder\r")
        if terminal.waitFor(": next page", after: mark, timeout: 3) { terminal.send("q") }
        #expect(terminal.waitFor("builder 1/12> "))
        #expect(terminal.waitForKeys())
        mark = terminal.transcript.count
        terminal.send("goto 10\r")
        if terminal.waitFor(": next page", after: mark, timeout: 3) { terminal.send("q") }
        #expect(terminal.waitFor("builder 10/12> "))
        #expect(terminal.waitForKeys())
        mark = terminal.transcript.count
        terminal.send("edit\r")
        #expect(terminal.waitFor("your file, copied from the starter", after: mark), "\(terminal.plainText)")
        // Back at the prompt, the file watched.
        #expect(terminal.waitFor("builder 10/12> ", after: mark))
        #expect(terminal.waitForKeys())
        mark = terminal.transcript.count
        try exercise.solution.write(
            toFile: folder + "/data/patterns/exercises/builder/FixedAlertBuilder.swift", atomically: true,
            encoding: .utf8)
        #expect(
            terminal.waitFor("FixedAlertBuilder.swift changed: check", after: mark, timeout: 5), "\(terminal.plainText)"
        )
        #expect(terminal.waitFor("✓ goal met: step 10 is done", after: mark, timeout: 20), "\(terminal.plainText)")
        #expect(terminal.waitForKeys())
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }
}
