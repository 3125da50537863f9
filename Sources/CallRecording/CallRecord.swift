/// Who called whom among a pattern's objects, in the order the calls happened.
///
/// Each type of `Patterns` records the calls made on its own API, and the calls it makes through a protocol (a
/// director on its builder, a mediator on its receivers, a hub on its observers, a cell on its delegate), so calls
/// into a learner's own class are recorded too. Nothing is kept unless a recorder is current: the playground makes one
/// current while it runs a line, and outside it the types behave as if this file did not exist. Only the playground's
/// own modules may import this one (see Package.swift): learner code can neither write nor read the record.
public enum CallRecord {
    /// The recorder of the line running now, if any.
    @TaskLocal public static var current: CallRecorder?

    /// Runs `body` as the call `method` (a selector such as `setMeat(_:)`) on `callee`, with `arguments` in the
    /// selector's order, recorded as made by the call running now (none: the line itself).
    @discardableResult
    public static func call<T>(
        _ callee: AnyObject, _ method: String, _ arguments: Any..., body: () throws -> T
    ) rethrows -> T {
        guard let recorder = current else { return try body() }
        return try recorder.record(callee, method, arguments, body)
    }
}

/// The calls of one session's lines. Used from the thread that runs the line (the playground runs a line's tasks
/// there too).
///
/// Recording is cheap: an argument is taken as ``take`` says (a name or a text now, or the value itself, kept as it
/// is), and a kept value is described only when the calls are read (`trace`, a goal on calls, a lesson's log of
/// them). Which values may be kept is the playground's rule (see `CallDescriber`): only those whose description
/// cannot change after the call and that keep nothing of the learner's alive.
public final class CallRecorder: @unchecked Sendable {
    /// One call: who made it, on what, with what.
    public struct Call: Sendable, Equatable {
        /// The caller's name; `nil` for the line itself.
        public var caller: String?
        public var callee: String
        /// The selector, e.g. `send(message:from:)`.
        public var selector: String
        /// The arguments as Swift would show them, in the selector's order.
        public var arguments: [String]
        /// How many recorded calls enclose it.
        public var depth: Int
        public var threw = false
        /// The arguments as taken at the call, until the recorder describes them into ``arguments`` (before anyone
        /// reads the call).
        var taken: TakenArguments?

        public init(
            caller: String?, callee: String, selector: String, arguments: [String], depth: Int, threw: Bool = false
        ) {
            self.caller = caller
            self.callee = callee
            self.selector = selector
            self.arguments = arguments
            self.depth = depth
            self.threw = threw
        }

        public static func == (a: Call, b: Call) -> Bool {
            a.caller == b.caller && a.callee == b.callee && a.selector == b.selector && a.arguments == b.arguments
                && a.depth == b.depth && a.threw == b.threw
        }

        /// The method's base name: `send`.
        public var method: String { String(selector.prefix { $0 != "(" }) }

        /// `send(message: "hi", from: red)`: the call as written in Swift.
        public var written: String {
            let open = selector.firstIndex(of: "(")
            let labels = open.map { selector[selector.index(after: $0)...].dropLast().split(separator: ":") } ?? []
            let parts = arguments.enumerated().map { index, value in
                index < labels.count && labels[index] != "_" ? "\(labels[index]): \(value)" : value
            }
            return method + "(" + parts.joined(separator: ", ") + ")"
        }
    }

    /// An argument as taken at the call: its text, or the value, kept to be described when the call is read.
    enum Taken {
        case text(String)
        case value(Any)
    }

    /// Kept values are the playground's choice of values that hold no reference (see ``CallRecorder``), read from
    /// the recorder's one thread.
    struct TakenArguments: @unchecked Sendable {
        var values: [Taken]
    }

    /// Every call still kept, described or not.
    private var recorded: [Call] = []
    /// The calls before this index in ``recorded`` have their arguments described.
    private var described = 0
    /// The calls recorded, oldest first, their arguments described.
    public var calls: [Call] {
        describeTaken()
        return recorded
    }
    /// Calls before this index set the step up: a goal reads the calls after it.
    public var mark = 0
    /// The most calls kept: the oldest go first (a loop of a million calls keeps the session small).
    public static let limit = 2000
    /// How many calls were dropped from the front, over the recorder's life.
    public private(set) var dropped = 0
    private var running: [(object: ObjectIdentifier, selector: String, name: String)] = []
    private let name: (AnyObject) -> String
    private let take: (Any) -> String?
    private let describe: (Any) -> String

