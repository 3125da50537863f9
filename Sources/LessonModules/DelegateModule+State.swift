import Patterns
import PlaygroundCore

/// The delegate lesson's state pane, read from its objects.
extension DelegateModule {
    // MARK: state

    /// The cells that hold text, by position: `[0,4] "B", [2,3] "A"`, or `-`.
    var typedCells: String {
        let typed = weakCells.compactMap { $0.cell }.filter { !$0.text.isEmpty }
        return typed.isEmpty
            ? "-" : typed.map { "[\($0.row),\($0.column)] \(SwiftValue.quoted($0.text))" }.joined(separator: ", ")
    }

    public func state() -> [StateGroup] {
        [
            StateGroup(
                "board", type: "GameBoardController",
                [
                    StateField("controller", .plain(controller != nil ? "held by the lesson" : "released")),
                    StateField("delegate", .plain(ownership.rawValue)),
                    StateField("listener", .plain(listener)),
                    StateField("filled", .number(weakCells.filter { !($0.cell?.text.isEmpty ?? true) }.count)),
                    // Where each text is, not only how many: an exercise on the top-right cell checks that cell.
                    StateField("typed", .plain(typedCells)),
                    // What the board itself heard last, while it is alive (`board.lastHeard`).
                    StateField("lastHeard", .string((controller ?? weakController)?.lastHeard ?? "")),
                ]),
            StateGroup(
                "memory", type: "ARC",
                [
                    StateField("alive", .plain(aliveSummary)),
                    StateField("deinits", .number(deinits.count)),
                ]),
            StateGroup(
                "quizScreen", type: "QuestionGroupScreen",
                [
                    StateField("title", .string(quiz.builder.title)),
                    StateField(
                        "q0",
                        .plain(
                            quiz.builder.questions.first.map {
                                "prompt: \(SwiftValue.quoted($0.prompt)), answer: \(SwiftValue.quoted($0.answer))"
                            } ?? "-")),
                ]),
            StateGroup("quiz", type: "QuizPresenter", [StateField("heard", .string(presenter.heard))]),
            StateGroup(
                "hub", type: "CellHub",
                [
                    StateField("listeners", .number(hub.listenerCount)),
                    StateField("counterHeard", .number(counter.heard)),
                ]),
        ]
    }
}
