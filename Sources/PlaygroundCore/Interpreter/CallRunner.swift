/// Runs a ``SwiftStatement`` on live objects: finds each method, checks the arguments as Swift would (labels, count,
/// types, enum cases), converts them to typed values, calls the real object and posts the code that ran.
struct CallRunner {
    /// The module's live objects, then what `let` bound: looked through in turn (joining them would copy them on
    /// every call and every replayed one).
    let objects: [LiveObject]
    var bound: [LiveObject] = []
    let mediator: Mediator
    var lang: Lang = .en
    /// Told when the statement has run something that changes objects (more than finding one), so that the runner
    /// knows whether a statement that failed left anything to roll back.
    var ran: RanSomething?

    /// Runs the statement; returns the object a `let` bound, if the chain ended on an object
    /// (`let burger = builder.build()`). Everything it would refuse is refused before anything runs (``check``).
    /// `checked`: what ``check(_:on:)`` found of this statement on the same objects just before (the engine's choice
    /// of the interpreter), not checked again.
    @discardableResult
    func run(_ statement: SwiftStatement, checked checkedBefore: CheckedCalls? = nil) throws -> LiveObject? {
        var receiver = try receiver(of: statement)
        // Each call is resolved once: the check's resolution is what runs (after an object a method gave, the rest is
        // checked again on that object, the one the statement really goes on with).
        let checkedCalls = try checkedBefore ?? check(statement, on: receiver)
        let checked = checkedCalls.whole
        var plan = checkedCalls.calls
        var planStart = 0
        // A replay (muted) posts nothing, so the code line is not built then.
        let showsCode = !mediator.isMuted
        var ended: CallResult?
        var code = statement.receiver
        var throwsAny = false
        var postedCode = !showsCode
        func postCode() {
            guard !postedCode else { return }
            postedCode = true
            var line = statement.tryMark.prefix(throwing: throwsAny) + code
            if statement.isPrint { line = "print(" + line + ")" }
            if let binding = statement.binding { line = (binding == "_" ? "_ = " : "let \(binding) = ") + line }
            mediator.post(PaneMessage(topic: "code", source: statement.receiver, text: line))
        }
        for (index, call) in statement.calls.enumerated() {
            let method: Method
            let arguments: [ArgValue]
            if index - planStart < plan.count {
                (method, arguments) = (plan[index - planStart].method, plan[index - planStart].arguments)
            } else {
                method = try resolve(statement, at: index, on: receiver)
                arguments = try convert(call.arguments, for: method, on: receiver)
                try checkTry(method, in: statement)
            }
            throwsAny = throwsAny || method.throwsError
            if showsCode { code += "." + method.name }
            if showsCode && !method.isProperty {
                code += Self.render(call.arguments, trailingClosure: method.params.last?.type == .closure)
            }
            // From here on the statement has changed something, unless the method only finds an object, or refuses
            // (a lesson's method refuses, in a PlaygroundError, before it changes anything), or throws an error its
            // object throws before any change (``ThrownError/changedNothing``).
            let ranBefore = ran?.something ?? false
            if !method.onlyFinds { ran?.something = true }
            let result: CallResult
            do {
                result = try method.perform(arguments)
            } catch let error as ThrownError where statement.tryMark == .optional {
                // `try?` turns the error into nil: nothing is reported, nothing after it in the chain runs.
                postCode()
                mediator.post(
                    PaneMessage(
                        topic: "log", source: statement.receiver,
                        text: CoreText.tryOptionalGaveNil.text(lang, error.swiftName)))
                return nil
            } catch let error as ThrownError where statement.tryMark == .forced {
                postCode()
                throw Trap(
                    message: SwiftDiagnostic.tryExpressionUnexpectedlyRaisedAnError.text(
                        .en, error.reflected ?? error.swiftName))
            } catch {
                if error is PlaygroundError || (error as? ThrownError)?.changedNothing == true {
                    ran?.something = ranBefore
                }
                postCode()
                throw error
            }
            let isLast = index == statement.calls.count - 1
            switch result {
            case .this:
                continue
            case .object(let next):
                receiver = next
                if isLast {
                    ended = .object(next)
                } else {
                    plan = try checkRest(statement, from: index + 1, on: next, checked: checked)
                    planStart = index + 1
                }
            case .value(let value):
                guard isLast else {
                    throw refusal(
                        SwiftDiagnostic.valueOfTypeHasNoMember(method.returnedType, statement.calls[index + 1].name),
                        checked: checked)
                }
                ended = .value(value)
            case .done:
                if !isLast {
                    throw refusal(
                        SwiftDiagnostic.valueOfTypeHasNoMember(method.returnedType, statement.calls[index + 1].name),
                        checked: checked)
                }
            }
        }
        // What the check could not know before the last call ran: `print` words a value, and a `let` keeps the
        // object only if it is there.
        if statement.isPrint, ended.map({ if case .value = $0 { false } else { true } }) ?? true {
            throw refusal(nil, checked: checked)
        }
        if let binding = statement.binding, binding != "_" {
            guard case .object(let object)? = ended, object.instance() != nil else {
                throw refusal(nil, checked: checked)
            }
        }
        postCode()
        switch ended {
        case .value(let value)?:
            // `print(x)` prints (to the log pane, where every print of the lesson goes); a bare read shows the value.
            if statement.isPrint {
                mediator.post(PaneMessage(topic: "log", source: "print", text: value.printed))
            } else if statement.binding == nil {
                mediator.post(PaneMessage(topic: "out", source: statement.receiver, text: value.source))
            }
        case .object(let object)?:
            if let binding = statement.binding, binding != "_" {
                return LiveObject(name: binding, typeName: object.typeName, methods: object.methods).holding(
                    object.instance)
            }
        default:
            break
        }
        return nil
    }

