/// Verifies lessons the way `patterns test` does: structure first, then every transcript is executed in a fresh
/// session and compared line by line; exercise goals must fail before their commands and pass after.
public struct LessonTester {
    public struct Result {
        public var lesson: Lesson
        public var failures: [String]
        /// The file's text with every transcript's expected output replaced by the actual output.
        public var updatedSource: String?
        public var commandCount: Int
        /// Commands whose output now holds an error their expected output did not: `--update` will not accept these
        /// by itself (a lesson that breaks must not be rewritten to show the breakage).
        public var newErrors: [String] = []
        /// Commands whose expected output is the Swift compiler's, not compared because no compiler is at hand.
        public var needCompiler = 0
        /// Lines and code exercises of an untrusted lesson that were shown, not run (lessons are data).
        public var withheld = 0
        public var passed: Bool { failures.isEmpty }
    }

    public var catalog: LessonCatalog
    public var modules: [ModuleFactory]
    public var width = 80
    /// The Swift compiler for the lines the interpreter does not run; without it, their transcripts are skipped.
    public var compiler: LineCompiler?

    public init(catalog: LessonCatalog, modules: [ModuleFactory]) {
        self.catalog = catalog
        self.modules = modules
    }

    public func test(_ lesson: Lesson) -> Result {
        var failures: [String] = []
        func issue(_ line: Int, _ message: String) { failures.append("\(lesson.path):\(line): \(message)") }
        let session = Session(
            catalog: catalog, modules: modules,
            options: SessionOptions(
                render: RenderOptions(width: width, color: false), lang: Lang(rawValue: lesson.lang) ?? .en))
        session.compiler = compiler
        var needCompiler = 0, withheld = 0
        do {
            try session.lessons.loadForTesting(lesson)
        } catch {
            issue(1, "cannot load: \(error)")
            return Result(lesson: lesson, failures: failures, updatedSource: nil, commandCount: 0)
        }
        _ = session.takeOutput()

        // Structure: every command must name a registered command or live object.
        let names = Set(session.commands.flatMap { [$0.name] + $0.aliases })
        // Names a lesson binds (`let order = ReceiptBuilder()`) or makes (`pager.add(SenderPage(name: "teal"))`) are
        // receivers from then on; an initializer's type is checked when the transcript runs.
        var objects = Set(session.liveObjects.map(\.name))
        for step in lesson.steps {
            // A code exercise's commands use the types of its file: the compiler judges them when they run.
            if let code = step.code {
                for (text, line, part) in [
                    (code.starter, code.starterLine, "starter"), (code.solution, code.solutionLine, "solution"),
                ] {
                    for row in text.split(separator: "\n") where DisplayWidth.of(row) + 4 > 80 {
                        issue(
                            line,
                            "a line of \(code.file)'s \(part) is \(DisplayWidth.of(row)) columns; at 80 it must fit "
                                + "76: '\(row)'"
                        )
                    }
                }
                if step.hiddenScenarioOnlyRenames, let scenario = step.scenario {
                    issue(scenario.line, Step.scenarioOnlyRenames(code.file))
                }
                continue
            }
            for entry in step.transcripts.flatMap(\.entries) {
                let line = entry.command
                if SwiftCallParser.looksLikeSwift(line) {
                    guard let statement = try? SwiftCallParser.parse(line) else { continue }
                    if statement.construct == nil, !objects.contains(statement.receiver) {
                        issue(entry.line, "unknown live object '\(statement.receiver)' in '\(line)'")
                    }
                    if let binding = statement.binding { objects.insert(binding) }
                    for case .construct(_, let arguments) in statement.calls.flatMap(\.arguments).map(\.value) {
                        for argument in arguments where argument.label == "name" {
                            if case .string(let name) = argument.value { objects.insert(name) }
                        }
                    }
                } else if session.lessons.reader.isSwift(line, isName: { objects.contains($0) }) {
                    // Swift beyond the interpreter's shape (`for`, `do`, a block over several lines): the compiler
                    // judges it when the transcript runs.
                    continue
                } else if let word = (try? Tokenizer.split(line))?.first, !names.contains(word.lowercased()) {
                    issue(entry.line, "unknown command '\(word)'")
                }
            }
            // A diagram is drawn as written: a line the lesson pane would wrap at 80 columns, the screen lessons are
            // written for (it indents code by 4), breaks it, whatever width the transcripts are tested at.
            var fence: Substring?
            for line in step.body {
                if line.hasPrefix("```") { fence = fence == nil ? line.dropFirst(3) : nil; continue }
                if fence == "text", DisplayWidth.of(line) + 4 > 80 {
                    issue(
                        step.line,
                        "a diagram line in '\(step.title)' is \(DisplayWidth.of(line)) columns; at 80 it must fit 76: "
                            + "'\(line)'"
                    )
                }
            }
            if step.isExercise && step.commands.isEmpty {
                issue(step.line, "exercise step '\(step.title)' has a goal but no transcript to solve it")
            }
            if !step.shortcuts.isEmpty && (!step.isExercise || step.goalStaysUnmet) {
                issue(
                    step.shortcuts[0].line,
                    "a shortcut is a wrong solution an exercise's goal must refuse; '\(step.title)' has no goal to "
                        + "refuse it (rule: shortcuts belong to exercises)"
                )
            }
            if step.isExercise && step.hints.isEmpty {
                issue(
                    step.line,
                    "exercise step '\(step.title)' has no hints (rule: exercises have graded hints, written '> "
                        + "**Hint:** text' or '> **힌트:** text')"
                )
            } else if step.isExercise && !step.goalStaysUnmet && step.hints.count < 2 {
                issue(
                    step.line,
                    "exercise step '\(step.title)' has one hint (rule: hints are graded: at least two, from the idea "
                        + "to the command)"
                )
            } else if step.isExercise && !step.goalStaysUnmet, let last = step.hints.last, !last.text.contains("`") {
                issue(
                    step.line,
                    "the last hint of exercise step '\(step.title)' names no command (rule: the last hint names a "
                        + "command in `backticks`)"
                )
            }
        }
        // The playground's own lessons keep to the product's shape: 6 to 12 steps, at least two exercises.
        if lesson.isBuiltIn {
            if !(6...12).contains(lesson.steps.count) {
                issue(
                    1,
                    "a lesson has 6 to 12 steps; this one has \(lesson.steps.count) (rule for the built-in lessons: 6 "
                        + "to 12 steps)"
                )
            }
            let exercises = lesson.steps.filter { $0.isExercise && !$0.goalStaysUnmet }.count
            if exercises < 2 {
                issue(
                    1,
                    "a lesson has at least two exercise steps (with a goal); this one has \(exercises) (rule for the "
                        + "built-in lessons: two exercises or more)"
                )
            }
            // The product's lessons each have the learner write the pattern once (`swift test` walks each one's).
            if !lesson.steps.contains(where: { $0.code != nil }) {
                issue(
                    1,
                    "a lesson has a code exercise (```swift starter File.swift```); this one has none (rule for the "
                        + "built-in lessons: a code exercise)"
                )
            }
        }
        guard failures.isEmpty else {
            return Result(lesson: lesson, failures: failures, updatedSource: nil, commandCount: 0)
        }

        // A prediction names the Swift that reveals its answer, read from its step's recorded output: a step whose
        // output is not recorded yet (or is out of date) is run once first, so that one `--update` records it whole.
        var running = lesson
        let predictions = lesson.steps.indices.filter { lesson.steps[$0].isPrediction && lesson.steps[$0].code == nil }
        for index in predictions {
            let step = lesson.steps[index]
            var now = step
            now.transcripts = recordedTranscripts(of: step, at: index, in: session)
            // Not from output that breaks where the recorded one did not (a compiled line with no compiler at hand);
            // output not recorded yet says nothing either way.
            let broken = zip(now.transcripts.flatMap(\.entries), step.transcripts.flatMap(\.entries)).contains {
                !$1.expected.isEmpty && $0.expected.contains(where: Self.isError)
                    && !$1.expected.contains(where: Self.isError)
            }
            if !broken, let code = now.revealCode, code != step.revealCode { running.steps[index] = now }
        }
        if !predictions.isEmpty {
            // Afresh for the run below, with the reveals just found.
            do {
                try session.lessons.loadForTesting(running)
            } catch {
                issue(1, "cannot load: \(error)")
            }
            _ = session.takeOutput()
        }

        // Run every transcript in order, in one session, as a learner would.
        var replacements: [(open: Int, close: Int, lines: [String])] = []
        var newErrors: [String] = []
        var count = 0
        for (index, step) in lesson.steps.enumerated() {
            session.lessons.setStep(index)
            if lesson.startsFresh(index) {
                // An exercise starts from what the earlier steps leave (as entering it in the REPL does): its goal
                // must be unmet there, and its solution must meet it from there.
                do {
                    try session.lessons.setUpLiveObjects(before: index)
                } catch {
                    issue(step.line, "the live objects cannot be set up for '\(step.title)': \(error)")
                }
                _ = session.takeOutput()
            }
            if let code = step.code {
                guard compiler != nil else {
                    // Without the compiler a code exercise cannot run: its transcript is kept as written.
                    needCompiler += step.transcripts.flatMap(\.entries).count
                    continue
                }
                guard lesson.isTrusted else {
                    // Lessons are data: the files of a lesson from a folder the user did not trust are not compiled.
                    issue(code.solutionLine, TrustText.fileNotRun.text(.en, code.file))
                    withheld += 1
                    continue
                }
                // The starter must not meet the goal (it may fail to compile, on purpose); the solution must.
                if (try? session.code.loadCode(code.starter)) == true {
                    // As the learner's `check` runs them: to the first command that fails.
                    _ = try? session.code.driveStep()
                    if session.lessons.goalMet {
                        issue(
                            code.starterLine,
                            "the starter of \(code.file) already meets the goal of '\(step.title)': the exercise has "
                                + "nothing to do"
                        )
                    }
                }
                _ = session.takeOutput()
                do {
                    guard try session.code.loadCode(code.solution) else {
                        let diagnostics = Self.lines(session.takeOutput()).filter { !$0.isEmpty }.prefix(6).joined(
                            separator: "\n    ")
                        issue(code.solutionLine, "the solution of \(code.file) does not compile:\n    " + diagnostics)
                        continue
                    }
                } catch {
                    issue(code.solutionLine, "the solution of \(code.file) cannot be loaded: \(error)")
                    continue
                }
                _ = session.takeOutput()
                // The second run the learner never sees: the solution meets it too.
                if let scenario = step.scenario {
                    let differences = (try? session.code.hiddenScenarioDifferences()) ?? []
                    if !differences.isEmpty {
                        issue(
                            scenario.line,
                            "the solution of \(code.file) fails the step's scenario: "
                                + differences.map { "\($0.key) expected \($0.expected), actual \($0.actual)" }
                                .joined(separator: "; "))
                    }
                    _ = session.takeOutput()
                } else {
                    issue(
                        code.starterLine,
                        "the code exercise \(code.file) has no ```patterns scenario``` block (rule: a code exercise is "
                            + "checked a second time, with other values, so that a file that writes in the step's "
                            + "answer "
                            + "fails)")
                }
            }
            // Fields the step's goal and hints may name: what the state has at the step's start and after each command.
            var fields = Set(session.lessons.goalFieldKeys)
            if step.isExercise && !step.goalStaysUnmet && !step.shortcuts.isEmpty {
                for shortcut in step.shortcuts {
                    if let failure = try? self.tryShortcut(shortcut, at: index, in: session) {
                        issue(shortcut.line, failure)
                    }
                }
                // Back to the step's start for its own commands.
                if (try? session.lessons.setUpLiveObjects(before: index)) != nil, let code = step.code {
                    _ = try? session.code.loadCode(code.solution)
                }
                _ = session.takeOutput()
            }
            if step.isExercise, let failure = tryPredictionShortcuts(step, at: index, in: session) {
                issue(step.goal.first?.line ?? step.line, failure)
            }
            if step.isExercise && !step.goalStaysUnmet && session.lessons.goalMet {
                issue(
                    step.line,
                    "the goal of '\(step.title)' is already met before its commands run: the exercise has nothing to do"
                )
            } else if step.goalStaysUnmet && session.lessons.goalMet {
                issue(
                    step.line,
                    "the goal of '\(step.title)' is marked 'unmet' but is met at the step's start: 'check' would pass "
                        + "before anything is done"
                )
            }
            for transcript in step.transcripts {
                var newLines: [String] = []
                for entry in transcript.entries {
                    count += 1
                    session.execute(entry.command)
                    fields.formUnion(session.lessons.goalFieldKeys)
                    var actual = Self.lines(session.takeOutput())
                    let expected = Self.lines(entry.expected.joined(separator: "\n"))
                    if compiler == nil && expected.contains(where: Self.isCompilerDiagnostic) {
                        // The compiler's answer cannot be checked without it: kept as written.
                        needCompiler += 1
                        actual = expected
                    }
                    newLines.append(
                        contentsOf: entry.command.split(separator: "\n", omittingEmptySubsequences: false)
                            .map { "> " + $0 })
                    newLines.append(contentsOf: actual)
                    if actual != expected, let at = actual.firstIndex(where: Self.isError),
                        !expected.contains(where: Self.isError)
                    {
                        // The whole message, over the lines the width wrapped it onto (up to the next pane).
                        let error =
                            ([actual[at]]
                            + actual[(at + 1)...].prefix { !$0.isEmpty && !$0.hasPrefix("── ") && !Self.isError($0) })
                            .joined(separator: " ")
                        // "Now" only for a command whose recorded output said otherwise: a new one just fails.
                        let fails = entry.expected.isEmpty ? "fails" : "now fails"
                        newErrors.append("\(lesson.path):\(entry.line): '\(entry.command)' \(fails): \(error)")
                    }
                    if actual != expected {
                        let diff = LineDiff.diff(expected: expected, actual: actual).map { "    " + $0 }.joined(
                            separator: "\n")
                        // Output left out on purpose, to be filled in: said as such.
                        let unwritten =
                            expected.isEmpty ? " (no output written yet: 'patterns test --update' fills it in)" : ""
                        issue(
                            entry.line,
                            "output of '\(entry.command)' differs (- expected, + actual)\(unwritten):\n" + diff)
                    }
                }
                replacements.append((transcript.openLine, transcript.closeLine, newLines))
            }
            // A goal or a hint condition on a field no state at this step has can never be met or shown.
            let known = fields.union(session.lessons.goalFieldKeys)
            for goal in step.goal where goal.isCall && CallTrace.Pattern(goal.value) == nil {
                issue(
                    goal.line,
                    "the goal line '\(goal.key): \(goal.value)' names no call (rule: a goal on calls is written "
                        + "'caller -> object.method(arguments)', 'caller -> object.method' or 'caller -> object'; "
                        + "'you' is the learner's line)")
            }
            for goal in step.goal where !goal.isPrediction && !goal.isCall && !known.contains(goal.key) {
                issue(
                    goal.line,
                    "the goal names '\(goal.key)', a field no state at this step has (rule: goals and hints name real "
                        + "fields; \(Self.fieldList(known, near: goal.key)))"
                )
            }
            for hint in step.hints {
                guard let when = hint.when, !when.isPrediction, !known.contains(when.key) else { continue }
                issue(
                    when.line,
                    "the hint's condition names '\(when.key)', a field no state at this step has, so the hint never "
                        + "shows (rule: goals and hints name real fields; \(Self.fieldList(known, near: when.key)))"
                )
            }
            if step.goal.contains(where: { !$0.isPrediction && !$0.isCall && !known.contains($0.key) }) { continue }
            if step.goal.contains(where: { $0.isCall && CallTrace.Pattern($0.value) == nil }) { continue }
            if step.isExercise && step.goalStaysUnmet && session.lessons.goalMet {
                issue(step.goal.first?.line ?? step.line, "the goal is marked 'unmet' but the step's commands meet it")
            } else if step.isExercise && !step.goalStaysUnmet {
                let differences = session.lessons.goalDifferences()
                if !differences.isEmpty {
                    let detail = differences.map { "\($0.key) expected \($0.expected), actual \($0.actual)" }.joined(
                        separator: "; ")
                    issue(step.goal.first?.line ?? step.line, "the step's commands do not meet its goal: \(detail)")
                }
            }
        }
        var result = Result(
            lesson: lesson, failures: failures, updatedSource: Self.rewrite(lesson.source, replacements),
            commandCount: count)
        result.newErrors = newErrors
        result.needCompiler = needCompiler
        result.withheld = withheld + session.withheldFromLesson
        return result
    }

