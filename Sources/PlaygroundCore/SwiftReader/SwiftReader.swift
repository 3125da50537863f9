/// The questions the playground asks of a line of Swift, each answered by one function over its ``SwiftTokens``:
/// is the block open (the prompt waits for more), where its top-level statements and declarations begin and end,
/// what it declares (``SwiftReader/declaredNames``), which names it uses, and which statement is its last.
///
/// A reader of a line's outline, not a parser: it finds the top-level items as Swift's parser does (checked against
/// the parser the toolchain ships by `Scripts/swift-reader-check`), and leaves judging the line to the compiler.
public struct SwiftReader: Sendable {
    public let text: String
    public let tokens: SwiftTokens
    /// The top-level items, in order.
    public let items: [Item]

    public init(_ text: String) {
        self.text = text
        tokens = SwiftTokens(text)
        items = Self.items(of: tokens)
    }

    /// One top-level item: a declaration, a statement or an expression, as Swift's parser splits a file.
    public struct Item: Equatable, Sendable {
        /// `stray`: a bracket closed once too often, alone.
        public enum Kind: Equatable, Sendable { case declaration, statement, expression, stray }
        public var kind: Kind
        /// A declaration's keyword (`func`, `let`, `#if` for a conditional block), or a statement's (`for`).
        public var keyword: String?
        /// The indices of its tokens (attributes and modifiers included; no `;`).
        public var tokens: Range<Int>
        /// Byte offsets of its text, from its first token to the end of its last.
        public var start: Int
        public var end: Int
    }

    /// Whether the text is unfinished, as the Swift REPL decides it: while a parenthesis, bracket or brace, an
    /// interpolation, a multi-line string, a block comment or an `#if` is open, the input goes on at the next line. A
    /// one-line string that is not closed on its line, or a bracket closed too often, ends the input: the compiler
    /// says what is wrong.
    public var isOpen: Bool {
        if tokens.unterminatedString { return false }
        if tokens.openComment || tokens.openMultiLineString { return true }
        var depth = 0
        for token in tokens.tokens {
            switch Self.depthChange(token, in: tokens) {
            case 1: depth += 1
            case -1:
                depth -= 1
                if depth < 0 { return false }
            default: break
            }
        }
        return depth > 0
    }

    /// +1 for a token that opens a nesting (a bracket, a string, an interpolation, `#if`), -1 for one that closes it.
    static func depthChange(_ token: SwiftTokens.Token, in tokens: SwiftTokens) -> Int {
        switch token.kind {
        case .stringOpen, .interpolationOpen: return 1
        case .stringClose, .interpolationClose: return -1
        case .punctuation:
            switch tokens.bytes[token.start] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return -1
            default: return 0
            }
        case .pound:
            if tokens.is(token, "#if") { return 1 }
            if tokens.is(token, "#endif") { return -1 }
            return 0
        default: return 0
        }
    }

    /// The text of an item, as a slice of the line.
    public func substring(_ item: Item) -> Substring {
        text[range(item)]
    }

    /// The range of an item in the line.
    public func range(_ item: Item) -> Range<String.Index> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: item.start)
        return lower..<utf8.index(lower, offsetBy: item.end - item.start)
    }

    /// The names the line's code uses or declares (keywords included), in its interpolations too, never the words of
    /// its strings or comments; backticks taken off.
    public var names: Set<String> {
        var names = Set<String>()
        for token in tokens.tokens where token.kind == .identifier { names.insert(tokens.name(token)) }
        return names
    }

    /// Whether the code (not its strings or comments) holds this word.
    public func uses(_ word: StaticString) -> Bool {
        tokens.tokens.contains { tokens.isWord($0, word) }
    }

    /// The last top-level item, when it is an expression whose value a REPL shows: not a declaration, a statement, an
    /// assignment to `_`, a `#` expansion, nor a stray closing bracket.
    public var expressionToShow: Item? {
        guard let last = items.last, last.kind == .expression else { return nil }
        let first = tokens.tokens[last.tokens.lowerBound]
        // A macro expansion or directive (`#warning("x")`) is no value to show.
        if first.kind == .pound { return nil }
        if tokens.isWord(first, "_"), last.tokens.count > 1, tokens.is(tokens.tokens[last.tokens.lowerBound + 1], "=") {
            return nil
        }
        return last
    }
}
