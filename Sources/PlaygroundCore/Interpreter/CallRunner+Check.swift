import CallRecording

/// Whether a statement has run something that changes objects: more than a method that only finds one.
final class RanSomething {
    var something = false
}

/// A call the check resolved: its method on the receiver and its arguments converted, so that the run performs what
/// was checked without resolving it again.
struct ResolvedCall {
    let method: Method
    let arguments: [ArgValue]
}

/// What a check found: whether the whole statement was checked, and the calls it resolved from where it began, on the
/// receiver it began with (up to and including a method that gives another object, which ``CallRunner/run(_:)``
/// checks again on the object it really gets).
struct CheckedCalls {
    var whole: Bool
    var calls: [ResolvedCall]
}

/// The interpreter decides before it runs anything: every member a statement names, how each is called, its
/// arguments, its `try` and what the statement does with the result (`print`, `let`) are checked first, so that a
/// statement it refuses has changed nothing and can go to the compiler as it was typed. A chain goes on from an
/// object a method finds (`board.cell(0, 0)`, `quizScreen.builder`): such a method only finds, so the check finds it
/// too, quietly, and goes on checking on what it found.
extension CallRunner {
    /// The live object a statement starts from, or what Swift says of the name.
    func receiver(of statement: SwiftStatement) throws -> LiveObject {
        if let receiver = objects.first(where: { $0.name == statement.receiver })
            ?? bound.first(where: { $0.name == statement.receiver })
        {
            return receiver
        }
        let objects = objects + bound
        var message = SwiftDiagnostic.cannotFindInScope(statement.receiver)
        if let s = Suggest.closest(to: statement.receiver, in: objects.map(\.name)) {
            message += CoreText.andDidYouMean(s)
        } else if !objects.isEmpty {
            message += CoreText.andLiveObjects(objects.map(\.name).joined(separator: ", "))
        }
        throw PlaygroundError(message)
    }

    /// Throws what the interpreter would refuse the statement with (a ``PlaygroundError`` in Swift's words, or
    /// ``BeyondTheInterpreter``), running nothing but the methods that only find an object. Returns whether the whole
    /// statement was checked (false when it goes on from what a method that changes something returns,
    /// `builder.build().meat`, which is known only once it has run: the compiler's, when there is one), and the calls
    /// it resolved on `receiver`, which the run performs as they are.
    @discardableResult
    func check(_ statement: SwiftStatement, on receiver: LiveObject) throws -> CheckedCalls {
        try checkCalls(statement, from: 0, on: receiver, finding: true)
    }

    /// While a statement runs, what follows an object a method gave: checked on the object given now. When the
    /// statement was checked whole before it ran (`checked`), a refusal here is the playground's fault, never the
    /// learner's.
    /// Returns the calls it resolved on `receiver`, from `index` on.
    func checkRest(_ statement: SwiftStatement, from index: Int, on receiver: LiveObject, checked: Bool) throws
        -> [ResolvedCall]
    {
        do {
            return try checkCalls(statement, from: index, on: receiver, finding: false).calls
        } catch let error as PlaygroundError {
            throw refusal(error.phrase, checked: checked)
        } catch is BeyondTheInterpreter {
            throw refusal(nil, checked: checked)
        }
    }

    /// Checks the calls from `first` on. `finding`: go on past a method that only finds an object by finding it;
    /// else stop there (what follows is checked when the statement has found it). Returns whether it checked to the
    /// end, or to a method that stops the statement before anything after it, and the calls resolved on `start`.
    private func checkCalls(_ statement: SwiftStatement, from first: Int, on start: LiveObject, finding: Bool) throws
        -> CheckedCalls
    {
        var receiver = start
        let calls = statement.calls
        var last: Method?
        var resolved: [ResolvedCall] = []
        var onStart = true
        for index in calls.indices where index >= first {
            let method = try resolve(statement, at: index, on: receiver)
            let arguments = try convert(calls[index].arguments, for: method, on: receiver)
            try checkTry(method, in: statement)
            if onStart { resolved.append(ResolvedCall(method: method, arguments: arguments)) }
            last = method
            guard index < calls.count - 1 else { break }
            let next = calls[index + 1].name
            switch method.returns {
            case .this:
                continue
            case .void:
                throw PlaygroundError(SwiftDiagnostic.valueOfTypeHasNoMember("()", next))
            case .value(let type):
                // A property's value ends a chain; what a method returns is known once it has run.
                if method.isProperty { throw PlaygroundError(SwiftDiagnostic.valueOfTypeHasNoMember(type, next)) }
                return CheckedCalls(whole: false, calls: resolved)
            case .object:
                guard finding else { return CheckedCalls(whole: true, calls: resolved) }
                // Found quietly (never a call of the learner's for the trace). One that cannot find it (an index out
                // of range) stops the statement the same way when it runs, before anything after it.
                let found = try? CallRecord.$current.withValue(nil) { try method.perform(arguments) }
                guard case .object(let object)? = found else { return CheckedCalls(whole: true, calls: resolved) }
                receiver = object
                onStart = false
            }
        }
        guard first < calls.count || calls.isEmpty else { return CheckedCalls(whole: true, calls: resolved) }
        try checkEnd(statement, last: last)
        return CheckedCalls(whole: true, calls: resolved)
    }

