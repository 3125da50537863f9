import LessonModules
import PlaygroundCore
import Testing

/// What the program shows is what happened, whatever the path: every lesson is walked, and the live objects (with
/// the program's own panes and routes) must not depend on how a learner reached a step.
@Suite struct ReplayTests {
    static var ids: [String] { RepositoryLessons.ids }

    func expectSameState(
        _ a: Session, _ b: Session, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(a.lessons.snapshot.live == b.lessons.snapshot.live, comment, sourceLocation: sourceLocation)
        #expect(a.lessons.snapshot.panes == b.lessons.snapshot.panes, comment, sourceLocation: sourceLocation)
    }

    @Test(arguments: ids)
    func gotoGivesTheSameStateFromEveryStep(lesson id: String) throws {
        let steps = try #require(RepositoryLessons.catalog.lesson(id: id, lang: .en)).steps
        for target in 1...steps.count {
            let fresh = RepositoryLessons.loaded(id)
            #expect(fresh.execute("goto \(target)"))
            for from in 1...steps.count {
                let session = RepositoryLessons.loaded(id)
                session.execute("goto \(from)")
                for command in steps[from - 1].commands { session.execute(command) }
                #expect(session.execute("goto \(target)"))
                expectSameState(session, fresh, "\(id): goto \(target) after working through step \(from)")
                let output = session.takeOutput()
                #expect(!output.contains("internal error"), "\(output)")
            }
        }
    }

    @Test(arguments: ids)
    func undoEqualsAFreshReplayOfOneCommandLess(lesson id: String) throws {
        let lesson = try #require(RepositoryLessons.catalog.lesson(id: id, lang: .en))
        let lines = lesson.steps.flatMap(\.commands)
        for count in 1...lines.count {
            let session = RepositoryLessons.loaded(id)
            for line in lines.prefix(count) { session.execute(line) }
            let journal = session.lessons.journalCommands
            guard !journal.isEmpty else { continue }
            #expect(session.execute("undo"))
            #expect(session.lessons.journalCommands == Array(journal.dropLast()), "\(id): undo after \(count) commands")
            let replayed = RepositoryLessons.loaded(id)
            for line in session.lessons.journalCommands { #expect(replayed.execute(line), "\(id): replaying \(line)") }
            expectSameState(session, replayed, "\(id): undo after \(count) lines (\(lines[count - 1]))")
        }
    }

    /// A replay puts back the calls each journaled command made when it ran (``CallRecorder/append(_:)``), without
    /// recording them again: `trace all` after `undo` and after a failed command's rollback must read as it does in a
    /// session that typed what is left.
    @Test(arguments: ids)
    func theCallsAfterUndoAndRollbackAreThoseOfAFreshReplay(lesson id: String) throws {
        let lesson = try #require(RepositoryLessons.catalog.lesson(id: id, lang: .en))
        let lines = lesson.steps.flatMap(\.commands)
        for count in 1...lines.count {
            let session = RepositoryLessons.loaded(id)
            for line in lines.prefix(count) { session.execute(line) }
            guard !session.lessons.journalCommands.isEmpty else { continue }
            #expect(session.execute("undo"))
            let replayed = RepositoryLessons.loaded(id)
            for line in session.lessons.journalCommands { replayed.execute(line) }
            _ = session.takeOutput()
            _ = replayed.takeOutput()
            session.execute("trace all")
            replayed.execute("trace all")
            #expect(session.takeOutput() == replayed.takeOutput(), "\(id): trace all after undo of line \(count)")
        }
    }

    @Test func aRolledBackCallLeavesTheCallsOfAFreshReplay() {
        let session = RepositoryLessons.loaded("builder")
        let lines = [
            "meat chicken", "sauce add mustard ketchup",
            #"alert.setTitle("Hi").setMessage("There").addConfirmAction("OK") { print("tapped") }.present()"#,
        ]
        for line in lines { #expect(session.execute(line)) }
        // Kitten is sold out: the call threw before it changed anything, so nothing is rebuilt, and its record goes
        // (a call that changed something and threw is rebuilt from the journal: RollbackTests).
        #expect(!session.execute("meat kitten"))
        #expect(session.counts.rollbacks.rebuilt == 0)
        let replayed = RepositoryLessons.loaded("builder")
        for line in lines { replayed.execute(line) }
        _ = session.takeOutput()
        _ = replayed.takeOutput()
        session.execute("trace all")
        replayed.execute("trace all")
        let trace = session.takeOutput()
        #expect(trace == replayed.takeOutput())
        #expect(trace.contains("present(Alert("), "\(trace)")
    }

    @Test(arguments: ids)
    func afterResetEveryCommandOfTheStepWorksAsOnAFreshLesson(lesson id: String) throws {
        let lesson = try #require(RepositoryLessons.catalog.lesson(id: id, lang: .en))
        for (index, step) in lesson.steps.enumerated() {
            let session = RepositoryLessons.loaded(id)
            session.execute("goto \(index + 1)")
            for command in step.commands { session.execute(command) }
            #expect(session.execute("reset"))
            _ = session.takeOutput()
            let fresh = RepositoryLessons.loaded(id)
            for command in step.commands
            where session.command(named: String(command.prefix { $0 != " " }))?.changesState != false {
                let (ok, freshOK) = (session.execute(command), fresh.execute(command))
                #expect(ok == freshOK, "\(id) step \(index + 1): '\(command)' after reset")
                // The same answer; the reminder line names each session's own step.
                #expect(
                    withoutReminder(session.takeOutput()) == withoutReminder(fresh.takeOutput()),
                    "\(id) step \(index + 1): '\(command)' after reset")
            }
        }
    }

    /// `goto` replays what changes state and never a look: a replayed `check` would mark steps done, a replayed
    /// `hint` would count hints.
    @Test(arguments: ids)
    func gotoReplaysChangesNeverLooks(lesson id: String) throws {
        let lesson = try #require(RepositoryLessons.catalog.lesson(id: id, lang: .en))
        let session = RepositoryLessons.loaded(id)
        #expect(session.execute("goto \(lesson.steps.count)"))
        #expect(session.lessons.doneSteps.isEmpty)
        let looks: Set<String> = [
            "check", "hint", "state", "solution", "history", "panes", "show", "memory", "links", "run", "step",
        ]
        #expect(
            session.lessons.journalCommands.allSatisfy { !looks.contains(String($0.prefix { $0 != " " })) },
            "\(session.lessons.journalCommands)")
    }

