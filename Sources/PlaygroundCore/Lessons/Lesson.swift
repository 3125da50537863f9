/// A lesson parsed from a Markdown file under `Lessons/<lang>/`.
public struct Lesson: Sendable {
    public var id: String
    public var title: String
    public var summary: String
    public var module: String
    public var minutes: Int
    public var lang: String
    /// The path shown in `file:line` messages, e.g. `Lessons/en/01-builder.md`.
    public var path: String
    /// The file's text, kept so `patterns test --update` can rewrite expected output in place.
    public var source: String
    public var steps: [Step]
    /// Carried by the binary (Lessons/ in the repository), as opposed to `--lessons DIR`.
    public var isBuiltIn = false
    /// Its Swift may be compiled and run (lessons are data): built in, or from a folder trusted with `--trust-lessons`.
    /// An untrusted lesson's lines still run where the built-in interpreter runs them (calls on the live objects).
    public var isTrusted = false
    /// `needs: swift` in the front matter: the lesson's own Swift makes objects and sets properties, which only the
    /// compiler runs (the Decorator's wrappers). Without the Swift toolchain it says so on load, and `patterns test`
    /// counts its commands as needing the compiler instead of failing them.
    public var needsSwift = false
    /// Whether the live objects are set up afresh on entering step `index`: an exercise starts from what the earlier
    /// steps leave, and so does the step after a code exercise (whose objects were made from the learner's types).
    public func startsFresh(_ index: Int) -> Bool {
        guard steps.indices.contains(index) else { return false }
        return steps[index].isExercise || (index > 0 && steps[index - 1].code != nil)
    }
    /// The indices of the exercise steps. A demonstration (a goal its own commands leave unmet, on purpose) is not one:
    /// nobody can finish it.
    public var exerciseIndices: [Int] { steps.indices.filter { steps[$0].isExercise && !steps[$0].goalStaysUnmet } }

    /// Where a learner is, in one form for `list` and `lessons`: "step 3 of 11 · 1 of 2 exercises done", or the
    /// lesson's size when it was never started.
    public func progressText(step: Int?, done: Set<Int>, _ lang: Lang) -> String {
        let exercises = exerciseIndices
        guard let step else {
            return CoreText.stepsAndExercises.text(lang, String(steps.count), String(exercises.count))
        }
        // A saved step may be out of range (a lesson that lost steps since): shown inside the lesson.
        let shown = min(max(step, 0), steps.count - 1) + 1
        let finished = exercises.filter { done.contains($0) }.count
        return CoreText.stepOfTotalExercisesDone.text(
            lang, String(shown), String(steps.count), String(finished), String(exercises.count))
    }

    /// The lesson's length, when its file gives one.
    public func minutesText(_ lang: Lang) -> String {
        minutes > 0 ? CoreText.minutesShort.text(lang, String(minutes)) : "-"
    }

    /// The lines between the `# ` title and the first step: what the pattern is and the problem it solves.
    public var introduction: [String] = []

    /// The workshop clock: when each step starts (minutes into the lesson) and how long it takes. A step's own
    /// `minutes` is kept; the rest of the lesson's `minutes` is shared out by how much each other step holds, every
    /// step at least one minute. Nil when neither the lesson nor any step gives minutes.
    public var schedule: [(start: Int, length: Int)]? {
        let fixed = steps.compactMap(\.minutes).reduce(0, +)
        guard minutes > 0 || fixed > 0 else { return nil }
        let open = steps.indices.filter { steps[$0].minutes == nil }
        // At least a minute for each step without its own: a slot from minute 8 to 8 helps no one.
        let spare = max(0, minutes - fixed - open.count)
        let weights = open.map { Self.weight(steps[$0]) }
        let total = weights.reduce(0, +)
        var lengths = steps.map { $0.minutes ?? 1 }
        var before = 0, given = 0
        for (k, index) in open.enumerated() {
            before += weights[k]
            let upTo = total == 0 ? spare : (spare * before + total / 2) / total
            lengths[index] += upTo - given
            given = upTo
        }
        var start = 0
        return lengths.map { length in
            defer { start += length }; return (start, length)
        }
    }

