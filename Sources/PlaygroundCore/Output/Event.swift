/// What a command did, in order: the one stream every front end consumes. The stream and dashboard layouts, JSON
/// Lines, recordings and handouts are all renderers of these events; nothing else leaves the core.
public enum Event: Equatable, Sendable {
    /// A command as it was entered, after its prompt (`builder 1/11> `, or `> ` inside `run`).
    case input(prompt: String, line: String)
    /// A message the mediator delivered to a pane.
    case delivery(Delivery)
    /// The learner chose a layout; the front end switches.
    case layout(LayoutMode)
    /// The learner asked to leave.
    case quit
    /// Where the learner is and what to type next, after a command: the stream layout ends the command's answer with
    /// it (the step's text has scrolled away at 80x24); the dashboard shows the lesson pane instead.
    case reminder(String)
}

/// The two ways panes are drawn.
public enum LayoutMode: String, Sendable, CaseIterable {
    case stream, dashboard
}

/// A message and the pane it went to, as the pane was at that moment.
public struct Delivery: Equatable, Sendable {
    public var pane: String
    /// The pane's place among the panes, for renderers that draw panes in order.
    public var order: Int
    public var kind: Pane.Kind
    public var isShown: Bool
    public var headerless: Bool
    public var message: PaneMessage

    /// Whether a renderer shows it: a shown pane's messages, and, wherever they were routed, errors and the
    /// playground's own answers (hiding a pane never silences them).
    public var isVisible: Bool { isShown || message.isError || (message.source == "session" && message.topic == "out") }
}