    /// The three reproductions from the review, in the mediator lesson.
    @Test func mediatorPagesSurviveEveryPath() {
        let twice = RepositoryLessons.loaded("mediator")
        twice.execute("goto 5")
        twice.execute("goto 6")
        let once = RepositoryLessons.loaded("mediator")
        once.execute("goto 6")
        expectSameState(twice, once, "goto 5 then goto 6")

        let undone = RepositoryLessons.loaded("mediator")
        #expect(undone.execute("page add green") && undone.execute("page add yellow") && undone.execute("undo"))
        #expect(StateGroup.value(at: "pager.pages", in: undone.lessons.snapshot.live) == .plain("red, blue, green"))

        let reset = RepositoryLessons.loaded("mediator")
        #expect(reset.execute("page add green") && reset.execute("reset") && reset.execute("page add green"))
    }

    /// A journaled command that no longer replays is an internal error, loud, never swallowed.
    @Test func aFailingReplayIsAnInternalError() {
        final class Once: @unchecked Sendable { var used = false }
        let once = Once()
        let factory = ModuleFactory(name: "flaky") { _ in
            SmallModule(objects: [
                LiveObject(
                    name: "gadget", typeName: "Gadget",
                    methods: [
                        // Works the first time only, as a module with hidden global state would.
                        Method("poke") {
                            if once.used { throw ThrownError("Gadget.Error.worn", .verbatim("worn out")) }
                            once.used = true
                            return .done
                        },
                        Method("look") { .done },
                    ])
            ])
        }
        let catalog = LessonCatalog(
            sources: [
                LessonSource(
                    path: "f.md", lang: "en", text: "---\nid: f\ntitle: F\nmodule: flaky\n---\n## One\n",
                    isBuiltIn: false)
            ],
            modules: ["flaky"])
        let session = Session(catalog: catalog, modules: [factory])
        session.execute("load f")
        #expect(session.execute("gadget.poke()"))
        #expect(session.execute("gadget.look()"))
        _ = session.takeOutput()
        #expect(!session.execute("undo"))
        #expect(
            session.takeOutput() == """
                error: internal error: replaying 'gadget.poke()' failed: Gadget.Error.worn was
                thrown: worn out; this is a bug in the playground, please report it

                """)
    }
}

/// A module made of objects and nothing else, for tests.
final class SmallModule: LessonModule {
    let objects: [LiveObject]
    var commands: [CommandSpec] { [] }
    init(objects: [LiveObject]) { self.objects = objects }
    func state() -> [StateGroup] { [] }
}

/// An answer without its closing reminder line (`── step 3/11 · next: > ...`), which depends on where the session is.
func withoutReminder(_ output: String) -> String {
    output.split(separator: "\n", omittingEmptySubsequences: false).filter {
        !($0.hasPrefix("── ") && $0.contains(" · "))
    }.joined(separator: "\n")
}
