/// A line (or block) of Swift as tokens: the one reading of Swift text that every question the playground asks of
/// a line is answered from (``SwiftReader``). Strings are read with their interpolations (nested), raw strings
/// (`#"…"#`) and multi-line strings (`"""`); line and nested block comments are skipped; operators, attributes,
/// `#` directives and backticked names are tokens of their own.
///
/// The tokens are flat: a string is `stringOpen`, its `stringText` pieces, each interpolation as
/// `interpolationOpen`, the code inside it and `interpolationClose`, then `stringClose`; so the names used inside an
/// interpolation are tokens like any other, and a question that counts brackets counts strings too.
///
/// It reads UTF-8 bytes; every place is a byte offset into the text. It never fails: what Swift would refuse (an
/// unterminated string, a stray character) is read as far as it goes, and the compiler says what is wrong.
public struct SwiftTokens: Sendable {
    public struct Token: Equatable, Sendable {
        public enum Kind: UInt8, Sendable {
            /// A name or a keyword (`builder`, `let`, `` `class` ``, `$0`): the keyword table tells them apart.
            case identifier
            case number
            case stringOpen, stringText, stringClose
            case interpolationOpen, interpolationClose
            /// `(`, `)`, `[`, `]`, `{`, `}`, `,`, `:`, `;`, `.` (member access), `\` (a key path), `#`, `@`.
            case punctuation
            /// `=`, `+`, `->`, `?`, `!`, `..<`, `&&`, …
            case `operator`
            /// `@MainActor`, `@available`: the `@` and the name.
            case attribute
            /// `#if`, `#endif`, `#available`, `#sourceLocation`: the `#` and the name.
            case pound
            /// A line end outside strings (and a block comment that holds one).
            case newline
        }

        public var kind: Kind
        /// Byte offsets into the text.
        public var start: Int
        public var end: Int
    }

    public let bytes: [UInt8]
    public private(set) var tokens: [Token] = []
    /// A block comment still open at the end.
    public private(set) var openComment = false
    /// A multi-line string still open at the end.
    public private(set) var openMultiLineString = false
    /// A one-line string that its line ended (or the text) before it was closed.
    public private(set) var unterminatedString = false

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var lexer = Lexer(bytes: bytes)
        lexer.run()
        tokens = lexer.tokens
        openComment = lexer.openComment
        openMultiLineString = lexer.openMultiLineString
        unterminatedString = lexer.unterminatedString
    }

    /// A token's text (a backticked name with its backticks).
    public func text(_ token: Token) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    /// A name's text without backticks.
    public func name(_ token: Token) -> String {
        if bytes[token.start] == UInt8(ascii: "`"), token.end - token.start >= 2 {
            return String(decoding: bytes[(token.start + 1)..<(token.end - 1)], as: UTF8.self)
        }
        return text(token)
    }

    /// Whether the token is exactly this text (no String made).
    public func `is`(_ token: Token, _ text: StaticString) -> Bool {
        text.withUTF8Buffer { expected in
            expected.count == token.end - token.start && bytes[token.start..<token.end].elementsEqual(expected)
        }
    }

    /// Whether the token is a keyword or name written without backticks and equal to `text`.
    public func isWord(_ token: Token, _ text: StaticString) -> Bool {
        token.kind == .identifier && self.is(token, text)
    }

    /// Whether the byte before `offset` is blank for an operator's sake (space, line start, an opening bracket, a
    /// comma…), as Swift decides whether an operator is prefix, postfix or binary.
    func blankBefore(_ offset: Int) -> Bool {
        guard offset > 0 else { return true }
        switch bytes[offset - 1] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: ":"):
            return true
        case UInt8(ascii: "/") where offset >= 2 && bytes[offset - 2] == UInt8(ascii: "*"):
            return true
        default: return false
        }
    }

    /// Whether the byte at `offset` is blank for an operator's sake (space, line end, a closing bracket, a comma…).
    func blankAt(_ offset: Int) -> Bool {
        guard offset < bytes.count else { return true }
        switch bytes[offset] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: ":"):
            return true
        case UInt8(ascii: "/"):
            return offset + 1 < bytes.count
                && (bytes[offset + 1] == UInt8(ascii: "/")
                    || bytes[offset + 1] == UInt8(ascii: "*"))
        default: return false
        }
    }

    /// An operator with blanks on both sides or on neither: binary, as Swift reads it.
    func isBinary(_ token: Token) -> Bool {
        blankBefore(token.start) == blankAt(token.end)
    }
}
