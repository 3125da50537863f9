/// The names a line of Swift declares at its top level (`let same = builder`, `var n = 0`, `weak var wb = board`,
/// `guard let b = maybe else { … }`), which later lines can use, and whether it declares a type or a function.
///
/// A light scan, not a parser: strings, comments and brackets are skipped, and only `let`/`var` that start a
/// statement at depth 0 (or follow `guard` there) count. The compiler has already judged the line when this matters.
public struct TopLevelNames: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case `let`, `var`, weakVar }
    public var names: [(name: String, kind: Kind)] = []
    /// A `func`, `struct`, `class`, `enum`, `protocol`, `extension` or `actor` at the top level.
    public var declaresTypeOrFunction = false
    /// The types and functions declared at the top level, as `class FixedAlertBuilder`, `func lunchSpecial`.
    public var declarations: [String] = []

    public static func == (a: Self, b: Self) -> Bool {
        a.declaresTypeOrFunction == b.declaresTypeOrFunction && a.names.map(\.name) == b.names.map(\.name)
            && a.names.map(\.kind) == b.names.map(\.kind)
    }

    /// Whether a line names `name` as a word (`group.title = "x"` names `group`, `groups` does not): how a module
    /// learns that a compiled line reached an object it shows only once it is used.
    public static func mentions(_ text: String, _ name: String) -> Bool {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { $0 == name }
    }

    enum Token: Equatable {
        case word(String)
        case punct(Character)
        case newline
        case literal
    }

    public init(_ text: String) {
        let tokens = Self.tokens(text)
        var index = 0
        var depth = 0
        var atStart = true
        func word(_ at: Int) -> String? {
            guard at < tokens.count, case .word(let w) = tokens[at] else { return nil }
            return w
        }
        let modifiers: Set<String> = [
            "weak", "unowned", "lazy", "private", "fileprivate", "public", "internal", "static",
            "final", "nonisolated", "open",
        ]
        let typeWords: Set<String> = ["func", "struct", "class", "enum", "protocol", "extension", "actor", "typealias"]
        while index < tokens.count {
            let token = tokens[index]
            switch token {
            case .punct(let c) where c == "(" || c == "[" || c == "{":
                depth += 1; atStart = false; index += 1; continue
            case .punct(let c) where c == ")" || c == "]" || c == "}":
                depth = max(0, depth - 1); atStart = depth == 0 && c == "}"; index += 1; continue
            case .punct(";"), .newline:
                if depth == 0 { atStart = true }
                index += 1; continue
            default: break
            }
            guard depth == 0, atStart else { index += 1; continue }
            atStart = false
            // Attributes and modifiers before a declaration.
            var isWeak = false
            var at = index
            while at < tokens.count {
                if tokens[at] == .punct("@"), word(at + 1) != nil { at += 2; continue }
                if let w = word(at), modifiers.contains(w) {
                    if w == "weak" { isWeak = true }
                    at += 1
                    if at < tokens.count, tokens[at] == .punct("(") { at += 3 }  // unowned(safe)
                    continue
                }
                break
            }
            guard let first = word(at) else { index = at; continue }
            if typeWords.contains(first) {
                declaresTypeOrFunction = true
                if first != "extension", let name = word(at + 1) { declarations.append(first + " " + name) }
                index = at + 1
                continue
            }
            if first == "let" || first == "var" {
                let kind: Kind = first == "let" ? .let : (isWeak ? .weakVar : .var)
                index = collect(tokens, from: at + 1, kind: kind, stopAtElse: false)
                continue
            }
            if first == "guard" {
                index = collect(tokens, from: at + 1, kind: nil, stopAtElse: true)
                continue
            }
            index = at + 1
        }
    }

    /// Reads `name [: T] [= value] [, name …]` (or, after `guard`, the `let`/`var` conditions up to `else`);
    /// returns the index of the token after the statement's declarations.
    private mutating func collect(_ tokens: [Token], from start: Int, kind: Kind?, stopAtElse: Bool) -> Int {
        var index = start
        var depth = 0
        var expectName = kind != nil
        var currentKind = kind
        func add(_ name: String) {
            if let currentKind, name != "_" { names.append((name, currentKind)) }
        }
        while index < tokens.count {
            let token = tokens[index]
            switch token {
            case .punct(let c) where c == "(" || c == "[" || c == "{":
                if expectName && c == "(" {
                    // A tuple pattern: `let (a, b) = …`.
                    var at = index + 1
                    var inner = 0
                    while at < tokens.count {
                        if tokens[at] == .punct("(") { inner += 1 }
                        if tokens[at] == .punct(")") { if inner == 0 { break }; inner -= 1 }
                        if inner == 0, case .word(let w) = tokens[at], w != "let", w != "var" { add(w) }
                        at += 1
                    }
                    expectName = false
                    index = at + 1
                    continue
                }
                if depth == 0 && c == "{" && !stopAtElse { return index }
                depth += 1
            case .punct(let c) where c == ")" || c == "]" || c == "}":
                depth -= 1
                if depth < 0 { return index }
            case .punct(";"), .newline:
                if depth == 0 { return index }
            case .punct(","):
                if depth == 0 { expectName = !stopAtElse; if stopAtElse { currentKind = nil } }
            case .word(let w):
                if stopAtElse && depth == 0 && w == "else" { return index + 1 }
                if stopAtElse && depth == 0 && (w == "let" || w == "var") {
                    currentKind = w == "let" ? .let : .var
                    expectName = true
                } else if expectName {
                    add(w)
                    expectName = false
                }
            default:
                break
            }
            index += 1
        }
        return index
    }

    /// Words, punctuation and line ends, with string literals and comments left out.
    static func tokens(_ text: String) -> [Token] {
        let chars = Array(text)
        var tokens: [Token] = []
        var i = 0
        func isWordChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "$" }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" || c == "\r" { tokens.append(.newline); i += 1; continue }
            if c == " " || c == "\t" { i += 1; continue }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                var nest = 1
                i += 2
                while i < chars.count, nest > 0 {
                    if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" { nest += 1; i += 2; continue }
                    if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "/" { nest -= 1; i += 2; continue }
                    i += 1
                }
                continue
            }
            if c == "\"" || (c == "#" && i + 1 < chars.count && (chars[i + 1] == "\"" || chars[i + 1] == "#")) {
                i = skipString(chars, from: i)
                tokens.append(.literal)
                continue
            }
            if isWordChar(c) {
                var end = i
                while end < chars.count, isWordChar(chars[end]) { end += 1 }
                tokens.append(.word(String(chars[i..<end])))
                i = end
                continue
            }
            if c == "`" {
                var end = i + 1
                while end < chars.count, chars[end] != "`" { end += 1 }
                tokens.append(.word(String(chars[min(i + 1, chars.count)..<min(end, chars.count)])))
                i = end + 1
                continue
            }
            tokens.append(.punct(c))
            i += 1
        }
        return tokens
    }

    /// The index after a string literal starting at `start` (plain, multi-line or raw, with interpolations).
    static func skipString(_ chars: [Character], from start: Int) -> Int {
        var i = start
        var hashes = 0
        while i < chars.count, chars[i] == "#" { hashes += 1; i += 1 }
        guard i < chars.count, chars[i] == "\"" else { return i }
        let multi = i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\""
        i += multi ? 3 : 1
        while i < chars.count {
            let c = chars[i]
            if c == "\\" {
                var at = i + 1
                var count = 0
                while count < hashes, at < chars.count, chars[at] == "#" { count += 1; at += 1 }
                if count == hashes, at < chars.count, chars[at] == "(" {
                    // An interpolation: skip to its closing parenthesis, strings inside included.
                    var depth = 1
                    at += 1
                    while at < chars.count, depth > 0 {
                        if chars[at] == "\"" { at = skipString(chars, from: at); continue }
                        if chars[at] == "(" { depth += 1 }
                        if chars[at] == ")" { depth -= 1 }
                        at += 1
                    }
                    i = at
                    continue
                }
                i = at + 1
                continue
            }
            if c == "\"" {
                var closes = multi ? (i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\"") : true
                var end = i + (multi ? 3 : 1)
                var count = 0
                while closes, count < hashes {
                    if end < chars.count, chars[end] == "#" { count += 1; end += 1 } else { closes = false }
                }
                if closes { return end }
            }
            if !multi && c == "\n" { return i }
            i += 1
        }
        return i
    }
}
