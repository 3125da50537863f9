import LessonModules
import PlaygroundCore
import Testing

/// The authoring rules `patterns test` enforces, each shown on a lesson broken on purpose: the message names the file,
/// the line and the rule.
@Suite struct AuthoringRuleTests {
    static let front = "---\nid: x\ntitle: T\nmodule: builder\n---\n"

    func failures(_ steps: String, lang: String = "en") -> [String] {
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "x.md", lang: lang, text: Self.front + steps, isBuiltIn: false)],
            modules: LessonModules.names)
        guard let lesson = catalog.lessons.first else { return catalog.issues.map(\.description) }
        return LessonTester(catalog: catalog, modules: LessonModules.all).test(lesson).failures
    }

    /// An exercise on the meat, solved by `meat chicken`, with `extra` in the step.
    func exercise(
        goal: String = "builder.meat: .chicken", hints: String = "> **Hint:** the meat.\n> **Hint:** `meat chicken`\n",
        extra: String = ""
    ) -> String {
        "## One\n```goal\n\(goal)\n```\n\(hints)```patterns\n\(CheckerRuleTests.chicken)\n```\n\(extra)"
    }

    @Test func aMistypedFenceIsNamedWithTheNearestKind() {
        let found = failures("## One\n```pattern\n> meat chicken\n```\n")
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                "x.md:7: unknown code block '```pattern' (rule: every block is one the tester reads or a language the "
                    + "prose shows;"
            ) == true, "\(found)")
        #expect(found.first?.hasSuffix("did you mean 'patterns'?") == true, "\(found)")
        #expect(
            failures("## One\n```goals\nbuilder.meat: .chicken\n```\n").first?.hasSuffix("did you mean 'goal'?") == true
        )
        // The kinds lessons really use pass.
        #expect(failures("## One\n```swift\nlet x = 1\n```\n```text\na -> b\n```\n```\nplain\n```\n") == [])
    }

    @Test func aKoreanHintMarkerIsAHint() {
        let korean = exercise(hints: "> **힌트:** 고기를 보세요.\n> **힌트:** `meat chicken`\n")
        #expect(failures(korean, lang: "ko") == [])
        // Without any marker the rule says which markers it reads.
        let none = exercise(hints: "> **Tip:** the meat.\n")
        #expect(
            failures(none) == [
                "x.md:6: exercise step 'One' has no hints (rule: exercises have graded hints, written '> **Hint:** "
                    + "text' or '> **힌트:** text')"
            ])
    }

    @Test func aHintOrAGoalOnAFieldThatDoesNotExistIsNamed() {
        let hint = exercise(hints: "> **Hint** (when builder.bun: .x): never shown.\n> **Hint:** `meat chicken`\n")
        #expect(
            failures(hint) == [
                "x.md:10: the hint's condition names 'builder.bun', a field no state at this step has, so the hint "
                    + "never shows (rule: goals and hints name real fields; fields: builder.meat, builder.sauces, "
                    + "builder.toppings)"
            ])
        let goal = exercise(goal: "builder.meet: .chicken")
        #expect(
            failures(goal) == [
                "x.md:8: the goal names 'builder.meet', a field no state at this step has (rule: goals and hints name "
                    + "real fields; did you mean 'builder.meat'? fields: builder.meat, builder.sauces, "
                    + "builder.toppings)"
            ])
    }

    @Test func aShortcutTheGoalLetsThroughFails() {
        // `meat chicken` is the whole task here: as a shortcut it meets the goal, so the lesson fails.
        let through = exercise(extra: "```patterns shortcut\n> meat chicken\n```\n")
        #expect(
            failures(through) == [
                "x.md:24: this shortcut meets the goal of 'One': the goal lets a solution without the idea through "
                    + "(rule: a goal checks the task, and every shortcut must fail it)"
            ])
        // A wrong solution the goal refuses passes, and is never shown in the step.
        let refused = exercise(extra: "```patterns shortcut\n> meat tofu\n```\n")
        #expect(failures(refused) == [])
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "x.md", lang: "en", text: Self.front + refused, isBuiltIn: false)],
            modules: LessonModules.names)
        #expect(catalog.lessons[0].steps[0].body.joined().contains("tofu") == false)
        // Outside an exercise a shortcut has nothing to fail.
        #expect(
            failures("## One\n```patterns shortcut\n> meat tofu\n```\n") == [
                "x.md:7: a shortcut is a wrong solution an exercise's goal must refuse; 'One' has no goal to refuse it "
                    + "(rule: shortcuts belong to exercises)"
            ])
    }

    /// The repository's own exercises, with their goals weakened back to what let a shortcut through: each lesson's
    /// shortcuts catch it.
    @Test(arguments: [
        (
            "delegate",
            "board.typed: [0,4] \"B\", [2,3] \"A\", [4,0] \"Z\", [4,4] \"C\"\nboard.lastHeard: \"C at [4,4]\"\n"
                + "trace.has: board.cell(0, 4) -> board\n"
                + "trace.has: board.cell(4, 4) -> board\n",
            "board.filled: 4\nboard.lastHeard: \"C at [4,4]\"\n"
        ),
        (
            "director",
            "receiptBuilder.builtBy: employee.createCombo1(with:)\n"
                + "trace.has: employee -> receiptBuilder.setMeat(.beef)\n"
                + "trace.has: employee -> receiptBuilder.addSauces([.secret])\n"
                + "trace.has: employee -> receiptBuilder.addToppings([.lettuce, .pickles, .tomatoes])\n"
                + "trace.has: employee -> receiptBuilder.build()\n",
            ""
        ),
    ])
    func aWeakenedGoalFailsTheLessonsOwnShortcuts(lesson id: String, goal: String, weaker: String) throws {
        let lesson = try #require(RepositoryLessons.catalog.lesson(id: id, lang: .en))
        #expect(lesson.source.contains("```goal\n") && lesson.source.contains(goal))
        let weakened = lesson.source.replacingOccurrences(of: goal, with: weaker)
        let catalog = LessonCatalog(
            sources: [LessonSource(path: lesson.path, lang: "en", text: weakened, isBuiltIn: false)],
            modules: LessonModules.names)
        let found = LessonTester(catalog: catalog, modules: LessonModules.all).test(catalog.lessons[0]).failures
        #expect(found.contains { $0.contains("this shortcut meets the goal") }, "\(found)")
        // As shipped, the same lesson passes.
        let shipped = LessonCatalog(
            sources: [LessonSource(path: lesson.path, lang: "en", text: lesson.source, isBuiltIn: false)],
            modules: LessonModules.names)
        #expect(LessonTester(catalog: shipped, modules: LessonModules.all).test(shipped.lessons[0]).failures == [])
    }

    @Test func aMissingTwinAndAStepCountMismatchAreSaidAsSuch() {
        let english = Self.front + "## One\n## Two\n## Three\n"
        let alone = LessonCatalog(
            sources: [LessonSource(path: "m/en/x.md", lang: "en", text: english, isBuiltIn: false)],
            modules: LessonModules.names)
        #expect(
            LessonParity.check(alone).map(\.description) == [
                "m/en/x.md:1: lesson 'x' has no 'ko' twin in a 'ko/' folder next to its 'en/' one (rule: every English "
                    + "lesson has a Korean twin with the same steps, goals and commands)"
            ])
        let short = Self.front + "## 하나\n## 셋\n"
        let pair = LessonCatalog(
            sources: [
                LessonSource(path: "m/en/x.md", lang: "en", text: english, isBuiltIn: false),
                LessonSource(path: "m/ko/x.md", lang: "ko", text: short, isBuiltIn: false),
            ], modules: LessonModules.names)
        #expect(
            LessonParity.check(pair).map(\.description) == [
                "m/ko/x.md:7: has 2 steps, m/en/x.md has 3: step 3 ('Three', m/en/x.md:8) looks missing (rule: twins "
                    + "have the same steps)"
            ])
    }
}
