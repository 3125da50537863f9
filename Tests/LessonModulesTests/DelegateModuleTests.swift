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

    /// `board` is `controller!`: no reference of its own, so after the release it finds nil (a trap, as that Swift
    /// is), and it cannot be assigned. A learner's cell with a strong delegate holds the controller: the memory pane
    /// names it, and the cycle behind it. (A name for the controller itself: InProcessCompiledTests.)
    @Test func boardIsTheControllerUnwrappedAndACellNameHoldsAStrongDelegate() {
        let session = makeSession()
        _ = session.run("load delegate", "controller = nil")
        expectSame(
            session.run("board.cell(0, 0)"),
            """
            ── code ────────────────────
            board.cell(0, 0)
            Fatal error: Unexpectedly found nil while unwrapping an Optional value
            board is 'controller!', and controller is nil: the lesson released it; 'reset'
            makes a new board
            (a trap: a real program stops here; the playground keeps the live objects as
            they were)

            """)
        expectSame(session.run("board = nil"), "error: cannot assign to value: 'board' is a get-only property\n")
        _ = session.run("reset", "delegate strong", "let cell = board.cell(1, 1)")
        let released = session.run("controller = nil")
        #expect(
            released.hasSuffix(
                """
                ── memory ──────────────────
                alive: GameBoardController ×1, Cell ×25
                held by cell (a cell whose strong delegate is the controller): a name of yours
                refers to the controller strongly, so ARC keeps it (and its 25 cells) alive
                the cells hold it strongly too: once no name holds it, controller -> cells ->
                controller is a cycle

                """), "\(released)")
        #expect(!released.contains("LEAK"))
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
