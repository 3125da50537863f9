extension SwiftCallParser {
    /// Splits a line of Swift into tokens. It works on the UTF-8 bytes: every token boundary is an ASCII byte, and
    /// almost every line is ASCII, so Characters (and their Unicode properties) are looked at only for the rare
    /// non-ASCII letter. Columns count Unicode scalars from 1, as a caret under the line needs.
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
            var line = line
            let result = line.withUTF8 { bytes in Result { () throws(Error) in try tokenize(bytes) } }
            return try result.get()
        }

        static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) throws(Error) -> [Lexed] {
            var out: [Lexed] = []
            var cursor = Cursor(bytes: bytes)
            while let b = cursor.byte {
                let column = cursor.column
                if b == 0x20 || b == 0x09 { cursor.advance(); continue }
                // `// a comment` to the end of the line.
                if b == UInt8(ascii: "/"), cursor.byte(at: 1) == UInt8(ascii: "/") { break }
                if b < 0x80 ? isASCIIHead(b) : isIdentifierHead(cursor.scalar) {
                    let start = cursor.position
                    while let d = cursor.byte, d < 0x80 ? isASCIIBody(d) : isIdentifierBody(cursor.scalar) {
                        cursor.advance()
                    }
                    out.append(Lexed(token: .identifier(cursor.text(from: start)), column: column))
                } else if isDigit(b) {
                    out.append(Lexed(token: try number(&cursor, column: column), column: column))
                } else if b == UInt8(ascii: "\"") {
                    out.append(Lexed(token: .string(try string(&cursor, column: column)), column: column))
                } else if isPunct(b) {
                    out.append(Lexed(token: .punct(Character(Unicode.Scalar(b))), column: column))
                    cursor.advance()
                } else {
                    throw Error(message: "unexpected character '\(cursor.scalar)'", column: column)
                }
            }
            return out
        }

        /// `42`, `1_000`, `2.5`.
        static func number(_ cursor: inout Cursor, column: Int) throws(Error) -> Token {
            var digits: [UInt8] = []
            while let d = cursor.byte, isDigit(d) || d == UInt8(ascii: "_") {
                if d != UInt8(ascii: "_") { digits.append(d) }
                cursor.advance()
            }
            var isDouble = false
            if cursor.byte == UInt8(ascii: "."), let next = cursor.byte(at: 1), isDigit(next) {
                isDouble = true
                digits.append(UInt8(ascii: "."))
                cursor.advance()
                while let d = cursor.byte, isDigit(d) { digits.append(d); cursor.advance() }
            }
            let text = String(decoding: digits, as: UTF8.self)
            if isDouble {
                guard let d = Double(text) else { throw Error(message: "bad number '\(text)'", column: column) }
                return .double(d)
            }
            guard let n = Int(text) else { throw Error(message: "number '\(text)' is too large", column: column) }
            return .int(n)
        }

        /// A string literal with its escapes; the cursor is on the opening quote.
        static func string(_ cursor: inout Cursor, column: Int) throws(Error) -> String {
            var text: [UInt8] = []
            cursor.advance()
            while let d = cursor.byte {
                if d == UInt8(ascii: "\"") {
                    cursor.advance()
                    return String(decoding: text, as: UTF8.self)
                }
                guard d == UInt8(ascii: "\\") else {
                    cursor.copyScalar(to: &text)
                    continue
                }
                guard let e = cursor.byte(at: 1) else { break }
                let escapeColumn = cursor.column
                switch e {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"): text.append(e)
                case UInt8(ascii: "0"): text.append(0)
                case UInt8(ascii: "("):
                    throw Error(
                        message: "string interpolation \\( ) is not supported here; write the text out",
                        column: escapeColumn)
                case UInt8(ascii: "u"):
                    // \u{XXXX}
                    var hex: [UInt8] = []
                    var ahead = cursor
                    ahead.advance()
                    ahead.advance()
                    var closed = false
                    if ahead.byte == UInt8(ascii: "{") {
                        ahead.advance()
                        while let h = ahead.byte {
                            ahead.advance()
                            if h == UInt8(ascii: "}") { closed = true; break }
                            hex.append(h)
                        }
                    }
                    guard closed, let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(value)
                    else {
                        throw Error(message: "bad \\u{...} escape", column: escapeColumn)
                    }
                    text.append(contentsOf: String(scalar).utf8)
                    // Past the backslash, the `u` and the braced digits.
                    cursor = ahead
                    continue
                default:
                    throw Error(
                        message: "invalid escape sequence '\\\(cursor.scalar(at: 1))' in string", column: escapeColumn)
                }
                cursor.advance()
                cursor.advance()
            }
            throw Error(message: "unterminated string literal", column: column)
        }

        /// A position in the bytes and its column (Unicode scalars from 1).
        struct Cursor {
            let bytes: UnsafeBufferPointer<UInt8>
            var position = 0
            var column = 1

            init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

            var byte: UInt8? { position < bytes.count ? bytes[position] : nil }

            func byte(at offset: Int) -> UInt8? {
                var at = position
                for _ in 0..<offset {
                    guard at < bytes.count else { return nil }
                    at += Self.length(bytes[at])
                }
                return at < bytes.count ? bytes[at] : nil
            }

            /// The scalar `offset` scalars ahead (for messages).
            func scalar(at offset: Int) -> Unicode.Scalar {
                var copy = self
                for _ in 0..<offset { copy.advance() }
                return copy.scalar
            }

            /// The scalar at the position (the bytes are valid UTF-8: they come from a String).
            var scalar: Unicode.Scalar {
                var iterator = bytes[position...].makeIterator()
                var decoder = UTF8()
                if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
                return "\u{FFFD}"
            }

            static func length(_ lead: UInt8) -> Int {
                lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            }

            /// Past one scalar.
            mutating func advance() {
                position = min(bytes.count, position + Self.length(bytes[position]))
                column += 1
            }

            /// Copies the scalar's bytes and moves past it.
            mutating func copyScalar(to text: inout [UInt8]) {
                let end = min(bytes.count, position + Self.length(bytes[position]))
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
                position = end
                column += 1
            }

            func text(from start: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            }
        }
    }
}
