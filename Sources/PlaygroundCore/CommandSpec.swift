/// One argument of a short command: its name for usage lines, and its values for completion and checking.
public struct ArgumentSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        /// One of a fixed list; anything else is an error with a suggestion.
        case choice([String])
        /// Free text (a title, a cell's text).
        case text
        /// A whole number.
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
}

/// What running a command does.
public enum CommandAction {
    /// A global command, run by the session.
    case global((Session, [String]) throws -> Void)
    /// A lesson command that is sugar for a Swift call, e.g. `meat chicken` -> `builder.setMeat(.chicken)`.
    case swift(([String]) throws -> String)
    /// A lesson command with no single Swift call; it posts its own code and messages.
    case native(([String]) throws -> Void)
}

/// A command of the REPL: its name, help, argument specs and action. Used for dispatch, `help`, completion and
/// "did you mean".
public struct CommandSpec {
    public var name: String
    public var aliases: [String]
    public var arguments: [ArgumentSpec]
    public var summary: String
    /// Whether the command changes anything (live objects, panes, routes). Lesson commands that do are journaled
    /// for undo; every command that does is replayed when `goto` sets a step up.
    public var changesState: Bool
    public var action: CommandAction

    public init(_ name: String, aliases: [String] = [], _ arguments: [ArgumentSpec] = [], summary: String,
                changesState: Bool = true, action: CommandAction) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.summary = summary
        self.changesState = changesState
        self.action = action
    }

    public var usage: String { ([name] + arguments.map(\.usage)).joined(separator: " ") }

    var requiredCount: Int { arguments.filter { !$0.optional && !$0.variadic }.count + (arguments.contains { $0.variadic && !$0.optional } ? 1 : 0) }
    var maximumCount: Int? { arguments.contains { $0.variadic } ? nil : arguments.count }
}
