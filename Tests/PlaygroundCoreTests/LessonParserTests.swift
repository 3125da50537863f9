import Testing

@testable import PlaygroundCore

@Suite struct LessonParserTests {
    static let good = """
        ---
        id: demo
        title: Demo
        summary: s
        module: builder
        minutes: 5
        ---
        # Demo

        ## First step
        Some text.
        ```swift
        let x = 1
        ```
        ```patterns
        > meat chicken
        line one
        > state
        ```
        ## Exercise
        ```goal
        builder.meat: .beef
        ```
        > **Hint:** first
        > **Hint** (when builder.meat: .chicken): second
        ```patterns
        > meat beef
        ```
        """

    @Test func parsesStepsTranscriptsGoalsHints() throws {
        let lesson = try LessonParser.parse(Self.good, path: "x.md", lang: "en")
        #expect(lesson.id == "demo" && lesson.minutes == 5 && lesson.module == "builder")
        #expect(lesson.steps.map(\.title) == ["First step", "Exercise"])
        #expect(lesson.steps[0].body == ["Some text.", "```swift", "let x = 1", "```"])
        #expect(lesson.steps[0].transcripts[0].entries.map(\.command) == ["meat chicken", "state"])
        #expect(lesson.steps[0].transcripts[0].entries[0].expected == ["line one"])
        #expect(lesson.steps[0].transcripts[0].entries[1].line == 18)
        #expect(lesson.steps[1].goal == [GoalLine(key: "builder.meat", value: ".beef", line: 22)])
        #expect(
            lesson.steps[1].hints == [
                Hint(text: "first", when: nil),
                Hint(text: "second", when: GoalLine(key: "builder.meat", value: ".chicken", line: 25)),
            ])
        #expect(lesson.steps[1].isExercise)
    }

    @Test(arguments: [
        ("no front matter", 1, "missing front matter: the file must start with '---'"),
        ("---\nid: a\ntitle: t\n", 1, "front matter is not closed by '---'"),
        ("---\nid: a\ntitle: t\nmodule: m\ncolour: red\n---\n", 5, "unknown front matter key 'colour'"),
        ("---\nid: a\ntitle t\n---\n", 3, "bad front matter line 'title t': expected 'key: value'"),
        ("---\nid: a\ntitle: t\n---\n## s\n", 1, "front matter is missing 'module'"),
        ("---\nid: a b\ntitle: t\nmodule: m\n---\n## s\n", 1, "lesson id 'a b' may only hold letters, digits and '-'"),
        (
            "---\nid: a\ntitle: t\nmodule: m\nminutes: soon\n---\n## s\n", 1,
            "minutes must be a positive number, not 'soon'"
        ),
        ("---\nid: a\ntitle: t\nmodule: m\n---\nintro\n", 6, "the lesson has no steps ('## ' headings)"),
        ("---\nid: a\ntitle: t\nmodule: m\n---\n## s\n```patterns\n> x\n", 7, "code block is not closed"),
        (
            "---\nid: a\ntitle: t\nmodule: m\n---\n## s\n```patterns\nout\n```\n", 8,
            "output before the first command: commands start with '> '"
        ),
        (
            "---\nid: a\ntitle: t\nmodule: m\n---\n## s\n```goal\nnot a goal\n```\n", 8,
            "bad goal line 'not a goal': expected 'object.field: value'"
        ),
        ("---\nid: a\ntitle: t\nmodule: m\n---\n## s\n> **Hint:**  \n", 7, "empty hint"),
        (
            "---\nid: a\ntitle: t\nmodule: m\n---\n```patterns\n> x\n```\n", 6,
            "'patterns' block before the first '## ' step"
        ),
    ])
    func reportsAuthoringMistakesWithLines(text: String, line: Int, message: String) {
        #expect(throws: LessonIssue(path: "f.md", line: line, message: message)) {
            try LessonParser.parse(text, path: "f.md", lang: "en")
        }
    }

    @Test func codeBlocksInTheIntroductionAreProse() throws {
        // Found by fuzzing: a fenced block before the first step crashed the parser.
        let lesson = try LessonParser.parse(
            "---\nid: a\ntitle: t\nmodule: m\n---\n```swift\nlet x = 1\n```\n## s\n", path: "f.md", lang: "en")
        #expect(lesson.steps.map(\.title) == ["s"])
        #expect(throws: LessonIssue(path: "f.md", line: 6, message: "'goal unmet' block before the first '## ' step")) {
            try LessonParser.parse(
                "---\nid: a\ntitle: t\nmodule: m\n---\n```goal unmet\nx.y: 1\n```\n## s\n", path: "f.md", lang: "en")
        }
    }

    @Test func updateRewritesCRLFFilesAtTheParsersLineNumbers() throws {
        // Found by fuzzing: the rewrite split lines by Characters, where "\r\n" is one, and ran past the end.
        let text = "---\r\nid: a\r\ntitle: t\r\nmodule: m\r\n---\r\n## s\r\n```patterns\r\n> x\r\nold\r\n```\r\n"
        let lesson = try LessonParser.parse(text, path: "f.md", lang: "en")
        let block = lesson.steps[0].transcripts[0]
        #expect(
            LessonTester.rewrite(text, [(block.openLine, block.closeLine, ["> x", "new"])])
                == "---\r\nid: a\r\ntitle: t\r\nmodule: m\r\n---\r\n## s\r\n```patterns\r\n> x\r\nnew\r\n```\r\n")
    }

    @Test func catalogKeepsGoodLessonsWhenOneIsBroken() {
        let sources = [
            LessonSource(path: "Lessons/en/a.md", lang: "en", text: Self.good, isBuiltIn: true),
            LessonSource(path: "Lessons/en/b.md", lang: "en", text: "broken", isBuiltIn: true),
            LessonSource(
                path: "Lessons/en/c.md", lang: "en",
                text: Self.good.replacingOccurrences(of: "module: builder", with: "module: nope"), isBuiltIn: true),
            LessonSource(
                path: "extra/a.md", lang: "en",
                text: Self.good.replacingOccurrences(of: "title: Demo", with: "title: Mine"), isBuiltIn: false),
        ]
        let catalog = LessonCatalog(sources: sources, modules: ["builder"])
        #expect(catalog.ids == ["demo"])
        #expect(catalog.lesson(id: "demo", lang: .en)?.title == "Mine")
        #expect(
            catalog.issues.map(\.description) == [
                "Lessons/en/b.md:1: missing front matter: the file must start with '---'",
                "Lessons/en/c.md:5: unknown module 'nope' (known: builder)",
            ])
    }

    @Test func diffShowsExpectedAndActual() {
        #expect(LineDiff.diff(expected: ["a", "b", "c"], actual: ["a", "x", "c"]) == ["  a", "- b", "+ x", "  c"])
        #expect(LineDiff.text(expected: "same", actual: "same") == nil)
    }
}

