import PlaygroundCore
import Testing

@testable import LessonModules

/// The status line that says what to type next: a step's command counts in either spelling, and a demonstration is
/// not an exercise nobody can finish.
@Suite struct StepGuideTests {
    func guided(_ id: String) -> Session {
        let session = Session(
            catalog: RepositoryLessons.catalog, modules: LessonModules.all,
            options: SessionOptions(render: RenderOptions(width: 80, reminders: true)))
        session.execute("load \(id)")
        _ = session.takeEvents()
        return session
    }

    func reminder(_ session: Session, _ line: String) -> String? {
        session.execute(line)
        return session.takeEvents().compactMap { if case .reminder(let text) = $0 { text } else { nil } }.last
    }

    @Test func theSwiftSpellingOfAStepsCommandsReachesNext() throws {
        let session = guided("builder")
        session.execute("goto 2")
        _ = session.takeEvents()
        let step = try #require(session.currentStep)
        #expect(step.commands.first == "meat chicken", "\(step.commands)")
        // The Swift twins of the step's short commands, as a learner from Xcode types them.
        let twins = step.commandCodes.compactMap { $0 }
        #expect(twins.count == step.commands.count)
        var last: String?
        for (i, twin) in twins.enumerated() {
            last = reminder(session, twin)
            if i + 1 < step.commands.count {
                #expect(last == "── step 2/12 · next: > \(step.commands[i + 1])", "after '\(twin)'")
            }
        }
        #expect(last == "── step 2/12 · 'next' moves on ('step' shows this step again)", "\(last ?? "nil")")
    }

