/// A workshop handout: the lesson's text with the real transcript of running it, as Markdown or self-contained HTML.
///
/// Two audiences. Students get every step's text, each exercise's goal and its hints folded away, and no solution.
/// Presenters get everything, with each exercise's solution and a clock from the lesson's `minutes`.
public struct Handout {
    public enum Audience: String, CaseIterable, Sendable {
        case students, presenters
    }

    /// One command as typed after its prompt, and what the program printed for it.
    public struct Exchange: Sendable, Equatable {
        public var prompt: String
        public var command: String
        public var output: String
    }

    public struct Section {
        public var title: String
        public var body: [String]
        public var goal: [GoalLine]
        public var hints: [Hint]
        public var isExercise: Bool
        /// A step whose goal stays unmet on purpose (a bug to explain): shown with its transcript to everyone, and
        /// not called an exercise.
        public var demonstrates = false
        /// The commands of the step and what the program printed for each, exactly as a learner would see it.
        public var exchanges: [Exchange]
        /// A code exercise: students write its file from the starter (in the body); presenters get the solution.
        public var code: CodeExercise?
        /// Minutes into the lesson when the step starts, and how long it takes (presenters; nil without `minutes`).
        public var clock: (start: Int, length: Int)?

        /// The transcript as the terminal shows it.
        public var transcript: String { exchanges.map { $0.prompt + $0.command + "\n" + $0.output }.joined() }
    }

    public var lesson: Lesson
    public var audience: Audience
    public var sections: [Section]
    /// Lines and code exercises of an untrusted lesson that were shown, not run (lessons are data).
    public var withheld = 0
    /// Of those lines, the ones whose output the handout quotes from the lesson file's transcript (what `patterns
    /// test --update` recorded), not from a run.
    public var recorded = 0

    var lang: Lang { Lang(rawValue: lesson.lang) ?? .en }

    /// Runs every step of `lesson` in a fresh session (no colour, fixed width) and keeps what it printed.
    public init(
        lesson: Lesson, catalog: LessonCatalog, modules: [ModuleFactory], width: Int = 80,
        audience: Audience = .presenters,
        compiler: LineCompiler? = nil
    ) throws {
        self.lesson = lesson
        self.audience = audience
        let session = Session(
            catalog: catalog, modules: modules,
            options: SessionOptions(render: RenderOptions(width: width), lang: Lang(rawValue: lesson.lang) ?? .en))
        session.tools.compiler = compiler
        try session.lessons.load(lesson.id, exact: lesson)
        _ = session.takeOutput()
        sections = []
        for (index, step) in lesson.steps.enumerated() {
            session.lessons.setStep(index)
            var exchanges: [Exchange] = []
            // A code exercise is walked with the lesson's reference solution loaded; without the compiler, not at all.
            let walkable = try session.code.prepareToWalk(index)
            _ = session.takeOutput()
            // What the lesson file recorded for its commands, for a line an untrusted lesson's Swift does not run.
            var recordings = step.transcripts.flatMap(\.entries).filter { !$0.expected.isEmpty }
            for command in walkable ? step.walkthrough : [] {
                let prompt = session.prompt
                let withheldBefore = session.counts.withheldFromLesson
                session.execute(command)
                var output = session.takeOutput()
                if session.counts.withheldFromLesson > withheldBefore,
                    let index = recordings.firstIndex(where: { $0.command == command })
                {
                    output = recordings.remove(at: index).expected.joined(separator: "\n") + "\n"
                    recorded += 1
                }
                exchanges.append(Exchange(prompt: prompt, command: command, output: output))
            }
            // A prediction's last hint names the answer: on paper, next to the question, it would be the answer.
            let hints = audience == .students && step.isPrediction ? Array(step.hints.dropLast()) : step.hints
            var section = Section(
                title: step.title, body: step.body, goal: step.goal, hints: hints,
                isExercise: step.isExercise && !step.goalStaysUnmet, exchanges: exchanges, code: step.code)
            section.demonstrates = step.goalStaysUnmet
            sections.append(section)
        }
        withheld = session.counts.withheldFromLesson
        if audience == .presenters, let schedule = lesson.schedule {
            for (i, clock) in schedule.enumerated() { sections[i].clock = clock }
        }
    }