@Suite struct MediatorTests {
    @Test func routesTopicsToPanesAndRendersOnlyChangedPanes() {
        let mediator = Mediator.standard()
        mediator.addPane(Pane(name: "notes", kind: .append))
        mediator.route("log", to: "notes")
        mediator.post(topic: "log", source: "builder", "called build()")
        mediator.post(topic: "state", source: "session", "old")
        mediator.post(topic: "state", source: "session", "new")
        mediator.post(PaneMessage(topic: "error", source: "session", text: "error: boom", isError: true))
        let text = StreamRenderer(options: RenderOptions(width: 40)).render(mediator.takeEvents())
        #expect(
            text == """
                ── state ───────────────────
                new
                ── notes ───────────────────
                called build()
                error: boom

                """)
        #expect(mediator.takeEvents().isEmpty)
        #expect(mediator.topics(of: "notes") == ["log"])
    }

    @Test func hiddenPanesAreNotRenderedAndMutingDropsPosts() throws {
        let mediator = Mediator.standard()
        try #require(mediator.pane(named: "log")).isShown = false
        mediator.post(topic: "log", source: "x", "hidden")
        mediator.isMuted = true
        mediator.post(topic: "state", source: "x", "muted")
        #expect(StreamRenderer(options: RenderOptions()).render(mediator.takeEvents()) == "")
    }

    @Test func colourOnlyWhenAllowed() {
        let mediator = Mediator.standard()
        mediator.post(topic: "code", source: "x", "a")
        #expect(
            StreamRenderer(options: RenderOptions(width: 80, color: true)).render(mediator.takeEvents())
                == "\u{1B}[2;36m── code ────────────────────\u{1B}[0m\na\n")
    }
}

@Suite struct LessonParityTests {
    static func lesson(_ lang: String, steps: [String]) -> LessonSource {
        LessonSource(
            path: "Lessons/\(lang)/a.md", lang: lang,
            text: "---\nid: a\ntitle: T\nmodule: builder\n---\n" + steps.joined(separator: "\n"), isBuiltIn: true)
    }

    @Test func twinsWithTheSameStructurePass() {
        let steps = ["## One\nprose\n```patterns\n> meat beef\n```", "## Two\n```goal\nbuilder.meat: .beef\n```"]
        let catalog = LessonCatalog(
            sources: [
                Self.lesson("en", steps: steps),
                Self.lesson(
                    "ko",
                    steps: ["## 하나\n한국어\n```patterns\n> meat beef\n```", "## 둘\n```goal\nbuilder.meat: .beef\n```"]),
            ], modules: ["builder"])
        #expect(LessonParity.check(catalog).isEmpty)
    }

    @Test func aMissingStepIsReportedAtTheTwinsFileAndLine() {
        let catalog = LessonCatalog(
            sources: [
                Self.lesson("en", steps: ["## One", "## Two", "## Three"]),
                Self.lesson("ko", steps: ["## 하나", "## 둘"]),
            ], modules: ["builder"])
        #expect(
            LessonParity.check(catalog).map(\.description) == [
                "Lessons/ko/a.md:7: has 2 steps, Lessons/en/a.md has 3: step 3 ('Three', Lessons/en/a.md:8) looks "
                    + "missing (rule: twins have the same steps)"
            ])
    }

    @Test func differentCommandsOrGoalsAndMissingTwinsAreReported() {
        let en = Self.lesson("en", steps: ["## One\n```patterns\n> meat beef\n```"])
        let ko = Self.lesson("ko", steps: ["## 하나\n```patterns\n> meat tofu\n```"])
        #expect(
            LessonParity.check(LessonCatalog(sources: [en, ko], modules: ["builder"])).map(\.description) == [
                "Lessons/ko/a.md:8: step 1 commands differ from Lessons/en/a.md:6: expected [\"meat beef\"], found "
                    + "[\"meat tofu\"] (rule: twins run the same commands)"
            ])
        #expect(
            LessonParity.check(LessonCatalog(sources: [en], modules: ["builder"])).map(\.description) == [
                "Lessons/en/a.md:1: lesson 'a' has no 'ko' twin in Lessons/ko/ (rule: every English lesson has a "
                    + "Korean twin with the same steps, goals and commands)"
            ])
    }
}
