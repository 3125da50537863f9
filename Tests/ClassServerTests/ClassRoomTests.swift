import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// A clock the tests move by hand.
final class TestClock: @unchecked Sendable {
    var now: Double = 1_800_000_000
}

func check(_ seq: Int, step: Int, passed: Bool, lesson: String = "builder") -> Report {
    Report(seq: seq, kind: .check, lesson: lesson, step: step, passed: passed, at: 1)
}

/// The class's rules, without the network: who may change what, what is kept, what the board shows.
@Suite struct ClassRoomTests {
    func room(_ directory: String, clock: TestClock = TestClock()) throws -> ClassRoom {
        try ClassRoom(directory: directory, stuckMinutes: 5, clock: { clock.now })
    }

    func presenting(_ room: ClassRoom, step: Int = 5) throws {
        _ = try room.present(
            PresenterUpdate(
                lesson: "builder", lessonTitle: "The Builder pattern", step: step,
                titles: (1...12).map { "Step \($0)" }, predictionSteps: [5]), token: room.presenterToken)
    }

    @Test func namesAreBoundedAndClean() throws {
        let room = try room(temporaryDirectory("names"))
        for bad in ["", "   ", String(repeating: "x", count: 41), "bell\u{7}", "line\nbreak", "\u{202E}reversed"] {
            #expect(throws: Refusal.self, "\(bad.debugDescription)") { try room.join(name: bad) }
        }
        #expect(room.learnerCount == 0)
        let joined = try room.join(name: "  김민지  ")
        #expect(joined.name == "김민지")
        #expect(joined.token.count == 24)
        #expect(room.learnerCount == 1)
    }