    /// A whole statement as Swift source, with the `try` mark given (for the hint that adds a missing `try`).
    static func source(of statement: SwiftStatement, try mark: TryMark) -> String {
        var line = statement.receiver
        for call in statement.calls {
            line += "." + call.name
            if call.hasParens || !call.arguments.isEmpty {
                line += render(
                    call.arguments,
                    trailingClosure: call.arguments.last.map { if case .closure = $0.value { true } else { false } }
                        ?? false)
            }
        }
        line = mark.prefix(throwing: true) + line
        if let binding = statement.binding { line = (binding == "_" ? "_ = " : "let \(binding) = ") + line }
        return line
    }

    /// The arguments as Swift source: the code pane is rendered from the call, not from what was typed.
    static func render(_ arguments: [SwiftArgument], trailingClosure: Bool) -> String {
        var count = arguments.count
        var trailing: String?
        if trailingClosure, let last = arguments.last, case .closure = last.value {
            count -= 1
            trailing = " " + last.value.swiftSource
        }
        if count == 0, let trailing { return trailing }
        var out = "("
        for (index, argument) in arguments.prefix(count).enumerated() {
            if index > 0 { out += ", " }
            if let label = argument.label {
                out += label
                out += ": "
            }
            out += argument.value.swiftSource
        }
        out += ")"
        if let trailing { out += trailing }
        return out
    }

    func convert(_ arguments: [SwiftArgument], for method: Method, on receiver: LiveObject) throws -> [ArgValue] {
        try convert(arguments, params: method.params, call: "\(receiver.name).\(method.signature)")
    }

    /// Arguments checked against parameters as Swift would (count, labels, types); `call` names the callee in errors.
    func convert(_ arguments: [SwiftArgument], params: [Param], call callee: @autoclosure () -> String) throws
        -> [ArgValue]
    {
        var call: String { callee() }  // for messages only
        if arguments.count < params.count {
            let missing = params[arguments.count]
            throw PlaygroundError(
                SwiftDiagnostic.missingArgumentForParameterInCall(
                    missing.label.map { "'\($0):'" } ?? "#\(arguments.count + 1)", call))
        }
        if arguments.count > params.count {
            throw PlaygroundError(SwiftDiagnostic.extraArgumentInCallExpected(call))
        }
        var values: [ArgValue] = []
        values.reserveCapacity(params.count)
        for (index, (argument, param)) in zip(arguments, params).enumerated() {
            let isTrailingClosure =
                index == arguments.count - 1 && argument.isTrailing && argument.label == nil && param.type == .closure
            if argument.label != param.label && !isTrailingClosure {
                switch (argument.label, param.label) {
                case (nil, let expected?):
                    throw PlaygroundError(SwiftDiagnostic.missingArgumentLabelInCallExpected(expected, call))
                case (let got?, nil):
                    throw PlaygroundError(SwiftDiagnostic.extraneousArgumentLabelInCallExpected(got, call))
                case (let got?, let expected?):
                    throw PlaygroundError(SwiftDiagnostic.incorrectArgumentLabelInCallHave(got, expected))
                default: break
                }
            }
            values.append(try convert(argument.value, to: param.type))
        }
        return values
    }