    /// `name` names an object as the learner knows it; `take` gives an argument's text at the call, or nil for a
    /// value to keep as it is; `describe` shows a kept value as Swift would, when the calls are read.
    public init(
        name: @escaping (AnyObject) -> String, take: @escaping (Any) -> String?, describe: @escaping (Any) -> String
    ) {
        self.name = name
        self.take = take
        self.describe = describe
    }

    /// How many calls were ever recorded: `calls` holds the latest of them.
    public var total: Int { dropped + recorded.count }

    /// The calls recorded from `index` (counted over the recorder's life) on, their arguments described.
    public func calls(from index: Int) -> ArraySlice<Call> {
        let start = max(0, min(recorded.count, index - dropped))
        describeTaken()
        return recorded[start...]
    }

    /// The calls recorded from `index` (counted over the recorder's life) on, as they were recorded: a kept value is
    /// not described yet (it holds no reference). What a journaled line made, for a replay of the line to put back
    /// with ``append(_:)`` instead of making and describing them again.
    public func recorded(from index: Int) -> [Call] {
        Array(recorded[max(0, min(recorded.count, index - dropped))...])
    }

    /// Puts back calls that ``recorded(from:)`` gave, as if they were made now (the oldest go past the limit).
    public func append(_ calls: [Call]) {
        for call in calls {
            if recorded.count >= Self.limit { dropOldest() }
            recorded.append(call)
        }
    }

    /// Forgets the calls recorded from `index` (counted over the recorder's life) on: what a failed command that
    /// changed nothing recorded, so that the calls are those of a replay of the journal, which it is not part of.
    public func removeCalls(from index: Int) {
        let start = max(0, index - dropped)
        guard start < recorded.count else { return }
        recorded.removeSubrange(start...)
        described = min(described, recorded.count)
    }

    private func dropOldest() {
        recorded.removeFirst(Self.limit / 4)
        dropped += Self.limit / 4
        described = max(0, described - Self.limit / 4)
    }

    /// Forgets every call.
    public func clear() {
        dropped += recorded.count
        recorded = []
        described = 0
        mark = total
    }

    /// Describes the arguments kept since the calls were last read: each value once, as it was at the call (it holds
    /// no reference, so it cannot have changed), then lets it go.
    private func describeTaken() {
        guard described < recorded.count else { return }
        for index in described..<recorded.count {
            guard let taken = recorded[index].taken else { continue }
            recorded[index].arguments = taken.values.map { taken in
                switch taken {
                case .text(let text): text
                case .value(let value): describe(value)
                }
            }
            recorded[index].taken = nil
        }
        described = recorded.count
    }

    func record<T>(_ callee: AnyObject, _ selector: String, _ arguments: [Any], _ body: () throws -> T) rethrows -> T {
        // A call its caller recorded already (the mediator's `receive(message:)` on a page that records its own).
        guard let index = enter(callee, selector, arguments) else { return try body() }
        defer { leave() }
        do {
            return try body()
        } catch {
            if index >= dropped { recorded[index - dropped].threw = true }
            throw error
        }
    }

    /// Records the call `selector` on `callee` as begun, made by the call running now; it runs until ``leave()``.
    /// Returns the call's index over the recorder's life, or nil (nothing begun, nothing to leave) for a call its
    /// caller recorded already. ``record(_:_:_:_:)`` wraps a lesson type's call in it; a learner's own method,
    /// instrumented where it is compiled (see `PlaygroundBridge`), calls it directly.
    public func enter(_ callee: AnyObject, _ selector: String, _ arguments: [Any]) -> Int? {
        let id = ObjectIdentifier(callee)
        if let top = running.last, top.object == id, top.selector == selector { return nil }
        let calleeName = name(callee)
        if recorded.count >= Self.limit { dropOldest() }
        var call = Call(
            caller: running.last?.name, callee: calleeName, selector: selector, arguments: [], depth: running.count)
        if !arguments.isEmpty {
            var values: [Taken] = []
            values.reserveCapacity(arguments.count)
            for argument in arguments { values.append(take(argument).map { .text($0) } ?? .value(argument)) }
            call.taken = TakenArguments(values: values)
        }
        recorded.append(call)
        running.append((id, selector, calleeName))
        return total - 1
    }

    /// The call ``enter(_:_:_:)`` began has returned.
    public func leave() {
        if !running.isEmpty { running.removeLast() }
    }
}
