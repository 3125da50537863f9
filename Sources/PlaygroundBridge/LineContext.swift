/// What a compiled line sees of the running playground, and what it leaves behind.
///
/// The playground compiles each line the built-in interpreter does not run into a small library that imports
/// `Patterns` and this module. Before the call, the session puts the live objects and the learner's bindings here by
/// name; the line reads them with their static types, runs, and stores the `let`/`var` bindings it made (and the
/// `var`s it may have changed) back. `print` in a compiled line writes through ``output``, so its text reaches the
/// playground's panes, never the terminal directly.
public final class LineContext: @unchecked Sendable {
    /// A binding the line made or may have changed, with its static type as Swift names it.
    public struct Stored {
        public var name: String
        public var value: Any?
        /// `Swift.Int`, `Patterns.HamburgerBuilder`, `Swift.Optional<Patterns.Cell>`: from the static type.
        public var type: String
        /// A `weak var`: the playground keeps only a weak reference.
        public var isWeak: Bool
    }

    /// The values by name, as the session lends them to this line.
    public var values: [String: Any] = [:]
    /// Weakly held objects (`weak var`), by name.
    public var weakValues: [String: WeakBox] = [:]
    public private(set) var stored: [Stored] = []
    /// An error the line threw and did not handle: Swift's own description (`String(reflecting:)`).
    public private(set) var thrown: String?

    public init() {}

    public func value<T>(_ name: String, as type: T.Type) -> T {
        guard let value = values[name] as? T else {
            fatalError("the playground lent '\(name)' with another type than \(T.self)")
        }
        return value
    }

    public func weakValue<T: AnyObject>(_ name: String, as type: T.Type) -> T? {
        weakValues[name]?.object as? T
    }

    /// Keeps a binding with the type Swift gave it. The value comes as an autoclosure so that an existential
    /// (`let b: any BurgerBuilding = order`) is not opened to its dynamic type (`ReceiptBuilder`): a later line must
    /// see `b` as Swift does.
    public func store<T>(_ name: String, _ value: @autoclosure () -> T) {
        let value = value()
        stored.append(Stored(name: name, value: value, type: _typeName(T.self, qualified: true), isWeak: false))
    }

    public func storeWeak<T: AnyObject>(_ name: String, _ value: T?) {
        stored.append(Stored(name: name, value: value, type: _typeName(T.self, qualified: true), isWeak: true))
    }

    /// The value of a line that is one expression whose result Swift would leave unused
    /// (`builder.sauces.contains(.mustard)`), as `debugPrint` writes it: a REPL shows it.
    public private(set) var shown: String?

    public func show<T>(_ value: T) {
        shown = String(reflecting: value)
    }

    /// A statement whose unused value was inside it (`xs.forEach { $0 + 1 }`): nothing to show.
    public func show(_ value: Void) {}

    /// Runs the line's body, keeping an error it threw.
    public func run(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            thrown = String(reflecting: error)
        }
    }
}

/// A weak reference, for `weak var` bindings.
public final class WeakBox: @unchecked Sendable {
    public weak var object: AnyObject?
    public init(_ object: AnyObject?) { self.object = object }
}

/// Where `print` in compiled code writes: the session sets it; the forked dry run sets its own.
public enum LineOutput {
    nonisolated(unsafe) public static var write: (String) -> Void = { _ in }

    /// `print`'s rules: each item as `String(describing:)`, joined by the separator, then the terminator.
    public static func print(_ items: [Any], separator: String, terminator: String) {
        write(items.map { String(describing: $0) }.joined(separator: separator) + terminator)
    }

    public static func debugPrint(_ items: [Any], separator: String, terminator: String) {
        write(items.map { String(reflecting: $0) }.joined(separator: separator) + terminator)
    }
}
