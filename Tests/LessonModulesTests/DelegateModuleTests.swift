import LessonModules
import PlaygroundCore
import Testing

@Suite struct DelegateModuleTests {
    @Test func typingIntoACellShowsTheValueInTheControllerPane() {
        let session = makeSession()
        _ = session.run("load delegate")
        let out = session.run("type 2 3 A")
        #expect(out.contains("── controller ──────────────\nA at [2,3]\n"), "\(out)")
        #expect(out.contains("board.cell(2, 3).endEditing(\"A\")"))
        #expect(session.run("type 1 1 \"\"").contains("(empty text ignored)"))
    }

    @Test func weakDelegateReleaseRunsTheDeinitializers() {
        let session = makeSession()
        _ = session.run("load delegate", "delegate weak")
        let out = session.run("release controller")
        #expect(
            out.contains(
                """
                ── memory ──────────────────
                alive: none
                deinit GameBoardController
                deinit Cell ×25 (Cell[0,0] … Cell[4,4])
                """), "\(out)")
    }

    @Test func strongDelegateReleaseReportsTheLeak() {
        let session = makeSession()
        _ = session.run("load delegate", "delegate strong")
        let out = session.run("release controller")
        #expect(out.contains("alive: GameBoardController ×1, Cell ×25\nLEAK:"), "\(out)")
        #expect(!out.contains("deinit Cell") && !out.contains("deinit GameBoard"))
        expectSame(
            session.run("release controller"), "error: the controller was already released; 'reset' makes a new board\n"
        )
    }

    @Test func quizScreenReportsToItsDelegate() {
        let session = makeSession()
        _ = session.run("load delegate")
        // save() returns the error it shows; it does not throw.
        #expect(
            session.run("quiz save").contains(
                "quizScreen.save() -> QuestionGroupBuilder.Error.missingTitle: the group has no"))
        #expect(session.run("quiz cancel").contains("presenter: the screen was cancelled"))
    }
}
