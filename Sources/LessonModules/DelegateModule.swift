import Patterns
import PlaygroundCore

/// The `delegate` lesson: a 5x5 board whose cells report to their controller through a delegate, with real ARC:
/// the memory pane is fed by the objects' own `deinit`s and by weak references, nothing is simulated.
public final class DelegateModule: LessonModule {
    let context: ModuleContext
    /// The lesson's own (strong) reference to the controller; `release controller` drops it.
    var controller: GameBoardController?
    /// Weak references: they tell whether ARC really freed the objects.
    weak var weakController: GameBoardController?
    var weakCells: [WeakCell] = []
    var ownership: DelegateOwnership = .weak
    var deinits: [String] = []
    var lastHeard = ""
    let quiz = QuestionGroupScreen()
    let presenter: QuizPresenter

    struct WeakCell { weak var cell: Cell? }

    public init(context: ModuleContext) {
        self.context = context
        presenter = QuizPresenter(post: { [context] text in context.post("controller", text, source: "presenter") })
        quiz.delegate = presenter
        makeBoard()
    }

    public static let factory = ModuleFactory(name: "delegate") { DelegateModule(context: $0) }

    public var panes: [(name: String, topics: [String])] { [("controller", ["controller"]), ("memory", ["memory"])] }

    func makeBoard() {
        // The deinit observers capture the context, never the objects they watch.
        let record: (String) -> Void = { [weak self] name in self?.deinits.append(name) }
        let board = GameBoardController(ownership: ownership, onCellDeinit: record)
        board.onDeinit = record
        controller = board
        weakController = board
        weakCells = board.cells.joined().map { WeakCell(cell: $0) }
    }

    func requireController() throws -> GameBoardController {
        guard let controller else {
            throw PlaygroundError(context.tr("the lesson released its controller; 'reset' makes a new board"))
        }
        return controller
    }

    // MARK: live objects

    public lazy var objects: [LiveObject] = [boardObject, quizObject]

    lazy var boardObject = LiveObject(name: "board", typeName: "GameBoardController", methods: [
        Method("cell", [Param(nil, .int), Param(nil, .int)], returns: .object("Cell"), summary: "the cell at row, column (0-4)") { [unowned self] a in
            let board = try requireController()
            let (row, column) = (a[0].int, a[1].int)
            guard (0..<GameBoardController.size).contains(row), (0..<GameBoardController.size).contains(column) else {
                throw ThrownError("Fatal error: Index out of range", context.tr("rows and columns go from 0 to 4, not [{0},{1}]", String(row), String(column)))
            }
            return .object(cellObject(board.cell(row, column)))
        },
        Method("setDelegateOwnership", [Param(nil, .enumCase(type: "DelegateOwnership", cases: DelegateOwnership.allCases.map(\.rawValue)))],
               summary: "how every cell holds this controller") { [unowned self] a in
            let board = try requireController()
            ownership = DelegateOwnership(rawValue: a[0].singleCase)!
            board.setDelegateOwnership(ownership)
            context.post("memory", "cells now hold their delegate \(ownership == .weak ? "weakly" : "strongly")" + (ownership == .strong ? ": controller -> cells -> controller is a cycle" : ""), source: "board")
            return .done
        },
    ])

    func cellObject(_ cell: Cell) -> LiveObject {
        LiveObject(name: "cell", typeName: "Cell", methods: [
            Method("endEditing", [Param(nil, .string)], summary: "editing ended: tell the delegate") { [unowned self, weak cell] a in
                guard let cell else { return .done }
                let text = a[0].text
                context.post("log", "cell[\(cell.row),\(cell.column)] -> delegate.cell(_:valueChangedTo: \(SwiftValue.string(text).swiftSource))", source: "cell")
                let before = controller?.received.count ?? 0
                cell.endEditing(text)
                if let heard = controller?.received.last, (controller?.received.count ?? 0) > before {
                    lastHeard = heard
                    context.post("controller", heard, source: "controller")
                } else {
                    context.post("controller", "(empty text ignored)", source: "controller")
                }
                return .done
            },
        ])
    }

