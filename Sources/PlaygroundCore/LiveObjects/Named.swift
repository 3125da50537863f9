/// The lesson's objects a parameter of type `P` takes by name (`cart.use(sale)`, `hub.addObserver(label, for:
/// .gameOver)`): the names the interpreter checks and completes, in their order, and the instance each stands for.
/// An object the learner made is not one of them: the compiler passes it. A method takes them with
/// ``LiveAPI/call(_:_:named:)``.
public struct Named<P> {
    /// The parameter's Swift type, as completion and help show it (`PricingPolicy`).
    public let type: String
    let objects: [(name: String, object: P)]

    /// `Named(PricingPolicy.self, ["regular": regular, "sale": sale])`, the names in the order written.
    public init(_ type: P.Type, _ objects: KeyValuePairs<String, P>) {
        self.type = TypeNames.of(type)
        self.objects = objects.map { (name: $0.key, object: $0.value) }
    }

    /// The names, in their order: what completion offers, and the choices of a short command's word.
    public var names: [String] { objects.map(\.name) }

    public var parameterType: ParamType { .object(type: type, names: names) }

    /// The object a checked argument names.
    func object(_ checked: ArgValue) throws(InternalError) -> P {
        guard case .object(let name) = checked, let found = objects.first(where: { $0.name == name }) else {
            throw .mismatch(checked, type)
        }
        return found.object
    }
}

extension LiveAPI {
    /// A method that takes one of the lesson's objects by name: `api.call("use", Cart.use, named: policies)`.
    public func call<P>(_ name: String, _ method: @escaping (T) -> (P) -> Void, named objects: Named<P>) {
        appendMethod(name, Param(nil, objects.parameterType), objects.object, method(instance))
    }

    /// The same, with a second argument: `api.call("addObserver", (nil, "for"), NotificationHub.addObserver,
    /// named: observers)`.
    public func call<P, B: ArgumentType>(
        _ name: String, _ labels: (String?, String?), _ method: @escaping (T) -> (P, B) -> Void,
        named objects: Named<P>
    ) {
        let (bound, hooks) = (method(instance), hooks)
        methods.append(
            Method(
                name: name, params: [Param(labels.0, objects.parameterType), Param(labels.1, B.parameterType)],
                throwsError: false, returns: .void, isProperty: false
            ) { values in
                let object = try objects.object(Method.value(0, of: values))
                let b = try B(checked: Method.value(1, of: values))
                try hooks.ran { bound(object, b) }
                return .done
            })
    }
}
