/// The small slice of Swift the playground understands: a chain of calls on a live object, with enum cases,
/// arrays, string/number/bool literals, argument labels and the literal closure `{ print("...") }`.
/// It is a parser over a registry of methods, not a Swift interpreter.
public struct SwiftStatement: Equatable, Sendable {
    /// `let burger = ...` binds a name (shown in the code pane; nothing is stored).
    public var binding: String?
    /// How a throwing call is marked, as typed; a short command's call is marked as its methods need.
    public var tryMark: TryMark
    /// `builder.meat = .tofu`: the value assigned to the chain's last property (which Swift may refuse).
    public var assignment: SwiftValue?
    /// `print(builder.meat)`: the chain's value is printed, as Swift's `print` writes it.
    public var isPrint = false
    /// `let b2 = HamburgerBuilder()`: the receiver is a type, made with these arguments (no calls follow).
    public var construct: [SwiftArgument]?
    /// The live object the chain starts from, e.g. `builder`.
    public var receiver: String
    public var calls: [SwiftCall]

    public init(
        binding: String? = nil, tryMark: TryMark = .asNeeded, receiver: String, calls: [SwiftCall],
        assignment: SwiftValue? = nil
    ) {
        self.binding = binding
        self.tryMark = tryMark
        self.assignment = assignment
        self.receiver = receiver
        self.calls = calls
    }

    /// A call built from values, as a short command spells it: `.call("builder", "setMeat", .member("chicken"))`.
    /// Short commands never go through Swift text.
    public static func call(_ receiver: String, _ method: String, _ arguments: SwiftArgument...) -> SwiftStatement {
        SwiftStatement(receiver: receiver, calls: [SwiftCall(method, arguments)])
    }

    /// The same chain, one call longer: `.call("group", "question", 0).then("setPrompt", "...")`.
    public func then(_ method: String, _ arguments: SwiftArgument...) -> SwiftStatement {
        var next = self
        next.calls.append(SwiftCall(method, arguments))
        return next
    }

    /// The same call bound to a name: `let burger = builder.build()`.
    public func bound(to name: String) -> SwiftStatement {
        var next = self
        next.binding = name
        return next
    }
}

/// `try`, `try?`, `try!` or nothing, as typed. Short commands are `asNeeded`: `try` wherever a method throws.
public enum TryMark: Equatable, Sendable {
    case asNeeded, none, plain, optional, forced

    /// How the code pane spells it, given whether the chain throws.
    func prefix(throwing: Bool) -> String {
        switch self {
        case .asNeeded: return throwing ? "try " : ""
        case .none: return ""
        case .plain: return "try "
        case .optional: return "try? "
        case .forced: return "try! "
        }
    }
}

/// One `.name(args)` link of a chain. `hasParens` is false for a property access or a trailing-closure-only call.
public struct SwiftCall: Equatable, Sendable {
    public var name: String
    public var arguments: [SwiftArgument]
    public var hasParens: Bool
    /// 1-based column of the name in the line, for error messages.
    public var column: Int

    public init(name: String, arguments: [SwiftArgument], hasParens: Bool, column: Int) {
        self.name = name
        self.arguments = arguments
        self.hasParens = hasParens
        self.column = column
    }

    init(_ name: String, _ arguments: [SwiftArgument]) {
        self.init(name: name, arguments: arguments, hasParens: true, column: 0)
    }
}

public struct SwiftArgument: Equatable, Sendable {
    public var label: String?
    public var value: SwiftValue
    /// A closure written after the call's parentheses (`{ … }`), which Swift matches to a closure parameter without
    /// its label; inside them a closure needs the label as any argument does.
    public var isTrailing = false

    public init(label: String?, value: SwiftValue, isTrailing: Bool = false) {
        self.label = label
        self.value = value
        self.isTrailing = isTrailing
    }

    /// An unlabelled argument.
    public static func value(_ value: SwiftValue) -> SwiftArgument { SwiftArgument(label: nil, value: value) }
    /// A closure after the parentheses, as a short command's Swift writes it: `addConfirmAction("OK") { … }`.
    public static func trailing(_ value: SwiftValue) -> SwiftArgument {
        SwiftArgument(label: nil, value: value, isTrailing: true)
    }
    public static func labelled(_ label: String, _ value: SwiftValue) -> SwiftArgument {
        SwiftArgument(label: label, value: value)
    }
}

public indirect enum SwiftValue: Equatable, Sendable {
    case member(String)  // .chicken
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case nilLiteral
    case array([SwiftValue])
    case closure([String])  // the texts printed by a { print("...") } closure, in order
    case reference(String)  // another live object, by name: employee.createCombo1(with: receiptBuilder)
    case construct(type: String, arguments: [SwiftArgument])  // a new object: ReceiverPage(name: "green")
    case qualified(type: String, member: String)  // a case written with its type: Meat.tofu

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
        case .qualified(let type, let member): return type + "." + member
        case .construct(let type, let arguments):
            return type + "("
                + arguments.map { ($0.label.map { "\($0): " } ?? "") + $0.value.swiftSource }.joined(separator: ", ")
                + ")"
        case .array(let items): return "[" + items.map(\.swiftSource).joined(separator: ", ") + "]"
        case .closure(let prints):
            if prints.isEmpty { return "{ }" }
            return "{ " + prints.map { "print(\(SwiftValue.quoted($0)))" }.joined(separator: "; ") + " }"
        }
    }

    /// The type Swift gives the value on its own, when it has one: `"x"` is a String, `1` an Int.
    public var literalType: String? {
        switch self {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .construct(let type, _), .qualified(let type, _): return type
        default: return nil
        }
    }

    public static func quoted(_ text: String) -> String {
        // Most text has nothing to escape.
        if !text.utf8.contains(where: {
            $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x0A || $0 == 0x09
        }) {
            return "\"" + text + "\""
        }
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
