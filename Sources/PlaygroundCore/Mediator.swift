/// A message a colleague (live object, lesson, session) posts. Colleagues never know which pane shows it.
public struct PaneMessage: Equatable, Sendable {
    public var topic: String
    /// Who posted it, e.g. `builder`, `employee`, `session`.
    public var source: String
    public var text: String
    public var isError: Bool

    public init(topic: String, source: String, text: String, isError: Bool = false) {
        self.topic = topic
        self.source = source
        self.text = text
        self.isError = isError
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
    /// Messages since the last render.
    public internal(set) var pending: [PaneMessage] = []
    /// Recent messages, kept for the dashboard (snapshot: the last one; append: the last few).
    var recent: [PaneMessage] = []

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

/// Routes posted messages to panes by topic. The routing table is live: the learner can see and change it.
public final class Mediator {
    public private(set) var panes: [Pane] = []
    /// topic -> pane name.
    public private(set) var routes: [(topic: String, pane: String)] = []
    /// Called for every delivered message (the JSON event stream, recordings).
    public var observer: ((PaneMessage, Pane) -> Void)?
    /// While muted, posts are dropped (replaying commands to restore state).
    public var isMuted = false
    static let appendKeep = 200

    public init() {}

    /// The standard panes and routes every session starts with.
    public static func standard() -> Mediator {
        let m = Mediator()
        m.addPane(Pane(name: "lesson", kind: .snapshot))
        m.addPane(Pane(name: "code", kind: .append))
        m.addPane(Pane(name: "log", kind: .append))
        m.addPane(Pane(name: "state", kind: .snapshot))
        m.addPane(Pane(name: "product", kind: .snapshot))
        m.addPane(Pane(name: "out", kind: .append, headerless: true))
        for topic in ["lesson", "code", "log", "state", "product", "out"] { m.route(topic, to: topic) }
        m.route("error", to: "out")
        return m
    }

    public func pane(named name: String) -> Pane? { panes.first { $0.name == name } }

    /// Adds a pane before the headerless answer pane, so answers stay last. No-op when it exists.
    @discardableResult
    public func addPane(_ pane: Pane) -> Pane {
        if let existing = self.pane(named: pane.name) { return existing }
        if let index = panes.firstIndex(where: { $0.headerless }), !pane.headerless {
            panes.insert(pane, at: index)
        } else {
            panes.append(pane)
        }
        return pane
    }

    public func removePane(named name: String) {
        panes.removeAll { $0.name == name }
        routes.removeAll { $0.pane == name }
    }

    /// Sends `topic` to `pane` (replacing its earlier route).
    public func route(_ topic: String, to pane: String) {
        if let index = routes.firstIndex(where: { $0.topic == topic }) {
            routes[index].pane = pane
        } else {
            routes.append((topic, pane))
        }
    }

    public func paneName(for topic: String) -> String? { routes.first { $0.topic == topic }?.pane }

    public func topics(of pane: String) -> [String] { routes.filter { $0.pane == pane }.map(\.topic) }

    /// Delivers a message to the pane its topic is routed to. Unrouted topics go to `log`.
    public func post(_ message: PaneMessage) {
        guard !isMuted else { return }
        let name = paneName(for: message.topic) ?? "log"
        guard let pane = pane(named: name) ?? pane(named: "log") else { return }
        pane.pending.append(message)
        switch pane.kind {
        case .snapshot:
            pane.recent = [message]
        case .append:
            pane.recent.append(message)
            // Trim in batches so that a busy log does not shift its array on every post.
            if pane.recent.count > 2 * Self.appendKeep { pane.recent.removeFirst(pane.recent.count - Self.appendKeep) }
        }
        observer?(message, pane)
    }

    public func post(topic: String, source: String, _ text: String) {
        post(PaneMessage(topic: topic, source: source, text: text))
    }

    /// The panes with messages since the last call, in pane order, and clears them.
    public func drain() -> [(pane: Pane, messages: [PaneMessage])] {
        var out: [(Pane, [PaneMessage])] = []
        for pane in panes where !pane.pending.isEmpty {
            out.append((pane, pane.pending))
            pane.pending.removeAll(keepingCapacity: true)
        }
        return out
    }
}