    @Test func onlyThePresentersTokenChangesTheStepOrReveals() throws {
        let room = try room(temporaryDirectory("presenter"))
        try presenting(room)
        let learner = try room.join(name: "Ann")
        let before = room.currentState
        for token in [
            // One character changed (a token that ends in "z" gets a "y": the same token would be the presenter's).
            learner.token, "", "x",
            String(room.presenterToken.dropLast()) + (room.presenterToken.last == "z" ? "y" : "z"),
            room.presenterToken.lowercased() == room.presenterToken ? "Q" : room.presenterToken.lowercased(),
        ] {
            for update in [
                PresenterUpdate(step: 7), PresenterUpdate(revealAnswers: 5), PresenterUpdate(revealSolution: true),
                PresenterUpdate(tries: true),
            ] {
                #expect(
                    throws: Refusal(
                        403, "only the presenter's token changes the step or reveals answers", reason: .notPresenter)
                ) {
                    try room.present(update, token: token)
                }
            }
        }
        #expect(throws: Refusal.self) { try room.present(PresenterUpdate(step: 3), token: nil) }
        #expect(room.currentState == before)
        let moved = try room.present(PresenterUpdate(step: 7), token: room.presenterToken)
        #expect(moved.step == 7 && moved.stepTitle == "Step 7")
    }

    @Test func aLearnerReportsOnlyAsThemself() throws {
        let room = try room(temporaryDirectory("self"))
        try presenting(room)
        let ann = try room.join(name: "Ann"), bob = try room.join(name: "Bob")
        _ = try room.report([check(1, step: 5, passed: true)], token: bob.token)
        #expect(throws: Refusal(401, "this learner's token is not known here: join again", reason: .unknownToken)) {
            try room.report([check(1, step: 5, passed: false)], token: "not-a-token")
        }
        let rows = room.results()
        #expect(rows.map(\.name) == ["Bob"])
        #expect(rows.first?.passed == true)
        _ = ann
    }

    @Test func aBatchWithOneBadReportChangesNothing() throws {
        let room = try room(temporaryDirectory("batch"))
        try presenting(room)
        let ann = try room.join(name: "Ann")
        let bad: [[Report]] = [
            [check(1, step: 5, passed: true), Report(seq: 2, kind: .check, lesson: "builder", step: 5, at: 1)],
            [check(1, step: 5, passed: true), check(2, step: 0, passed: true)],
            [check(1, step: 5, passed: true), check(2, step: 5, passed: true, lesson: "../etc")],
            [
                Report(
                    seq: 1, kind: .predict, lesson: "builder", step: 5, answer: String(repeating: "9", count: 41), at: 1
                )
            ],
            [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "", at: 1)],
            // A prediction is an option's number, never a text for the projector.
            [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "\"><b>", at: 1)],
            [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "0", at: 1)],
            [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "hello", at: 1)],
            [check(0, step: 5, passed: true)],
            (1...201).map { check($0, step: 5, passed: true) },
        ]
        for batch in bad {
            #expect(throws: Refusal.self) { try room.report(batch, token: ann.token) }
        }
        #expect(room.results().isEmpty)
        #expect(room.totalReports == 0)
    }

    @Test func aReportSentTwiceCountsOnceAndTheFirstPredictionCounts() throws {
        let room = try room(temporaryDirectory("twice"))
        try presenting(room)
        let ann = try room.join(name: "Ann")
        let first = Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "1", at: 1)
        let second = Report(seq: 2, kind: .predict, lesson: "builder", step: 5, answer: "2", at: 2)
        _ = try room.report([first, check(3, step: 5, passed: false)], token: ann.token)
        let receipt = try room.report(
            [first, second, check(3, step: 5, passed: false), check(4, step: 5, passed: true)], token: ann.token)
        #expect(receipt.through == 4)
        #expect(room.totalReports == 4)
        let row = try #require(room.results().first)
        #expect(row.prediction == "1")
        #expect(row.checks == 2 && row.failedChecks == 1 && row.passed)
    }

    @Test func aRestartKeepsTheClass() throws {
        let directory = temporaryDirectory("restart")
        let (code, token, csv): (String, String, String)
        do {
            let room = try room(directory)
            try presenting(room)
            let ann = try room.join(name: "Ann")
            _ = try room.report(
                [check(1, step: 5, passed: true), Report(seq: 2, kind: .hint, lesson: "builder", step: 6, at: 1)],
                token: ann.token)
            _ = try room.present(PresenterUpdate(revealAnswers: 5), token: room.presenterToken)
            (code, token, csv) = (room.code, room.presenterToken, room.resultsCSV())
        }
        let again = try room(directory)
        #expect(again.code == code && again.presenterToken == token)
        #expect(again.resultsCSV() == csv)
        #expect(again.currentState.step == 5 && again.currentState.answersRevealed == [5])
        #expect(again.learnerCount == 1 && again.totalReports == 2)
        // The learner's token still works, and seq goes on from where it was.
        let ann = try #require(again.learners.values.first)
        let receipt = try again.report(
            [check(1, step: 5, passed: false), check(3, step: 6, passed: true)], token: ann.token)
        #expect(receipt.through == 3 && again.totalReports == 3)
    }

    @Test func theStuckAreTheOnesWithFailedChecksOrLeftBehind() throws {
        let clock = TestClock()
        let room = try room(temporaryDirectory("stuck"), clock: clock)
        try presenting(room)
        let ann = try room.join(name: "Ann"), bob = try room.join(name: "Bob"), cy = try room.join(name: "Cy")
        _ = try room.report((1...3).map { check($0, step: 5, passed: false) }, token: ann.token)
        _ = try room.report([check(1, step: 5, passed: false), check(2, step: 5, passed: true)], token: bob.token)
        _ = try room.report([Report(seq: 1, kind: .reached, lesson: "builder", step: 4, at: 1)], token: cy.token)
        #expect(room.snapshot().stuck.map(\.name) == ["Ann"])
        clock.now += 6 * 60
        // Six minutes later Cy is still on step 4, behind the presenter; Bob passed, so Bob is not stuck. Ann has been
        // stuck longer (since her third failed check; Cy since a minute ago): she comes first.
        #expect(room.snapshot().stuck.map(\.name) == ["Ann", "Cy"])
        #expect(room.snapshot().stuck.map(\.failed) == [3, 0])
        #expect(room.snapshot().stuck.map(\.idleMinutes) == [0, 6])
    }

    @Test func theBoardEscapesEveryText() throws {
        let room = try room(temporaryDirectory("escape"))
        _ = try room.present(
            PresenterUpdate(
                lesson: "builder", lessonTitle: "<i>Builder</i>", step: 1, titles: ["<img src=x onerror=alert(1)>"]),
            token: room.presenterToken)
        let ann = try room.join(name: "<script>alert(1)</script>")
        _ = try room.report(
            (2...4).map { check($0, step: 1, passed: false) },
            token: ann.token)
        _ = try room.present(PresenterUpdate(revealAnswers: 1), token: room.presenterToken)
        let body = BoardPage(lang: .en, joinURL: "http://127.0.0.1:7070/\(room.code)").body(room.snapshot())
        #expect(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(body.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(body.contains("&lt;i&gt;Builder&lt;/i&gt;"))
        for raw in ["<script>", "<img", "<i>"] { #expect(!body.contains(raw), "\(raw)") }
    }

    @Test func theBoardSpeaksKorean() throws {
        let room = try room(temporaryDirectory("ko"))
        try presenting(room)
        let body = BoardPage(lang: .ko, joinURL: "http://h:1/\(room.code)").body(room.snapshot())
        #expect(body.contains("12단계 중 5단계"))
        #expect(body.contains("답: 0개, 발표자가 보여 줄 때까지 숨김"))
        #expect(body.contains("막힌 사람이 없습니다."))
    }

    @Test func resultsCSVQuotesAndDisarmsFormulas() throws {
        let room = try room(temporaryDirectory("csv"))
        try presenting(room)
        let a = try room.join(name: "=HYPERLINK(\"x\")"), b = try room.join(name: "Lee, Ann")
        _ = try room.report([check(1, step: 5, passed: true)], token: a.token)
        _ = try room.report(
            [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "2", at: 1)], token: b.token)
        let lines = room.resultsCSV().split(separator: "\r\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "learner,name,lesson,step,reached,checks,failed_checks,passed,prediction,hints,first,last")
        #expect(lines[1].hasPrefix("1,\"'=HYPERLINK(\"\"x\"\")\",builder,5,true,1,0,true,,0,"))
        #expect(lines[2].hasPrefix("2,\"Lee, Ann\",builder,5,true,0,0,false,2,0,"))
    }
}
