/// The names a line of Swift declares at its top level (`let same = builder`, `var n = 0`, `weak var wb = board`,
/// `guard let b = maybe else { … }`, `async let d = f()`), which later lines can use, and whether it declares a type
/// or a function: read from the line's top-level items (``SwiftReader``).
public struct TopLevelNames: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case `let`, `var`, weakVar }
    public var names: [(name: String, kind: Kind)] = []
    /// The names bound by `async let`: their value is awaited before it is stored.
    public var awaited: Set<String> = []
    /// The `var`s that are plain stored variables (no observers, no getter, no wrapper, not `unowned`): a later line
    /// may change them in place.
    public var inPlace: Set<String> = []
    /// A `func`, `struct`, `class`, `enum`, `protocol`, `extension`, `actor` or `typealias` at the top level.
    public var declaresTypeOrFunction = false
    /// The types and functions declared at the top level, as `class FixedAlertBuilder`, `func lunchSpecial`.
    public var declarations: [String] = []

    public static func == (a: Self, b: Self) -> Bool {
        a.declaresTypeOrFunction == b.declaresTypeOrFunction && a.names.map(\.name) == b.names.map(\.name)
            && a.names.map(\.kind) == b.names.map(\.kind) && a.awaited == b.awaited
    }

    public init(_ text: String) {
        self.init(SwiftReader(text))
    }

    public init(_ reader: SwiftReader) {
        let tokens = reader.tokens
        for item in reader.items {
            let head = SwiftReader.firstWord(item.tokens.lowerBound, item.tokens.upperBound, in: tokens)
            switch item.keyword {
            case "let", "var":
                let prefix = tokens.tokens[item.tokens.lowerBound..<head]
                let isWeak = prefix.contains { tokens.isWord($0, "weak") }
                let isAsync = prefix.contains { tokens.isWord($0, "async") }
                let kind: Kind = item.keyword == "let" ? .let : (isWeak ? .weakVar : .var)
                let before = names.count
                let blocks = bindings(tokens, from: head + 1, to: item.tokens.upperBound, kind: kind)
                if isAsync { awaited.formUnion(names[before...].map(\.name)) }
                let wrapped = prefix.contains { $0.kind == .attribute || tokens.isWord($0, "unowned") }
                let observed = tokens.tokens[item.tokens].contains {
                    tokens.isWord($0, "didSet") || tokens.isWord($0, "willSet")
                }
                if kind == .var, !wrapped, !observed {
                    inPlace.formUnion(names[before...].map(\.name).filter { !blocks.contains($0) })
                }
            case "guard":
                let before = names.count
                conditions(tokens, from: head + 1, to: item.tokens.upperBound)
                inPlace.formUnion(names[before...].filter { $0.kind == .var }.map(\.name))
            case "func", "struct", "class", "enum", "protocol", "extension", "actor", "typealias":
                declaresTypeOrFunction = true
                if let keyword = item.keyword, keyword != "extension", head + 1 < item.tokens.upperBound {
                    declarations.append(keyword + " " + tokens.name(tokens.tokens[head + 1]))
                }
            default: break
            }
        }
    }

    /// `name [: T] [= value] [, name …]` from `start`: each name (or each name of a tuple pattern) with its kind.
    /// Returns the names that have a block of their own (a computed variable's, or its observers').
    private mutating func bindings(_ tokens: SwiftTokens, from start: Int, to end: Int, kind: Kind) -> Set<String> {
        var index = start
        var blocks: Set<String> = []
        func blanks() { while index < end, tokens.tokens[index].kind == .newline { index += 1 } }
        while index < end {
            blanks()
            let before = names.count
            index = pattern(tokens, at: index, to: end, kind: kind)
            blanks()
            // A type: to a `=`, `,` or `{` outside its brackets and angle brackets.
            if index < end, isPunctuation(tokens, index, ":") {
                index = skipType(tokens, from: index + 1, to: end)
            }
            if index < end, tokens.is(tokens.tokens[index], "=") {
                index = skipExpression(tokens, from: index + 1, to: end)
            }
            blanks()
            if index < end, isPunctuation(tokens, index, "{") { blocks.formUnion(names[before...].map(\.name)) }
            guard index < end, isPunctuation(tokens, index, ",") else { return blocks }
            index += 1
        }
        return blocks
    }

    /// A name, `_`, or a tuple of them: adds the names; returns the index after the pattern.
    private mutating func pattern(_ tokens: SwiftTokens, at start: Int, to end: Int, kind: Kind) -> Int {
        let all = tokens.tokens
        guard start < end else { return end }
        if all[start].kind == .identifier {
            let name = tokens.name(all[start])
            if name != "_" { names.append((name, kind)) }
            return start + 1
        }
        guard isPunctuation(tokens, start, "(") else { return start }
        var index = start + 1
        var depth = 1
        while index < end, depth > 0 {
            let token = all[index]
            depth += SwiftReader.depthChange(token, in: tokens)
            if depth == 1, token.kind == .identifier, !(index + 1 < end && isPunctuation(tokens, index + 1, ":")) {
                let name = tokens.name(token)
                if name != "_", name != "let", name != "var" { names.append((name, kind)) }
            }
            index += 1
        }
        return index
    }

    /// `guard let a = x, var b = y, z > 0 else`: the names its `let` and `var` conditions bind.
    private mutating func conditions(_ tokens: SwiftTokens, from start: Int, to end: Int) {
        var index = start
        while index < end {
            let token = tokens.tokens[index]
            if tokens.isWord(token, "else") { return }
            if tokens.isWord(token, "let") || tokens.isWord(token, "var") {
                let kind: Kind = tokens.isWord(token, "let") ? .let : .var
                index = pattern(tokens, at: index + 1, to: end, kind: kind)
                if index < end, isPunctuation(tokens, index, ":") { index = skipType(tokens, from: index + 1, to: end) }
                if index < end, tokens.is(tokens.tokens[index], "=") {
                    index = skipExpression(tokens, from: index + 1, to: end, stopAtElse: true)
                }
                continue
            }
            index = skipExpression(tokens, from: index, to: end, stopAtElse: true)
            if index < end, isPunctuation(tokens, index, ",") { index += 1 }
        }
    }

    private func isPunctuation(_ tokens: SwiftTokens, _ index: Int, _ character: Unicode.Scalar) -> Bool {
        let token = tokens.tokens[index]
        return token.kind == .punctuation && tokens.bytes[token.start] == UInt8(ascii: character)
    }

    /// Past a type (`Dictionary<String, Int>`, `(Int) -> Void`, `[String: [Int]]`): to the first `=`, `,` or `{`
    /// outside its brackets and angle brackets.
    private func skipType(_ tokens: SwiftTokens, from start: Int, to end: Int) -> Int {
        var index = start
        var depth = 0
        var angles = 0
        while index < end {
            let token = tokens.tokens[index]
            if depth == 0, angles == 0 {
                if tokens.is(token, "=") || isPunctuation(tokens, index, ",") || isPunctuation(tokens, index, "{") {
                    return index
                }
            }
            depth += SwiftReader.depthChange(token, in: tokens)
            if token.kind == .operator {
                var previous: UInt8 = 0
                for byte in tokens.bytes[token.start..<token.end] {
                    if byte == UInt8(ascii: "<") { angles += 1 }
                    if byte == UInt8(ascii: ">"), previous != UInt8(ascii: "-") { angles = max(0, angles - 1) }
                    previous = byte
                }
            }
            index += 1
        }
        return index
    }

    /// Past an expression: to the first `,` outside its brackets (or `else`, in a `guard`'s conditions).
    private func skipExpression(_ tokens: SwiftTokens, from start: Int, to end: Int, stopAtElse: Bool = false) -> Int {
        var index = start
        var depth = 0
        while index < end {
            let token = tokens.tokens[index]
            if depth == 0 {
                if isPunctuation(tokens, index, ",") { return index }
                if stopAtElse, tokens.isWord(token, "else") { return index }
                if !stopAtElse, isPunctuation(tokens, index, "{"), index > start,
                    tokens.tokens[index - 1].kind == .newline
                {
                    return index
                }
            }
            depth += SwiftReader.depthChange(token, in: tokens)
            index += 1
        }
        return index
    }
}