    /// A step that repeats a command (`meat chicken`, `meat tofu`, `meat chicken`) is guided one command at a time in
    /// either spelling: the first `meat chicken` is the first command, the second one the third.
    @Test func aRepeatedCommandIsGuidedOneCommandAtATime() throws {
        let text = """
            ---
            id: again
            title: Again
            module: builder
            ---
            ## Twice the same
            ```patterns
            > meat chicken
            ── code ────────────────────
            try builder.setMeat(.chicken)
            > meat tofu
            ── code ────────────────────
            try builder.setMeat(.tofu)
            > meat chicken
            ── code ────────────────────
            try builder.setMeat(.chicken)
            ```
            ## After
            """
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "again.md", lang: "en", text: text, isBuiltIn: false)],
            modules: LessonModules.names)
        let expected = [
            "── step 1/2 · next: > meat tofu", "── step 1/2 · next: > meat chicken",
            "── step 1/2 · 'next' moves on ('step' shows this step again)",
        ]
        for spelling in [
            ["meat chicken", "meat tofu", "meat chicken"],
            ["try builder.setMeat(.chicken)", "try builder.setMeat(.tofu)", "try builder.setMeat(.chicken)"],
            ["meat chicken", "try builder.setMeat(.tofu)", "try builder.setMeat(.chicken)"],
        ] {
            let session = Session(
                catalog: catalog, modules: LessonModules.all,
                options: SessionOptions(render: RenderOptions(width: 80, reminders: true)))
            session.execute("load again")
            _ = session.takeEvents()
            #expect(spelling.map { reminder(session, $0) } == expected, "\(spelling)")
            // 'restart' starts the step's guide again.
            session.execute("restart")
            _ = session.takeEvents()
            #expect(reminder(session, spelling[0]) == expected[0], "\(spelling)")
        }
    }

    /// Every walkthrough step of every lesson, typed in its Swift spelling (what the code pane showed for each short
    /// command), guides the learner exactly as the short spelling does, up to "'next' moves on".
    @Test(arguments: RepositoryLessons.ids)
    func everyStepInItsSwiftSpellingIsGuidedAsTheShortOne(lesson id: String) throws {
        let lesson = try #require(RepositoryLessons.catalog.lesson(id: id, lang: .en))
        var compared = 0
        for (index, step) in lesson.steps.enumerated()
        where !step.isExercise && step.code == nil && !step.commands.isEmpty {
            // From the step's own start: the same objects the lesson's commands meet.
            let short = guided(id), swift = guided(id)
            for session in [short, swift] { session.execute("goto \(index + 1)"); _ = session.takeEvents() }
            var shortGuide: [String?] = [], swiftGuide: [String?] = []
            for entry in step.transcripts.flatMap(\.entries) {
                shortGuide.append(reminder(short, entry.command))
                swiftGuide.append(reminder(swift, Self.swiftSpelling(entry.expected) ?? entry.command))
            }
            #expect(swiftGuide == shortGuide, "\(id) step \(index + 1)")
            if shortGuide.contains(where: { $0 != nil }) { compared += 1 }
        }
        #expect(compared > 0)
    }

    /// The Swift a transcript's code pane shows for a command, its wrapped lines joined; nil when it shows none.
    static func swiftSpelling(_ output: [String]) -> String? {
        guard let start = output.firstIndex(where: { $0.hasPrefix("── code ") }) else { return nil }
        let lines = output[(start + 1)...].prefix { !$0.hasPrefix("── ") && !$0.isEmpty && !$0.hasPrefix("error") }
        guard let first = lines.first else { return nil }
        return lines.dropFirst().prefix { $0.hasPrefix(" ") }.reduce(first) {
            $0 + $1.trimmingPrefix(while: \.isWhitespace)
        }
    }

    @Test func aDemonstrationIsNotCountedAsAnExercise() throws {
        let lesson = try #require(RepositoryLessons.catalog.lesson(id: "builder", lang: .en))
        let demonstrations = lesson.steps.indices.filter { lesson.steps[$0].goalStaysUnmet }
        #expect(!demonstrations.isEmpty)
        #expect(Set(lesson.exerciseIndices).isDisjoint(with: demonstrations))
        // Every exercise done is every exercise the lesson has.
        let all = Set(lesson.exerciseIndices)
        #expect(
            lesson.progressText(step: 11, done: all, .en)
                == "step 12 of 12 · \(all.count) of \(all.count) exercises done")
    }

    /// `check` at a demonstration says what the step is: before its commands ran, that they must run first (not a
    /// list of fields that do not exist yet); after, why the goal stays unmet, and that nothing is the learner's to
    /// fix.
    @Test func checkAtADemonstrationSaysItIsOne() {
        for (lang, first, last) in [
            (
                Lang.en,
                "this step shows a goal its commands leave unmet on purpose: run them first\n('run' runs them), then "
                    + "'check' says why it stays unmet\n",
                "This step's goal stays unmet on purpose: it shows the bug, nothing here is yours\nto fix. 'next' "
                    + "moves "
                    + "on.\n"
            ),
            (
                Lang.ko,
                "이 단계는 명령을 실행해도 목표가 일부러 달성되지 않는 모습을 보여 줍니다. 먼저\n명령을 실행하고('run'이 실행합니다) "
                    + "'check'를 입력하면 왜 달성되지 않는지 알려\n줍니다\n",
                "이 단계의 목표는 일부러 달성되지 않습니다. 버그를 보여 주는 단계이니 여기서 고칠\n것은 없습니다. 'next'로 넘어가세요.\n"
            ),
        ] {
            let session = RepositoryLessons.loaded("builder", lang)
            _ = session.run("goto 9")
            expectSame(session.run("check"), first)
            let after = session.run("run", "check")
            #expect(after.hasSuffix(last), "\(after)")
            #expect(!after.contains(lang == .en ? "Stuck?" : "막혔나요?"))
        }
    }

    /// An action is shown as the real object holds it, a closure whose source no one can read back: the same
    /// `{ ... }` whether a short command or compiled Swift made it.
    @Test func anActionIsShownAsTheObjectHoldsIt() {
        let session = RepositoryLessons.loaded("builder")
        let short = session.run("button OK deleted")
        #expect(short.contains(#"* confirmAction: AlertAction(title: "OK", handler: { ... })"#), "\(short)")
        _ = session.run(#"alert.addConfirmAction("Go") { print("a"); print("b") }"#)
        #expect(session.run("state").contains(#"confirmAction: AlertAction(title: "Go", handler: { ... })"#))
    }

    /// What the lesson ran to set a step up is counted, never listed as typed.
    @Test func historyListsOnlyWhatTheLearnerTyped() {
        let session = RepositoryLessons.loaded("builder")
        _ = session.run("goto 3", "restart")
        expectSame(
            session.run("history"),
            """
            (the lesson ran 3 command(s) to set this step up; 'restart' runs them again)
            no commands yet

            """)
        expectSame(
            session.run("meat tofu", "history"),
            """
            ── code ────────────────────
            try builder.setMeat(.tofu)
            ── log ─────────────────────
            builder.meat: .chicken → .tofu
            ── state ───────────────────
            builder: HamburgerBuilder
            * meat:     .tofu
              sauces:   [.mustard]
              toppings: [.lettuce]
            (the lesson ran 3 command(s) to set this step up; 'restart' runs them again)
              1  meat tofu   → builder.meat

            """)
    }
}
