/// Whether the Swift typed so far is unfinished, as the Swift REPL decides it: while a parenthesis, bracket or brace,
/// a multi-line string (`"""`) or a block comment is open, the input goes on at the next line. A string that is not
/// closed on its own line, or a bracket closed too often, ends the input: the compiler says what is wrong.
///
/// The terminal, a pipe and a lesson's transcript all use it, so a block reads the same wherever it is typed.
public enum SwiftInput {
    public static func isOpen(_ text: String) -> Bool {
        var scanner = Scanner(Array(text.utf8))
        return scanner.isOpen()
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

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// Open brackets; inside an interpolation, the string it belongs to is below it.
        var stack: [Open] = []

        enum Open: Equatable {
            case bracket(UInt8)
            /// A string: multi-line or not, the number of `#` around it.
            case string(multiLine: Bool, hashes: Int)
            /// `\(` inside a string: its parenthesis depth.
            case interpolation(Int)
        }

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        func matches(_ text: String, at offset: Int = 0) -> Bool {
            let pattern = Array(text.utf8)
            guard index + offset + pattern.count <= bytes.count else { return false }
            return Array(bytes[(index + offset)..<(index + offset + pattern.count)]) == pattern
        }

        mutating func isOpen() -> Bool {
            var commentDepth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if commentDepth > 0 {
                    if matches("*/") {
                        commentDepth -= 1; index += 2
                    } else if matches("/*") {
                        commentDepth += 1; index += 2
                    } else {
                        index += 1
                    }
                    continue
                }
                if case .string(let multiLine, let hashes)? = stack.last {
                    scanString(multiLine: multiLine, hashes: hashes)
                    continue
                }
                switch byte {
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                    while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                    commentDepth += 1
                    index += 2
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var hashes = 0
                    while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    guard at(hashes) == UInt8(ascii: "\"") else { index += max(1, hashes); continue }
                    let multiLine = matches("\"\"\"", at: hashes)
                    index += hashes + (multiLine ? 3 : 1)
                    stack.append(.string(multiLine: multiLine, hashes: hashes))
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    stack.append(.bracket(byte))
                    index += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    index += 1
                    switch stack.last {
                    case .bracket?: stack.removeLast()
                    case .interpolation?:
                        // The end of an interpolation: back in its string.
                        stack.removeLast()
                    case .string?, nil:
                        // Closed too often: the input ends, and the compiler says so.
                        return false
                    }
                default:
                    index += 1
                }
            }
            if commentDepth > 0 { return true }
            // A one-line string left open ends the input; anything else open goes on.
            if case .string(multiLine: false, _)? = stack.last { return false }
            return stack.contains { open in
                if case .string(let multiLine, _) = open { return multiLine }
                return true
            }
        }

        /// Reads a string's text up to its end, an interpolation, or (for a one-line string) the end of the line.
        mutating func scanString(multiLine: Bool, hashes: Int) {
            let delimiter = (multiLine ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            while index < bytes.count {
                if matches(delimiter) {
                    index += delimiter.utf8.count
                    stack.removeLast()
                    return
                }
                if matches(escape) {
                    index += escape.utf8.count
                    if at(0) == UInt8(ascii: "(") {
                        index += 1
                        stack.append(.interpolation(stack.count))
                        return
                    }
                    index += 1
                    continue
                }
                if !multiLine && bytes[index] == UInt8(ascii: "\n") {
                    // A one-line string ends with its line; the compiler will say it is unterminated.
                    stack.removeLast()
                    return
                }
                index += 1
            }
        }
    }
}
