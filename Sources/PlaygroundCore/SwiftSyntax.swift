/// The small slice of Swift the playground understands: a chain of calls on a live object, with enum cases,
/// arrays, string/number/bool literals, argument labels and the literal closure `{ print("...") }`.
/// It is a parser over a registry of methods, not a Swift interpreter.
public struct SwiftStatement: Equatable, Sendable {
    /// `let burger = ...` binds a name (shown in the code pane; nothing is stored).
    public var binding: String?
    public var isTry: Bool
    /// The live object the chain starts from, e.g. `builder`.
    public var receiver: String
    public var calls: [SwiftCall]
}

/// One `.name(args)` link of a chain. `hasParens` is false for a property access or a trailing-closure-only call.
public struct SwiftCall: Equatable, Sendable {
    public var name: String
    public var arguments: [SwiftArgument]
    public var hasParens: Bool
    /// 1-based column of the name in the line, for error messages.
    public var column: Int
}

public struct SwiftArgument: Equatable, Sendable {
    public var label: String?
    public var value: SwiftValue
}

public indirect enum SwiftValue: Equatable, Sendable {
    case member(String)          // .chicken
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case nilLiteral
    case array([SwiftValue])
    case closure([String])       // the texts printed by a { print("...") } closure, in order
    case reference(String)       // another live object, by name: employee.createCombo1(with: receiptBuilder)

    /// The value written back as Swift source.
    public var swiftSource: String {
        switch self {
        case .member(let name): return "." + name
        case .string(let text): return SwiftValue.quoted(text)
        case .int(let n): return String(n)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .nilLiteral: return "nil"
        case .reference(let name): return name
        case .array(let items): return "[" + items.map(\.swiftSource).joined(separator: ", ") + "]"
        case .closure(let prints):
            if prints.isEmpty { return "{ }" }
            return "{ " + prints.map { "print(\(SwiftValue.quoted($0)))" }.joined(separator: "; ") + " }"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}

/// Parses one line of Swift-call syntax into a ``SwiftStatement``.
public struct SwiftCallParser {
    public struct Error: Swift.Error, Equatable, Sendable {
        public var message: String
        /// 1-based column where the problem was noticed.
        public var column: Int
    }

    /// Whether a line looks like Swift rather than a short command: `ident.` / `ident(` / `let` / `try`.
    public static func looksLikeSwift(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        if trimmed.hasPrefix("let ") || trimmed.hasPrefix("var ") || trimmed.hasPrefix("try ") || trimmed.hasPrefix("_ =") || trimmed == "try" {
            return true
        }
        let ident = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !ident.isEmpty else { return false }
        let next = trimmed.dropFirst(ident.count).first
        return next == "." || next == "("
    }

    public static func parse(_ line: String) throws(Error) -> SwiftStatement {
        var parser = SwiftCallParser(tokens: try Lexer.tokenize(line), end: line.count + 1)
        return try parser.statement()
    }

    // MARK: - Implementation

    enum Token: Equatable {
        case identifier(String)
        case string(String)
        case int(Int)
        case double(Double)
        case punct(Character)
    }

    struct Lexed: Equatable {
        var token: Token
        var column: Int
    }

    var tokens: [Lexed]
    var index = 0
    var end: Int

    var current: Lexed? { index < tokens.count ? tokens[index] : nil }
    var column: Int { current?.column ?? end }

    mutating func advance() { index += 1 }

    mutating func expect(_ c: Character, _ what: String) throws(Error) {
        guard current?.token == .punct(c) else { throw Error(message: "expected \(what)", column: column) }
        advance()
    }

    mutating func identifier(_ what: String) throws(Error) -> String {
        guard case .identifier(let name)? = current?.token else { throw Error(message: "expected \(what)", column: column) }
        advance()
        return name
    }

    mutating func statement() throws(Error) -> SwiftStatement {
        var binding: String?
        if case .identifier(let kw)? = current?.token, kw == "let" || kw == "var" {
            advance()
            binding = try identifier("a name after '\(kw)'")
            try expect("=", "'=' after 'let \(binding!)'")
        } else if case .identifier("_")? = current?.token {
            advance()
            try expect("=", "'=' after '_'")
            binding = "_"
        }
        var isTry = false
        if case .identifier("try")? = current?.token {
            advance()
            isTry = true
            if current?.token == .punct("?") || current?.token == .punct("!") { advance() }
        }
        let receiverColumn = column
        let receiver = try identifier("the name of a live object")
        if receiver == "try" || receiver == "let" { throw Error(message: "expected the name of a live object", column: receiverColumn) }
        var calls: [SwiftCall] = []
        if current?.token == .punct("(") {
            // A call on the receiver itself, e.g. `board(2, 3)`: treat as calling `callAsFunction`.
            throw Error(message: "call a method on '\(receiver)', e.g. \(receiver).name(...)", column: column)
        }
        while current != nil {
            // Tolerate a newline-free semicolon at the very end.
            if current?.token == .punct(";"), index == tokens.count - 1 { advance(); break }
            try expect(".", "'.' and a method name")
            let nameColumn = column
            let name = try identifier("a method name after '.'")
            var call = SwiftCall(name: name, arguments: [], hasParens: false, column: nameColumn)
            if current?.token == .punct("(") {
                advance()
                call.hasParens = true
                call.arguments = try argumentList(closing: ")")
            }
            if current?.token == .punct("{") {
                call.arguments.append(SwiftArgument(label: nil, value: try closure()))
            }
            calls.append(call)
        }
        if calls.isEmpty { throw Error(message: "expected '.' and a method name after '\(receiver)'", column: column) }
        return SwiftStatement(binding: binding, isTry: isTry, receiver: receiver, calls: calls)
    }

    mutating func argumentList(closing: Character) throws(Error) -> [SwiftArgument] {
        var arguments: [SwiftArgument] = []
        if current?.token == .punct(closing) { advance(); return arguments }
        while true {
            var label: String?
            if case .identifier(let name)? = current?.token, index + 1 < tokens.count, tokens[index + 1].token == .punct(":") {
                label = name
                advance(); advance()
            }
            arguments.append(SwiftArgument(label: label, value: try value()))
            if current?.token == .punct(",") { advance(); continue }
            try expect(closing, "',' or '\(closing)'")
            return arguments
        }
    }

    mutating func value() throws(Error) -> SwiftValue {
        guard let lexed = current else { throw Error(message: "expected a value", column: column) }
        switch lexed.token {
        case .punct("."):
            advance()
            return .member(try identifier("a case name after '.'"))
        case .punct("-"):
            advance()
            switch current?.token {
            case .int(let n)?: advance(); return .int(-n)
            case .double(let d)?: advance(); return .double(-d)
            default: throw Error(message: "expected a number after '-'", column: column)
            }
        case .string(let s): advance(); return .string(s)
        case .int(let n): advance(); return .int(n)
        case .double(let d): advance(); return .double(d)
        case .identifier("true"): advance(); return .bool(true)
        case .identifier("false"): advance(); return .bool(false)
        case .identifier("nil"): advance(); return .nilLiteral
        case .punct("["):
            advance()
            var items: [SwiftValue] = []
            if current?.token == .punct("]") { advance(); return .array(items) }
            while true {
                items.append(try value())
                if current?.token == .punct(",") { advance(); if current?.token == .punct("]") { advance(); return .array(items) }; continue }
                try expect("]", "',' or ']'")
                return .array(items)
            }
        case .punct("{"):
            return try closure()
        case .identifier(let name):
            advance()
            return .reference(name)
        default:
            throw Error(message: "expected a value", column: lexed.column)
        }
    }

    /// `{ print("a"); print("b") }` — the only closure body the playground runs.
    mutating func closure() throws(Error) -> SwiftValue {
        try expect("{", "'{'")
        var prints: [String] = []
        while current?.token != .punct("}") {
            guard current != nil else { throw Error(message: "expected '}' to end the closure", column: column) }
            if current?.token == .punct(";") { advance(); continue }
            let nameColumn = column
            let name = try identifier("print(\"...\") in the closure")
            guard name == "print" else {
                throw Error(message: "only print(\"...\") can run inside a closure here, not '\(name)'", column: nameColumn)
            }
            try expect("(", "'(' after print")
            let arguments = try argumentList(closing: ")")
            guard arguments.count == 1, arguments[0].label == nil else {
                throw Error(message: "print takes one string here", column: nameColumn)
            }
            switch arguments[0].value {
            case .string(let s): prints.append(s)
            case .int(let n): prints.append(String(n))
            case .double(let d): prints.append(String(d))
            case .bool(let b): prints.append(b ? "true" : "false")
            default: throw Error(message: "print takes one string here", column: nameColumn)
            }
        }
        advance()
        return .closure(prints)
    }

    enum Lexer {
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

        static func tokenize(_ line: String) throws(Error) -> [Lexed] {
            var out: [Lexed] = []
            // Unicode scalars: much cheaper than Characters, and every token boundary is an ASCII scalar.
            let chars = Array(line.unicodeScalars)
            var i = 0
            while i < chars.count {
                let c = chars[i]
                let column = i + 1
                if c == " " || c == "\t" { i += 1; continue }
                if isIdentifierHead(c) {
                    var j = i
                    while j < chars.count, isIdentifierBody(chars[j]) { j += 1 }
                    out.append(Lexed(token: .identifier(String(String.UnicodeScalarView(chars[i..<j]))), column: column))
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
                        guard let d = Double(text) else { throw Error(message: "bad number '\(text)'", column: column) }
                        out.append(Lexed(token: .double(d), column: column))
                    } else {
                        guard let n = Int(text) else { throw Error(message: "number '\(text)' is too large", column: column) }
                        out.append(Lexed(token: .int(n), column: column))
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
                                throw Error(message: "string interpolation \\( ) is not supported here; write the text out", column: j + 1)
                            case "u":
                                // \u{XXXX}
                                guard j + 2 < chars.count, chars[j + 2] == "{", let close = chars[(j + 3)...].firstIndex(of: "}"),
                                      let value = UInt32(String(String.UnicodeScalarView(chars[(j + 3)..<close])), radix: 16),
                                      let scalar = Unicode.Scalar(value) else {
                                    throw Error(message: "bad \\u{...} escape", column: j + 1)
                                }
                                text.unicodeScalars.append(scalar)
                                j = close - 1
                            default:
                                throw Error(message: "invalid escape sequence '\\\(e)' in string", column: j + 1)
                            }
                            j += 2
                            continue
                        }
                        text.unicodeScalars.append(d)
                        j += 1
                    }
                    guard closed else { throw Error(message: "unterminated string literal", column: column) }
                    out.append(Lexed(token: .string(text), column: column))
                    i = j
                } else if ".,:()[]{}=;!?-".unicodeScalars.contains(c) {
                    out.append(Lexed(token: .punct(Character(c)), column: column))
                    i += 1
                } else {
                    throw Error(message: "unexpected character '\(c)'", column: column)
                }
            }
            return out
        }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    func range(of target: String) -> Range<Index>? {
        guard !target.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }
}
