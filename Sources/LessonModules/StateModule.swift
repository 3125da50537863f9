import Patterns
import PlaygroundCore

/// The `state` lesson: a music player (the context) hands every button and the passing of time to its state object
/// (stopped, playing, paused, or an ad the learner writes), which decides what happens and which state comes next.
/// The buttons are short commands that spell the player's calls; the state pane reads the real player.
enum StateModule {
    static let factory = DeclaredModule.factory("state") { m in
        let player = MusicPlayer(track: "Intro")
        m.live("player", player) { api in
            api.call("play", MusicPlayer.play)
            api.call("pause", MusicPlayer.pause)
            api.call("stop", MusicPlayer.stop)
            api.call("tick", MusicPlayer.tick)
            api.call("advance", "by", MusicPlayer.advance)
            api.call("rewind", MusicPlayer.rewind)
            // `player.transition(to: PausedState())` runs in the interpreter, with or without a toolchain.
            api.call("transition", "to") { player in
                { (made: MadeState) in made.state(m.context.learnerNames()).map(player.transition) }
            }
        }
        m.command("play", summary: "player.play()") { _ in "player.play()" }
        m.command("pause", summary: "player.pause()") { _ in "player.pause()" }
        m.command("stop", summary: "player.stop()") { _ in "player.stop()" }
        m.command("wait", [ArgumentSpec("seconds", .int)], summary: "player.tick(_:)") {
            "player.tick(\(try $0.number(0)))"
        }
    }
}

/// A state the interpreter makes in a call (`StoppedState()`, `PlayingState()`, `PausedState()`), or one the learner
/// bound with `let` (made by the compiler, of one of these types).
struct MadeState: ArgumentType {
    /// The state, made afresh or found among the learner's names (a `weak var` is not there).
    let state: ([(name: String, value: Any)]) -> PlayerState?
    static let made: [String: @Sendable () -> PlayerState] = [
        "StoppedState": { StoppedState() }, "PlayingState": { PlayingState() }, "PausedState": { PausedState() },
    ]

    static var parameterType: ParamType {
        .instance(type: "PlayerState", initializers: made.keys.sorted().map { Initializer($0, []) })
    }

    init(checked value: ArgValue) throws(InternalError) {
        switch value {
        case .constructed(let type, _):
            guard let make = Self.made[type] else { throw InternalError("\(type)() is not a state of the player") }
            state = { _ in make() }
        case .object(let name):
            state = { names in names.first(where: { $0.name == name })?.value as? PlayerState }
        default: throw InternalError("a checked argument \(value) is not a state of the player")
        }
    }
}
