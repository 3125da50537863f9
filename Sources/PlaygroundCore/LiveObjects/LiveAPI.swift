import PlaygroundProcesses

/// The methods of one live object, listed by unapplied reference: `api.call("add", (nil, "price"), Cart.add)`.
/// Each runs the real method on the real instance, then what follows each call of this object (``after(_:)``) and
/// the module's ``DeclaredModule/Declaration/afterChange(_:)``. A fluent method (one that returns its object, as
/// `setTitle(_:) -> Self` does) chains on: `api.call("setTitle", QuestionGroupBuilder.setTitle)`.
///
/// A module that is not declared lists an object's (or a value's) methods the same way, with ``methods(of:_:)``.
public final class LiveAPI<T> {
    let instance: T
    let hooks: Hooks
    var methods: [Method] = []

    /// What runs around each listed call: held by the methods, so it may be filled after they are listed.
    final class Hooks {
        /// The module whose changes follow each call. (Weak: the module holds its methods, which hold this.)
        weak var module: DeclaredModule?
        var after: [() -> Void] = []
        var thrown: ((any Error) -> ThrownError?)?

        init(module: DeclaredModule?) { self.module = module }

        /// Runs a call of the real method and what follows every call.
        func ran(_ body: () throws -> Void) throws {
            do {
                try body()
            } catch let error as ThrownError {
                throw error
            } catch {
                throw thrown?(error) ?? LiveAPI.thrown(error)
            }
            for body in after { body() }
            module?.changed()
        }
    }

    init(_ instance: T, module: DeclaredModule?) {
        self.instance = instance
        hooks = Hooks(module: module)
    }

    /// The methods `list` names on `instance`, for a module written by hand.
    public static func methods(of instance: T, _ list: (LiveAPI<T>) -> Void) -> [Method] {
        let api = LiveAPI(instance, module: nil)
        list(api)
        return api.methods
    }

    /// An error a lesson type threw, as Swift names it (`Cart.Error.empty`), explained by its own text.
    static func thrown(_ error: any Error) -> ThrownError {
        let name = String(reflecting: error).replacingOccurrences(of: "Patterns.", with: "")
        return ThrownError(name, .verbatim(String(describing: error)), reflecting: error)
    }

    /// Runs after each call of one of this object's listed methods (not after a compiled line), before the module's
    /// ``DeclaredModule/Declaration/afterChange(_:)``: what the object's calls show in a pane.
    public func after(_ body: @escaping () -> Void) { hooks.after.append(body) }

    /// How an error the object's methods throw is shown (its name as Swift prints it and the lesson's words for
    /// it); nil leaves it to the default, its reflected name and its own text.
    public func thrown(_ map: @escaping (any Error) -> ThrownError?) { hooks.thrown = map }

    /// A method written by hand (one that takes another live object, or shows its result in a pane).
    public func method(_ method: Method) { methods.append(method) }

    public func call(_ name: String, _ method: @escaping (T) -> () -> Void) {
        let (bound, hooks) = (method(instance), hooks)
        methods.append(
            Method(name) {
                try hooks.ran { bound() }
                return .done
            })
    }

    public func call(_ name: String, _ method: @escaping (T) -> () throws -> Void) {
        let (bound, hooks) = (method(instance), hooks)
        methods.append(
            Method(name, throws: true) {
                try hooks.ran { try bound() }
                return .done
            })
    }

    public func call<A: ArgumentType>(_ name: String, _ method: @escaping (T) -> (A) -> Void) {
        call(name, nil, method)
    }

    public func call<A: ArgumentType>(_ name: String, _ method: @escaping (T) -> (A) throws -> Void) {
        call(name, nil, method)
    }

    /// A fluent method: it returns its own object, and the chain goes on from it.
    public func call<A: ArgumentType>(_ name: String, _ method: @escaping (T) -> (A) -> T) {
        let (bound, hooks) = (method(instance), hooks)
        methods.append(
            Method(name, returns: .this) { (a: A) in
                try hooks.ran { _ = bound(a) }
                return .this
            })
    }

    /// A method whose one parameter has a label: `api.call("setPricing", "to", Cart.setPricing)`.
    public func call<A: ArgumentType>(_ name: String, _ label: String?, _ method: @escaping (T) -> (A) -> Void) {
        let (bound, hooks) = (method(instance), hooks)
        methods.append(
            Method(name, label) { (a: A) in
                try hooks.ran { bound(a) }
                return .done
            })
    }

    public func call<A: ArgumentType>(
        _ name: String, _ label: String?, _ method: @escaping (T) -> (A) throws -> Void
    ) {
        let (bound, hooks) = (method(instance), hooks)
        methods.append(
            Method(name, label, throws: true) { (a: A) in
                try hooks.ran { try bound(a) }
                return .done
            })
    }

    public func call<A: ArgumentType, B: ArgumentType>(
        _ name: String, _ labels: (String?, String?), _ method: @escaping (T) -> (A, B) -> Void
    ) {
        let (bound, hooks) = (method(instance), hooks)
        methods.append(
            Method(name, labels) { (a: A, b: B) in
                try hooks.ran { bound(a, b) }
                return .done
            })
    }

    public func call<A: ArgumentType, B: ArgumentType>(
        _ name: String, _ labels: (String?, String?), _ method: @escaping (T) -> (A, B) throws -> Void
    ) {
        let (bound, hooks) = (method(instance), hooks)
        methods.append(
            Method(name, labels, throws: true) { (a: A, b: B) in
                try hooks.ran { try bound(a, b) }
                return .done
            })
    }

    /// A method with one parameter that answers a value and changes nothing (`sale.total(for: 40)`): the REPL shows
    /// the value, `print` prints it, and no change follows.
    public func answer<A: ArgumentType, R>(_ name: String, _ label: String?, _ method: @escaping (T) -> (A) -> R) {
        let instance = instance
        let type = TypeNames.of(R.self)
        let answer = Method(name, label, returns: .value(type)) { (a: A) in
            let value = method(instance)(a)
            return .value(ShownValue(source: Reflection.display(value), printed: String(describing: value)))
        }
        answer.answersOnlyAValue = true
        methods.append(answer)
    }

    /// A property the interpreter reads (`cart.total`, `print(cart.total)`); setting it is the compiler's.
    public func property<V>(_ name: String, _ keyPath: KeyPath<T, V>) {
        let instance = instance
        let type = TypeNames.of(V.self)
        methods.append(
            Method(property: name, type: type) {
                let value = instance[keyPath: keyPath]
                return ShownValue(source: Reflection.display(value), printed: String(describing: value))
            })
    }
}

/// A type's name as the playground shows it (`Int`, `[String]`), made once per type: the runtime is slow to write it
/// (it looks up conformances), and a module lists its properties afresh on every undo and reset.
enum TypeNames {
    static let made = ForkSafeLock<[ObjectIdentifier: String]>([:])

    static func of(_ type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = made.withLock({ $0[key] }) { return known }
        let name = Reflection.unqualified(String(describing: type))
        made.withLock { $0[key] = name }
        return name
    }
}
