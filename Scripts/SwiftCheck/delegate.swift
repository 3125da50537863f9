// The delegate lesson's live objects, declared as the playground makes them.
var controller: GameBoardController? = GameBoardController()
let board = controller!
let quizScreen = QuestionGroupScreen()
let hub = CellHub()
