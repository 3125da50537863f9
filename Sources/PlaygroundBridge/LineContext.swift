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
        /// A `var`'s storage, shared by every later line and every closure that captured it: nil for a `let`.
        public var storage: Storage?
    }

    /// A top-level variable's storage, as the line that declared it left it: reading and writing it reads and writes
    /// that line's variable, so a closure that captured it sees what later lines do to it, and its observers
    /// (`didSet`) fire.
    public final class Storage: @unchecked Sendable {
        public let get: () -> Any
        public let set: (Any) -> Void
        /// Where the declaring line's variable lives (a plain stored variable: no observers, no wrapper), for a
        /// later line to change it in place: `a[i] = 2` on a large array then writes one element, as in a main
        /// file, where through `get` and `set` it copied the whole array first.
        private let address: UnsafeMutableRawPointer?
        private let addressType: Any.Type?

        public init(get: @escaping () -> Any, set: @escaping (Any) -> Void) {
            self.get = get
            self.set = set
            address = nil
            addressType = nil
        }

        init<T>(get: @escaping () -> T, set: @escaping (T) -> Void, at address: UnsafeMutablePointer<T>?) {
            self.get = get
            self.set = { set($0 as! T) }
            self.address = address.map(UnsafeMutableRawPointer.init)
            addressType = address == nil ? nil : T.self
        }

        /// The variable's place, if the line that declared it gave one and `type` is its type.
        public func address<T>(as type: T.Type) -> UnsafeMutablePointer<T>? {
            guard let address, addressType == T.self else { return nil }
            return address.assumingMemoryBound(to: T.self)
        }
    }

    /// The values by name, as the session lends them to this line.
    public var values: [String: Any] = [:]
    /// Weakly held objects (`weak var`), by name.
    public var weakValues: [String: WeakBox] = [:]
    /// The variables (`var`) the line sees, by name: their storage, not a copy.
    public var variables: [String: Storage] = [:]
    public private(set) var stored: [Stored] = []
    /// An error the line threw and did not handle: Swift's own description (`String(reflecting:)`).
    public private(set) var thrown: String?

    public init() {}

    /// Where a learner's function declared at the prompt finds the session's names (`builder`, a variable) when it
    /// runs: looked up then, through `lookup` and `lookupVariable`, so that it holds no object alive.
    nonisolated(unsafe) public static var session = LineContext()

    /// A name's value as the session has it now (nil: not in scope).
    public var lookup: ((String) -> Any?)?
    /// A variable's storage as the session has it now.
    public var lookupVariable: ((String) -> Storage?)?

    public func value<T>(_ name: String, as type: T.Type) -> T {
        guard let value = (values[name] ?? lookup?(name).flatMap { $0 }) as? T else {
            fatalError("the playground lent '\(name)' with another type than \(T.self)")
        }
        return value
    }

    /// A variable's storage, for the line's accessors of that name.
    public func variable(_ name: String) -> Storage {
        guard let storage = variables[name] ?? lookupVariable?(name) else {
            fatalError("the playground lent no variable '\(name)'")
        }
        return storage
    }

    /// A `weak var`'s value. Not `T: AnyObject`: a class-bound protocol's existential (`weak var s = player.state`,
    /// `any PlayerState`) is no `AnyObject` to a generic, and the line's `weak var` already asks for a class.
    public func weakValue<T>(_ name: String, as type: T.Type) -> T? {
        if let box = weakValues[name] { return box.object as? T }
        return lookup?(name).flatMap { $0 } as? T
    }

    /// Keeps a binding with the type Swift gave it. The value comes as an autoclosure so that an existential
    /// (`let b: any BurgerBuilding = order`) is not opened to its dynamic type (`ReceiptBuilder`): a later line must
    /// see `b` as Swift does.
    public func store<T>(_ name: String, _ value: @autoclosure () -> T) {
        let value = value()
        stored.append(
            Stored(name: name, value: value, type: _typeName(T.self, qualified: true), isWeak: false, storage: nil))
    }

    /// Keeps a variable the line declared as its storage: the line's own variable lives on, read and written
    /// through these two closures, and changed in place at `address` when the line gives it (a plain stored
    /// variable: its box, which the two closures keep alive, never moves).
    public func storeVariable<T>(
        _ name: String, get: @escaping () -> T, set: @escaping (T) -> Void, at address: UnsafeMutablePointer<T>? = nil
    ) {
        let storage = Storage(get: get, set: set, at: address)
        stored.append(
            Stored(name: name, value: get(), type: _typeName(T.self, qualified: true), isWeak: false, storage: storage))
    }

    /// Keeps a `weak var` (of a class, or of a class-bound protocol's existential: see ``weakValue(_:as:)``).
    public func storeWeak<T>(_ name: String, _ value: T?) {
        stored.append(
            Stored(name: name, value: value, type: _typeName(T.self, qualified: true), isWeak: true, storage: nil))
    }

    /// The value of a line whose last statement is an expression (`builder.sauces.contains(.mustard)`), as a REPL
    /// shows it: kept for the session to write.
    public private(set) var shown: Any?
    public private(set) var hasShown = false

    public func show<T>(_ body: () throws -> T) rethrows {
        let value = try body()
        shown = value
        hasShown = true
    }

    /// The same, for a line that awaits.
    public func showAwaiting<T>(_ body: () async throws -> T) async rethrows {
        let value = try await body()
        shown = value
        hasShown = true
    }

    /// Runs the line's body, keeping an error it threw.
    public func run(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            keepThrown(error)
        }
    }

    func keepThrown(_ error: any Error) {
        thrown = String(reflecting: error)
    }
}

/// What the function around a line returns: no value the learner's code can make, so that a `return` in the line's
/// own code (not in a closure or function it declares) is refused as top-level code refuses it.
public struct TopLevelCode {
    public init() {}
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
