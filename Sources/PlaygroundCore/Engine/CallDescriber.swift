import CallRecording

/// How the call record takes the arguments of a call, and shows them. The rule, one kind of argument at a time:
///
/// * **An object** (a class instance) by its name, at the call: the name it has then (`receiptBuilder`, `a Page`).
///   Names are looked up once a line (``Session/traceName(of:)``), so a loop of calls costs one look-up.
/// * **A closure** as `{ … }`, from its type alone (nothing is kept).
/// * **A value that holds no reference**, kept as it is and described only when the record is read (`trace`, a goal
///   on calls, a lesson's log of them): a string, a trivial value (a number, an enum case without an object in its
///   payload, an option set, a struct of such), and an array, set, dictionary or optional of such; and only when its
///   text is not code of the learner's (no `description` of a learner's type, which could read anything). Such a
///   value cannot change once passed, so its text later is its text at the call; and keeping it keeps no object
///   alive, so every `deinit` runs when it would have without the record.
/// * **Anything else** (a struct holding an object or a closure, a learner's type with a text of its own, an optional
///   object) described at the call, as before: its text may read objects that change later, and keeping it could
///   keep a learner's object alive past the moment swiftc's program would free it.
///
/// What each type is, is worked out once per type (a few type-name reads), then looked up.
public final class CallDescriber {
    enum Kind {
        /// A class instance, named.
        case object
        /// A function type: `{ … }`.
        case closure
        /// Holds no reference and has a fixed text: kept, described when read.
        case kept
        /// Described at the call.
        case described
        /// Looked at at the call, value by value: an object (named) or not (described). An optional, or a type with
        /// a mirror of its own.
        case other
    }

    private var kinds: [ObjectIdentifier: Kind] = [:]

    public init() {}

    /// A recorder that takes and shows arguments by this rule; `name` names an object as the learner knows it.
    public func recorder(name: @escaping (AnyObject) -> String) -> CallRecorder {
        CallRecorder(name: name, take: { self.take($0, name: name) }, describe: { self.describe($0) })
    }

    /// What the record keeps of an argument at the call: its text (an object's name, a closure, a value described
    /// now), or nil for a value kept as it is (``describe(_:)`` shows it when the record is read).
    func take(_ value: Any, name: (AnyObject) -> String) -> String? {
        // The commonest arguments first, without a look-up.
        if value is String || value is Int || value is Bool { return nil }
        switch kind(of: Swift.type(of: value)) {
        case .kept: return nil
        case .closure: return "{ … }"
        case .object: return name(value as AnyObject)
        case .described: return describe(value)
        case .other:
            if let object = Reflection.object(in: value) { return name(object) }
            return describe(value)
        }
    }

    /// A value in a traced call as the playground shows values: a string quoted, a number as Swift writes it, the
    /// lesson's own types by their names as its lines write them (`HubNotification`, not `Patterns.…`).
    func describe(_ value: Any) -> String {
        switch value {
        case let text as String: return SwiftValue.quoted(text)
        case let number as Int: return String(number)
        case let flag as Bool: return String(flag)
        default: break
        }
        if kind(of: Swift.type(of: value)) == .closure { return "{ … }" }
        return Reflection.display(value).replacingOccurrences(of: "Patterns.", with: "")
    }

    func kind(of type: Any.Type) -> Kind {
        let id = ObjectIdentifier(type)
        if let known = kinds[id] { return known }
        let kind = Self.classify(type)
        kinds[id] = kind
        return kind
    }

    private static func classify(_ type: Any.Type) -> Kind {
        // An instance of a class that shows itself through a mirror of its own may not look like one (the old rule,
        // `Reflection.object(in:)`, decides it at the call).
        if type is AnyClass { return type is any CustomReflectable.Type ? .other : .object }
        if String(describing: type).contains("->") { return .closure }
        if isKept(type) { return .kept }
        // What an optional holds, and what a custom mirror says, are known only from the value.
        return type is any ValueContainer.Type || type is any CustomReflectable.Type ? .other : .described
    }

    /// Holds no reference, and its text is the standard library's, the lessons' or read off its stored values.
    private static func isKept(_ type: Any.Type) -> Bool {
        if type == String.self || type == Substring.self || type == Character.self { return true }
        if let container = type as? any ValueContainer.Type {
            return container.elementTypes.allSatisfy(isKept)
        }
        guard isTrivial(type) else { return false }
        if type is any CustomStringConvertible.Type || type is any CustomDebugStringConvertible.Type
            || type is any CustomReflectable.Type
        {
            let name = String(reflecting: type)
            return name.hasPrefix("Swift.") || name.hasPrefix("Patterns.")
        }
        return true
    }

    /// Copied bit for bit, no reference inside, nothing run when it goes.
    private static func isTrivial(_ type: Any.Type) -> Bool {
        func trivial<T>(_: T.Type) -> Bool { _isPOD(T.self) }
        return trivial(type)
    }
}

/// The standard library's containers, whose elements decide what they hold.
protocol ValueContainer {
    static var elementTypes: [Any.Type] { get }
}

extension Array: ValueContainer {
    static var elementTypes: [Any.Type] { [Element.self] }
}

extension ContiguousArray: ValueContainer {
    static var elementTypes: [Any.Type] { [Element.self] }
}

extension Set: ValueContainer {
    static var elementTypes: [Any.Type] { [Element.self] }
}

extension Dictionary: ValueContainer {
    static var elementTypes: [Any.Type] { [Key.self, Value.self] }
}

extension Optional: ValueContainer {
    static var elementTypes: [Any.Type] { [Wrapped.self] }
}

extension CallRecorder {
    /// Runs `body` with this recorder current, outside any session: what the `Patterns` types do is recorded into it
    /// (the benchmarks drive the types this way). Their clients cannot import `CallRecording`; this is their way in.
    public func recording<T>(_ body: () throws -> T) rethrows -> T {
        try CallRecord.$current.withValue(self) { try body() }
    }
}
