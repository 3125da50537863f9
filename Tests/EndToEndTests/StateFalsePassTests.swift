import Foundation
import PlaygroundTestSupport
import Testing

/// The State lesson's code exercise against an `AdState` that, once the ad is over, moves the player's position
/// itself instead of handing the player to a `PlayingState`: the real binary, the real compiler, the file written by
/// an "editor".
extension CodeExerciseTests {
    /// An ad with `tick` as given: the rest as the lesson's solution has it.
    static func ad(tick: String) -> String {
        """
        import Patterns
        final class AdState: PlayerState {
            private(set) var remaining: Int
            init(seconds: Int) { remaining = seconds }
            func play(_ player: MusicPlayer) {}
            func pause(_ player: MusicPlayer) {}
            func stop(_ player: MusicPlayer) {
                player.rewind()
                player.transition(to: StoppedState())
            }
            func tick(_ player: MusicPlayer, seconds: Int) {
                \(tick)
            }
        }
        """
    }

    /// The position ends where the goal wants it (65), moved by the ad on the player directly; but the player is
    /// still in the ad, and no state moved it on.
    static let adThatPlaysItself = ad(
        tick: "if remaining == 0 { player.advance(by: seconds) }; remaining = max(0, remaining - seconds)")

    /// The honest ad: the player goes on to a `PlayingState`, which moves the position.
    static let adThatHandsOn = ad(
        tick: "remaining = max(0, remaining - seconds); if remaining == 0 { player.transition(to: PlayingState()) }")

    @Test(arguments: [(adThatPlaysItself, false), (adThatHandsOn, true)])
    func anAdThatMovesThePlayerItselfFails(file: String, honest: Bool) throws {
        let (shown, output) = try playground.codeStep("state", file: file)
        if honest {
            #expect(shown.hasPrefix("✓ goal met: step \(try CodeExercise("state").step) is done"), "\(output)")
            return
        }
        #expect(shown.hasPrefix("✗ not yet: 3 of 6 goal fields differ\n"), "\(output)")
        #expect(shown.contains("  player.state  expected PlayingState(), actual same object as ad\n"), "\(output)")
        #expect(
            shown.contains("  trace.has     expected ad -> player.transition(to: a PlayingState), actual no such call"),
            "\(output)")
        // What ran says who moved the position: the ad, on the player.
        #expect(shown.contains("    ad -> player.advance(by: 5)\n"), "\(output)")
    }
}
