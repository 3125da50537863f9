import Patterns
import PlaygroundCore

/// The `observer` lesson: a game posts to a notification hub, and the hub tells every observer signed up for the
/// event (a label, a sound player, an achievement tracker, or a type the learner writes). All of them are the real
/// objects of `Patterns`; the state pane reads them, and the hub's own record says whom a post reached.
public enum ObserverModule {
    public static let factory = DeclaredModule.factory("observer", messages: ObserverText.allCases.map(\.phrase)) { m in
        let hub = NotificationHub()
        let game = Game(hub: hub)
        let label = ScoreLabel()
        let sound = SoundPlayer()
        let achievements = AchievementTracker()
        // The label and the sound sign up for both events; the achievements wait to be signed up.
        for event in GameEvent.allCases {
            hub.addObserver(label, for: event)
            hub.addObserver(sound, for: event)
        }
        // The lesson's observers by the names Swift sees them under, and the words of `observe` and `unobserve`.
        let observers = Named(HubObserver.self, ["label": label, "sound": sound, "achievements": achievements])
        let signUp = [
            ArgumentSpec("observer", .choice(observers.names)),
            ArgumentSpec("event", .choice(GameEvent.allCases.map(\.rawValue))),
        ]

        m.group("hub", type: "NotificationHub") { fields(of: hub) }
        m.live("game", game, fields: ["score", "isOver"]) { api in
            api.call("addPoints", Game.addPoints)
            api.call("finish", Game.finish)
            api.property("score", \.score)
            api.thrown { error in
                guard case Game.Error.invalidPoints(let n) = error else { return nil }
                // Thrown before the score changes (`Game.addPoints` checks first): nothing to roll back.
                return ThrownError(
                    "Game.Error.invalidPoints(\(n))", ObserverText.pointsRange(String(n)), reflecting: error,
                    changedNothing: true)
            }
            api.after { posted(hub.lastDelivery, label: label, sound: sound, achievements: achievements, m.context) }
        }
        m.live("hub", hub, state: false) { api in
            api.call("addObserver", (nil, "for"), NotificationHub.addObserver, named: observers)
            api.call("removeObserver", (nil, "for"), NotificationHub.removeObserver, named: observers)
            api.call("removeObserver", NotificationHub.removeObserver, named: observers)
        }
        m.live("label", label, fields: ["text", "updates"]) { api in api.property("text", \.text) }
        m.live("sound", sound, fields: ["played"])
        m.live("achievements", achievements, fields: ["unlocked"])
        m.pane("observers", topics: ["observers"])

        m.command("score", [ArgumentSpec("points", .int)], summary: "game.addPoints(_:)") {
            "try game.addPoints(\(try $0.number(0)))"
        }
        m.command("finish", summary: "game.finish()") { _ in "game.finish()" }
        m.command("observe", signUp, summary: "hub.addObserver(_:for:)") {
            "hub.addObserver(\(try $0.word(0)), for: .\(try $0.word(1)))"
        }
        m.command("unobserve", signUp, summary: "hub.removeObserver(_:for:)") {
            "hub.removeObserver(\(try $0.word(0)), for: .\(try $0.word(1)))"
        }
    }

    /// A post a call of the game made: the log says whom the hub told, and each observer's pane line what it did.
    static func posted(
        _ delivery: NotificationHub.Delivery?, label: ScoreLabel, sound: SoundPlayer,
        achievements: AchievementTracker, _ context: ModuleContext
    ) {
        guard let delivery else { return }
        let note = delivery.notification
        context.post(
            "log",
            "\(note.sender) -> hub.post(.\(note.event.rawValue), value: \(note.value), from: "
                + "\(SwiftValue.quoted(note.sender)))",
            source: note.sender)
        var seen = Set<String>()
        for name in delivery.told where seen.insert(name).inserted {
            let times = delivery.told.filter { $0 == name }.count
            let suffix = times > 1 ? ObserverText.times.text(context.lang, String(times)) : ""
            let line =
                switch name {
                case label.name: "label: \(label.text)" + suffix
                case sound.name: "sound: \(sound.played.last ?? "")" + suffix
                case achievements.name:
                    "achievements: "
                        + (achievements.unlocked.isEmpty ? "-" : achievements.unlocked.joined(separator: ", ")) + suffix
                default: ObserverText.toldYours.text(context.lang, name)
                }
            context.post("observers", line, source: name)
        }
    }

    /// Whom the hub tells of each event, and its last post: what the hub's record says, not a stored property.
    static func fields(of hub: NotificationHub) -> [StateField] {
        func names(_ event: GameEvent) -> String {
            let observers = hub.observers(of: event).map(\.name)
            return observers.isEmpty ? "nobody" : observers.joined(separator: ", ")
        }
        let last = hub.lastDelivery.map { "\($0.notification.event.rawValue) \($0.notification.value)" } ?? "-"
        let told = hub.lastDelivery.map { $0.told.isEmpty ? "nobody" : $0.told.joined(separator: ", ") } ?? "-"
        return [
            StateField("scoreChanged", .plain(names(.scoreChanged))), StateField("gameOver", .plain(names(.gameOver))),
            StateField("lastPost", .plain(last)), StateField("told", .plain(told)),
        ]
    }
}

extension GameEvent: CaseArgument {}

/// What the observer lesson's objects say, in English and Korean.
enum ObserverText: String, TextCatalog {
    case pointsRange, times, toldYours

    var texts: (en: String, ko: String) {
        switch self {
        case .pointsRange: ("points come 1 to 100 at a time, not {0}", "점수는 한 번에 1부터 100까지입니다. {0}은(는) 안 됩니다")
        case .times: (" (told {0} times)", " ({0}번 들음)")
        case .toldYours: ("{0}: told (your observer)", "{0}: 알림 받음 (직접 만든 관찰자)")
        }
    }
}
