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

    private static let known = ForkSafeLock<[ObjectIdentifier: TypeFacts]>([:])

    static func of(_ type: Any.Type) -> TypeFacts {
        let id = ObjectIdentifier(type)
        if let facts = known.withLock({ $0[id] }) { return facts }
        let facts = TypeFacts(
            name: String(reflecting: type),
            hasOwnText: type is any CustomDebugStringConvertible.Type || type is any CustomStringConvertible.Type,
            mayBeOptionSet: type is any OptionSetArgument.Type, isOptional: type is any OptionalValue.Type)
        known.withLock { $0[id] = facts }
        return facts
    }
}

/// An `Optional` of any type, opened without a mirror.
protocol OptionalValue {
    /// What a mirror gives as its one child: the wrapped value, or nil.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}
