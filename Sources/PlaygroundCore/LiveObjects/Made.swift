/// An argument the interpreter makes in the call, by one of the initializers a module lists
/// (`editor.run(TypeText("Hi", in: document))`, `player.transition(to: PausedState())`), or one a learner's `let`
/// holds (made by the compiler). `P` is the parameter's type, most often a protocol (`EditCommand`): the
/// initializers are those of the lesson's types that conform. Made by ``DeclaredModule/Declaration/makes(_:_:)``;
/// a method takes it with ``LiveAPI/call(_:_:made:)``.
public struct Made<P> {
    /// The parameter's Swift type, as completion and help show it (`EditCommand`).
    public let type: String
    let makers: [Maker<P>]
    /// The learner's names as they are now, where a bound argument is looked up.
    let learner: () -> [(name: String, value: Any)]

    /// What the interpreter checks and completes: `TypeText(`, `Erase(`, …, in the order listed.
    public var parameterType: ParamType { .instance(type: type, initializers: makers.map(\.initializer)) }

    /// The argument a checked value stands for: made afresh by its initializer, or what the learner's name holds
    /// now; nil when the name holds nothing of type `P` (a `weak var` is not among the learner's names).
    public func value(_ checked: ArgValue) throws(InternalError) -> P? {
        switch checked {
        case .constructed(let name, let arguments):
            guard let maker = makers.first(where: { $0.initializer.type == name }) else {
                throw InternalError("\(name)(…) is not a \(type) the lesson makes")
            }
            return try maker.make(arguments)
        case .object(let name):
            return learner().first { $0.name == name }?.value as? P
        default: throw .mismatch(checked, type)
        }
    }
}

/// One initializer the interpreter runs for a ``Made`` argument: its Swift name and parameters, and the real call.
/// A parameter that can only name one of the lesson's objects (`in: document`) is listed in `holding`: the interpreter
/// checks it, and the closure holds that object already.
public struct Maker<P> {
    let initializer: Initializer
    let make: ([ArgValue]) throws(InternalError) -> P

    /// `StoppedState()`, `Shout(in: document)`.
    public init(_ type: String, holding: [Param] = [], _ make: @escaping () -> P) {
        initializer = Initializer(type, holding)
        self.make = { _ in make() }
    }

    /// `Erase(3, in: document)`: one argument, labelled or not, the closure is given.
    public init<A: ArgumentType>(
        _ type: String, _ label: String?, holding: [Param] = [], _ make: @escaping (A) -> P
    ) {
        initializer = Initializer(type, [Param(label, A.parameterType)] + holding)
        self.make = { arguments throws(InternalError) in make(try A(checked: Method.value(0, of: arguments))) }
    }
}

extension DeclaredModule.Declaration {
    /// The arguments of type `P` the interpreter makes by `makers` (``Made``), or finds under a learner's name:
    /// `m.makes(PlayerState.self, Maker("PausedState") { PausedState() }, …)`.
    public func makes<P>(_ type: P.Type, _ makers: Maker<P>...) -> Made<P> {
        Made(type: TypeNames.of(type), makers: makers, learner: context.learnerNames)
    }
}

extension LiveAPI {
    /// A method that takes an argument the interpreter makes (``Made``): `api.call("run", TextEditor.run, made:
    /// commands)`. A learner's name that holds no such argument now runs nothing, as the compiler could not pass it.
    public func call<P>(_ name: String, _ method: @escaping (T) -> (P) -> Void, made: Made<P>) {
        call(name, nil, method, made: made)
    }

    /// The same, with a label: `api.call("transition", "to", MusicPlayer.transition, made: states)`.
    public func call<P>(_ name: String, _ label: String?, _ method: @escaping (T) -> (P) -> Void, made: Made<P>) {
        appendMethod(name, Param(label, made.parameterType), made.value, method(instance))
    }

    /// A method of one argument that is not of an ``ArgumentType``: `argument` makes it of the checked value, and a
    /// nil runs nothing (``Made``, ``Named``).
    func appendMethod<P>(
        _ name: String, _ param: Param, _ argument: @escaping (ArgValue) throws(InternalError) -> P?,
        _ bound: @escaping (P) -> Void
    ) {
        let hooks = hooks
        methods.append(
            Method(name: name, params: [param], throwsError: false, returns: .void, isProperty: false) { values in
                let made = try argument(Method.value(0, of: values))
                try hooks.ran { made.map(bound) }
                return .done
            })
    }
}
