import Patterns
import PlaygroundCore

extension DelegateModule {
    /// A cell has no name of its own: the trace calls it as the learner reaches it, `board.cell(0, 4)`.
    public func traceName(of object: AnyObject) -> String? {
        guard let cell = object as? Cell else { return nil }
        return "board.cell(\(cell.row), \(cell.column))"
    }
}
