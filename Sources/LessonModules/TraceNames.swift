import Patterns
import PlaygroundCore

extension DelegateModule {
    /// A cell has no name of its own: the trace calls it as the learner reaches it, `board.cell(0, 4)`.
    public func traceName(of object: AnyObject) -> String? {
        guard let cell = object as? Cell else { return nil }
        return "board.cell(\(cell.row), \(cell.column))"
    }
}

extension MediatorModule {
    /// A page the learner added without a name of its own in Swift (`pager.add(ReceiverPage(name: "green"))`): the
    /// trace calls it by its page name, as its pane does.
    public func traceName(of object: AnyObject) -> String? {
        (object as? Page)?.name
    }
}
