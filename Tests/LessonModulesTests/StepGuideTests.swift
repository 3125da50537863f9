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
