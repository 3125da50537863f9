#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What showing a value asks of its type, worked out once per type: the runtime's answer to "does this type conform"
/// is slow when it is no (it searches the conformance records), and a type's name is read off its metadata each time.
struct TypeFacts: Sendable {
    /// `String(reflecting:)` of the type: `Patterns.Alert`, `Swift.Array<Swift.Int>`.
    var name: String
    /// A text of its own (`CustomStringConvertible`, `CustomDebugStringConvertible`).
    var hasOwnText: Bool
    /// An option set whose options the playground may know by name (``OptionSetArgument``).
    var mayBeOptionSet: Bool
    /// An `Optional`: its value is read without a mirror.
    var isOptional: Bool
    /// A class, whatever its mirror.
    var isClass: Bool
    /// A class whose mirror is the runtime's (no `customMirror`): its instances are objects without a look at them.
    var isPlainClass: Bool
    /// Neither a class nor an optional, and with the runtime's mirror: its values are never objects.
    var isPlainValue: Bool
    /// A function type (`@Sendable () -> ()`): every value of it has the same text. Asking a function type whether it
    /// conforms to a protocol (as a mirror and `String(reflecting:)` do) searches every conformance record each time.
    var isFunction: Bool
    /// A plain struct read field by field without a mirror (``StructFields``); nil for any other type.
    var structFields: StructFields?
    /// A plain class read field by field without a mirror (``ObjectFields``); nil for any other type.
    var objectFields: ObjectFields?

    private static let known = ForkSafeLock<[ObjectIdentifier: TypeFacts]>([:])

    static func of(_ type: Any.Type) -> TypeFacts {
        let id = ObjectIdentifier(type)
        if let facts = known.withLock({ $0[id] }) { return facts }
        let isOptional = type is any OptionalValue.Type
        let isClass = type is AnyClass
        let hasOwnMirror = type is any CustomReflectable.Type
        let name = String(reflecting: type)
        var facts = TypeFacts(
            name: name,
            hasOwnText: type is any CustomDebugStringConvertible.Type || type is any CustomStringConvertible.Type,
            mayBeOptionSet: type is any OptionSetArgument.Type, isOptional: isOptional, isClass: isClass,
            isPlainClass: isClass && !hasOwnMirror, isPlainValue: !isClass && !isOptional && !hasOwnMirror,
            isFunction: !isClass && !isOptional && Self.namesAFunction(name))
        // Shown by the `.struct` way of ``Reflection/shown(_:bare:limit:)``: no text of its own, no option set.
        if facts.isPlainValue && !facts.hasOwnText && !facts.mayBeOptionSet && !facts.isFunction {
            facts.structFields = StructFields.of(type)
        }
        if facts.isPlainClass { facts.objectFields = ObjectFields.of(type) }
        known.withLock { $0[id] = facts }
        return facts
    }

    /// Whether a type's name is a function type's: an arrow outside any brackets (`(Swift.Int) -> Swift.String`, not
    /// the tuple `(Swift.Int, () -> ())` nor `Swift.Array<() -> ()>`).
    static func namesAFunction(_ name: String) -> Bool {
        var depth = 0
        var previous: UInt8 = 0
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">"):
                if previous == UInt8(ascii: "-") {
                    if depth == 0 { return true }
                } else {
                    depth -= 1
                }
            default: break
            }
            previous = byte
        }
        return false
    }

    /// The text of a function type's values, read once per type.
    private static let functionTexts = ForkSafeLock<[ObjectIdentifier: String]>([:])

    static func functionText(_ value: Any) -> String {
        let id = ObjectIdentifier(Swift.type(of: value))
        if let text = functionTexts.withLock({ $0[id] }) { return text }
        let text = String(reflecting: value)
        functionTexts.withLock { $0[id] = text }
        return text
    }
}

/// An `Optional` of any type, opened without a mirror.
protocol OptionalValue {
    /// What a mirror gives as its one child: the wrapped value, or nil.
    var wrappedValue: Any? { get }
    /// The type of what it may hold.
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    var wrappedValue: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}
