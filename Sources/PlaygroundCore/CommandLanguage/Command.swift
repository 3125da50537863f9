/// A line of input, read: what the interpreter runs and the journal keeps. Both spellings of a call (`meat chicken`
/// and `try builder.setMeat(.chicken)`) become the same `.call`.
public enum Command: Equatable, Sendable {
    case global(GlobalCommand)
    /// A call (or chain) on live objects.
    case call(SwiftStatement)
    /// Swift the built-in interpreter does not run: compiled by the Swift compiler and run on the live objects.
    case compiled(String)
    /// A lesson module's own command, by name, with its checked arguments.
    case native(name: String, Arguments, changesState: Bool)

    /// Whether running it may change live objects, panes or routes: such commands are journaled and replayed.
    public var changesState: Bool {
        switch self {
        case .call, .compiled: return true
        case .native(_, _, let changes): return changes
        case .global(let command): return command.changesState
        }
    }
}

/// The session's own commands, with typed arguments.
public enum GlobalCommand: Equatable, Sendable {
    case help(String?)
    case lessons
    case load(String)
    case next, back
    /// 1-based, as typed; any Int, checked against the lesson when run.
    case goto(Int)
    case step, run, hint, check, solution, state, undo, reset, restart, history, panes
    /// A code exercise's file: open it (`--reset`: from the starter again).
    case edit(reset: Bool)
    case addPane(String)
    case showPane(String)
    case hidePane(String)
    case route(topic: String, pane: String)
    /// The learner's prediction for an exercise: the first answer, given before the thing is run, is the one kept
    /// (by the lesson's navigator, not the journal: undo and restart do not take it back).
    case predict(String)
    /// Who called whom: the last line's calls, or (`all`) the step's.
    case trace(all: Bool)
    case layout(LayoutMode)
    case quit

    /// Commands that change the panes and routes (the program's own mediator, which lessons look at) are journaled
    /// like calls. `undo` and `reset` change state too (a lesson's set-up replays them) but rewrite the journal
    /// instead of joining it.
    public var changesState: Bool {
        switch self {
        case .addPane, .showPane, .hidePane, .route, .undo, .reset, .restart: return true
        default: return false
        }
    }
}
