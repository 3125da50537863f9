/// Where a learner is in a lesson: the step, the steps done, the hints shown. Says what a step shows and whether a
/// goal is met; knows nothing of live objects beyond the state it is given.
public struct LessonNavigator {
    public let lesson: Lesson
    public internal(set) var stepIndex = 0
    public internal(set) var doneSteps: Set<Int> = []
    var hintsShown = 0
    /// How many of the step's commands the learner has typed in order (in either spelling): the step guide's place.
    /// A step may repeat a command (`quote`, `strategy byWeight`, `quote`): each typing moves the guide on by one.
    var guided = 0
    /// Each prediction exercise's first answer, by step index: kept through undo, restart and goto.
    var predictions: [Int: Prediction] = [:]

    init(lesson: Lesson) { self.lesson = lesson }

    public var step: Step { lesson.steps[stepIndex] }

    public var prompt: String { "\(lesson.id) \(stepIndex + 1)/\(lesson.steps.count)> " }

    /// Moves to step `number` (1-based, as typed): any Int is checked, none can overflow.
    mutating func go(toNumber number: Int) throws {
        guard number >= 1, number <= lesson.steps.count else {
            throw PlaygroundError(CoreText.thereIsNoStepThisLesson(String(number), String(lesson.steps.count)))
        }
        stepIndex = number - 1
        hintsShown = 0
        guided = 0
    }

    /// Whether the step is the lesson's last: `next` from there ends the lesson.
    var isAtLastStep: Bool { stepIndex + 1 == lesson.steps.count }

    mutating func next() {
        guard !isAtLastStep else { return }
        stepIndex += 1
        hintsShown = 0
        guided = 0
    }

    mutating func back() throws {
        guard stepIndex > 0 else { throw PlaygroundError(CoreText.thisIsTheFirstStep.phrase) }
        stepIndex -= 1
        hintsShown = 0
        guided = 0
    }

    /// Moves without checks a caller has made already (the lesson tester, `run --from`).
    mutating func set(index: Int) {
        stepIndex = min(max(0, index), lesson.steps.count - 1)
        hintsShown = 0
        guided = 0
    }

    /// The lesson pane's text for the current step.
    public func stepText(_ lang: Lang) -> String {
        let step = self.step
        var lines: [String] = []
        let done = doneSteps.contains(stepIndex) ? "  ✓" : ""
        lines.append(
            "\(lesson.title) · " + CoreText.stepOfTotal.text(lang, String(stepIndex + 1), String(lesson.steps.count))
                + " · \(step.title)\(done)")
        lines.append("")
        lines += Self.prose(step.body)
        if step.isExercise {
            lines.append("")
            lines.append(CoreText.goal.text(lang))
            for goal in step.shownGoal { lines.append("  \(goal.key): \(goal.shownValue(lang))") }
            lines.append(CoreText.typeCheckWhenYouThinkYou.text(lang))
        } else if !step.commands.isEmpty {
            lines.append("")
            lines.append(CoreText.tryThese.text(lang))
            for command in step.commands { lines.append("  > " + command) }
        }
        return lines.joined(separator: "\n")
    }

    /// One line on where the learner is and what to type next, after `command`: the next "Try:" command, or that the
    /// step is done, or the exercise's way to finish.
    mutating func reminder(after command: String, ran code: [String] = [], _ lang: Lang) -> String {
        let place = CoreText.stepOfTotal.text(lang, String(stepIndex + 1), String(lesson.steps.count))
        if step.isExercise && !step.goalStaysUnmet {
            return "── " + place + " · " + CoreText.reminderExercise.text(lang)
        }
        let commands = step.commands
        let moveOn = isAtLastStep ? CoreText.reminderEnd.text(lang) : CoreText.reminderNext.text(lang)
        guard !commands.isEmpty else { return "── " + place + " · " + moveOn }
        // Either spelling of a step's command counts: `try builder.setMeat(.chicken)` is `meat chicken`.
        let codes = step.commandCodes
        func matches(_ i: Int) -> Bool {
            commands[i] == command
                || (codes.indices.contains(i)
                    && codes[i].map { expected in code.contains { LessonController.sameSwift($0, expected) } } ?? false)
        }
        // The first of the step's commands it can be from the guide's place on; else an earlier one, typed again.
        let typed = commands.indices.first { $0 >= guided && matches($0) } ?? commands.indices.first(where: matches)
        if let typed {
            guided = typed + 1
            return "── " + place + " · "
                + (typed + 1 < commands.count ? CoreText.reminderTry.text(lang, commands[typed + 1]) : moveOn)
        }
        return "── " + place + " · " + CoreText.reminderTry.text(lang, commands[0])
    }

