import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// "Stuck longest" lists who has been stuck longest first (instructor-5.md, problem 4): three fresh failed checks do
/// not outrank a learner who has been behind the presenter for longer.
@Suite struct StuckOrderTests {
    func failedCheck(_ seq: Int, step: Int) -> Report {
        Report(seq: seq, kind: .check, lesson: "builder", step: step, passed: false, at: 1)
    }

    @Test func stuckLongestIsWhoBecameStuckFirst() throws {
        let clock = TestClock()
        let (room, _, _) = try roomAtStepOne(
            "stuck-order", clock: clock, exerciseSteps: [5, 6, 10], names: ["Idle Ian"])
        clock.now += 20
        _ = try room.present(PresenterUpdate(step: 6), token: room.presenterToken)
        // Ian is stuck a minute after the presenter went past; 90 s later, six learners fail three checks (the
        // reviewer's board: they came first, as three failed checks counted three minutes).
        clock.now += 150
        let failing = try (1...6).map { try room.join(name: "Failing \($0)") }
        for learner in failing {
            _ = try room.report((1...3).map { failedCheck($0, step: 6) }, token: learner.token)
            clock.now += 1
        }
        let names = room.snapshot().stuck.map(\.name)
        #expect(names.first == "Idle Ian", "\(names)")
        #expect(names == ["Idle Ian"] + (1...6).map { "Failing \($0)" })
        // The count is in the heading.
        let html = BoardPage(lang: .en, joinURL: "http://x/ABC").body(room.snapshot())
        #expect(html.contains("<h2>Stuck longest <span class=\"count\" id=\"stuck-count\">· 7</span></h2>"))
        // A learner who failed three checks before Ian fell behind comes first.
        clock.now += 60
        let (early, _, _) = try roomAtStepOne(
            "stuck-order-2", clock: clock, exerciseSteps: [5, 6, 10], names: ["Idle Ian"])
        let mia = try early.join(name: "Mia")
        _ = try early.present(PresenterUpdate(step: 5), token: early.presenterToken)
        _ = try early.report((1...3).map { failedCheck($0, step: 5) }, token: mia.token)
        clock.now += 5 * 60
        _ = try early.report((4...15).map { failedCheck($0, step: 5) }, token: mia.token)
        #expect(early.snapshot().stuck.map(\.name) == ["Mia", "Idle Ian"])
    }

    /// A restart keeps the stuck list and its minutes (instructor-5.md, problem 3): when the presenter went past each
    /// step is kept with the class.
    @Test func aRestartKeepsWhoIsStuckAndForHowLong() throws {
        let clock = TestClock()
        let (room, _, directory) = try roomAtStepOne("stuck-restart", clock: clock, names: ["Idle Ian", "Idle Ida"])
        clock.now += 20
        _ = try room.present(PresenterUpdate(step: 2), token: room.presenterToken)
        clock.now += 6 * 60
        let before = room.snapshot().stuck.map { "\($0.name) \($0.idleMinutes)" }
        #expect(before == ["Idle Ian 6", "Idle Ida 6"])
        // The server stops and starts again a minute later, with the same class.
        clock.now += 60
        let again = try ClassRoom(directory: directory, stuckMinutes: 1, clock: { clock.now })
        #expect(again.snapshot().stuck.map { "\($0.name) \($0.idleMinutes)" } == ["Idle Ian 7", "Idle Ida 7"])
    }
}
