import LessonModules
import PlaygroundCore
import Testing

/// The rules that make `patterns test` trustworthy, each shown failing on a lesson broken on purpose.
@Suite struct CheckerRuleTests {
    func failures(_ steps: String) -> [String] {
        let text = "---\nid: x\ntitle: T\nmodule: builder\n---\n" + steps
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "x.md", lang: "en", text: text, isBuiltIn: false)],
            modules: LessonModules.names)
        return LessonTester(catalog: catalog, modules: LessonModules.all).test(catalog.lessons[0]).failures
    }

    static let chicken = """
        > meat chicken
        ── code ────────────────────
        try builder.setMeat(.chicken)
        ── log ─────────────────────
        builder.meat: .beef → .chicken
        ── state ───────────────────
        builder: HamburgerBuilder
        * meat:     .chicken
          sauces:   []
          toppings: []
        """

    @Test func theTrueTranscriptPasses() {
        #expect(failures("## One\n```patterns\n\(Self.chicken)\n```\n") == [])
    }

    @Test func aTruncatedTranscriptFails() {
        let truncated = Self.chicken.split(separator: "\n").dropLast().joined(separator: "\n")
        let found = failures("## One\n```patterns\n\(truncated)\n```\n")
        #expect(found.count == 1 && found[0].hasPrefix("x.md:8: output of 'meat chicken' differs"), "\(found)")
    }

    @Test func aTranscriptWithAnotherBlankLineFails() {
        let spaced = Self.chicken.replacingOccurrences(of: "── log", with: "\n── log")
        let found = failures("## One\n```patterns\n\(spaced)\n```\n")
        #expect(found.count == 1 && found[0].hasPrefix("x.md:8: output of 'meat chicken' differs"), "\(found)")
    }

    @Test func aGoalMarkedUnmetThatIsMetFails() {
        let found = failures(
            "## One\n```goal unmet\nbuilder.meat: .chicken\n```\n> **Hint:** h\n```patterns\n\(Self.chicken)\n```\n")
        #expect(found == ["x.md:8: the goal is marked 'unmet' but the step's commands meet it"])
    }

    @Test func anExerciseWithoutHintsFails() {
        let found = failures("## One\n```goal\nbuilder.meat: .chicken\n```\n```patterns\n\(Self.chicken)\n```\n")
        #expect(
            found == [
                "x.md:6: exercise step 'One' has no hints (rule: exercises have graded hints, written '> **Hint:** "
                    + "text' or '> **힌트:** text')"
            ])
    }

    static let chickenStep = "## One\n```patterns\n\(chicken)\n```\n"
    static let hints = "> **Hint:** the meat.\n> **Hint:** `meat chicken`\n"

    @Test func anExerciseWithOneHintFails() {
        let found = failures(
            "## One\n```goal\nbuilder.meat: .chicken\n```\n> **Hint:** `meat "
                + "chicken`\n```patterns\n\(Self.chicken)\n```\n"
        )
        #expect(
            found == [
                "x.md:6: exercise step 'One' has one hint (rule: hints are graded: at least two, from the idea to the "
                    + "command)"
            ])
    }

    @Test func anExerciseWhoseLastHintNamesNoCommandFails() {
        let found = failures(
            "## One\n```goal\nbuilder.meat: .chicken\n```\n> **Hint:** the meat.\n> **Hint:** "
                + "chicken.\n```patterns\n\(Self.chicken)\n```\n"
        )
        #expect(
            found == [
                "x.md:6: the last hint of exercise step 'One' names no command (rule: the last hint names a command in "
                    + "`backticks`)"
            ])
    }

    /// An exercise is judged from the state the earlier steps leave: a goal they already meet has nothing to do.
    @Test func anExerciseMetByTheEarlierStepsFails() {
        let found = failures(
            Self.chickenStep + "## Two\n```goal\nbuilder.meat: .chicken\n```\n" + Self.hints
                + "```patterns\n> check\n```\n")
        #expect(
            found.contains(
                "x.md:19: the goal of 'Two' is already met before its commands run: the exercise has nothing to do"),
            "\(found)")
    }

    @Test func aGoalMarkedUnmetThatIsMetAtTheStartFails() {
        let found = failures(
            Self.chickenStep
                + "## Two\n```goal unmet\nbuilder.meat: .chicken\n```\n> **Hint:** h\n```patterns\n> meat tofu\n```\n")
        #expect(
            found.contains(
                "x.md:19: the goal of 'Two' is marked 'unmet' but is met at the step's start: 'check' would pass "
                    + "before anything is done"
            ),
            "\(found)")
    }

    @Test func aKoreanGoalWithAnotherValueFails() {
        func source(_ lang: String, _ value: String) -> LessonSource {
            LessonSource(
                path: "Lessons/\(lang)/x.md", lang: lang, isBuiltIn: true,
                text: """
                    ---
                    id: x
                    title: T
                    module: builder
                    ---
                    ## One
                    ```goal
                    builder.meat: \(value)
                    ```
                    """)
        }
        let catalog = LessonCatalog(
            sources: [source("en", ".chicken"), source("ko", ".tofu")], modules: LessonModules.names)
        #expect(
            LessonParity.check(catalog).map(\.description) == [
                "Lessons/ko/x.md:8: step 1 goal differs from Lessons/en/x.md:6 (rule: twins have the same goals)"
            ])
    }

    /// A hint with a condition shows only while its condition holds.
    @Test func aConditionalHintShowsOnlyWhenItsConditionHolds() {
        let session = makeSession()
        session.execute("load builder")
        session.execute("next")
        _ = session.takeOutput()
        #expect(
            session.run("hint", "hint", "hint")
                == "Hint 1/2: first hint\nHint 2/2: last hint\nno more hints; 'solution' shows the commands\n")
        // Entering the exercise again sets its state up afresh (and counts hints from the first); then tofu.
        session.execute("back")
        session.execute("next")
        session.execute("meat tofu")
        _ = session.takeOutput()
        #expect(session.run("hint", "hint") == "Hint 1/3: first hint\nHint 2/3: tofu is not chicken\n")
    }
}

extension LessonSource {
    init(path: String, lang: String, isBuiltIn: Bool, text: String) {
        self.init(path: path, lang: lang, text: text, isBuiltIn: isBuiltIn)
    }
}