    /// `print(…)` prints a property's value; `let x = …` keeps an object a method gave. Anything else is Swift the
    /// interpreter does not word (`print(builder)`, `let m = builder.meat`, `let t = sale.total(for: 40)`): the
    /// compiler's.
    private func checkEnd(_ statement: SwiftStatement, last: Method?) throws {
        if statement.isPrint {
            guard let last, last.isProperty, case .value = last.returns else { throw BeyondTheInterpreter() }
        }
        if let binding = statement.binding, binding != "_" {
            guard let last else { throw BeyondTheInterpreter() }
            switch last.returns {
            case .void, .this: throw BeyondTheInterpreter()
            // A property's value, or an answer that is only ever a value, is never kept: `run` keeps an object only.
            // (A method declared to return a value may still give an object: the builder's `build()`, its burger.)
            case .value where last.isProperty || last.answersOnlyAValue: throw BeyondTheInterpreter()
            default: break
            }
        }
    }

    /// The method a call names, checked as Swift would check how it is called (its arguments are ``convert``'s, its
    /// `try` ``checkTry``'s).
    func resolve(_ statement: SwiftStatement, at index: Int, on receiver: LiveObject) throws -> Method {
        let call = statement.calls[index]
        if index == statement.calls.count - 1, statement.assignment != nil {
            // `builder.meat = .tofu`: what Swift says of an assignment to this member.
            guard let method = receiver.method(named: call.name) else {
                throw PlaygroundError(SwiftDiagnostic.valueOfTypeHasNoMember(receiver.typeName, call.name))
            }
            throw PlaygroundError(
                method.isProperty
                    ? SwiftDiagnostic.cannotAssignToPropertySetterIsInaccessible(call.name)
                    : SwiftDiagnostic.cannotAssignToValueIsAMethod(call.name))
        }
        guard let method = receiver.method(named: call.name, arguments: call.arguments.count) else {
            var message = SwiftDiagnostic.valueOfTypeHasNoMember(receiver.typeName, call.name)
            if let s = Suggest.closest(to: call.name, in: receiver.methods.map(\.name)) {
                message += CoreText.andDidYouMean(s)
            }
            throw PlaygroundError(message)
        }
        if method.isProperty && call.hasParens {
            throw PlaygroundError(SwiftDiagnostic.isAPropertyNotAMethod(method.name, receiver.name))
        }
        if !method.isProperty && !call.hasParens && call.arguments.isEmpty {
            throw PlaygroundError(SwiftDiagnostic.isAMethodCallItAs(method.name, receiver.name, method.signature))
        }
        return method
    }

    /// Swift refuses to compile a throwing call without `try` (said after what is wrong with its arguments).
    func checkTry(_ method: Method, in statement: SwiftStatement) throws {
        if method.throwsError && statement.tryMark == .none {
            throw PlaygroundError(
                SwiftDiagnostic.callCanThrowButIsNotMarkedWithTry.phrase
                    + CoreText.didYouMeanToUseTry(Self.source(of: statement, try: .plain)))
        }
    }

    /// A statement that cannot go on: refused (nothing ran, so it can go to the compiler); when something ran, the
    /// line's failure (rolled back), never run a second time by the compiler, and an internal error when the statement
    /// had been checked whole (`checked`) before it ran.
    func refusal(_ message: Phrase?, checked: Bool = true) -> Error {
        if checked, ran?.something == true {
            return InternalError("the interpreter stopped part-way through a statement it had checked")
        }
        return message.map { PlaygroundError($0) } ?? BeyondTheInterpreter()
    }
}

extension Method {
    /// A method that gives another object to go on from (`board.cell(0, 0)`, `quizScreen.builder`) only finds it:
    /// it changes nothing.
    var onlyFinds: Bool {
        if case .object = returns { return true }
        return false
    }

    /// The type Swift names for what it returns (`()` when nothing).
    var returnedType: String {
        switch returns {
        case .value(let type), .object(let type): return type
        case .void, .this: return "()"
        }
    }
}
