/// How the lesson tester checks a lesson's structure, before running it.
extension LessonTester {
    /// The lesson's structure, before anything runs: every command names a command or a live object, code and
    /// diagrams fit 80 columns, exercises have transcripts and graded hints, shortcuts belong to exercises, and a
    /// built-in lesson has the product's shape. Each failure is `path:line: message`.
    func structureFailures(of lesson: Lesson, in session: Session) -> [String] {
        var failures: [String] = []
        func issue(_ line: Int, _ message: String) { failures.append("\(lesson.path):\(line): \(message)") }
        // Structure: every command must name a registered command or live object.
        let names = Set(session.lessons.commands.flatMap { [$0.name] + $0.aliases })
        // Names a lesson binds (`let order = ReceiptBuilder()`) or makes (`pager.add(SenderPage(name: "teal"))`) are
        // receivers from then on; an initializer's type is checked when the transcript runs.
        var objects = Set(session.lessons.liveObjects.map(\.name))
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
        return failures
    }
}
