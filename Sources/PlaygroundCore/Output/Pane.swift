/// A message a colleague (live object, lesson, session) posts. Colleagues never know which pane shows it.
public struct PaneMessage: Equatable, Sendable {
    public var topic: String
    /// Who posted it, e.g. `builder`, `employee`, `session`.
    public var source: String
    public var isError: Bool
    /// A shorter form for the stream layout, where every line scrolls the step away: for the state pane, only the
    /// objects that changed. The dashboard and JSON Lines show `text`, which is whole.
    public var brief: String?
    var body: Body

    /// The text, or the snapshot it is drawn from: the whole state pane is drawn only when something shows it (the
    /// dashboard, JSON Lines, a test), not for the stream, which shows `brief`.
    enum Body: Equatable, Sendable {
        case text(String)
        case state([StateGroup], changed: [StateChange])
    }

    public var text: String {
        switch body {
        case .text(let text): return text
        case .state(let groups, let changed): return StateView.pane(groups, changed: changed)
        }
    }

    /// The text as a screen box shows it: a state with the changed objects and fields first, so that a short box
    /// shows what the command did.
    public var screenText: String {
        switch body {
        case .text(let text): return text
        case .state(let groups, let changed): return StateView.pane(groups, changed: changed, changedFirst: true)
        }
    }

    public init(topic: String, source: String, text: String, isError: Bool = false, brief: String? = nil) {
        self.topic = topic
        self.source = source
        self.body = .text(text)
        self.isError = isError
        self.brief = brief
    }

    /// The state pane's message: the whole pane drawn on demand, the brief form given.
    init(stateOf groups: [StateGroup], changed: [StateChange], brief: String?, source: String) {
        self.topic = "state"
        self.source = source
        self.body = .state(groups, changed: changed)
        self.isError = false
        self.brief = brief
    }
}

/// A named output region.
public final class Pane {
    public enum Kind: Sendable { case snapshot, append }
    public let name: String
    /// `snapshot` panes show only their latest message (state, product); `append` panes keep a log.
    public let kind: Kind
    public var isShown: Bool
    /// Shown without a header in the stream layout (command answers and errors).
    public let headerless: Bool
    /// Recent messages, kept for the dashboard (snapshot: the last one; append: the last few).
    var recent: [PaneMessage] = []
    /// When the pane last received a message (the mediator's count of posts): the dashboard shows the panes the
    /// latest commands reached first when not all of them fit.
    public internal(set) var stamp = 0

    /// The lines a screen box shows (a state with what changed first).
    public var screenContent: [String] {
        let lines = recent.flatMap {
            $0.screenText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return kind == .append ? Array(lines.suffix(Mediator.appendKeep)) : lines
    }

    /// The pane's text as lines, for the dashboard: the latest message of a snapshot pane, recent lines of a log.
    public var content: [String] {
        let lines = recent.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        return kind == .append ? Array(lines.suffix(Mediator.appendKeep)) : lines
    }

    public init(name: String, kind: Kind, isShown: Bool = true, headerless: Bool = false) {
        self.name = name
        self.kind = kind
        self.isShown = isShown
        self.headerless = headerless
    }
}
