import Patterns
import PlaygroundCore

/// The `observer` lesson: a game posts to a notification hub, and the hub tells every observer signed up for the
/// event (a label, a sound player, an achievement tracker, or a type the learner writes). All of them are the real
/// objects of `Patterns`; the state pane reads them, and the hub's own record says whom a post reached.
public final class ObserverModule: LessonModule {
    let context: ModuleContext
    let hub = NotificationHub()
    let game: Game
    let label = ScoreLabel()
    let sound = SoundPlayer()
    let achievements = AchievementTracker()

    public init(context: ModuleContext) {
        self.context = context
        game = Game(hub: hub)
        // The label and the sound sign up for both events; the achievements wait to be signed up.
        for event in GameEvent.allCases {
            hub.addObserver(label, for: event)
            hub.addObserver(sound, for: event)
        }
    }

    public static let factory = ModuleFactory(name: "observer", messages: ObserverText.allCases.map(\.phrase)) {
        ObserverModule(context: $0)
    }

    public var panes: [(name: String, topics: [String])] { [("observers", ["observers"])] }

    /// The lesson's observers by the names Swift sees them under.
    func observer(_ name: ObserverName) -> HubObserver {
        switch name.name {
        case "sound": sound
        case "achievements": achievements
        default: label
        }
    }

    /// A post the module made: the log says whom the hub told, and each observer's pane line what it did.
    func posted() {
        guard let delivery = hub.lastDelivery else { return }
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
            switch name {
            case label.name: context.post("observers", "label: \(label.text)" + suffix, source: name)
            case sound.name: context.post("observers", "sound: \(sound.played.last ?? "")" + suffix, source: name)
            case achievements.name:
                context.post(
                    "observers",
                    "achievements: "
                        + (achievements.unlocked.isEmpty ? "-" : achievements.unlocked.joined(separator: ", "))
                        + suffix,
                    source: name)
            default: context.post("observers", ObserverText.toldYours(name), source: name)
            }
        }
    }

    static func told(_ delivery: NotificationHub.Delivery) -> String {
        delivery.told.isEmpty ? "nobody" : delivery.told.joined(separator: ", ")
    }

    // MARK: live objects

    public lazy var objects: [LiveObject] = [
        LiveObject(
            name: "game", typeName: "Game",
            methods: [
                Method("addPoints", throws: true) { [unowned self] (points: Int) in
                    do { try game.addPoints(points) } catch let error as Game.Error {
                        guard case .invalidPoints(let n) = error else { throw error }
                        // Thrown before the score changes (`Game.addPoints` checks first): nothing to roll back.
                        throw ThrownError(
                            "Game.Error.invalidPoints(\(n))", ObserverText.pointsRange(String(n)), reflecting: error,
                            changedNothing: true)
                    }
                    posted()
                    return .done
                },
                Method("finish") { [unowned self] in
                    game.finish(); posted(); return .done
                },
                Method(property: "score", type: "Int") { [unowned self] in
                    ShownValue(source: String(game.score), printed: String(game.score))
                },
            ]
        ).holding { [unowned self] in game },
        LiveObject(
            name: "hub", typeName: "NotificationHub",
            methods: [
                Method("addObserver", (nil, "for")) { [unowned self] (name: ObserverName, event: GameEvent) in
                    hub.addObserver(observer(name), for: event)
                    return .done
                },
                Method("removeObserver", (nil, "for")) { [unowned self] (name: ObserverName, event: GameEvent) in
                    hub.removeObserver(observer(name), for: event)
                    return .done
                },
                Method("removeObserver") { [unowned self] (name: ObserverName) in
                    hub.removeObserver(observer(name))
                    return .done
                },
            ]
        ).holding { [unowned self] in hub },
        LiveObject(
            name: "label", typeName: "ScoreLabel",
            methods: [
                Method(property: "text", type: "String") { [unowned self] in
                    ShownValue(source: SwiftValue.quoted(label.text), printed: label.text)
                }
            ]
        ).holding { [unowned self] in label },
        LiveObject(name: "sound", typeName: "SoundPlayer", methods: []).holding { [unowned self] in sound },
        LiveObject(name: "achievements", typeName: "AchievementTracker", methods: []).holding { [unowned self] in
            achievements
        },
    ]

    // MARK: short commands

    static let observerNames = ["label", "sound", "achievements"]

    public lazy var commands: [CommandSpec] = [
        CommandSpec(
            "score", [ArgumentSpec("points", .int)], summary: .verbatim("game.addPoints(_:)"),
            .call { .call("game", "addPoints", .value(.int(try $0.number(0)))) }),
        CommandSpec("finish", summary: .verbatim("game.finish()"), .call { _ in .call("game", "finish") }),
        CommandSpec(
            "observe",
            [
                ArgumentSpec("observer", .choice(Self.observerNames)),
                ArgumentSpec("event", .choice(GameEvent.allCases.map(\.rawValue))),
            ],
            summary: .verbatim("hub.addObserver(_:for:)"),
            .call {
                .call(
                    "hub", "addObserver", .value(.reference(try $0.word(0))), .labelled("for", .member(try $0.word(1))))
            }),
        CommandSpec(
            "unobserve",
            [
                ArgumentSpec("observer", .choice(Self.observerNames)),
                ArgumentSpec("event", .choice(GameEvent.allCases.map(\.rawValue))),
            ],
            summary: .verbatim("hub.removeObserver(_:for:)"),
            .call {
                .call(
                    "hub", "removeObserver", .value(.reference(try $0.word(0))),
                    .labelled("for", .member(try $0.word(1))))
            }),
    ]

    // MARK: state

    static func list(_ items: [String]) -> String { "[" + items.map(SwiftValue.quoted).joined(separator: ", ") + "]" }

    public func state() -> [StateGroup] {
        func names(_ event: GameEvent) -> String {
            let observers = hub.observers(of: event).map(\.name)
            return observers.isEmpty ? "nobody" : observers.joined(separator: ", ")
        }
        let last = hub.lastDelivery.map { "\($0.notification.event.rawValue) \($0.notification.value)" } ?? "-"
        return [
            StateGroup(
                "hub", type: "NotificationHub",
                [
                    StateField("scoreChanged", .plain(names(.scoreChanged))),
                    StateField("gameOver", .plain(names(.gameOver))),
                    StateField("lastPost", .plain(last)),
                    StateField("told", .plain(hub.lastDelivery.map(Self.told) ?? "-")),
                ]),
            StateGroup(
                "game", type: "Game",
                [
                    StateField("score", .number(game.score)),
                    StateField("isOver", .plain(game.isOver ? "true" : "false")),
                ]),
            StateGroup(
                "label", type: "ScoreLabel",
                [StateField("text", .string(label.text)), StateField("updates", .number(label.updates))]),
            StateGroup("sound", type: "SoundPlayer", [StateField("played", .plain(Self.list(sound.played)))]),
            StateGroup(
                "achievements", type: "AchievementTracker",
                [StateField("unlocked", .plain(Self.list(achievements.unlocked)))]),
        ]
    }
}

extension GameEvent: CaseArgument {}

/// `hub.addObserver(label, for: .gameOver)`: one of the lesson's observers, by name. An object the learner made is
/// not one of them: the compiler passes it.
struct ObserverName: ArgumentType {
    let name: String
    static var parameterType: ParamType { .object(type: "HubObserver", names: ObserverModule.observerNames) }
    init(checked value: ArgValue) throws(InternalError) {
        guard case .object(let name) = value else {
            throw InternalError("a checked argument \(value) is not an observer")
        }
        self.name = name
    }
}

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
