/// Splits a short command line into words, the way a shell would for simple cases: spaces separate words,
/// single quotes keep text literally, double quotes allow `\"` and `\\`, and a backslash outside quotes escapes the
/// next character.
public enum Tokenizer {
    public enum Error: Swift.Error, Equatable, Sendable {
        case unterminatedQuote(Character, column: Int)
        case trailingBackslash
    }

    public static func split(_ line: String) throws(Error) -> [String] {
        // No quote, backslash or tab: words are what the spaces separate.
        if !line.utf8.contains(where: { $0 == 0x22 || $0 == 0x27 || $0 == 0x5C || $0 == 0x09 }) {
            var line = line
            return line.withUTF8 { bytes in
                var words: [String] = []
                var start = 0
                for at in 0...bytes.count where at == bytes.count || bytes[at] == 0x20 {
                    if at > start {
                        words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self))
                    }
                    start = at + 1
                }
                return words
            }
        }
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var quoteColumn = 0
        var escaping = false
        var column = 0
        for character in line {
            column += 1
            if escaping {
                current.append(character)
                escaping = false
                continue
            }
            if let q = quote {
                if character == q {
                    quote = nil
                } else if character == "\\" && q == "\"" {
                    escaping = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord { words.append(current); current = ""; inWord = false }
            case "\"", "'":
                quote = character
                quoteColumn = column
                inWord = true
            case "\\":
                escaping = true
                inWord = true
            default:
                current.append(character)
                inWord = true
            }
        }
        if let q = quote { throw .unterminatedQuote(q, column: quoteColumn) }
        if escaping { throw .trailingBackslash }
        if inWord { words.append(current) }
        return words
    }
}
