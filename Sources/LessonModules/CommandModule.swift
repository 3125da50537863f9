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
        // `editor.run(TypeText("Hi", in: document))` runs in the interpreter, with or without a toolchain; a command
        // the learner bound with `let` is the compiler's, found under its name.
        let inDocument = Param("in", .object(type: "TextDocument", names: ["document"]))
        let commands = m.makes(
            EditCommand.self,
            Maker("TypeText", nil, holding: [inDocument]) { (text: String) in TypeText(text, in: document) },
            Maker("Erase", nil, holding: [inDocument]) { (count: Int) in Erase(count, in: document) },
            Maker("Shout", holding: [inDocument]) { Shout(in: document) })
        m.live("editor", editor, stacks: ["undoStack", "redoStack"]) { api in
            api.call("run", TextEditor.run, made: commands)
            api.call("undo", TextEditor.undo)
            api.call("redo", TextEditor.redo)
        }
        m.command("type", [ArgumentSpec("text")], summary: "editor.run(TypeText(_:in: document))") {
            "editor.run(TypeText(\(SwiftValue.quoted(try $0.word(0))), in: document))"
        }
        m.command("erase", [ArgumentSpec("count", .int)], summary: "editor.run(Erase(_:in: document))") {
            "editor.run(Erase(\(try $0.number(0)), in: document))"
        }
        m.command("shout", summary: "editor.run(Shout(in: document))") { _ in "editor.run(Shout(in: document))" }
    }
}
