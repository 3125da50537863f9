/// Routes posted messages to panes by topic. The routing table is live: the learner can see and change it.
public final class Mediator {
    public private(set) var panes: [Pane] = []
    /// topic -> pane name.
    public private(set) var routes: [(topic: String, pane: String)] = []
    /// Deliveries since the last ``takeEvents()``, with the other events of the command in between.
    var events: [Event] = []
    /// While muted, posts are dropped (replaying commands to restore state).
    public var isMuted = false
    static let appendKeep = 200
    /// How many messages were delivered so far (each pane's `stamp` is this count at its last message).
    var posts = 0
    /// The count of posts when the events before the latest ones were taken: a pane whose stamp is above it was
    /// reached by the latest command.
    public private(set) var latestFrom = 0
    var takenAt = 0

    public init() {}

    /// The standard panes and routes every session starts with.
    public static func standard() -> Mediator {
        let m = Mediator()
        m.restoreStandard()
        return m
    }

    /// Back to the standard panes and routes, every pane shown: what a session starts with, and what a lesson's
    /// replay starts from, so that nothing a replaced module or an undone command made survives it.
    /// The standard panes keep what they show (the dashboard's history survives an undo).
    public func restoreStandard() {
        let standard: [(String, Pane.Kind)] = [
            ("lesson", .snapshot), ("code", .append), ("log", .append), ("state", .snapshot),
            ("product", .snapshot), ("out", .append),
        ]
        panes = standard.map { name, kind in
            let pane = self.pane(named: name) ?? Pane(name: name, kind: kind, headerless: name == "out")
            pane.isShown = true
            return pane
        }
        routes = standard.map { ($0.0, $0.0) } + [("error", "out")]
    }

    /// The panes, their routes and whether each is shown: the mediator's part of the state that replay restores.
    public var configuration: [PaneConfiguration] {
        panes.map { PaneConfiguration(name: $0.name, isShown: $0.isShown, topics: topics(of: $0.name)) }
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
        guard let order = panes.firstIndex(where: { $0.name == name }) ?? panes.firstIndex(where: { $0.name == "log" })
        else { return }
        let pane = panes[order]
        posts += 1
        pane.stamp = posts
        events.append(
            .delivery(
                Delivery(
                    pane: pane.name, order: order, kind: pane.kind, isShown: pane.isShown,
                    headerless: pane.headerless, message: message)))
        switch pane.kind {
        case .snapshot:
            // The array is reused: a snapshot pane gets a message on nearly every command.
            if pane.recent.count == 1 { pane.recent[0] = message } else { pane.recent = [message] }
        case .append:
            pane.recent.append(message)
            // Trim in batches so that a busy log does not shift its array on every post.
            if pane.recent.count > 2 * Self.appendKeep { pane.recent.removeFirst(pane.recent.count - Self.appendKeep) }
        }
    }

    /// Puts a message in its pane without an event: for what only a screen of panes shows (the state right after
    /// `load`), which the stream and JSON Lines would print as noise.
    func place(_ message: PaneMessage) {
        guard !isMuted, let pane = pane(named: paneName(for: message.topic) ?? "log") else { return }
        if pane.kind == .snapshot { pane.recent = [message] } else { pane.recent.append(message) }
    }

    public func post(topic: String, source: String, _ text: String) {
        post(PaneMessage(topic: topic, source: source, text: text))
    }

    /// A non-message event in its place among the deliveries (layout, quit, a command echoed inside `run`).
    public func emit(_ event: Event) {
        guard !isMuted else { return }
        events.append(event)
    }

    /// Where the events and the panes' recent messages stand: a line the interpreter gave up on is taken back to it.
    public struct Mark {
        let events: Int
        let recent: [String: [PaneMessage]]
    }

    public func mark() -> Mark {
        Mark(
            events: events.count,
            recent: Dictionary(panes.map { ($0.name, $0.recent) }, uniquingKeysWith: { a, _ in a }))
    }

    /// Forgets what was posted since `mark`.
    public func rollback(to mark: Mark) {
        if events.count > mark.events { events.removeSubrange(mark.events...) }
        for pane in panes { if let recent = mark.recent[pane.name] { pane.recent = recent } }
    }

    /// The events since the last call, and clears them.
    public func takeEvents() -> [Event] {
        latestFrom = takenAt
        takenAt = posts
        let taken = events
        // The taken array leaves with its storage: the next command's events get room for a typical command at once
        // rather than growing one, two, four, eight.
        events = []
        events.reserveCapacity(8)
        return taken
    }
}

/// One pane as the routing table sees it.
public struct PaneConfiguration: Equatable, Sendable {
    public var name: String
    public var isShown: Bool
    public var topics: [String]
}
