// The byte-level versions of the lexer, the reader's deciders, suggestions and the sanitizer, each checked against
// the first version (kept here as the reference) on random input.
import Testing

@testable import PlaygroundCore

/// The byte-based lexer against the first one, which worked on an array of Unicode scalars: the same tokens, columns
/// and errors for random lines of Swift, ASCII and not.
@Suite struct SwiftLexerTests {
    @Test func agreesWithTheReferenceOnRandomLines() {
        var rng = SystemRandomNumberGenerator()
        let parts = [
            "alert", ".", "setTitle", "(", ")", "\"Hi there\"", " ", "\t", "{ print(\"x\") }", "가나다", "😀", "é",
            "\"a.b\\\"c\"", "\"\\n\\t\\0\\'\"", "\"\\u{1F600}\"", "\"\\u{zz}\"", "\"\\u{41", "\"\\q\"", "\"\\(x)\"",
            "try ", "try? ", "x: 1, ", "1_000", "2.5", "3.", "99999999999999999999", "[.a, .b]", "= nil", "// note",
            "@", "#", "\"", "\"open", "_x9", "-1", "!", ";", "e\u{301}", "\u{FFFD}",
        ]
        for _ in 0..<5_000 {
            let line = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                parts[Int.random(in: parts.indices, using: &rng)]
            }.joined()
            let new = Result { () throws(SwiftCallParser.Error) in try SwiftCallParser.Lexer.tokenize(line) }
            let old = Result { () throws(SwiftCallParser.Error) in try ReferenceLexer.tokenize(line) }
            #expect(new == old, "\(line.debugDescription)")
        }
    }
}

/// The first lexer, kept as the reference.
enum ReferenceLexer {
    /// ASCII first: Character's Unicode properties are slow, and almost every identifier is ASCII.
    static func isIdentifierHead(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { let a = c.value; return (a >= 0x61 && a <= 0x7A) || (a >= 0x41 && a <= 0x5A) || a == 0x5F }
        return c.properties.isAlphabetic
    }

    static func isIdentifierBody(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return (c.value >= 0x30 && c.value <= 0x39) || isIdentifierHead(c) }
        return c.properties.isAlphabetic || c.properties.numericType != nil
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

    static func tokenize(_ line: String) throws(SwiftCallParser.Error) -> [SwiftCallParser.Lexed] {
        var out: [SwiftCallParser.Lexed] = []
        // Unicode scalars: much cheaper than Characters, and every token boundary is an ASCII scalar.
        let chars = Array(line.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c == " " || c == "\t" { i += 1; continue }
            // `// a comment` to the end of the line.
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" { break }
            if isIdentifierHead(c) {
                var j = i
                while j < chars.count, isIdentifierBody(chars[j]) { j += 1 }
                out.append(
                    SwiftCallParser.Lexed(
                        token: .identifier(String(String.UnicodeScalarView(chars[i..<j]))), column: column))
                i = j
            } else if isDigit(c) {
                var j = i
                while j < chars.count, isDigit(chars[j]) || chars[j] == "_" { j += 1 }
                var isDouble = false
                if j + 1 < chars.count, chars[j] == ".", isDigit(chars[j + 1]) {
                    isDouble = true
                    j += 1
                    while j < chars.count, isDigit(chars[j]) { j += 1 }
                }
                let text = String(String.UnicodeScalarView(chars[i..<j].filter { $0 != "_" }))
                if isDouble {
                    guard let d = Double(text) else {
                        throw SwiftCallParser.Error(message: "bad number '\(text)'", column: column)
                    }
                    out.append(SwiftCallParser.Lexed(token: .double(d), column: column))
                } else {
                    guard let n = Int(text) else {
                        throw SwiftCallParser.Error(message: "number '\(text)' is too large", column: column)
                    }
                    out.append(SwiftCallParser.Lexed(token: .int(n), column: column))
                }
                i = j
            } else if c == "\"" {
                var text = ""
                var j = i + 1
                var closed = false
                while j < chars.count {
                    let d = chars[j]
                    if d == "\"" { closed = true; j += 1; break }
                    if d == "\\" {
                        guard j + 1 < chars.count else { break }
                        let e = chars[j + 1]
                        switch e {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        case "\"": text.append("\"")
                        case "\\": text.append("\\")
                        case "'": text.append("'")
                        case "0": text.append("\0")
                        case "(":
                            throw SwiftCallParser.Error(
                                message: "string interpolation \\( ) is not supported here; write the text out",
                                column: j + 1)
                        case "u":
                            // \u{XXXX}
                            guard j + 2 < chars.count, chars[j + 2] == "{",
                                let close = chars[(j + 3)...].firstIndex(of: "}"),
                                let value = UInt32(String(String.UnicodeScalarView(chars[(j + 3)..<close])), radix: 16),
                                let scalar = Unicode.Scalar(value)
                            else {
                                throw SwiftCallParser.Error(message: "bad \\u{...} escape", column: j + 1)
                            }
                            text.unicodeScalars.append(scalar)
                            j = close - 1
                        default:
                            throw SwiftCallParser.Error(
                                message: "invalid escape sequence '\\\(e)' in string", column: j + 1)
                        }
                        j += 2
                        continue
                    }
                    text.unicodeScalars.append(d)
                    j += 1
                }
                guard closed else {
                    throw SwiftCallParser.Error(message: "unterminated string literal", column: column)
                }
                out.append(SwiftCallParser.Lexed(token: .string(text), column: column))
                i = j
            } else if ".,:()[]{}=;!?-".unicodeScalars.contains(c) {
                out.append(SwiftCallParser.Lexed(token: .punct(Character(c)), column: column))
                i += 1
            } else {
                throw SwiftCallParser.Error(message: "unexpected character '\(c)'", column: column)
            }
        }
        return out
    }
}

