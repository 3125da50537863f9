/// Whether the Swift typed so far is unfinished, as the Swift REPL decides it: while a parenthesis, bracket or brace,
/// a multi-line string (`"""`) or a block comment is open, the input goes on at the next line. A string that is not
/// closed on its own line, or a bracket closed too often, ends the input: the compiler says what is wrong.
///
/// The terminal, a pipe and a lesson's transcript all use it, so a block reads the same wherever it is typed.
public enum SwiftInput {
    public static func isOpen(_ text: String) -> Bool {
        SwiftReader(text).isOpen
    }

    /// The continuation prompt for line `number` of a block (`  2. `), as wide as the Swift REPL's.
    public static func continuationPrompt(_ number: Int) -> String {
        let label = String(number) + ". "
        return String(repeating: " ", count: max(0, 5 - label.count)) + label
    }

    /// A block with each line after the first behind its continuation prompt, as a transcript shows it.
    public static func numbered(_ block: String) -> String {
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 else { return block }
        return
            ([String(lines[0])] + lines.dropFirst().enumerated().map { continuationPrompt($0.offset + 2) + $0.element })
            .joined(separator: "\n")
    }
}
