/// Parses one line of Swift-call syntax into a ``SwiftStatement``.
public struct SwiftCallParser {
    public struct Error: Swift.Error, Equatable, Sendable {
        public var message: String
        /// 1-based column where the problem was noticed.
        public var column: Int
    }

    /// Whether a line looks like Swift rather than a short command: `ident.` / `ident(` / `let` / `try`.
    public static func looksLikeSwift(_ line: String) -> Bool {
        // Most lines are ASCII: decided on the bytes, without Characters.
        var line = line
        if let decided = line.withUTF8({ looksLikeSwift(ascii: $0) }) { return decided }
        let trimmed = line.drop { $0 == " " }
        if trimmed.hasPrefix("let ") || trimmed.hasPrefix("var ") || trimmed.hasPrefix("try ")
            || trimmed.hasPrefix("try?")
            || trimmed.hasPrefix("try!") || trimmed.hasPrefix("_ =") || trimmed == "try"
        {
            return true
        }
        let ident = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !ident.isEmpty else { return false }
        let next = trimmed.dropFirst(ident.count).first
        return next == "." || next == "("
    }

    /// The same decision on a line of ASCII bytes; nil when the line is not ASCII.
    static func looksLikeSwift(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var at = 0
        while at < bytes.count, bytes[at] == 0x20 { at += 1 }
        let rest = UnsafeBufferPointer(rebasing: bytes[at...])
        for prefix in ["let ", "var ", "try ", "try?", "try!", "_ ="] as [StaticString] {
            if prefix.withUTF8Buffer({ rest.starts(with: $0) }) { return true }
        }
        if rest.elementsEqual("try".utf8) { return true }
        let isIdentifier = { (b: UInt8) in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
        }
        var end = at
        while end < bytes.count, isIdentifier(bytes[end]) { end += 1 }
        guard end > at else { return false }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "(") { return true }
        // `controller = nil`: an assignment (not a short command's word followed by text).
        while end < bytes.count, bytes[end] == 0x20 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "=") else { return false }
        return end + 1 == bytes.count || bytes[end + 1] != UInt8(ascii: "=")
    }

    public static func parse(_ line: String) throws(Error) -> SwiftStatement {
        // The column after the last character: counted as Characters, but a line of ASCII without a CR (all but
        // a few) has one per byte.
        let plain = !line.utf8.contains { $0 >= 0x80 || $0 == 0x0D }
        var parser = SwiftCallParser(tokens: try Lexer.tokenize(line), end: (plain ? line.utf8.count : line.count) + 1)
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
        guard case .identifier(let name)? = current?.token else {
            throw Error(message: "expected \(what)", column: column)
        }
        advance()
        return name
    }

    mutating func statement() throws(Error) -> SwiftStatement {
        var binding: String?
        if case .identifier(let kw)? = current?.token, kw == "let" || kw == "var" {
            // A `var` can be assigned later: the compiler keeps it as one.
            if kw == "var" { throw Error(message: "'var' is beyond its subset of Swift", column: column) }
            advance()
            binding = try identifier("a name after '\(kw)'")
            try expect("=", "'=' after 'let \(binding!)'")
        } else if case .identifier("_")? = current?.token {
            advance()
            try expect("=", "'=' after '_'")
            binding = "_"
        }
        var tryMark = TryMark.none
        if case .identifier("try")? = current?.token {
            advance()
            tryMark = .plain
            if current?.token == .punct("?") {
                advance(); tryMark = .optional
            } else if current?.token == .punct("!") {
                advance(); tryMark = .forced
            }
        }
        // `print(builder.meat)`: the chain inside is read, then printed.
        var isPrint = false
        if case .identifier("print")? = current?.token, index + 1 < tokens.count,
            tokens[index + 1].token == .punct("("), binding == nil
        {
            advance(); advance()
            isPrint = true
        }
        let receiverColumn = column
        let receiver = try identifier("the name of a live object")
        if receiver == "try" || receiver == "let" {
            throw Error(message: "expected the name of a live object", column: receiverColumn)
        }
        var calls: [SwiftCall] = []
        var assignment: SwiftValue?
        if current?.token == .punct("("), receiver.first?.isUppercase == true, !isPrint {
            // `let b2 = HamburgerBuilder()`: a new instance of a lesson type.
            advance()
            let arguments = try argumentList(closing: ")")
            if current?.token == .punct(";"), index == tokens.count - 1 { advance() }
            guard current == nil else {
                throw Error(
                    message: "bind the new \(receiver) first (let b = \(receiver)(...)), then call it", column: column)
            }
            var statement = SwiftStatement(binding: binding, tryMark: tryMark, receiver: receiver, calls: [])
            statement.construct = arguments
            return statement
        }
        if current?.token == .punct("(") {
            // A call on the receiver itself, e.g. `board(2, 3)`: treat as calling `callAsFunction`.
            throw Error(message: "call a method on '\(receiver)', e.g. \(receiver).name(...)", column: column)
        }
        if current?.token == .punct("="), binding == nil, !isPrint {
            // `controller = nil`: an assignment to a variable.
            advance()
            let value = try value()
            if current?.token == .punct(";"), index == tokens.count - 1 { advance() }
            guard current == nil else {
                throw Error(message: "expected the end of the line after the value", column: column)
            }
            return SwiftStatement(binding: nil, tryMark: tryMark, receiver: receiver, calls: [], assignment: value)
        }
        while current != nil {
            if isPrint, current?.token == .punct(")") {
                advance()
                if current?.token == .punct(";"), index == tokens.count - 1 { advance() }
                guard current == nil else {
                    throw Error(message: "expected the end of the line after print(...)", column: column)
                }
                break
            }
            // Tolerate a newline-free semicolon at the very end.
            if current?.token == .punct(";"), index == tokens.count - 1 { advance(); break }
            // `builder.meat = .tofu`: an assignment to the last property of the chain.
            if current?.token == .punct("="), !calls.isEmpty, binding == nil {
                advance()
                assignment = try value()
                if current?.token == .punct(";"), index == tokens.count - 1 { advance() }
                guard current == nil else {
                    throw Error(message: "expected the end of the line after the value", column: column)
                }
                break
            }
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
                call.arguments.append(SwiftArgument(label: nil, value: try closure(), isTrailing: true))
            }
            calls.append(call)
        }
        if calls.isEmpty { throw Error(message: "expected '.' and a method name after '\(receiver)'", column: column) }
        if isPrint && index <= tokens.count && tokens.last?.token != .punct(")") && tokens.last?.token != .punct(";") {
            throw Error(message: "expected ')' to close print(", column: column)
        }
        var statement = SwiftStatement(
            binding: binding, tryMark: tryMark, receiver: receiver, calls: calls, assignment: assignment)
        statement.isPrint = isPrint
        return statement
    }

    mutating func argumentList(closing: Character) throws(Error) -> [SwiftArgument] {
        var arguments: [SwiftArgument] = []
        if current?.token == .punct(closing) { advance(); return arguments }
        while true {
            var label: String?
            if case .identifier(let name)? = current?.token, index + 1 < tokens.count,
                tokens[index + 1].token == .punct(":")
            {
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
                if current?.token == .punct(",") {
                    advance(); if current?.token == .punct("]") { advance(); return .array(items) }; continue
                }
                try expect("]", "',' or ']'")
                return .array(items)
            }
        case .punct("{"):
            return try closure()
        case .identifier(let name):
            advance()
            // `Meat.tofu`: a case with its type.
            if current?.token == .punct("."), name.first?.isUppercase == true {
                advance()
                return .qualified(type: name, member: try identifier("a case name after '\(name).'"))
            }
            // `ReceiverPage(name: "green")`: an initializer call.
            if current?.token == .punct("(") {
                advance()
                return .construct(type: name, arguments: try argumentList(closing: ")"))
            }
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
                throw Error(
                    message: "only print(\"...\") can run inside a closure here, not '\(name)'", column: nameColumn)
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
}