/// Suggestions measured on bytes for ASCII names against the first version, which measured Characters always.
@Suite struct SuggestReferenceTests {
    static func reference(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        let length = lower.count
        var best: (String, Int)?
        for candidate in candidates {
            let candidateLength = candidate.count
            let limit = max(1, min(3, min(length, candidateLength) / 3))
            guard abs(length - candidateLength) <= limit else { continue }
            let d = Suggest.distance(lower, candidate.lowercased())
            if d <= limit, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        if best == nil, lower.count >= 2, let prefixed = candidates.first(where: { $0.hasPrefix(lower) }) {
            return prefixed
        }
        return best?.0
    }

    @Test func agreesWithTheReferenceOnRandomNames() {
        var rng = SystemRandomNumberGenerator()
        let letters = ["a", "b", "e", "l", "o", "d", "A", "L", "_", "1", "가", "é", "Ö"]
        func word() -> String {
            (0..<Int.random(in: 0...8, using: &rng)).map { _ in letters[Int.random(in: letters.indices, using: &rng)] }
                .joined()
        }
        for _ in 0..<3_000 {
            let candidates = (0..<Int.random(in: 0...6, using: &rng)).map { _ in word() }
            let typed = word()
            #expect(
                Suggest.closest(to: typed, in: candidates) == Self.reference(to: typed, in: candidates),
                "\(typed) in \(candidates)")
        }
    }
}

/// The ASCII distance, which lowercases as it reads and stops past its limit, against the distance over Characters.
@Suite struct ASCIIDistanceReferenceTests {
    @Test func agreesWithTheCharacterDistanceUpToTheLimitAndIsOverItBeyond() {
        var rng = SystemRandomNumberGenerator()
        let letters = Array("abelodALO_1")
        func word() -> String {
            String(
                (0..<Int.random(in: 0...9, using: &rng)).map { _ in
                    letters[Int.random(in: letters.indices, using: &rng)]
                })
        }
        for _ in 0..<5_000 {
            let typed = word().lowercased(), candidate = word(), limit = Int.random(in: 1...3, using: &rng)
            let reference = Suggest.distance(typed, candidate.lowercased())
            let fast = Suggest.asciiDistance(Array(typed.utf8), candidate, limit: limit)
            if reference <= limit {
                #expect(fast == reference, "\(typed) ~ \(candidate), limit \(limit)")
            } else {
                #expect(fast > limit, "\(typed) ~ \(candidate), limit \(limit): \(fast), reference \(reference)")
            }
        }
    }
}

/// The byte-level deciders of the reader against their first versions, on random short lines.
@Suite struct ReaderBytesReferenceTests {
    static func looksLikeSwift(_ line: String) -> Bool {
        var bytes = line.utf8.drop { $0 == 0x20 }
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return SwiftCallParser.looksLikeSwift(line) }
        func starts(_ prefix: StaticString) -> Bool { prefix.withUTF8Buffer { bytes.starts(with: $0) } }
        if starts("let ") || starts("var ") || starts("try ") || starts("try?") || starts("try!") || starts("_ =")
            || bytes.elementsEqual("try".utf8)
        {
            return true
        }
        let isIdentifier = { (b: UInt8) in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
        }
        let identifier = bytes.prefix(while: isIdentifier)
        guard !identifier.isEmpty else { return false }
        bytes = bytes.dropFirst(identifier.count)
        if bytes.first == UInt8(ascii: ".") || bytes.first == UInt8(ascii: "(") { return true }
        let rest = bytes.drop { $0 == 0x20 }
        return rest.first == UInt8(ascii: "=") && rest.dropFirst().first != UInt8(ascii: "=")
    }

    @Test func agreeWithTheReferenceOnRandomLines() throws {
        var rng = SystemRandomNumberGenerator()
        let parts = [
            " ", "  ", "let", "var", "try", "?", "!", "_", "=", "==", "meat", "x1", ".", "(", ")", "chicken", "가", "\"",
            "9",
        ]
        for _ in 0..<5_000 {
            let line = (0..<Int.random(in: 0...7, using: &rng)).map { _ in
                parts[Int.random(in: parts.indices, using: &rng)]
            }.joined()
            #expect(SwiftCallParser.looksLikeSwift(line) == Self.looksLikeSwift(line), "\(line.debugDescription)")
            if !line.contains("\"") {
                #expect(
                    try Tokenizer.split(line) == line.split(separator: " ").map(String.init), "\(line.debugDescription)"
                )
            }
            #expect(
                line.trimmed == String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()),
                "\(line.debugDescription)")
        }
    }
}

/// The sanitizer's quick scan against its first version, on random bytes of valid UTF-8.
@Suite struct SanitizerScanReferenceTests {
    static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterC2 = false
        for byte in bytes {
            if byte < 0x20 && byte != 0x0A || byte == 0x7F || afterC2 && byte < 0xA0 { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }

    @Test func agreesWithTheReferenceOnRandomText() {
        var rng = SystemRandomNumberGenerator()
        let parts = [
            "a", "abcdefgh", " ", "\n", "\t", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}", "é", "¢", "가", "😀",
            "\u{0}", "\r",
            "Hello, world", "builder.meat",
        ]
        for _ in 0..<5_000 {
            var text = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                parts[Int.random(in: parts.indices, using: &rng)]
            }.joined()
            let new = text.withUTF8 { TextSanitizer.needsWork($0) }
            let old = text.withUTF8 { Self.needsWork($0) }
            #expect(new == old, "\(text.debugDescription)")
        }
    }
}
