// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// One state of a music player: how it answers each button and the passing of time. The player holds one state
/// object and hands it every press; a state that wants another one tells the player (`transition(to:)`).
public protocol PlayerState: AnyObject {
    func play(_ player: MusicPlayer)
    func pause(_ player: MusicPlayer)
    func stop(_ player: MusicPlayer)
    /// `seconds` of time have passed.
    func tick(_ player: MusicPlayer, seconds: Int)
}

/// The context: a player of one track, as a Now Playing screen shows it. It never asks which state it is in: every
/// button goes to its state object, and what the button does depends on which object that is.
public final class MusicPlayer {
    /// The state every button is handed to.
    public private(set) var state: PlayerState
    public let track: String
    /// Seconds into the track.
    public private(set) var position = 0

    public init(track: String, state: PlayerState = StoppedState()) {
        self.track = track
        self.state = state
    }

    public func play() {
        CallRecord.call(self, "play()") { CallRecord.call(state, "play(_:)", self) { state.play(self) } }
    }

    public func pause() {
        CallRecord.call(self, "pause()") { CallRecord.call(state, "pause(_:)", self) { state.pause(self) } }
    }

    public func stop() {
        CallRecord.call(self, "stop()") { CallRecord.call(state, "stop(_:)", self) { state.stop(self) } }
    }

    /// Lets `seconds` of time pass (0 to 3600).
    public func tick(_ seconds: Int) {
        CallRecord.call(self, "tick(_:)", seconds) {
            let seconds = min(max(seconds, 0), 3600)
            CallRecord.call(state, "tick(_:seconds:)", self, seconds) { state.tick(self, seconds: seconds) }
        }
    }

    /// Makes `state` the one every button goes to from now on.
    public func transition(to state: PlayerState) {
        CallRecord.call(self, "transition(to:)", state) { self.state = state }
    }

    /// Moves the position on by `seconds` (0 to 3600).
    public func advance(by seconds: Int) {
        CallRecord.call(self, "advance(by:)", seconds) { position += min(max(seconds, 0), 3600) }
    }

    /// Back to the start of the track.
    public func rewind() {
        CallRecord.call(self, "rewind()") { position = 0 }
    }
}

/// Stopped: play starts the track from the beginning; nothing else does anything.
public final class StoppedState: PlayerState, CustomStringConvertible {
    public init() {}
    public func play(_ player: MusicPlayer) {
        player.rewind()
        player.transition(to: PlayingState())
    }
    public func pause(_ player: MusicPlayer) {}
    public func stop(_ player: MusicPlayer) {}
    public func tick(_ player: MusicPlayer, seconds: Int) {}
    public var description: String { "StoppedState()" }
}

/// Playing: time moves the position on; pause keeps the place, stop goes back to the start.
public final class PlayingState: PlayerState, CustomStringConvertible {
    public init() {}
    public func play(_ player: MusicPlayer) {}
    public func pause(_ player: MusicPlayer) { player.transition(to: PausedState()) }
    public func stop(_ player: MusicPlayer) {
        player.rewind()
        player.transition(to: StoppedState())
    }
    public func tick(_ player: MusicPlayer, seconds: Int) { player.advance(by: seconds) }
    public var description: String { "PlayingState()" }
}

/// Paused: play goes on from the same place; time does not move it.
public final class PausedState: PlayerState, CustomStringConvertible {
    public init() {}
    public func play(_ player: MusicPlayer) { player.transition(to: PlayingState()) }
    public func pause(_ player: MusicPlayer) {}
    public func stop(_ player: MusicPlayer) {
        player.rewind()
        player.transition(to: StoppedState())
    }
    public func tick(_ player: MusicPlayer, seconds: Int) {}
    public var description: String { "PausedState()" }
}
