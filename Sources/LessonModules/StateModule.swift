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
            // `player.transition(to: PausedState())` runs in the interpreter, with or without a toolchain; a state the
            // learner bound with `let` is the compiler's, found under its name.
            let states = m.makes(
                PlayerState.self, Maker("PausedState") { PausedState() }, Maker("PlayingState") { PlayingState() },
                Maker("StoppedState") { StoppedState() })
            api.call("transition", "to", MusicPlayer.transition, made: states)
        }
        m.command("play", summary: "player.play()") { _ in "player.play()" }
        m.command("pause", summary: "player.pause()") { _ in "player.pause()" }
        m.command("stop", summary: "player.stop()") { _ in "player.stop()" }
        m.command("wait", [ArgumentSpec("seconds", .int)], summary: "player.tick(_:)") {
            "player.tick(\(try $0.number(0)))"
        }
    }
}