    /// How long a step takes, relative to the others: its text, and each command typed and read.
    static func weight(_ step: Step) -> Int {
        max(1, step.body.count + 3 * step.walkthrough.count + (step.isExercise ? 10 : 0))
    }
}

/// One `## ` section of a lesson.
public struct Step: Sendable {
    public var title: String
    /// 1-based line of the `## ` heading.
    public var line: Int
    /// Prose and code lines shown in the lesson pane (transcript, goal and hint blocks removed).
    public var body: [String]
    public var transcripts: [Transcript]
    /// `object.field: value` lines that `check` compares with the live state. Empty: no goal.
    public var goal: [GoalLine]
    public var hints: [Hint]
    /// A ```` ```goal unmet ```` block: the step shows a goal its own commands cannot meet (a bug to explain);
    /// `patterns test` checks that it stays unmet.
    public var goalStaysUnmet = false
    /// A code exercise: the learner writes a Swift file, which is compiled and loaded into the session; the step's
    /// commands then drive the types it declares.
    public var code: CodeExercise?
    /// Wrong solutions that must not meet the goal (```` ```patterns shortcut ```` and ```` ```swift shortcut ````
    /// blocks): `patterns test` tries each from the step's start. Never shown to the learner.
    public var shortcuts: [Shortcut] = []
    /// A code exercise's second run, which the learner never sees (```` ```patterns scenario ````): other values,
    /// other objects, so that a file that hard-codes the step's answer fails it.
    public var scenario: Scenario?
    /// How long the step takes in a workshop, when its author says (`<!-- minutes: 5 -->`); else shared out.
    public var minutes: Int? = nil
    /// An exercise: the learner works towards the goal; the transcript is the solution, hidden until asked.
    public var isExercise: Bool { !goal.isEmpty }

    /// The commands of every transcript block, in order: what `run` and `solution` perform and show.
    public var commands: [String] { transcripts.flatMap { $0.entries.map(\.command) } }

    /// A prediction exercise: its goal is on what the learner answers with `predict`.
    public var isPrediction: Bool { goal.contains(where: \.isPrediction) }

    /// The goal as a learner sees it. A prediction exercise's other lines say what must have run (the scenario the
    /// question is about); their values would answer it, so only the prediction line is shown.
    public var shownGoal: [GoalLine] { isPrediction ? goal.filter(\.isPrediction) : goal }

    /// How many numbered options (`1. …`, `2. …`) the step's prose offers, when it offers two or more: `predict`
    /// takes one of them.
    public var predictionOptions: Int? {
        var inCode = false
        var highest = 0
        for line in body {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode, let dot = line.firstIndex(of: "."), line[line.index(after: dot)...].hasPrefix(" "),
                let number = Int(line[..<dot]), number == highest + 1
            else { continue }
            highest = number
        }
        return highest >= 2 ? highest : nil
    }

    /// The Swift that reveals a prediction's answer: the first code line of the last command of the step's transcript
    /// that ran any (`meat kitten` runs `try builder.setMeat(.kitten)`). Typed in either form, it closes the
    /// prediction.
    public var revealCode: String? {
        for entry in transcripts.flatMap(\.entries).reversed() {
            if let code = Self.codeLines(entry.expected).first { return code }
        }
        return nil
    }

    /// The first Swift line each command ran, as its transcript shows it (nil for a command that ran none): the same
    /// command in its other spelling runs the same line.
    public var commandCodes: [String?] { transcripts.flatMap(\.entries).map { Self.codeLines($0.expected).first } }

    /// The lines of a transcript output's `code` pane section.
    static func codeLines(_ output: [String]) -> [String] {
        guard let start = output.firstIndex(where: { $0.hasPrefix("── code ") }) else { return [] }
        return Array(output[(start + 1)...].prefix { !$0.hasPrefix("── ") && !$0.isEmpty })
    }

