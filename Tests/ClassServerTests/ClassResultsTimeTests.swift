import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// Results carry when things happened, not when they arrived (instructor-5.md, problem 11): a learner offline for a
/// while sends late, with the time of each event.
@Suite struct ClassResultsTimeTests {
    @Test func resultsSayWhenTheLearnerDidIt() throws {
        let clock = TestClock()
        let room = try ClassRoom(directory: temporaryDirectory("results-at"), clock: { clock.now })
        _ = try room.present(builderAtStep5(), token: room.presenterToken)
        let lou = try room.join(name: "Lou Lost")
        let passedAt = clock.now + 33
        // Offline: the pass at +33 s arrives at +189 s.
        clock.now += 189
        _ = try room.report(
            [
                Report(seq: 1, kind: .reached, lesson: "builder", step: 5, at: clock.now - 170),
                Report(seq: 2, kind: .check, lesson: "builder", step: 5, passed: true, at: passedAt),
            ], token: lou.token)
        let row = try #require(room.results().first)
        #expect(row.first == clock.now - 170 && row.last == passedAt)
        #expect(room.resultsCSV().contains(Date(timeIntervalSince1970: passedAt).formatted(.iso8601)))
        // A clock ahead of the server's, or a time from long ago, counts as the arrival.
        _ = try room.report(
            [Report(seq: 3, kind: .hint, lesson: "builder", step: 6, at: clock.now + 3600)], token: lou.token)
        _ = try room.report([Report(seq: 4, kind: .hint, lesson: "builder", step: 7, at: 1)], token: lou.token)
        let later = room.results().filter { $0.step > 5 }
        #expect(later.map(\.last) == [clock.now, clock.now])
    }
}
