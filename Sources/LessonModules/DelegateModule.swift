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
    /// How the cells reach the controller: the delegate, closures, or the hub.
    var listening = Listening.delegate
    enum Listening: Equatable {
        case delegate
        case closures(SelfCapture)
        case hub
    }
    /// The mediator way: a hub with a second listener, the counter, registered from the start.
    let hub = CellHub()
    let counter = CellCounter()
    var deinits: [String] = []
    let quiz = QuestionGroupScreen()
    let presenter: QuizPresenter

    struct WeakCell { weak var cell: Cell? }

    public init(context: ModuleContext) {
        self.context = context
        presenter = QuizPresenter(post: { [context] phrase in context.post("controller", phrase, source: "presenter") })
        quiz.delegate = presenter
        hub.register(counter)
        makeBoard()
    }

    public static let factory = ModuleFactory(name: "delegate", messages: DelegateText.allCases.map(\.phrase)) {
        DelegateModule(context: $0)
    }

    public var panes: [(name: String, topics: [String])] { [("controller", ["controller"]), ("memory", ["memory"])] }

    func makeBoard() {
        // The deinit observers capture the context, never the objects they watch.
        let record: (String) -> Void = { [weak self] name in self?.deinits.append(name) }
        let board = GameBoardController(ownership: ownership, onCellDeinit: record)
        board.onDeinit = record
        listening = .delegate
        controller = board
        weakController = board
        weakCells = board.cells.joined().map { WeakCell(cell: $0) }
    }

    /// `board`, which is `controller!`: with the controller released, reading it traps as that Swift does.
    func requireController() throws -> GameBoardController {
        guard let controller else {
            throw Trap(
                message: "Fatal error: Unexpectedly found nil while unwrapping an Optional value",
                explanation: DelegateText.boardIsNil.phrase)
        }
        return controller
    }

    // MARK: live objects

    /// `board` is not a second reference that could keep the controller alive: it is the lesson's `controller`,
    /// unwrapped (`var board: GameBoardController { controller! }`), so `controller = nil` frees the board and a
    /// later `board` finds nil, as that Swift does.
    public lazy var objects: [LiveObject] = [
        {
            let board = boardObject.holding { [unowned self] in controller }
            board.getter = "controller!"
            board.swiftType = "Patterns.GameBoardController"
            return board
        }(), quizObject.holding { [unowned self] in quiz },
        hubObject.holding { [unowned self] in hub },
    ]

    /// `controller`, the lesson's own `var` (a `GameBoardController?`): a compiled line sees it and may set it to nil.
    public lazy var variables: [LiveObject] = [
        {
            let object = LiveObject(name: "controller", typeName: "GameBoardController?", methods: [])
                .holding { [unowned self] in controller as Any }
            object.swiftType = "Swift.Optional<Patterns.GameBoardController>"
            object.kind = .var
            object.assign = { [unowned self] value in
                // The line's value, an Optional inside `Any?`: nil, or the controller it now holds.
                let new = Reflection.unwrapped(value) as? GameBoardController
                if new == nil, controller != nil {
                    try release()
                } else if let new, new !== controller {
                    controller = new
                }
            }
            return object
        }()
    ]

    lazy var hubObject = LiveObject(
        name: "hub", typeName: "CellHub",
        methods: LiveAPI.methods(of: hub) { api in api.property("listenerCount", \.listenerCount) })

    lazy var boardObject = LiveObject(
        name: "board", typeName: "GameBoardController",
        methods: [
            Method("cell", (nil, nil), returns: .object("Cell")) { [unowned self] (row: Int, column: Int) in
                let board = try requireController()
                guard (0..<GameBoardController.size).contains(row), (0..<GameBoardController.size).contains(column)
                else {
                    throw Trap(
                        message: "Fatal error: Index out of range",
                        explanation: DelegateText.rowsAndColumns(String(row), String(column)))
                }
                return .object(cellObject(board.cell(row, column)))
            },
            Method("setDelegateOwnership") { [unowned self] (ownership: DelegateOwnership) in
                let board = try requireController()
                self.ownership = ownership
                board.setDelegateOwnership(ownership)
                context.post(
                    "memory",
                    ownership == .weak ? DelegateText.cellsHoldWeakly.phrase : DelegateText.cellsHoldStrongly.phrase,
                    source: "board")
                return .done
            },
            Method("listenThroughHub") { [unowned self] (_: HubName) in
                let board = try requireController()
                listening = .hub
                board.listenThroughHub(hub)
                context.post("memory", DelegateText.cellsPostToHub(String(hub.listenerCount)), source: "board")
                return .done
            },
            Method("listenThroughClosures", "capturing") { [unowned self] (capture: SelfCapture) in
                let board = try requireController()
                listening = .closures(capture)
                board.listenThroughClosures(capturing: capture)
                context.post(
                    "memory",
                    capture == .weakSelf
                        ? DelegateText.closuresCaptureWeakly.phrase : DelegateText.closuresCaptureStrongly.phrase,
                    source: "board")
                return .done
            },
        ])

    /// How the cells reach the controller, as the state pane says it.
    var listener: String {
        switch listening {
        case .delegate: return "delegate (\(ownership.rawValue))"
        case .closures(.strongSelf): return "closures capturing self"
        case .closures(.weakSelf): return "closures capturing [weak self]"
        case .hub: return "hub"
        }
    }

    func cellObject(_ cell: Cell) -> LiveObject {
        LiveObject(
            name: "cell", typeName: "Cell",
            methods: [
                Method("endEditing") { [unowned self, weak cell] (text: String) in
                    guard let cell else { return .done }
                    let call =
                        switch listening {
                        case .delegate: "delegate.cell(_:valueChangedTo: \(SwiftValue.quoted(text)))"
                        case .closures: "onValueChanged(cell, \(SwiftValue.quoted(text)))"
                        case .hub: "hub.post(cell, \(SwiftValue.quoted(text)))"
                        }
                    context.post("log", "cell[\(cell.row),\(cell.column)] -> " + call, source: "cell")
                    let before = controller?.received.count ?? 0
                    cell.endEditing(text)
                    if (controller?.received.count ?? 0) == before {
                        context.post("controller", DelegateText.emptyIgnored.phrase, source: "controller")
                    }
                    postHeard()
                    return .done
                }
            ]
        ).holding { cell }
    }

    /// How much of what the board heard its pane shows: it shows the rest, whichever engine typed into the cells.
    var heardShown = 0

    /// Shows in the controller's pane what the board heard since the pane last showed it.
    func postHeard() {
        guard let board = controller ?? weakController else { return }
        if board.received.count < heardShown { heardShown = 0 }
        for heard in board.received[heardShown...] { context.post("controller", heard, source: "controller") }
        heardShown = board.received.count
    }

    /// A compiled line may have typed into the cells: the controller's pane shows what the board heard.
    public func compiledLineRan() { postHeard() }

    lazy var quizObject = LiveObject(
        name: "quizScreen", typeName: "QuestionGroupScreen",
        methods: [
            Method(property: "builder", object: "QuestionGroupBuilder") { [unowned self] in quizBuilderObject },
            // `save()` returns the error it shows (nil when the group was created): it does not throw.
            Method("save", returns: .value("Error?")) { [unowned self] in
                let saved = quiz.save()
                if let error = saved {
                    context.post("product", Render.missingInputs, source: "quizScreen")
                    context.post(
                        "log",
                        "quizScreen.save() -> \(DirectorModule.swiftName(of: error)): "
                            + DirectorModule.explain(error).text(context.lang),
                        source: "quizScreen")
                } else {
                    context.post("log", "quizScreen.save() -> nil", source: "quizScreen")
                }
                // The error itself, nil included, so that `let error = quizScreen.save()` binds it.
                return .object(
                    LiveObject(name: "error", typeName: "Error?", methods: []).holding { saved as Any })
            },
        ] + LiveAPI.methods(of: quiz) { api in api.call("cancel", QuestionGroupScreen.cancel) })

    /// The screen's own `QuestionGroupBuilder` (`quizScreen.builder`), with its real fluent steps.
    lazy var quizBuilderObject = LiveObject(
        name: "builder", typeName: "QuestionGroupBuilder",
        methods: LiveAPI.methods(of: quiz.builder) { api in
            api.call("setTitle", QuestionGroupBuilder.setTitle)
            api.call("addNewQuestion", QuestionGroupBuilder.addNewQuestion)
            api.method(
                Method("question", returns: .object("QuestionBuilder")) { [unowned self] (index: Int) in
                    guard quiz.builder.questions.indices.contains(index) else {
                        throw Trap(message: "Fatal error: Index out of range")
                    }
                    return .object(DirectorModule.questionObject(quiz.builder.question(index)))
                })
        })

    // MARK: short commands

    public lazy var commands: [CommandSpec] = [
        CommandSpec(
            "type",
            [
                ArgumentSpec("row", .choice(["0", "1", "2", "3", "4"])),
                ArgumentSpec("column", .choice(["0", "1", "2", "3", "4"])),
                ArgumentSpec("text"),
            ],
            summary: .verbatim("board.cell(_:_:).endEditing(_:)"),
            .swift { a in
                "board.cell(\(try a.word(0)), \(try a.word(1))).endEditing(\(SwiftValue.quoted(try a.word(2))))"
            }),
        CommandSpec(
            "delegate", [ArgumentSpec("ownership", .choice(["weak", "strong"]))],
            summary: .verbatim("board.setDelegateOwnership(_:)"),
            .swift { "board.setDelegateOwnership(.\(try $0.word(0)))" }),
        CommandSpec(
            "closures", [ArgumentSpec("capture", .choice(["strongSelf", "weakSelf"]))],
            summary: DelegateText.listenSummary.phrase,
            .swift { "board.listenThroughClosures(capturing: .\(try $0.word(0)))" }),
        CommandSpec(
            "hub", summary: DelegateText.hubSummary.phrase,
            .swift { _ in "board.listenThroughHub(hub)" }),
        CommandSpec(
            "release", [ArgumentSpec("object", .choice(["controller"]))], summary: DelegateText.releaseSummary.phrase,
            .native { [unowned self] _ in try release() }),
        CommandSpec(
            "memory", summary: DelegateText.memorySummary.phrase, changesState: false,
            .native { [unowned self] _ in
                context.post("memory", memoryReport(), source: "ARC")
            }),
        CommandSpec(
            "quiz", [ArgumentSpec("action", .choice(["save", "cancel"]))],
            summary: .verbatim("quizScreen.save(), quizScreen.cancel()"),
            .swift { "quizScreen.\(try $0.word(0))()" }),
    ]

    /// `controller = nil` typed as Swift: the lesson's variable. Assigning nil again is allowed, and does nothing.
    public func assign(_ name: String, _ value: SwiftValue) throws -> Bool? {
        guard name == "controller" else { return nil }
        guard value == .nilLiteral else {
            // Swift's own words (the compiler's English, in every language).
            throw PlaygroundError(
                .verbatim(
                    "cannot assign value of type '\(value.literalType ?? value.swiftSource)' to type "
                        + "'GameBoardController?'"
                ))
        }
        if controller == nil {
            context.post("code", "controller = nil", source: "lesson")
            return true
        }
        try release()
        return true
    }

    func release() throws {
        guard controller != nil else { throw PlaygroundError(DelegateText.alreadyReleased.phrase) }
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

    /// The learner's names that keep `board` alive, as the references are now: a name for the controller itself,
    /// or for a cell that holds it strongly (a strong delegate).
    func holders(of board: GameBoardController) -> [String] {
        context.learnerNames().compactMap { name, value in
            if let held = value as? GameBoardController, held === board { return name }
            if let cell = value as? Cell, cell.ownership == .strong, cell.delegate === board {
                return DelegateText.throughCell.text(context.lang, name)
            }
            return nil
        }
    }

    /// Whether the cells hold `board` strongly now: a strong delegate, or closures that capture it.
    func cellsHoldStrongly(_ board: GameBoardController) -> Bool {
        if listening == .closures(.strongSelf) { return true }
        return board.cells.joined().contains { $0.ownership == .strong && $0.delegate === board }
    }

    func memoryReport() -> String {
        var lines = [DelegateText.alive.text(context.lang, aliveSummary)]
        if controller == nil, let board = weakController {
            // Said from the references of now: a name that holds it, else a cycle only where the cells hold it.
            let holders = holders(of: board)
            if !holders.isEmpty {
                lines.append(DelegateText.heldBy.text(context.lang, holders.joined(separator: ", ")))
                let strongly = cellsHoldStrongly(board)
                lines.append((strongly ? DelegateText.cycleAfterNames : DelegateText.noCycle).text(context.lang))
            } else if cellsHoldStrongly(board) {
                lines.append((listening == .delegate ? DelegateText.leak : DelegateText.closureLeak).text(context.lang))
            } else {
                lines.append(DelegateText.heldElsewhere.text(context.lang))
            }
        } else if controller == nil {
            let cells = deinits.filter { $0.hasPrefix("Cell") }
            for name in deinits where !name.hasPrefix("Cell") { lines.append("deinit \(name)") }
            if let first = cells.first, let last = cells.last {
                lines.append("deinit Cell ×\(cells.count) (\(first) … \(last))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
