import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// Nobody in the room is invisible (instructor-5.md, problem 8): a learner who joined and never started is listed,
/// and one who quit is said to have left, not counted stuck.
@Suite struct ClassLeftTests {
    @Test func aLearnerWhoJoinedAndNeverStartedIsListed() throws {
        let clock = TestClock()
        let room = try ClassRoom(directory: temporaryDirectory("not-started"), stuckMinutes: 5, clock: { clock.now })
        _ = try room.present(builderAtStep5(), token: room.presenterToken)
        _ = try room.join(name: "Probe")
        clock.now += 4 * 60
        #expect(room.snapshot().stuck.isEmpty)
        clock.now += 2 * 60
        let stuck = room.snapshot().stuck
        #expect(stuck.map(\.name) == ["Probe"] && stuck.first?.notStarted == true)
        let html = BoardPage(lang: .en, joinURL: "http://x/ABC").body(room.snapshot())
        #expect(html.contains("<b>Probe</b> · joined, not started for 6 min</li>"), "\(html)")
    }

    @Test func aLearnerWhoQuitHasLeftAndComesBackWithAReport() throws {
        let clock = TestClock()
        let (room, learners, directory) = try roomAtStepOne("left", clock: clock, names: ["Quinn", "Ida"])
        let quitter = learners[0]
        _ = try room.present(PresenterUpdate(step: 3), token: room.presenterToken)
        clock.now += 5 * 60
        #expect(room.snapshot().stuck.map(\.name) == ["Quinn", "Ida"])
        _ = try room.leave(token: quitter.token)
        let snapshot = room.snapshot()
        #expect(snapshot.stuck.map(\.name) == ["Ida"])
        #expect(snapshot.left == 1 && snapshot.learners == 2)
        #expect(BoardPage(lang: .en, joinURL: "http://x/ABC").body(snapshot).contains("2 in the class · 1 left"))
        // Kept through a restart; a report (the learner is back) ends it.
        let again = try ClassRoom(directory: directory, stuckMinutes: 1, clock: { clock.now })
        #expect(again.snapshot().left == 1)
        _ = try again.report([reached(2, step: 3)], token: quitter.token)
        #expect(again.snapshot().left == 0)
        #expect(throws: Refusal(401, "this learner's token is not known here: join again", reason: .unknownToken)) {
            try again.leave(token: "nobody")
        }
    }
}