    /// The step's transcripts with the output its commands give now, from the step's start (a prediction answered
    /// first, as the step's own `predict` does); the session is left at the step's start.
    func recordedTranscripts(of step: Step, at index: Int, in session: Session) -> [Transcript] {
        session.lessons.setStep(index)
        defer {
            session.lessons.forgetPrediction()
            _ = try? session.lessons.setUpLiveObjects(before: index, quietly: true)
            _ = session.takeOutput()
        }
        guard (try? session.lessons.setUpLiveObjects(before: index, quietly: true)) != nil else {
            return step.transcripts
        }
        session.lessons.forgetPrediction()
        _ = session.takeOutput()
        var transcripts = step.transcripts
        for t in transcripts.indices {
            for e in transcripts[t].entries.indices {
                session.execute(transcripts[t].entries[e].command)
                transcripts[t].entries[e].expected = Self.lines(session.takeOutput())
            }
        }
        return transcripts
    }

    /// Runs a shortcut from the step's start; says how it got through if it meets the goal.
    func tryShortcut(_ shortcut: Shortcut, at index: Int, in session: Session) throws -> String? {
        try session.lessons.setUpLiveObjects(before: index)
        _ = session.takeOutput()
        defer { _ = session.takeOutput() }
        if let code = shortcut.code {
            guard compiler != nil else { return nil }
            guard (try? session.code.loadCode(code)) == true else {
                return
                    "the shortcut file does not compile: a shortcut is a wrong solution Swift accepts (rule: shortcuts "
                    + "must fail the goal, not the compiler)"
            }
            _ = try? session.code.driveStep()
            // A wrong file may meet the step's own run: the hidden scenario must catch it then.
            if session.lessons.goalMet, !((try? session.code.hiddenScenarioDifferences()) ?? []).isEmpty {
                return nil
            }
        } else {
            for command in shortcut.commands { session.execute(command) }
        }
        guard session.lessons.goalMet else { return nil }
        return
            "this shortcut meets the goal of '\(session.currentStep?.title ?? "")': the goal lets a solution without "
            + "the idea through (rule: a goal checks the task, and every shortcut must fail it)"
    }