    /// The lesson's introduction (what the pattern is, the problem it solves), shown when the lesson is loaded.
    public func introductionText() -> String? {
        guard !lesson.introduction.isEmpty else { return nil }
        return ([lesson.title, ""] + Self.prose(lesson.introduction)).joined(separator: "\n")
    }

    /// Markdown lines for the terminal: paragraphs and list items reflowed (the renderer wraps them to the width, a
    /// list item with a hanging indent), code indented.
    static func prose(_ body: [String]) -> [String] {
        var lines: [String] = []
        var inCode = false
        var paragraph = ""
        /// A list item ("- ", "* ", "2. ") goes on over the indented lines after it.
        var inItem = false
        func endParagraph() {
            if !paragraph.isEmpty { lines.append(Self.plain(paragraph)); paragraph = "" }
            inItem = false
        }
        for line in body {
            if line.hasPrefix("```") { endParagraph(); inCode.toggle(); continue }
            if inCode { lines.append("    " + line); continue }
            let trimmed = line.trimmed
            if inItem && !trimmed.isEmpty && line.first == " " {
                paragraph += " " + trimmed
            } else if DisplayWidth.listMarkerLength(trimmed) > 0 {
                endParagraph()
                paragraph = line
                inItem = true
            } else if trimmed.isEmpty || trimmed.hasPrefix("|") || trimmed.hasPrefix(">") {
                endParagraph()
                lines.append(Self.plain(line))
            } else {
                if inItem { endParagraph() }
                paragraph += paragraph.isEmpty ? trimmed : " " + trimmed
            }
        }
        endParagraph()
        return lines
    }

    /// Markdown emphasis removed for the terminal; code spans keep their backticks.
    static func plain(_ line: String) -> String {
        line.replacingOccurrences(of: "**", with: "")
    }

    /// The goal fields the state does not meet.
    func goalDifferences(_ state: [StateGroup], _ lang: Lang) -> [(key: String, expected: String, actual: String)] {
        step.goal.compactMap { goal in
            guard !goal.isCall else { return nil }
            let value = StateGroup.value(at: goal.key, in: state)?.display ?? CoreText.noSuchField.text(lang)
            return value == goal.value ? nil : (goal.key, goal.value, value)
        }
    }

    /// The next hint whose condition holds, counting it as shown.
    mutating func nextHint(_ state: [StateGroup]) -> Phrase {
        let eligible = step.hints.filter { hint in
            hint.when.map { StateGroup.value(at: $0.key, in: state)?.display == $0.value } ?? true
        }
        guard !eligible.isEmpty else { return CoreText.noHintsForThisStep.phrase }
        guard hintsShown < eligible.count else { return CoreText.noMoreHintsSolutionShowsThe.phrase }
        hintsShown += 1
        return CoreText.hint(String(hintsShown), String(eligible.count), eligible[hintsShown - 1].text)
    }

    mutating func markDone() { doneSteps.insert(stepIndex) }

    mutating func restore(step: Int, done: Set<Int>) {
        stepIndex = min(max(0, step), lesson.steps.count - 1)
        doneSteps = done.filter { $0 >= 0 && $0 < lesson.steps.count }
        guided = 0
    }
}
