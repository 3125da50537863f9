/// Who called whom among a pattern's objects, in the order the calls happened.
///
/// Each type here records the calls made on its own API, and the calls it makes through a protocol (a director on
/// its builder, a mediator on its receivers, a hub on its observers, a cell on its delegate), so calls into a
/// learner's own class are recorded too. Nothing is kept unless a recorder is current: the playground makes one
/// current while it runs a line, and outside it the types behave as if this file did not exist.
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

    public private(set) var calls: [Call] = []
    /// Calls before this index set the step up: a goal reads the calls after it.
    public var mark = 0
    /// The most calls kept: the oldest go first (a loop of a million calls keeps the session small).
    public static let limit = 2000
    /// How many calls were dropped from the front, over the recorder's life.
    public private(set) var dropped = 0
    private var running: [(object: ObjectIdentifier, selector: String, name: String)] = []
    private let name: (AnyObject) -> String
    private let describe: (Any) -> String

    /// `name` names an object as the learner knows it; `describe` shows a value as Swift would.
    public init(name: @escaping (AnyObject) -> String, describe: @escaping (Any) -> String) {
        self.name = name
        self.describe = describe
    }

    /// How many calls were ever recorded: `calls` holds the latest of them.
    public var total: Int { dropped + calls.count }

    /// The calls recorded from `index` (counted over the recorder's life) on.
    public func calls(from index: Int) -> ArraySlice<Call> {
        calls[max(0, min(calls.count, index - dropped))...]
    }

    /// Forgets every call.
    public func clear() {
        dropped += calls.count
        calls = []
        mark = total
    }

    func record<T>(_ callee: AnyObject, _ selector: String, _ arguments: [Any], _ body: () throws -> T) rethrows -> T {
        let id = ObjectIdentifier(callee)
        // A call its caller recorded already (the mediator's `receive(message:)` on a page that records its own).
        if let top = running.last, top.object == id, top.selector == selector { return try body() }
        let calleeName = name(callee)
        if calls.count >= Self.limit {
            calls.removeFirst(Self.limit / 4)
            dropped += Self.limit / 4
        }
        calls.append(
            Call(
                caller: running.last?.name, callee: calleeName, selector: selector,
                arguments: arguments.map(describe), depth: running.count))
        let index = total - 1
        running.append((id, selector, calleeName))
        defer { running.removeLast() }
        do {
            return try body()
        } catch {
            if index >= dropped { calls[index - dropped].threw = true }
            throw error
        }
    }
}
