// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// Told when a cell's text changes: the controller's side of the delegate pattern (one-to-one, one-way).
public protocol CellDelegate: AnyObject {
    func cell(_ cell: Cell, valueChangedTo text: String)
}

/// How a cell holds its delegate. `weak` is right; `strong` makes a reference cycle with a controller that owns
/// its cells, so neither is ever freed.
public enum DelegateOwnership: String, Sendable, CaseIterable {
    case weak, strong
}

/// One cell of the board: a text field that tells its delegate when editing ends.
public final class Cell {
    public let row: Int
    public let column: Int
    public private(set) var text = ""
    public var ownership: DelegateOwnership {
        didSet { let current = delegate; delegate = current }  // re-store under the new ownership
    }
    private weak var weakDelegate: CellDelegate?
    private var strongDelegate: CellDelegate?
    /// Called from `deinit`, so that a caller can watch ARC free the cell. Must not capture the cell.
    public var onDeinit: ((String) -> Void)?
    /// The closure way to hear the same event: called when editing ends, after the delegate (if any).
    public var onValueChanged: ((Cell, String) -> Void)?
    /// The mediator way: the hub the cell posts to (weak: the hub does not belong to the cell).
    public weak var hub: CellHub?

    public init(row: Int, column: Int, ownership: DelegateOwnership = .weak) {
        self.row = row
        self.column = column
        self.ownership = ownership
    }

    deinit { onDeinit?("Cell[\(row),\(column)]") }

    /// The delegate, held weakly or strongly according to ``ownership``.
    public var delegate: CellDelegate? {
        get { weakDelegate ?? strongDelegate }
        set {
            weakDelegate = ownership == .weak ? newValue : nil
            strongDelegate = ownership == .strong ? newValue : nil
        }
    }

    /// Editing ended with `text`: the cell keeps it and tells its delegate.
    public func endEditing(_ text: String) {
        CallRecord.call(self, "endEditing(_:)", text) {
            self.text = text
            if let delegate {
                CallRecord.call(delegate, "cell(_:valueChangedTo:)", self, text) {
                    delegate.cell(self, valueChangedTo: text)
                }
            }
            onValueChanged?(self, text)
            hub?.post(self, text)
        }
    }
}

/// The game screen: owns a 5x5 board of cells and is every cell's delegate.
public final class GameBoardController: CellDelegate {
    public static let size = 5
    public let cells: [[Cell]]
    /// What the controller heard, e.g. "A at [2,3]"; empty text is ignored.
    public private(set) var received: [String] = []
    /// The last thing the controller heard ("C at [4,4]"), or "" before anything: `received.last`.
    public var lastHeard: String { received.last ?? "" }
    public var onDeinit: ((String) -> Void)?

    public init(ownership: DelegateOwnership = .weak, onCellDeinit: ((String) -> Void)? = nil) {
        cells = (0..<Self.size).map { row in
            (0..<Self.size).map { column in
                let cell = Cell(row: row, column: column, ownership: ownership)
                cell.onDeinit = onCellDeinit
                return cell
            }
        }
        for cell in cells.joined() { cell.delegate = self }
    }

    deinit { onDeinit?("GameBoardController") }

    public func cell(_ row: Int, _ column: Int) -> Cell { cells[row][column] }

    public func cell(_ cell: Cell, valueChangedTo text: String) {
        CallRecord.call(self, "cell(_:valueChangedTo:)", cell, text) {
            guard !text.isEmpty else { return }
            received.append("\(text) at [\(cell.row),\(cell.column)]")
        }
    }

    /// Changes how every cell holds this controller.
    public func setDelegateOwnership(_ ownership: DelegateOwnership) {
        for cell in cells.joined() { cell.ownership = ownership }
    }

    /// The same event through a closure instead of the delegate: each cell gets a closure that calls back. Written
    /// with a plain `self` the closure holds the controller strongly (controller -> cells -> closures -> controller,
    /// a cycle); with `[weak self]` it does not.
    public func listenThroughClosures(capturing capture: SelfCapture) {
        for cell in cells.joined() {
            cell.delegate = nil
            switch capture {
            case .strongSelf:
                cell.onValueChanged = { cell, text in self.cell(cell, valueChangedTo: text) }
            case .weakSelf:
                cell.onValueChanged = { [weak self] cell, text in self?.cell(cell, valueChangedTo: text) }
            }
        }
    }
}

/// The same event through a mediator: cells post to the hub, and the hub tells every listener registered with it,
/// one or many. Listeners are held weakly: registering does not keep anyone alive.
public final class CellHub {
    private struct Entry { weak var listener: CellDelegate? }
    private var entries: [Entry] = []
    public init() {}

    /// Registers a listener once; registering it again changes nothing.
    public func register(_ listener: CellDelegate) {
        guard !entries.contains(where: { $0.listener === listener }) else { return }
        entries.append(Entry(listener: listener))
    }
    /// The listeners still alive.
    public var listenerCount: Int { entries.filter { $0.listener != nil }.count }

    public func post(_ cell: Cell, _ text: String) {
        CallRecord.call(self, "post(_:_:)", cell, text) {
            for case let listener? in entries.map(\.listener) {
                CallRecord.call(listener, "cell(_:valueChangedTo:)", cell, text) {
                    listener.cell(cell, valueChangedTo: text)
                }
            }
        }
    }
}

/// A second listener for the hub: counts the non-empty values typed anywhere on the board.
public final class CellCounter: CellDelegate {
    public private(set) var heard = 0
    public init() {}
    public func cell(_ cell: Cell, valueChangedTo text: String) { if !text.isEmpty { heard += 1 } }
}

extension GameBoardController {
    /// The same event through a mediator: every cell posts to `hub`, and the controller is one of its listeners.
    public func listenThroughHub(_ hub: CellHub) {
        for cell in cells.joined() {
            cell.delegate = nil
            cell.onValueChanged = nil
            cell.hub = hub
        }
        hub.register(self)
    }
}

/// How a closure refers to the object that made it: `self` (a strong reference) or `[weak self]`.
public enum SelfCapture: String, Sendable, CaseIterable {
    case strongSelf, weakSelf
}
