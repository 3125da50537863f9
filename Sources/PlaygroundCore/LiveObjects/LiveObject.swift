/// The type of a method parameter, as the playground checks and completes it.
public enum ParamType: Equatable, Sendable {
    /// One case of a Swift enum, written `.name`.
    case enumCase(type: String, cases: [String])
    /// An OptionSet, written `.name` or `[.a, .b]`.
    case optionSet(type: String, cases: [String])
    case string
    case int
    case bool
    /// The literal closure `{ print("...") }`.
    case closure
    /// Another live object, named in the call: `with: receiptBuilder`.
    case object(type: String, names: [String])
    /// A new object made in the call, by one of the initializers of `type` or its subclasses:
    /// `pager.add(ReceiverPage(name: "green"))`.
    case instance(type: String, initializers: [Initializer])

    public var swiftType: String {
        switch self {
        case .enumCase(let type, _), .optionSet(let type, _), .object(let type, _), .instance(let type, _): return type
        case .string: return "String"
        case .int: return "Int"
        case .bool: return "Bool"
        case .closure: return "() -> Void"
        }
    }

    /// Values offered by completion.
    public var completions: [String] {
        switch self {
        case .enumCase(_, let cases), .optionSet(_, let cases), .object(_, let cases): return cases
        case .instance(_, let initializers): return initializers.map { $0.type + "(" }
        case .bool: return ["true", "false"]
        default: return []
        }
    }
}

/// An initializer a parameter accepts: `ReceiverPage(name:)`.
public struct Initializer: Equatable, Sendable {
    public var type: String
    public var params: [Param]
    public init(_ type: String, _ params: [Param]) {
        self.type = type
        self.params = params
    }
}

public struct Param: Equatable, Sendable {
    /// The argument label, or nil for `_`.
    public var label: String?
    public var type: ParamType
    public init(_ label: String?, _ type: ParamType) {
        self.label = label
        self.type = type
    }
}

/// What a method call gives back to the chain.
public enum CallResult {
    /// Nothing to chain on.
    case done
    /// The same object (`Self`), so the chain goes on.
    case this
    /// Another live object the chain goes on with, e.g. `board.cell(2, 3)`.
    case object(LiveObject)
    /// A plain value, e.g. the meat: how Swift writes it and what `print` prints.
    case value(ShownValue)
}

/// A value as Swift source (`.beef`, `[.mustard]`, `"Hi"`) and as `print` prints it (`beef`, `Sauces(rawValue: 1)`).
public struct ShownValue: Equatable, Sendable {
    public var source: String
    public var printed: String
    public init(source: String, printed: String) {
        self.source = source
        self.printed = printed
    }
}

/// What a method's declaration says it returns (for the code pane and completion).
public enum Returns: Sendable, Equatable {
    case void
    case this
    case object(String)
    case value(String)
}

/// An object the learner can call methods on, e.g. `builder` (a `HamburgerBuilder`).
public final class LiveObject {
    public let name: String
    public let typeName: String
    public let methods: [Method]
    /// The object's fields for the state pane, when it is one the learner made (`let b2 = HamburgerBuilder()`).
    public let fields: (() -> [StateField])?
    /// The real instance (or value) behind the name, for compiled lines: they see it with its real type. Nil when it
    /// is gone (a released controller); then a compiled line does not see the name.
    public var instance: () -> Any? = { nil }
    /// The static type a compiled line declares it with, qualified (`Swift.Optional<Patterns.Cell>`); nil: the
    /// instance's own type.
    public var swiftType: String?
    /// How Swift holds the name: `let`, `var` or `weak var`.
    public var kind: TopLevelNames.Kind = .let
    /// A computed name's getter, in Swift over the names the module lends (`board` is `controller!`): a compiled
    /// line declares it `var board: GameBoardController { controller! }`, in scope whether or not its object is
    /// alive, and reading it does what that Swift does. Needs ``swiftType``.
    public var getter: String?
    /// A `var` the module owns (`controller`): what a compiled line's new value does to it.
    public var assign: ((Any?) throws -> Void)?
    /// A learner's variable's storage (a `LineContext.Storage`), which later compiled lines read, write and change
    /// in place through: the one every line shares, so that it keeps the place of the line's own variable.
    public var storage: AnyObject?

    public init(name: String, typeName: String, methods: [Method], fields: (() -> [StateField])? = nil) {
        self.name = name
        self.typeName = typeName
        self.methods = methods
        self.fields = fields
    }

    /// The same object, with the real instance behind it (for compiled lines).
    @discardableResult
    public func holding(_ instance: @escaping () -> Any?) -> LiveObject {
        self.instance = instance
        return self
    }

    public func method(named name: String) -> Method? { methods.first { $0.name == name } }

    /// The overload of `name` that takes `count` arguments, else the first one of that name.
    public func method(named name: String, arguments count: Int) -> Method? {
        methods.first { $0.name == name && $0.params.count == count } ?? method(named: name)
    }
}

/// An error a live object threw, named the way Swift would print it.
public struct ThrownError: Error, Equatable, Sendable, CustomStringConvertible {
    /// e.g. `HamburgerBuilder.Error.soldOut(.kitten)`.
    public var swiftName: String
    /// A sentence for the learner, e.g. "kitten is sold out", in the session's language when shown.
    public var explanation: Phrase
    /// The error as the Swift runtime prints it (`String(reflecting:)`: `Patterns.HamburgerBuilder.Error.soldOut(
    /// Patterns.Meat.kitten)`), for the trap of a `try!`; nil when the module has no real error to show.
    public var reflected: String? { reflectedAtThrow ?? plainError.map { String(reflecting: $0) } }
    /// The text taken when the error was thrown: an error that holds a reference (an object whose text may change,
    /// and that keeping the error would keep alive).
    private var reflectedAtThrow: String?
    /// An error that holds no reference, kept as it is: its text cannot change, so it is made only when read (nearly
    /// never: a sold-out meat is thrown at every `meat kitten`, and only a `try!` shows this text).
    private var plainError: (any Error)?

    /// The object threw before it changed anything: its own code checks the argument first and throws from there
    /// (`HamburgerBuilder.setMeat` of a sold-out meat). The runner then has nothing to roll back, as after a refusal.
    /// Only for a throw the object's code guarantees, each held to it by a test (RollbackTests).
    public var changedNothing: Bool

    public init(
        _ swiftName: String, _ explanation: Phrase, reflecting error: (any Error)? = nil, changedNothing: Bool = false
    ) {
        self.swiftName = swiftName
        self.explanation = explanation
        self.changedNothing = changedNothing
        guard let error else { return }
        if Self.holdsNoReference(error) { plainError = error } else { reflectedAtThrow = String(reflecting: error) }
    }

    /// Copied bit for bit: no object inside, nothing run when it goes.
    static func holdsNoReference<E: Error>(_ error: E) -> Bool { _isPOD(E.self) }

    public static func == (lhs: ThrownError, rhs: ThrownError) -> Bool {
        lhs.swiftName == rhs.swiftName && lhs.explanation == rhs.explanation && lhs.reflected == rhs.reflected
            && lhs.changedNothing == rhs.changedNothing
    }

    /// English, for reports of internal errors and test failures.
    public var description: String { "\(swiftName) was thrown: \(explanation.text(.en))" }
}
