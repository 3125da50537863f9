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
    /// Why a front end that looked for the compiler found none: the interpreter's refusals are then said as its own
    /// (a member it knows no method for is not Swift's "has no member"), as the REPL and `patterns run` say them.
    public var compilerUnavailable: LineCompiler.Unavailable?

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
        session.tools.compiler = compiler
        if compiler == nil { session.tools.compilerUnavailable = compilerUnavailable }
        var needCompiler = 0, withheld = 0
        do {
            try session.lessons.loadForTesting(lesson)
        } catch {
            issue(1, "cannot load: \(error)")
            return Result(lesson: lesson, failures: failures, updatedSource: nil, commandCount: 0)
        }
        _ = session.takeOutput()

        failures += structureFailures(of: lesson, in: session)
        guard failures.isEmpty else {
            return Result(lesson: lesson, failures: failures, updatedSource: nil, commandCount: 0)
        }
        if lesson.needsSwift, compiler == nil {
            // Its lines make objects only the compiler makes: every transcript is the compiler's to answer.
            let commands = lesson.steps.flatMap(\.transcripts).flatMap(\.entries).count
            var result = Result(lesson: lesson, failures: [], updatedSource: nil, commandCount: 0)
            result.needCompiler = commands
            return result
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
                    let differences = ((try? session.code.hiddenScenarioDifferences()) ?? []).map {
                        CallTrace.forAuthor($0, calls: session.callBook.ofTheStep, session.options.lang)
                    }
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
                let differences = session.lessons.goalDifferences().map {
                    CallTrace.forAuthor($0, calls: session.callBook.ofTheStep, session.options.lang)
                }
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
        result.withheld = withheld + session.counts.withheldFromLesson
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
}