    func convert(_ value: SwiftValue, to type: ParamType) throws -> ArgValue {
        func mismatch() -> PlaygroundError {
            // Swift names the value's type when it knows it (a literal, a made object); else the value itself.
            if let literal = value.literalType {
                return PlaygroundError(
                    SwiftDiagnostic.cannotConvertValueOfTypeToExpectedArgument(literal, type.swiftType))
            }
            return PlaygroundError(
                SwiftDiagnostic.cannotConvertValueToExpectedArgument(value.swiftSource, type.swiftType))
        }
        func member(_ name: String, _ typeName: String, _ cases: [String]) throws -> String {
            guard cases.contains(name) else {
                var message = SwiftDiagnostic.typeHasNoMember(typeName, name)
                if let s = Suggest.closest(to: name, in: cases) { message += CoreText.andDidYouMeanCase(s) }
                throw PlaygroundError(message)
            }
            return name
        }
        // The commonest argument, `.chicken` where a Meat is expected, without the general matching below.
        if case .member(let name) = value, case .enumCase(let t, let cases) = type {
            return .cases([try member(name, t, cases)])
        }
        // `Meat.tofu` is `.tofu` where a Meat is expected; another type is Swift's mismatch.
        var value = value
        if case .qualified(let typeName, let name) = value {
            switch type {
            case .enumCase(let t, _), .optionSet(let t, _):
                guard typeName == t else {
                    throw PlaygroundError(
                        SwiftDiagnostic.cannotConvertValueToExpectedArgument(value.swiftSource, type.swiftType))
                }
                value = .member(name)
            default:
                throw mismatch()
            }
        }
        if case .array(let items) = value, case .optionSet(let t, _) = type {
            value = .array(
                try items.map { item in
                    guard case .qualified(let typeName, let name) = item else { return item }
                    guard typeName == t else {
                        throw PlaygroundError(SwiftDiagnostic.cannotConvertValueToExpectedArgument(item.swiftSource, t))
                    }
                    return .member(name)
                })
        }
        switch (type, value) {
        case (.enumCase(let t, let cases), .member(let name)):
            return .cases([try member(name, t, cases)])
        case (.optionSet(let t, let cases), .member(let name)):
            return .cases([try member(name, t, cases)])
        case (.optionSet(let t, let cases), .array(let items)):
            var names: [String] = []
            for item in items {
                guard case .member(let name) = item else { throw mismatch() }
                names.append(try member(name, t, cases))
            }
            return .cases(names)
        case (.string, .string(let s)): return .text(s)
        case (.int, .int(let n)): return .int(n)
        case (.bool, .bool(let b)): return .bool(b)
        case (.closure, .closure(let prints)): return .closure(prints)
        case (.object(let t, let names), .reference(let name)):
            guard names.contains(name) else {
                throw PlaygroundError(SwiftDiagnostic.cannotFindInScopeAHere(name, t, names.joined(separator: ", ")))
            }
            return .object(name)
        case (.instance(let expected, let initializers), .construct(let type, let arguments)):
            guard let initializer = initializers.first(where: { $0.type == type }) else {
                throw PlaygroundError(SwiftDiagnostic.cannotConvertValueToExpectedArgument(type + "(...)", expected))
            }
            let signature = type + "(" + initializer.params.map { ($0.label ?? "_") + ":" }.joined() + ")"
            return .constructed(type: type, try convert(arguments, params: initializer.params, call: signature))
        case (.instance(_, let initializers), .reference(let name)):
            // `pager.add(teal)`: an object the learner made and bound, of a type the parameter takes.
            guard let bound = bound.first(where: { $0.name == name }),
                initializers.contains(where: { $0.type == bound.typeName })
            else {
                throw PlaygroundError(SwiftDiagnostic.isNotAValueHereUse(name))
            }
            return .object(name)
        case (_, .reference(let name)):
            throw PlaygroundError(SwiftDiagnostic.isNotAValueHereUse(name))
        default: throw mismatch()
        }
    }
}

/// A runtime trap (`try!` on an error, an index out of range): a real program stops here. The playground shows it as
/// the runtime prints it, says what it means, and keeps the live objects as they were.
public struct Trap: Error, Equatable, Sendable {
    /// What the Swift runtime prints, e.g. `Fatal error: Index out of range`.
    public var message: String
    /// Why it happened here, for the learner.
    public var explanation: Phrase?
    public init(message: String, explanation: Phrase? = nil) {
        self.message = message
        self.explanation = explanation
    }
}
