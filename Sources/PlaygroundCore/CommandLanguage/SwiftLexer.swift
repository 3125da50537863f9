extension SwiftCallParser {
    /// The call language's tokens, read from the one reading of Swift (``SwiftTokens``): names, numbers, strings with
    /// their escapes decoded, and the punctuation a chain of calls uses. What the subset does not take (an operator
    /// other than `=`, `!`, `?` and `-`, an interpolation, a raw string, a block comment, `@`, `#`, `$`, a backtick)
    /// is refused at its column. Columns count Unicode scalars from 1, as a caret under the line needs.
    ///
    /// Where the subset reads differently from Swift (`t.0.1` is `t`, `.`, `0.1`; `"""` is an empty string and a
    /// quote), the rest of the line is read again from there.
    enum Lexer {
        static func isIdentifierHead(_ c: Unicode.Scalar) -> Bool {
            if c.isASCII { return isASCIIHead(UInt8(c.value)) }
            return c.properties.isAlphabetic
        }

        static func isIdentifierBody(_ c: Unicode.Scalar) -> Bool {
            if c.isASCII { return isASCIIBody(UInt8(c.value)) }
            return c.properties.isAlphabetic || c.properties.numericType != nil
        }

        static func isASCIIHead(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
        }
        static func isASCIIBody(_ b: UInt8) -> Bool { isDigit(b) || isASCIIHead(b) }
        static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

        /// The punctuation tokens, as bytes.
        static func isPunct(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "="),
                UInt8(ascii: ";"), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }

        static func tokenize(_ line: String) throws(Error) -> [Lexed] {
            var reader = Reader(bytes: Array(line.utf8))
            try reader.run()
            return reader.out
        }
    }

    /// Walks the tokens of the line (from `base`, after a place where the subset reads differently, read again).
    struct Reader {
        let bytes: [UInt8]
        var out: [Lexed] = []
        /// Where the column was last counted, and the column there.
        var counted = 0
        var column = 1
        /// The end of the last identifier put out, for a name that a number's letters begin (`1_000_x9é`).
        var identifierEnd = -1

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func column(at offset: Int) -> Int {
            while counted < offset {
                if bytes[counted] & 0xC0 != 0x80 { column += 1 }
                counted += 1
            }
            // Moving back (never needed in order): count again from the start.
            if counted > offset {
                counted = 0
                column = 1
                return self.column(at: offset)
            }
            return column
        }

        func scalar(at offset: Int) -> Unicode.Scalar {
            var iterator = bytes[offset...].makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
            return "\u{FFFD}"
        }

        static func length(_ lead: UInt8) -> Int {
            lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }

        mutating func unexpected(at offset: Int) -> Error {
            Error(message: "unexpected character '\(scalar(at: offset))'", column: column(at: offset))
        }

        mutating func append(_ token: Token, at offset: Int) {
            out.append(Lexed(token: token, column: column(at: offset)))
        }

        mutating func run() throws(Error) {
            var base = 0
            while base < bytes.count, let next = try read(from: base) { base = next }
        }

        /// Reads the tokens of the bytes from `base`; returns where to read again when the subset reads on from a
        /// place inside a token, nil at the end (or at a `//` comment).
        mutating func read(from base: Int) throws(Error) -> Int? {
            let tokens = SwiftTokens(bytes: Array(bytes[base...]))
            let all = tokens.tokens
            var at = base
            var index = 0
            while index < all.count {
                let token = all[index]
                let start = base + token.start
                let end = base + token.end
                if try gap(from: at, to: start) { return nil }
                switch token.kind {
                case .identifier:
                    try identifier(start, end)
                case .number:
                    let reached = try number(start, end)
                    if reached != end { return reached }
                case .punctuation:
                    guard Lexer.isPunct(bytes[start]) else { throw unexpected(at: start) }
                    append(.punct(Character(Unicode.Scalar(bytes[start]))), at: start)
                case .operator:
                    for offset in start..<end {
                        guard Lexer.isPunct(bytes[offset]) else { throw unexpected(at: offset) }
                        append(.punct(Character(Unicode.Scalar(bytes[offset]))), at: offset)
                    }
                case .stringOpen:
                    guard bytes[start] == UInt8(ascii: "\"") else { throw unexpected(at: start) }
                    if end - start == 3 {
                        // `"""`: to the subset, an empty string, then a quote that opens another.
                        append(.string(""), at: start)
                        return start + 2
                    }
                    let closed = try string(from: start)
                    // Where Swift's reading ends the string too: go on with the token after it. A token across the
                    // end (the subset ended the string elsewhere): read again from there.
                    let after = all[(index + 1)...].firstIndex { base + $0.start >= closed } ?? all.count
                    if base + all[after - 1].end > closed { return closed }
                    at = closed
                    index = after
                    continue
                default:
                    throw unexpected(at: start)
                }
                at = end
                index += 1
            }
            _ = try gap(from: at, to: bytes.count)
            return nil
        }

        /// Between tokens: blanks, or a `//` comment (true: the line's tokens end there). Anything else (a block
        /// comment, a line end) is no part of the subset.
        mutating func gap(from start: Int, to end: Int) throws(Error) -> Bool {
            var offset = start
            while offset < end {
                let byte = bytes[offset]
                if byte == 0x20 || byte == 0x09 {
                    offset += 1
                    continue
                }
                if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                    return true
                }
                throw unexpected(at: offset)
            }
            return false
        }

        /// A name: each scalar a head (the first) or a body one; a name right after a number's letters goes on
        /// with them.
        mutating func identifier(_ start: Int, _ end: Int) throws(Error) {
            var offset = start
            let joins = identifierEnd == start
            while offset < end {
                let scalar = scalar(at: offset)
                let fits =
                    offset == start && !joins ? Lexer.isIdentifierHead(scalar) : Lexer.isIdentifierBody(scalar)
                guard fits else { throw unexpected(at: offset) }
                offset += Self.length(bytes[offset])
            }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            if joins, case .identifier(let before)? = out.last?.token {
                out[out.count - 1].token = .identifier(before + text)
            } else {
                append(.identifier(text), at: start)
            }
            identifierEnd = end
        }

        /// A number token, read as the subset reads it: `42`, `1_000`, `2.5`, and after them names (`0x1F` is `0`
        /// and `x1F`), `.` and `-`. Returns where it ended: past the token when `2.5` goes on after it (`t.0.1`).
        mutating func number(_ start: Int, _ end: Int) throws(Error) -> Int {
            var offset = start
            while offset < end {
                let byte = bytes[offset]
                if Lexer.isDigit(byte) {
                    offset = try digits(from: offset)
                } else if Lexer.isASCIIHead(byte) {
                    let begin = offset
                    while offset < end, Lexer.isASCIIBody(bytes[offset]) { offset += 1 }
                    append(.identifier(String(decoding: bytes[begin..<offset], as: UTF8.self)), at: begin)
                    identifierEnd = offset
                } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") {
                    append(.punct(Character(Unicode.Scalar(byte))), at: offset)
                    offset += 1
                } else {
                    throw unexpected(at: offset)
                }
            }
            return offset
        }

        /// A string literal with its escapes, from its opening quote; returns the offset after its closing one.
        mutating func string(from start: Int) throws(Error) -> Int {
            var text: [UInt8] = []
            var offset = start + 1
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    append(.string(String(decoding: text, as: UTF8.self)), at: start)
                    return offset + 1
                }
                guard byte == UInt8(ascii: "\\") else {
                    let next = min(bytes.count, offset + Self.length(byte))
                    text += bytes[offset..<next]
                    offset = next
                    continue
                }
                guard offset + 1 < bytes.count else { break }
                let escape = bytes[offset + 1]
                switch escape {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"): text.append(escape)
                case UInt8(ascii: "0"): text.append(0)
                case UInt8(ascii: "("):
                    throw Error(
                        message: "string interpolation \\( ) is not supported here; write the text out",
                        column: column(at: offset))
                case UInt8(ascii: "u"):
                    // \u{XXXX}
                    var hex: [UInt8] = []
                    var ahead = offset + 2
                    var closed = false
                    if ahead < bytes.count, bytes[ahead] == UInt8(ascii: "{") {
                        ahead += 1
                        while ahead < bytes.count {
                            let h = bytes[ahead]
                            ahead += Self.length(h)
                            if h == UInt8(ascii: "}") {
                                closed = true
                                break
                            }
                            hex.append(h)
                        }
                    }
                    guard closed, let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(value)
                    else {
                        throw Error(message: "bad \\u{...} escape", column: column(at: offset))
                    }
                    text.append(contentsOf: String(scalar).utf8)
                    offset = min(ahead, bytes.count)
                    continue
                default:
                    throw Error(
                        message: "invalid escape sequence '\\\(scalar(at: offset + 1))' in string",
                        column: column(at: offset))
                }
                offset += 2
            }
            throw Error(message: "unterminated string literal", column: column(at: start))
        }

        /// `42`, `1_000`, `2.5` from `start`; returns the offset after it.
        mutating func digits(from start: Int) throws(Error) -> Int {
            var offset = start
            var digits: [UInt8] = []
            while offset < bytes.count, Lexer.isDigit(bytes[offset]) || bytes[offset] == UInt8(ascii: "_") {
                if bytes[offset] != UInt8(ascii: "_") { digits.append(bytes[offset]) }
                offset += 1
            }
            var isDouble = false
            if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "."), Lexer.isDigit(bytes[offset + 1]) {
                isDouble = true
                digits.append(UInt8(ascii: "."))
                offset += 1
                while offset < bytes.count, Lexer.isDigit(bytes[offset]) {
                    digits.append(bytes[offset])
                    offset += 1
                }
            }
            let text = String(decoding: digits, as: UTF8.self)
            let column = column(at: start)
            if isDouble {
                guard let d = Double(text) else { throw Error(message: "bad number '\(text)'", column: column) }
                out.append(Lexed(token: .double(d), column: column))
            } else {
                guard let n = Int(text) else {
                    throw Error(message: "number '\(text)' is too large", column: column)
                }
                out.append(Lexed(token: .int(n), column: column))
            }
            return offset
        }
    }
}
