import Patterns
import PlaygroundCore

/// The `command` lesson: a text editor (the invoker) runs edit commands on a document (the receiver) and keeps them
/// on an undo and a redo stack. The keys are short commands that spell the Swift a key would run; the state pane
/// reads the document and the editor's stacks from the real objects.
enum CommandModule {
    static let factory = DeclaredModule.factory("command") { m in
        let document = TextDocument()
        let editor = TextEditor()
        m.live("document", document) { api in
            api.call("append", TextDocument.append)
            api.call("setText", TextDocument.setText)
        }
        m.live("editor", editor, state: false) { api in
            // `editor.run(TypeText("Hi", in: document))` runs in the interpreter, with or without a toolchain.
            api.call("run") { editor in
                { (made: MadeCommand) in made.command(document, m.context.learnerNames()).map(editor.run) }
            }
            api.call("undo", TextEditor.undo)
            api.call("redo", TextEditor.redo)
        }
        m.group("editor", type: "TextEditor") {
            [
                StateField("undoStack", .plain(stack(editor.undoStack))),
                StateField("redoStack", .plain(stack(editor.redoStack))),
            ]
        }
        m.command("type", [ArgumentSpec("text")], summary: "editor.run(TypeText(_:in: document))") {
            "editor.run(TypeText(\(SwiftValue.quoted(try $0.word(0))), in: document))"
        }
        m.command("erase", [ArgumentSpec("count", .int)], summary: "editor.run(Erase(_:in: document))") {
            "editor.run(Erase(\(try $0.number(0)), in: document))"
        }
        m.command("shout", summary: "editor.run(Shout(in: document))") { _ in "editor.run(Shout(in: document))" }
    }

    /// A stack as its stored property holds it, cut at the bottom when it is long: its top (the end) is where
    /// commands come and go, so a change always shows.
    static func stack(_ commands: [EditCommand]) -> String {
        var shown = commands.map(Reflection.display)
        var text = "[" + shown.joined(separator: ", ") + "]"
        while text.count > 68, shown.count > 1 {
            shown.removeFirst()
            text = "[…, " + shown.joined(separator: ", ") + "]"
        }
        return text
    }
}

/// A command the interpreter makes in a call (`TypeText("Hi", in: document)`, `Erase(3, in: document)`,
/// `Shout(in: document)`), or one the learner bound with `let` (made by the compiler, of one of these types).
struct MadeCommand: ArgumentType {
    /// The command, made on the lesson's document or found among the learner's names (a `weak var` is not there).
    let command: (TextDocument, [(name: String, value: Any)]) -> EditCommand?

    static var parameterType: ParamType {
        let document = Param("in", .object(type: "TextDocument", names: ["document"]))
        return .instance(
            type: "EditCommand",
            initializers: [
                Initializer("TypeText", [Param(nil, .string), document]),
                Initializer("Erase", [Param(nil, .int), document]),
                Initializer("Shout", [document]),
            ])
    }

    init(checked value: ArgValue) throws(InternalError) {
        switch value {
        case .constructed("TypeText", let arguments):
            guard case .text(let text)? = arguments.first else { throw InternalError("TypeText(\(arguments))") }
            command = { document, _ in TypeText(text, in: document) }
        case .constructed("Erase", let arguments):
            guard case .int(let count)? = arguments.first else { throw InternalError("Erase(\(arguments))") }
            command = { document, _ in Erase(count, in: document) }
        case .constructed("Shout", _):
            command = { document, _ in Shout(in: document) }
        case .object(let name):
            command = { _, names in names.first(where: { $0.name == name })?.value as? EditCommand }
        default: throw InternalError("a checked argument \(value) is not an edit command")
        }
    }
}
