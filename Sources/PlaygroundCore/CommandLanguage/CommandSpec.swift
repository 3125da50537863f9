/// One argument of a short command: its name for usage lines, and its values for completion and checking.
public struct ArgumentSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        /// One of a fixed list; anything else is an error with a suggestion.
        case choice([String])
        /// Free text (a title, a cell's text).
        case text
        /// A whole number, of any size or sign the command can check; never a trap.
        case int
        /// Values offered by completion but not enforced (lesson ids, pane names: they change at run time).
        case dynamic(DynamicValues)
    }
    public enum DynamicValues: Sendable, Equatable { case lessons, panes, topics, steps, commands }

    public var name: String
    public var kind: Kind
    public var optional: Bool
    /// Takes all remaining words.
    public var variadic: Bool

    public init(_ name: String, _ kind: Kind = .text, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.variadic = variadic
    }

    public var usage: String {
        let core = variadic ? "<\(name)>..." : "<\(name)>"
        if case .choice(let values) = kind, values.count <= 3 {
            return optional ? "[" + values.joined(separator: "|") + "]" : values.joined(separator: "|")
        }
        return optional ? "[\(core)]" : core
    }

    public var isNumber: Bool { kind == .int || kind == .dynamic(.steps) }
}

/// The checked arguments of a short command, typed by their specs: a number is an `Int` already.
public struct Arguments: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case word(String)
        case number(Int)
        /// What a variadic argument took.
        case words([String])
    }
    public var values: [Value]

    public init(_ values: [Value]) { self.values = values }

    public var count: Int { values.count }

    public func word(_ index: Int) throws(InternalError) -> String {
        guard index < values.count, case .word(let word) = values[index] else {
            throw InternalError("argument \(index + 1) is not a word: \(values)")
        }
        return word
    }

    /// An optional argument: nil when it was left out.
    public func optionalWord(_ index: Int) throws(InternalError) -> String? {
        index < values.count ? try word(index) : nil
    }

    public func number(_ index: Int) throws(InternalError) -> Int {
        guard index < values.count, case .number(let n) = values[index] else {
            throw InternalError("argument \(index + 1) is not a number: \(values)")
        }
        return n
    }

    public func words(_ index: Int) throws(InternalError) -> [String] {
        guard index < values.count, case .words(let words) = values[index] else {
            throw InternalError("argument \(index + 1) is not a list: \(values)")
        }
        return words
    }

    /// The arguments as typed, for `history` and the journal's text.
    var spelled: [String] {
        values.flatMap { value -> [String] in
            switch value {
            case .word(let w): return [w]
            case .number(let n): return [String(n)]
            case .words(let ws): return ws
            }
        }
    }
}

/// A command of the REPL: its name, help, argument specs and what it turns into. Used for reading, `help`,
/// completion and "did you mean".
public struct CommandSpec {
    /// What a command's words become: a typed value, never Swift text.
    public enum Meaning {
        /// A global command of the session.
        case global((Arguments) throws -> GlobalCommand)
        /// The short form of a call on a live object, e.g. `meat chicken` for `builder.setMeat(.chicken)`.
        case call((Arguments) throws -> SwiftStatement)
        /// A lesson command with no single Swift call (`tap OK`, `release controller`); it posts its own messages.
        case native((Arguments) throws -> Void)
        /// A spelling of Swift (a declared module's short command): the Swift its words make runs as if typed.
        case swift((Arguments) throws -> String)
    }

    public var name: String
    public var aliases: [String]
    public var arguments: [ArgumentSpec]
    public var summary: Phrase
    /// Whether the command changes anything (live objects, panes, routes). Those that do are journaled for undo
    /// and replayed when `goto` sets a step up; looks (`show`, `check`, `hint`) never are.
    public var changesState: Bool
    public var meaning: Meaning

    public init(
        _ name: String, aliases: [String] = [], _ arguments: [ArgumentSpec] = [], summary: Phrase,
        changesState: Bool = true, _ meaning: Meaning
    ) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.summary = summary
        self.changesState = changesState
        self.meaning = meaning
    }

    public var usage: String { ([name] + arguments.map(\.usage)).joined(separator: " ") }

    var requiredCount: Int {
        arguments.filter { !$0.optional && !$0.variadic }.count
            + (arguments.contains { $0.variadic && !$0.optional } ? 1 : 0)
    }
    var maximumCount: Int? { arguments.contains { $0.variadic } ? nil : arguments.count }

    func matches(_ lowercased: String) -> Bool { name == lowercased || aliases.contains(lowercased) }
}
