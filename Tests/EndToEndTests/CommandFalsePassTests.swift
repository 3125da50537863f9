import Foundation
import PlaygroundTestSupport
import Testing

/// The Command lesson's code exercise against a `Replace` that calls the document itself when it is made, instead
/// of when the editor runs it: the real binary, the real compiler, the file written by an "editor".
extension CodeExerciseTests {
    /// The head of a `Replace`: the starter's properties and initializer, then `rest`.
    static func replace(_ rest: String) -> String {
        """
        import Patterns
        final class Replace: EditCommand {
            let target: String
            let replacement: String
            let document: TextDocument
            \(rest)
        }
        """
    }

    /// It replaces the typo when it is made, so that the editor's first `execute()` has nothing to do, and replaces
    /// again on the redo: the document ends as the goal says, but the calls show that the document was called
    /// directly before the editor ran the command, and that the command's replace came after its undo, not before
    /// (so the goal's calls after that one are not met either).
    static let replacedWhenMade = replace(
        """
        private var before = ""
            private var runs = 0
            init(_ target: String, with replacement: String, in document: TextDocument) {
                self.target = target
                self.replacement = replacement
                self.document = document
                before = document.text
                document.replace(target, with: replacement)
            }
            func execute() {
                runs += 1
                if runs > 1 { document.replace(target, with: replacement) }
            }
            func undo() { document.setText(before) }
        """)

    /// The same command with the replace where the editor runs it.
    static let replacedWhenRun = replace(
        """
        private var before = ""
            init(_ target: String, with replacement: String, in document: TextDocument) {
                self.target = target
                self.replacement = replacement
                self.document = document
            }
            func execute() {
                before = document.text
                document.replace(target, with: replacement)
            }
            func undo() { document.setText(before) }
        """)

    @Test(arguments: [(replacedWhenMade, false), (replacedWhenRun, true)])
    func aReplaceThatCallsTheDocumentWhenMadeFails(file: String, honest: Bool) throws {
        let (shown, output) = try playground.codeStep("command", file: file)
        if honest {
            #expect(shown.hasPrefix("✓ goal met: step \(try CodeExercise("command").step) is done"), "\(output)")
            return
        }
        #expect(shown.hasPrefix("✗ not yet: 3 of 8 goal fields differ\n"), "\(output)")
        #expect(
            shown.contains(
                "  trace.has  expected editor -> fix.undo(), actual made, but not after the call above\n"),
            "\(output)")
        // What ran says why: the document was called by the line that made the command, not by the command.
        #expect(shown.contains("    you -> document.replace(\"teh\", with: \"the\")\n"), "\(output)")
    }
}
