import LessonModules
import Patterns
import PlaygroundCore
import Testing

/// The state pane and the goals read the real objects: a call made straight on them, past the module's commands
/// (as a compiled Swift line makes it), gives the same state and the same verdict as the short command.
@Suite struct RealObjectStateTests {
    /// The real object a lesson's live object holds now.
    func real<T>(_ session: Session, _ name: String, as type: T.Type) throws -> T {
        try #require(session.lessons.liveObjects.first { $0.name == name }?.instance() as? T)
    }

    /// The lines of the full state pane that start with `field`.
    func fields(_ session: Session, _ field: String) -> [String] {
        session.run("state").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix(field + ":") || $0.hasPrefix("* " + field + ":") }
    }

    @Test func delegateStep4TypedStraightOnTheBoardMeetsItsGoal() throws {
        let session = RepositoryLessons.loaded("delegate")
        _ = session.run("goto 4")
        let board = try real(session, "board", as: GameBoardController.self)
        session.callBook.recording {
            board.cell(0, 4).endEditing("B")
            board.cell(4, 4).endEditing("C")
        }
        #expect(fields(session, "lastHeard") == [#"lastHeard:  "C at [4,4]""#])
        let verdict = session.run("check")
        #expect(verdict.contains("goal met"), "\(verdict)")
    }

    @Test func mediatorStep7SentStraightThroughThePagerMeetsItsGoal() throws {
        let session = RepositoryLessons.loaded("mediator")
        _ = session.run("goto 7")
        let pager = try real(session, "pager", as: PageViewController.self)
        let teal = SenderPage(name: "teal")
        session.callBook.recording {
            pager.add(teal)
            teal.viewDidDisappear()
        }
        #expect(fields(session, "lastSender") == ["lastSender:   teal"])
        let verdict = session.run("check")
        #expect(verdict.contains("goal met"), "\(verdict)")
    }

    /// Every `receive(message:)` the pager calls is a delivery, whatever the page does with it; a message sent to
    /// the pager itself has no sender page.
    @Test func mediatorCountsWhatThePagerDelivered() throws {
        let session = RepositoryLessons.loaded("mediator")
        let pager = try real(session, "pager", as: PageViewController.self)
        let blue = try real(session, "blue", as: ReceiverPage.self)
        blue.onReceive = { _ in }
        _ = session.run("page add green")
        let answer = session.run("hide red")
        #expect(answer.contains("mediator delivered to 2 page(s)"), "\(answer)")
        pager.send(message: "x")
        #expect(fields(session, "lastSender") == ["lastSender:   -"])
        #expect(fields(session, "lastDelivery") == ["lastDelivery: 2 page(s)"])
    }

    @Test func directorStep9BuiltStraightOnTheGroupMeetsItsGoal() throws {
        let session = RepositoryLessons.loaded("director")
        _ = session.run("goto 9")
        let group = try real(session, "group", as: QuestionGroupBuilder.self)
        group.addNewQuestion()
        group.addNewQuestion()
        group.question(0).setPrompt("What does let declare?").setAnswer("a constant")
        group.question(1).setPrompt("What does var declare?").setAnswer("a variable")
        let quiz = try group.build()
        #expect(quiz.questions.count == 2)
        #expect(fields(session, "built") == [#"built:     "Swift basics""#])
        let verdict = session.run("check")
        #expect(verdict.contains("goal met"), "\(verdict)")
        // A change after the build: what was built is no longer what the builder holds.
        group.setTitle("Swift")
        #expect(fields(session, "built") == ["built:     nil"])
    }

    @Test func directorRecipeRunStraightOnTheEmployeeIsTheEmployeesWork() throws {
        let session = RepositoryLessons.loaded("director")
        _ = session.run("goto 4")
        let employee = try real(session, "employee", as: Employee.self)
        let receiptBuilder = try real(session, "receiptBuilder", as: ReceiptBuilder.self)
        _ = try session.callBook.recording { try employee.createCombo1(with: receiptBuilder) }
        #expect(fields(session, "builtBy") == ["builtBy: employee.createCombo1(with:)"])
        #expect(session.run("check").contains("goal met"))
        // A later order into the other builder does not take the receipt away from the employee.
        _ = try employee.createCombo1(with: HamburgerBuilder())
        #expect(fields(session, "builtBy") == ["builtBy: employee.createCombo1(with:)"])
    }

    /// `screen.tapConfirm()` called on the real screen sets what `tap OK` sets.
    @Test func builderTapStraightOnTheScreenIsTheTapOfTheShortCommand() throws {
        let short = RepositoryLessons.loaded("builder")
        _ = short.run("goto 8", "tap OK")
        let swift = RepositoryLessons.loaded("builder")
        _ = swift.run("goto 8")
        let screen = try real(swift, "screen", as: Screen.self)
        #expect(screen.tapConfirm())
        #expect(fields(swift, "lastTap") == [#"lastTap:   action of "Check your alerts" ran"#])
        #expect(swift.run("state") == short.run("state"))
    }
}