    lazy var quizObject = LiveObject(name: "quizScreen", typeName: "QuestionGroupScreen", methods: [
        Method("setTitle", [Param(nil, .string)], returns: .this) { [unowned self] a in quiz.builder.title = a[0].text; return .this },
        Method("setQuestion", [Param("prompt", .string), Param("answer", .string)], returns: .this) { [unowned self] a in
            quiz.builder.questions[0].prompt = a[0].text
            quiz.builder.questions[0].answer = a[1].text
            return .this
        },
        Method("save", summary: "build the group; the delegate hears 'created'") { [unowned self] _ in
            if let error = quiz.save() {
                context.post("product", Render.missingInputs, source: "quizScreen")
                throw ThrownError(DirectorModule.swiftName(of: error), DirectorModule.explain(error, context))
            }
            return .done
        },
        Method("cancel", summary: "close the screen; the delegate hears 'cancelled'") { [unowned self] _ in quiz.cancel(); return .done },
    ])

    // MARK: short commands

    public lazy var commands: [CommandSpec] = [
        CommandSpec("type", [ArgumentSpec("row", .choice(["0", "1", "2", "3", "4"])), ArgumentSpec("column", .choice(["0", "1", "2", "3", "4"])),
                             ArgumentSpec("text")],
                    summary: "type into a cell: board.cell(row, column).endEditing(text)",
                    action: .swift { a in "board.cell(\(a[0]), \(a[1])).endEditing(\(SwiftValue.string(a[2]).swiftSource))" }),
        CommandSpec("delegate", [ArgumentSpec("ownership", .choice(["weak", "strong"]))], summary: "how cells hold their delegate",
                    action: .swift { "board.setDelegateOwnership(.\($0[0]))" }),
        CommandSpec("release", [ArgumentSpec("object", .choice(["controller"]))], summary: "drop the lesson's reference: controller = nil",
                    action: .native { [unowned self] _ in try release() }),
        CommandSpec("memory", summary: "what is alive, and what ARC freed", changesState: false, action: .native { [unowned self] _ in
            context.post("memory", memoryReport(), source: "ARC")
        }),
        CommandSpec("quiz", [ArgumentSpec("action", .choice(["save", "cancel"]))], summary: "save or cancel the question-group screen",
                    action: .swift { "quizScreen.\($0[0])()" }),
    ]

    func release() throws {
        guard controller != nil else { throw PlaygroundError(context.tr("the controller was already released; 'reset' makes a new board")) }
        context.post("code", "controller = nil", source: "lesson")
        controller = nil
        context.post("memory", memoryReport(), source: "ARC")
    }

    var aliveCells: Int { weakCells.filter { $0.cell != nil }.count }

    var aliveSummary: String {
        var parts: [String] = []
        if weakController != nil { parts.append("GameBoardController ×1") }
        if aliveCells > 0 { parts.append("Cell ×\(aliveCells)") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    func memoryReport() -> String {
        var lines = ["alive: \(aliveSummary)"]
        if controller == nil && weakController != nil {
            lines.append("LEAK: nothing outside refers to the controller, yet it is alive:")
            lines.append("  controller -> cells (it owns the 25 cells)")
            lines.append("  cells -> controller (each holds a strong delegate)")
            lines.append("  a strong reference cycle: no deinit will ever run")
        } else if controller == nil {
            let cells = deinits.filter { $0.hasPrefix("Cell") }
            for name in deinits where !name.hasPrefix("Cell") { lines.append("deinit \(name)") }
            if let first = cells.first, let last = cells.last {
                lines.append("deinit Cell ×\(cells.count) (\(first) … \(last))")
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: state

    public func state() -> [StateGroup] {
        [
            StateGroup("board", type: "GameBoardController", [
                ("controller", controller != nil ? "held by the lesson" : "released"),
                ("delegate", ownership.rawValue),
                ("filled", String(weakCells.filter { !($0.cell?.text.isEmpty ?? true) }.count)),
                ("lastHeard", SwiftValue.string(lastHeard).swiftSource),
            ]),
            StateGroup("memory", type: "ARC", [
                ("alive", aliveSummary),
                ("deinits", String(deinits.count)),
            ]),
            StateGroup("quiz", type: "QuizPresenter", [("heard", SwiftValue.string(presenter.heard).swiftSource)]),
        ]
    }
}

/// Presents the question-group screen and is its delegate: hears "created" or "cancelled".
final class QuizPresenter: QuestionGroupScreenDelegate {
    let post: (String) -> Void
    var heard = ""
    init(post: @escaping (String) -> Void) { self.post = post }
    func questionGroupScreen(didCreate group: QuestionGroup) {
        heard = "created \(group.title)"
        post("presenter: the screen created \"\(group.title)\" (\(group.questions.count) question)")
    }
    func questionGroupScreenDidCancel() {
        heard = "cancelled"
        post("presenter: the screen was cancelled")
    }
}
