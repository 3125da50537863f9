// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// What a game tells whoever listens.
public enum GameEvent: String, Sendable, CaseIterable {
    case scoreChanged, gameOver
}

/// One post: the event, the value it is about (the score), and who posted it.
public struct HubNotification: Equatable, Sendable {
    public let event: GameEvent
    public let value: Int
    public let sender: String
    public init(event: GameEvent, value: Int, sender: String) {
        self.event = event
        self.value = value
        self.sender = sender
    }
}

/// An observer: an object that signs up with a hub for the events it wants to hear.
public protocol HubObserver: AnyObject {
    /// How the hub's record of a post names this observer.
    var name: String { get }
    func hub(_ hub: NotificationHub, didPost notification: HubNotification)
}

/// A notification centre: a poster tells the hub an event, and the hub tells every observer signed up for that
/// event, in the order they signed up. Posters and observers never know each other: one-to-many, where a delegate
/// is one-to-one. Like Foundation's NotificationCenter, the hub holds its observers weakly (it never keeps one
/// alive), and an observer signed up twice is told twice.
public final class NotificationHub {
    private struct SignUp {
        weak var observer: HubObserver?
        let event: GameEvent
    }

    /// A post as the hub delivered it: the notification, and the names of the observers it told.
    public struct Delivery: Equatable, Sendable {
        public let notification: HubNotification
        public let told: [String]
    }

    private var signUps: [SignUp] = []
    /// The last post, and whom it reached.
    public private(set) var lastDelivery: Delivery?

    public init() {}

    public func addObserver(_ observer: HubObserver, for event: GameEvent) {
        CallRecord.call(self, "addObserver(_:for:)", observer, event) {
            signUps.append(SignUp(observer: observer, event: event))
        }
    }

    /// Signs the observer off one event (every time it signed up for it).
    public func removeObserver(_ observer: HubObserver, for event: GameEvent) {
        CallRecord.call(self, "removeObserver(_:for:)", observer, event) {
            signUps.removeAll { $0.observer === observer && $0.event == event }
        }
    }

    /// Signs the observer off every event.
    public func removeObserver(_ observer: HubObserver) {
        CallRecord.call(self, "removeObserver(_:)", observer) {
            signUps.removeAll { $0.observer === observer }
        }
    }

    /// The observers signed up for `event` that are still alive, once per sign-up.
    public func observers(of event: GameEvent) -> [HubObserver] {
        signUps.filter { $0.event == event }.compactMap(\.observer)
    }

    /// Tells every observer of the event; returns the delivery.
    @discardableResult
    public func post(_ event: GameEvent, value: Int, from sender: String) -> Delivery {
        CallRecord.call(self, "post(_:value:from:)", event, value, sender) {
            signUps.removeAll { $0.observer == nil }
            let notification = HubNotification(event: event, value: value, sender: sender)
            let listeners = observers(of: event)
            for observer in listeners {
                CallRecord.call(observer, "hub(_:didPost:)", self, notification) {
                    observer.hub(self, didPost: notification)
                }
            }
            let delivery = Delivery(notification: notification, told: listeners.map(\.name))
            lastDelivery = delivery
            return delivery
        }
    }
}

/// The poster: it keeps the score and tells its hub, without knowing who listens.
public final class Game {
    public enum Error: Swift.Error, Equatable {
        /// Points come 1 to 100 at a time.
        case invalidPoints(Int)
    }

    public let hub: NotificationHub
    public private(set) var score = 0
    public private(set) var isOver = false

    public init(hub: NotificationHub) { self.hub = hub }

    public func addPoints(_ points: Int) throws {
        try CallRecord.call(self, "addPoints(_:)", points) {
            guard (1...100).contains(points) else { throw Error.invalidPoints(points) }
            score += points
            hub.post(.scoreChanged, value: score, from: "game")
        }
    }

    public func finish() {
        CallRecord.call(self, "finish()") {
            isOver = true
            hub.post(.gameOver, value: score, from: "game")
        }
    }
}

/// Shows the score, and the final score when the game is over.
public final class ScoreLabel: HubObserver {
    public let name: String
    public private(set) var text = "Score: 0"
    /// How many notifications it was told.
    public private(set) var updates = 0
    public init(name: String = "label") { self.name = name }
    public func hub(_ hub: NotificationHub, didPost notification: HubNotification) {
        updates += 1
        text = notification.event == .gameOver ? "Game over: \(notification.value)" : "Score: \(notification.value)"
    }
}

/// Plays a sound for each event it hears.
public final class SoundPlayer: HubObserver {
    public let name: String
    public private(set) var played: [String] = []
    public init(name: String = "sound") { self.name = name }
    public func hub(_ hub: NotificationHub, didPost notification: HubNotification) {
        played.append(notification.event == .gameOver ? "fanfare" : "ding")
    }
}

/// Unlocks a badge once the score reaches 10, and another when a game is finished.
public final class AchievementTracker: HubObserver {
    public let name: String
    public private(set) var unlocked: [String] = []
    public init(name: String = "achievements") { self.name = name }
    public func hub(_ hub: NotificationHub, didPost notification: HubNotification) {
        let badge =
            switch notification.event {
            case .scoreChanged: notification.value >= 10 ? "10 points" : nil
            case .gameOver: "finisher"
            }
        if let badge, !unlocked.contains(badge) { unlocked.append(badge) }
    }
}