    /// A prediction counts once, before the thing is run: guessing each wrong answer and then the right one, or
    /// answering after running the step, must not meet the goal. Tried on every prediction exercise.
    func tryPredictionShortcuts(_ step: Step, at index: Int, in session: Session) -> String? {
        guard let goal = step.goal.first(where: \.isPrediction), let options = step.predictionOptions, options > 1
        else { return nil }
        defer {
            session.lessons.forgetPrediction()
            try? session.lessons.setUpLiveObjects(before: index)
            _ = session.takeOutput()
        }
        // Guessing: a wrong answer first, then the right one, then the step's own commands.
        guard (try? session.lessons.setUpLiveObjects(before: index)) != nil else { return nil }
        session.lessons.forgetPrediction()
        let wrong = (1...options).map(String.init).first { $0 != goal.value } ?? "1"
        session.execute("predict " + wrong)
        session.execute("predict " + goal.value)
        for command in step.commands where !command.hasPrefix("predict") { session.execute(command) }
        if session.lessons.goalMet {
            return
                "a second 'predict' after a wrong one meets the goal: a prediction must count once (rule: the first "
                + "answer stands)"
        }
        // Running first, then answering.
        guard (try? session.lessons.setUpLiveObjects(before: index)) != nil else { return nil }
        session.lessons.forgetPrediction()
        for command in step.commands where !command.hasPrefix("predict") { session.execute(command) }
        session.execute("predict " + goal.value)
        if session.lessons.goalMet {
            return
                "'predict' after running the step meets the goal: a prediction must come before the thing is run "
                + "(rule: predict first)"
        }
        return nil
    }

}