    /// The commands and calls an exercise takes, named without their arguments, so that it can be done from paper
    /// without giving its answer away: `reset`, `delegate …`, `builder.setMeat(…)`.
    func commandsUsed(_ section: Section) -> [String] {
        // A code exercise is the file the learner writes; its commands are what `check` runs.
        guard section.code == nil else { return [] }
        var names: [String] = []
        for exchange in section.exchanges where exchange.command != "check" {
            var line = exchange.command.trimmed
            for keyword in ["try? ", "try! ", "try "] where line.hasPrefix(keyword) {
                line = String(line.dropFirst(keyword.count))
            }
            if line.hasPrefix("let ") || line.hasPrefix("var "), let equals = line.firstIndex(of: "=") {
                line = String(line[line.index(after: equals)...]).trimmed
            }
            let name: String
            if let paren = line.firstIndex(of: "("), !line[..<paren].contains(" ") {
                name = line[..<paren] + "(…)"
            } else {
                let words = line.split(separator: " ")
                guard let first = words.first else { continue }
                name = words.count > 1 ? first + " …" : String(first)
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// What shows of a section: the solution only for presenters, or for a step that is not an exercise.
    func showsTranscript(_ section: Section) -> Bool {
        !section.exchanges.isEmpty && (audience == .presenters || !section.isExercise)
    }

    var exerciseCount: Int { sections.filter(\.isExercise).count }

    /// "about 25 minutes · 11 steps · 3 exercises · presenter's copy".
    var facts: String {
        var parts: [String] = []
        if lesson.minutes > 0 { parts.append(HandoutText.aboutMinutes.text(lang, String(lesson.minutes))) }
        parts.append(HandoutText.stepsAndExercises.text(lang, String(sections.count), String(exerciseCount)))
        parts.append((audience == .students ? HandoutText.studentsCopy : HandoutText.presentersCopy).text(lang))
        return parts.joined(separator: " · ")
    }

    func clockText(_ clock: (start: Int, length: Int)) -> String {
        guard clock.length > 0 else { return HandoutText.clockAt.text(lang, String(clock.start)) }
        return HandoutText.clock.text(lang, String(clock.start), String(clock.start + clock.length))
    }

    // MARK: - Markdown

    /// A goal's value as this audience sees it: students are not given a prediction's answer.
    func shown(_ goal: GoalLine) -> String { audience == .students ? goal.shownValue(lang) : goal.value }
    /// The goal lines this audience sees: students get only a prediction exercise's prediction line (the others
    /// would answer it).
    func shownGoal(_ section: Section) -> [GoalLine] {
        let predicts = section.goal.contains(where: \.isPrediction)
        return audience == .students && predicts ? section.goal.filter(\.isPrediction) : section.goal
    }

    public var markdown: String {
        var out = "# \(lesson.title)\n\n"
        if !lesson.summary.isEmpty { out += "_\(lesson.summary)_\n\n" }
        out += facts + "\n\n"
        if !lesson.introduction.isEmpty { out += lesson.introduction.joined(separator: "\n") + "\n\n" }
        for (i, section) in sections.enumerated() {
            out += "## \(i + 1). \(section.title)\n\n"
            if let clock = section.clock { out += "_" + clockText(clock) + "_\n\n" }
            out += section.body.joined(separator: "\n") + "\n\n"
            if section.demonstrates {
                out += "**" + HandoutText.goalStaysUnmet.text(lang) + "**\n\n"
                out += section.goal.map { "- `\($0.key): \($0.value)`" }.joined(separator: "\n") + "\n\n"
                for (n, hint) in section.hints.enumerated() {
                    out += "- _" + HandoutText.hint.text(lang, String(n + 1)) + "_: " + hint.text + "\n"
                }
                if !section.hints.isEmpty { out += "\n" }
            }
            if section.isExercise {
                out += "**" + HandoutText.exerciseGoal.text(lang) + "**\n\n"
                out += shownGoal(section).map { "- `\($0.key): \(shown($0))`" }.joined(separator: "\n") + "\n\n"
                if audience == .students {
                    let names = commandsUsed(section)
                    if !names.isEmpty {
                        out +=
                            HandoutText.commandsItTakes.text(lang, names.map { "`\($0)`" }.joined(separator: ", "))
                            + "\n\n"
                    }
                }
                // Every hint in print: folded on a screen for students, a list for presenters.
                for (n, hint) in section.hints.enumerated() {
                    if audience == .students {
                        out +=
                            "<details><summary>" + HandoutText.hint.text(lang, String(n + 1)) + "</summary>\n\n"
                            + hint.text + "\n\n</details>\n\n"
                    } else {
                        out += "- _" + HandoutText.hint.text(lang, String(n + 1)) + "_: " + hint.text + "\n"
                    }
                }
                if audience == .presenters, !section.hints.isEmpty { out += "\n" }
                if audience == .students { out += HandoutText.checkWhenDone.text(lang) + "\n\n" }
            }
            if let code = section.code {
                if audience == .students {
                    out += HandoutText.writeTheFile.text(lang, code.file) + "\n\n"
                } else {
                    out +=
                        "**" + HandoutText.referenceSolution.text(lang, code.file) + "**\n\n```swift\n" + code.solution
                        + "```\n\n"
                }
            }
            if showsTranscript(section) {
                if section.isExercise { out += "**" + HandoutText.solution.text(lang) + "**\n\n" }
                out += "```text\n" + section.transcript + "```\n\n"
            }
        }
        return out
    }

}

/// The handout's own words, in the lesson's language.
enum HandoutText: String, TextCatalog {
    case aboutMinutes, stepsAndExercises, studentsCopy, presentersCopy, clock, exerciseGoal, hint, checkWhenDone,
        solution,
        writeTheFile, referenceSolution, clockAt, goalStaysUnmet, commandsItTakes

    var texts: (en: String, ko: String) {
        switch self {
        case .aboutMinutes: ("about {0} minutes", "약 {0}분")
        case .stepsAndExercises: ("{0} steps, {1} exercises", "{0}단계, 연습 {1}개")
        case .studentsCopy: ("student's copy", "학생용")
        case .presentersCopy: ("presenter's copy, with solutions", "발표자용, 풀이 포함")
        case .clock: ("minute {0} to {1}", "{0}분에서 {1}분까지")
        case .exerciseGoal: ("Exercise: reach this state, then type `check`", "연습: 이 상태를 만든 뒤 `check`를 입력하세요")
        case .hint: ("Hint {0}", "힌트 {0}")
        case .checkWhenDone:
            (
                "Stuck? Type `hint` in the playground, or read the hints above one at a time.",
                "막히면 플레이그라운드에서 `hint`를 입력하거나, 위의 힌트를 하나씩 읽어 보세요."
            )
        case .clockAt: ("at minute {0}", "{0}분에")
        case .goalStaysUnmet:
            ("A goal this step cannot meet (the transcript shows why)", "이 단계에서 이룰 수 없는 목표 (아래 기록이 이유를 보여 줍니다)")
        case .commandsItTakes:
            ("Commands it takes (see `help` in the playground): {0}", "필요한 명령 (플레이그라운드의 `help` 참고): {0}")
        case .solution: ("Solution", "풀이")
        case .writeTheFile:
            (
                "Write `{0}` from the starter above: `edit` in the playground copies it and opens it in your editor, "
                    + "and `check` compiles it and tries it.",
                "위의 시작 코드로 `{0}`을(를) 작성하세요: 플레이그라운드에서 `edit`가 파일을 복사해 편집기로 열고, `check`가 컴파일해 시험합니다."
            )
        case .referenceSolution: ("Reference solution: `{0}`", "참고 풀이: `{0}`")
        }
    }
}
