// The delegate lesson's live objects, declared as the playground makes them: the controller watches its cells' and
// its own deinit, the hub has a second listener (a counter) and the quiz screen a delegate (a presenter). Those two
// have no name in the playground: here their names begin with an underscore.
var controller: GameBoardController? = GameBoardController(onCellDeinit: { _ in })
var board: GameBoardController { controller! }
board.onDeinit = { _ in }
let quizScreen = QuestionGroupScreen()
let hub = CellHub()
let _counter = CellCounter()
hub.register(_counter)
final class _QuizPresenter: QuestionGroupScreenDelegate {
    func questionGroupScreen(didCreate group: QuestionGroup) {}
    func questionGroupScreenDidCancel() {}
}
let _presenter = _QuizPresenter()
quizScreen.delegate = _presenter
