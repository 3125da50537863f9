// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// The receiver: a document's text. It knows how to change itself, and nothing of buttons, commands or undo.
public final class TextDocument {
    public private(set) var text: String

    public init(text: String = "") { self.text = text }

    /// Adds `string` at the end.
    public func append(_ string: String) {
        CallRecord.call(self, "append(_:)", string) { text += string }
    }

    /// Removes up to `count` characters from the end; returns what it removed.
    @discardableResult
    public func removeLast(_ count: Int) -> String {
        CallRecord.call(self, "removeLast(_:)", count) {
            let removed = String(text.suffix(max(0, count)))
            text.removeLast(removed.count)
            return removed
        }
    }

    /// Replaces every `target` with `replacement`; returns how many it replaced.
    @discardableResult
    public func replace(_ target: String, with replacement: String) -> Int {
        CallRecord.call(self, "replace(_:with:)", target, replacement) {
            guard !target.isEmpty else { return 0 }
            let count = text.ranges(of: target).count
            text = text.replacing(target, with: replacement)
            return count
        }
    }

    /// Puts `text` in place of the whole text.
    public func setText(_ text: String) {
        CallRecord.call(self, "setText(_:)", text) { self.text = text }
    }
}

/// A command: a request made an object. It knows its receiver and what to do to it, and how to take it back, so
/// whoever runs it (a button, a shortcut, an undo history) needs to know nothing else.
public protocol EditCommand: AnyObject {
    func execute()
    func undo()
}

/// Types `text` at the end of the document; undo removes as many characters again.
public final class TypeText: EditCommand, CustomStringConvertible {
    public let text: String
    public let document: TextDocument

    public init(_ text: String, in document: TextDocument) {
        self.text = text
        self.document = document
    }

    public func execute() { document.append(text) }
    public func undo() { document.removeLast(text.count) }
    public var description: String { "TypeText(\(String(reflecting: text)))" }
}

/// Erases the last `count` characters, and keeps what it erased: undo types it back.
public final class Erase: EditCommand, CustomStringConvertible {
    public let count: Int
    public let document: TextDocument
    /// What the last `execute()` erased.
    public private(set) var erased = ""

    public init(_ count: Int, in document: TextDocument) {
        self.count = count
        self.document = document
    }

    public func execute() { erased = document.removeLast(count) }
    public func undo() { document.append(erased) }
    public var description: String { "Erase(\(count))" }
}

/// Capitals for the whole text; undo puts back the text as it was before.
public final class Shout: EditCommand, CustomStringConvertible {
    public let document: TextDocument
    /// The text before the last `execute()`.
    public private(set) var before: String?

    public init(in document: TextDocument) { self.document = document }

    public func execute() {
        before = document.text
        document.setText(document.text.uppercased())
    }

    public func undo() {
        if let before { document.setText(before) }
    }

    public var description: String { "Shout()" }
}

/// The invoker: runs commands and keeps them, so that the last one can be undone and redone, as UIKit's
/// `UndoManager` does. It knows the `EditCommand` protocol only: never the document, never what a command does.
public final class TextEditor {
    /// The commands run, oldest first: `undo()` takes back the last.
    public private(set) var undoStack: [EditCommand] = []
    /// The commands undone, the last undone last: `redo()` runs it again. Running a new command empties it.
    public private(set) var redoStack: [EditCommand] = []

    public init() {}

    /// Runs `command` and keeps it for `undo()`.
    public func run(_ command: EditCommand) {
        CallRecord.call(self, "run(_:)", command) {
            CallRecord.call(command, "execute()") { command.execute() }
            undoStack.append(command)
            redoStack.removeAll()
        }
    }

    /// Takes back the last command run; does nothing when there is none.
    public func undo() {
        CallRecord.call(self, "undo()") {
            guard let command = undoStack.popLast() else { return }
            CallRecord.call(command, "undo()") { command.undo() }
            redoStack.append(command)
        }
    }

    /// Runs the last command undone again; does nothing when there is none.
    public func redo() {
        CallRecord.call(self, "redo()") {
            guard let command = redoStack.popLast() else { return }
            CallRecord.call(command, "execute()") { command.execute() }
            undoStack.append(command)
        }
    }
}
