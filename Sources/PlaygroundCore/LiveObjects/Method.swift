/// One method (or property) of a live object, callable from the Swift-call form. Declared with a typed closure:
/// `Method("setMeat", throws: true) { (meat: Meat) in try builder.setMeat(meat); return .done }`. The parameter
/// types come from the closure, so what the playground checks is what the closure takes. A class, because a call
/// looks its method up on every run and replay: passing it on is then one reference, not six fields.
///
/// A method refuses (throws a ``PlaygroundError``) before it changes anything, so that a refused statement can go to
/// the compiler as typed; a method that returns ``Returns/object(_:)`` only finds that object and changes nothing (the
/// interpreter's check finds it too, to check what follows).
public final class Method {
    public let name: String
    public let params: [Param]
    public let throwsError: Bool
    public let returns: Returns
    public let isProperty: Bool
    /// It always gives a value, never an object (``LiveAPI/answer(_:_:_:)``): a `let` cannot keep what it gives.
    var answersOnlyAValue = false
    public let perform: ([ArgValue]) throws -> CallResult

    init(
        name: String, params: [Param], throwsError: Bool, returns: Returns, isProperty: Bool,
        perform: @escaping ([ArgValue]) throws -> CallResult
    ) {
        self.name = name
        self.params = params
        self.throwsError = throwsError
        self.returns = returns
        self.isProperty = isProperty
        self.perform = perform
    }

    /// A method without parameters.
    public convenience init(
        _ name: String, throws throwsError: Bool = false, returns: Returns = .void,
        perform: @escaping () throws -> CallResult
    ) {
        self.init(name: name, params: [], throwsError: throwsError, returns: returns, isProperty: false) { _ in
            try perform()
        }
    }

    /// A read-only property.
    public convenience init(property name: String, type: String, read: @escaping () throws -> Void) {
        self.init(name: name, params: [], throwsError: false, returns: .value(type), isProperty: true) { _ in
            try read(); return .done
        }
    }

    /// A read-only property with a plain value (the REPL shows it; `print` prints it).
    public convenience init(property name: String, type: String, value: @escaping () -> ShownValue) {
        self.init(name: name, params: [], throwsError: false, returns: .value(type), isProperty: true) { _ in
            .value(value())
        }
    }

    /// A read-only property that is another object, so a chain goes on from it: `quizScreen.builder.setTitle(...)`.
    public convenience init(property name: String, object type: String, get: @escaping () -> LiveObject) {
        self.init(name: name, params: [], throwsError: false, returns: .object(type), isProperty: true) { _ in
            .object(get())
        }
    }

    /// A method with one parameter, labelled or not.
    public convenience init<A: ArgumentType>(
        _ name: String, _ label: String? = nil, throws throwsError: Bool = false, returns: Returns = .void,
        perform: @escaping (A) throws -> CallResult
    ) {
        self.init(
            name: name, params: [Param(label, A.parameterType)], throwsError: throwsError, returns: returns,
            isProperty: false
        ) { values in
            try perform(try A(checked: Self.value(0, of: values)))
        }
    }

    /// A method with two parameters.
    public convenience init<A: ArgumentType, B: ArgumentType>(
        _ name: String, _ labels: (String?, String?), throws throwsError: Bool = false,
        returns: Returns = .void, perform: @escaping (A, B) throws -> CallResult
    ) {
        self.init(
            name: name, params: [Param(labels.0, A.parameterType), Param(labels.1, B.parameterType)],
            throwsError: throwsError,
            returns: returns, isProperty: false
        ) { values in
            try perform(try A(checked: Self.value(0, of: values)), try B(checked: Self.value(1, of: values)))
        }
    }

    static func value(_ index: Int, of values: [ArgValue]) throws(InternalError) -> ArgValue {
        guard index < values.count else { throw InternalError("argument \(index + 1) was not passed") }
        return values[index]
    }

    /// `setMeat(_:)`, `addConfirmAction(_:action:)`: the way Swift names a method.
    public var selector: String {
        if isProperty { return name }
        return name + "(" + params.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    /// A call template for help and completion: `setMeat(Meat)`.
    public var signature: String {
        if isProperty { return name }
        let parts = params.map { p -> String in
            let type = p.type.swiftType
            return p.label.map { "\($0): \(type)" } ?? type
        }
        return name + "(" + parts.joined(separator: ", ") + ")"
    }
}