    /// What walking the step runs (`patterns run`, handouts): its commands, then `check` for an exercise that does
    /// not end with one already.
    public var walkthrough: [String] { isExercise && commands.last != "check" ? commands + ["check"] : commands }
}

/// A way around an exercise that must fail its goal: commands typed from the step's start, or (for a code exercise)
/// a Swift file loaded in place of the learner's before the step's commands run.
public struct Shortcut: Sendable, Equatable {
    /// 1-based line of the opening fence.
    public var line: Int
    public var commands: [String]
    /// A code exercise's wrong file; nil for a shortcut of commands.
    public var code: String?
}

/// A second run of a code exercise, hidden from the learner: commands run from the step's start with the learner's
/// types, and the goal they must meet.
public struct Scenario: Sendable {
    /// 1-based line of the opening fence.
    public var line: Int
    public var commands: [String]
    public var goal: [GoalLine]
}

/// The Swift file of a code exercise: what the learner starts from and the lesson's reference solution.
public struct CodeExercise: Sendable, Equatable {
    /// The file's name, e.g. `FixedAlertBuilder.swift`: what `edit` makes in the learner's exercise folder.
    public var file: String
    public var starter: String
    public var solution: String
    /// 1-based lines of the opening fences.
    public var starterLine: Int
    public var solutionLine: Int
}

public struct GoalLine: Sendable, Equatable {
    public var key: String
    public var value: String
    public var line: Int

    /// A goal on what the learner typed with `predict` (`prediction.answer: 2`), not on a live object.
    public var isPrediction: Bool { Self.isPrediction(key) }

    /// A goal on what ran: a call that must have been made in the step
    /// (`trace.has: employee -> receiptBuilder.build()`) or one that must not (`trace.lacks: red -> blue`).
    public var isCall: Bool { Self.isCall(key) }
    static func isCall(_ key: String) -> Bool { key == callMade || key == callAbsent }
    public static let callMade = "trace.has"
    public static let callAbsent = "trace.lacks"
    static func isPrediction(_ key: String) -> Bool { key.hasPrefix(Workspace.predictionObject + ".") }

    /// What the learner is shown of the goal: a prediction's answer is the exercise itself, so it stays hidden.
    public func shownValue(_ lang: Lang) -> String {
        isPrediction ? CoreText.yourPrediction.text(lang) : value
    }
}

/// A hint, optionally shown only when a state field has a given value (`> **Hint** (when builder.meat: .beef): ...`).
public struct Hint: Sendable, Equatable {
    public var text: String
    public var when: GoalLine?
}

/// A fenced ```` ```patterns ```` block: commands after `> ` and the exact output each must produce.
public struct Transcript: Sendable {
    public struct Entry: Sendable {
        public var command: String
        /// 1-based line of the command.
        public var line: Int
        public var expected: [String]
    }
    /// 1-based lines of the opening and closing fences.
    public var openLine: Int
    public var closeLine: Int
    public var entries: [Entry]
}

/// A problem in a lesson file, reported as `file:line: message`.
public struct LessonIssue: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String
    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }
    public var description: String { "\(path):\(line): \(message)" }
}

extension Lesson {
    /// Whether a line about to be compiled is this lesson's own Swift (a transcript command or a shortcut's) and the
    /// lesson is not trusted: it is then shown, not run. Compared without whitespace, so that no path that tidies a
    /// line (tabs, spacing) lets the lesson's text through; a learner's line of the same text is the lesson's too.
    public func withholds(swift text: String) -> Bool {
        guard !isTrusted else { return false }
        let key = Self.withoutWhitespace(text)
        return steps.contains { step in
            step.commands.contains { Self.withoutWhitespace($0) == key }
                || step.shortcuts.contains { $0.commands.contains { Self.withoutWhitespace($0) == key } }
        }
    }

    static func withoutWhitespace(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace })
    }
}
