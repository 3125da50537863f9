import PlaygroundProcesses

/// The parameter types of enums and option sets, made once per type: their Swift names come from the runtime, which
/// is slow to ask, and a module (with every method's parameters) is made afresh on each undo and reset.
enum ParameterTypes {
    static let made = ForkSafeLock<[ObjectIdentifier: ParamType]>([:])

    static func of(_ type: Any.Type, _ make: () -> ParamType) -> ParamType {
        let key = ObjectIdentifier(type)
        if let known = made.withLock({ $0[key] }) { return known }
        let new = make()
        made.withLock { $0[key] = new }
        return new
    }
}

/// An argument of a call after the interpreter checked it against its parameter's type.
public enum ArgValue: Equatable, Sendable {
    case text(String)
    case int(Int)
    case bool(Bool)
    case cases([String])
    case closure([String])
    /// Another live object, by name.
    case object(String)
    /// A new object: the initializer's type and its checked arguments.
    indirect case constructed(type: String, [ArgValue])
}

/// A Swift type a live object's method can take: how the playground checks, completes and converts it. Modules
/// declare methods with typed closures (`{ (meat: Meat) in ... }`) and never unpack values by hand.
public protocol ArgumentType {
    static var parameterType: ParamType { get }
    /// The value from a checked argument; throws only when the interpreter broke its promise.
    init(checked value: ArgValue) throws(InternalError)
}

extension String: ArgumentType {
    public static var parameterType: ParamType { .string }
    public init(checked value: ArgValue) throws(InternalError) {
        guard case .text(let text) = value else { throw .mismatch(value, "String") }
        self = text
    }
}

extension Int: ArgumentType {
    public static var parameterType: ParamType { .int }
    public init(checked value: ArgValue) throws(InternalError) {
        guard case .int(let n) = value else { throw .mismatch(value, "Int") }
        self = n
    }
}

extension Bool: ArgumentType {
    public static var parameterType: ParamType { .bool }
    public init(checked value: ArgValue) throws(InternalError) {
        guard case .bool(let b) = value else { throw .mismatch(value, "Bool") }
        self = b
    }
}

/// A Swift enum whose cases the learner writes as `.name`.
public protocol CaseArgument: ArgumentType, CaseIterable, RawRepresentable where RawValue == String {}

extension CaseArgument {
    public static var parameterType: ParamType {
        ParameterTypes.of(Self.self) {
            .enumCase(type: String(describing: Self.self), cases: allCases.map { $0.rawValue })
        }
    }
    /// Inlinable, specialised in each conformance's module (see ``OptionSetArgument``).
    @inlinable
    public init(checked value: ArgValue) throws(InternalError) {
        guard case .cases(let names) = value, names.count == 1, let found = Self(rawValue: names[0]) else {
            throw .mismatch(value, String(describing: Self.self))
        }
        self = found
    }
}

/// An OptionSet written `.name` or `[.a, .b]`, with the Swift name of each option.
public protocol OptionSetArgument: ArgumentType, OptionSet where Element == Self {
    static var named: [(name: String, value: Self)] { get }
}

extension OptionSetArgument {
    public static var parameterType: ParamType {
        ParameterTypes.of(Self.self) { .optionSet(type: String(describing: Self.self), cases: named.map { $0.name }) }
    }
    /// Inlinable, so that each option set's conformance gets a copy specialised to it: unspecialised, every call
    /// looked up generic metadata at run time, which cost a quarter of replaying a journal.
    @inlinable
    public init(checked value: ArgValue) throws(InternalError) {
        guard case .cases(let names) = value else { throw .mismatch(value, String(describing: Self.self)) }
        var set = Self()
        for name in names {
            var found = false
            for option in Self.named where option.name == name {
                set.insert(option.value)
                found = true
                break
            }
            guard found else { throw .mismatch(value, String(describing: Self.self)) }
        }
        self = set
    }
}

/// One of the lesson's live objects, passed by its name (`hub.addObserver(label, for: .gameOver)`): the conforming
/// type says which names the parameter takes and the Swift type it is declared with. An object the learner made is
/// not one of them: the compiler passes it.
public protocol ObjectArgument: ArgumentType {
    /// The parameter's Swift type, as completion and help show it (`HubObserver`).
    static var swiftType: String { get }
    /// The names of the live objects it takes.
    static var names: [String] { get }
    var name: String { get }
    init(name: String)
}

extension ObjectArgument {
    public static var parameterType: ParamType { .object(type: swiftType, names: names) }
    public init(checked value: ArgValue) throws(InternalError) {
        guard case .object(let name) = value else { throw .mismatch(value, Self.swiftType) }
        self.init(name: name)
    }
}

/// The literal closure `{ print("...") }`: what it prints, in order.
public struct PrintingClosure: ArgumentType, Equatable, Sendable {
    public var prints: [String]
    public static var parameterType: ParamType { .closure }
    public init(checked value: ArgValue) throws(InternalError) {
        guard case .closure(let prints) = value else { throw .mismatch(value, "() -> Void") }
        self.prints = prints
    }
}

extension InternalError {
    @usableFromInline
    static func mismatch(_ value: ArgValue, _ type: String) -> InternalError {
        InternalError("a checked argument \(value) is not a \(type)")
    }
}
