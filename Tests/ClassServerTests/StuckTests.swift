import ClassWire
import Foundation
import PlaygroundCore
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore
@testable import PatternsCLI

/// A built-in English lesson as the presenter's playground reads it.
func builtInLesson(_ file: String) throws -> Lesson {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Lessons/en/" + file).path
    return try LessonParser.parse(String(contentsOfFile: path, encoding: .utf8), path: path, lang: "en")
}

func reached(_ seq: Int, step: Int, lesson: String = "builder") -> Report {
    Report(seq: seq, kind: .reached, lesson: lesson, step: step, at: 1)
}

/// Stuck means "cannot get on": three failed checks on a step that can be passed, or no progress while the presenter
/// is past the learner's step. The reproductions of instructor-4 problem 1, with a clock the test moves.
@Suite struct StuckTests {
    func room(_ name: String, clock: TestClock, minutes: Double = 5) throws -> ClassRoom {
        try ClassRoom(directory: temporaryDirectory(name), stuckMinutes: minutes, clock: { clock.now })
    }

    /// The presenter at `step` of a built-in lesson, published as `run --pace --class` publishes it.
    func present(_ room: ClassRoom, _ file: String, step: Int) throws {
        let lesson = try builtInLesson(file)
        var update = PresenterLink.steps(of: lesson)
        update.lesson = lesson.id
        update.lessonTitle = lesson.title
        update.step = step
        _ = try room.present(update, token: room.presenterToken)
    }

    @Test func thePresentersLessonSaysWhichStepsCanBePassed() throws {
        let builder = PresenterLink.steps(of: try builtInLesson("01-builder.md"))
        // 5 a prediction, 6 and 10 exercises; 9 is the demonstration (goal unmet): nobody can pass it.
        #expect(builder.predictionSteps == [5])
        #expect(builder.exerciseSteps == [5, 6, 10])
        #expect(builder.titles?.count == 12)
        let delegate = PresenterLink.steps(of: try builtInLesson("04-delegate.md"))
        #expect(delegate.titles?[4] == "Weak delegate: release the controller")
        #expect(delegate.exerciseSteps?.contains(5) == false)
    }

    @Test func aLearnerWhereThePresenterIsOnAnExplanationIsNeverStuck() throws {
        // Instructor-4 problem 1: six minutes on delegate step 5, an explanation, listed eight followers as stuck.
        let clock = TestClock()
        let room = try room("follower", clock: clock)
        try present(room, "04-delegate.md", step: 5)
        let followers = try (1...8).map { try room.join(name: "Follower \($0)") }
        for follower in followers {
            _ = try room.report([reached(1, step: 5, lesson: "delegate")], token: follower.token)
        }
        clock.now += 6 * 60
        #expect(room.snapshot().stuck.isEmpty)
        // The recap too, however long.
        _ = try room.present(PresenterUpdate(step: 12), token: room.presenterToken)
        for follower in followers {
            _ = try room.report([reached(2, step: 12, lesson: "delegate")], token: follower.token)
        }
        clock.now += 30 * 60
        #expect(room.snapshot().stuck.isEmpty)
    }

    @Test func aLearnerLeftBehindIsStuckOnceThePresenterHasBeenAheadLongEnough() throws {
        let clock = TestClock()
        let room = try room("behind", clock: clock)
        try present(room, "04-delegate.md", step: 5)
        let slow = try room.join(name: "Slow"), quick = try room.join(name: "Quick")
        _ = try room.report([reached(1, step: 5, lesson: "delegate")], token: slow.token)
        _ = try room.report([reached(1, step: 5, lesson: "delegate")], token: quick.token)
        // Ten minutes together at step 5: nobody is stuck, and the time spent there is not held against them later.
        clock.now += 10 * 60
        _ = try room.present(PresenterUpdate(step: 6), token: room.presenterToken)
        _ = try room.report([reached(2, step: 6, lesson: "delegate")], token: quick.token)
        clock.now += 4 * 60
        #expect(room.snapshot().stuck.isEmpty)
        clock.now += 60
        let stuck = room.snapshot().stuck
        #expect(stuck.map(\.name) == ["Slow"])
        #expect(stuck.first?.idleMinutes == 5 && stuck.first?.behind == true && stuck.first?.failed == 0)
        let body = BoardPage(lang: .en, joinURL: "http://h:1/\(room.code)").body(room.snapshot())
        #expect(
            body.contains(
                "<ol id=\"stuck\"><li><b>Slow</b> · Step 5 of 12 · behind the presenter, no progress for 5 "
                    + "min</li></ol>"
            ))
        // Going on to the presenter's step ends it; so does the presenter coming back.
        _ = try room.report([reached(2, step: 6, lesson: "delegate")], token: slow.token)
        #expect(room.snapshot().stuck.isEmpty)
        _ = try room.report([reached(3, step: 5, lesson: "delegate")], token: slow.token)
        clock.now += 10 * 60
        #expect(room.snapshot().stuck.map(\.name) == ["Slow"])
        _ = try room.present(PresenterUpdate(step: 5), token: room.presenterToken)
        #expect(room.snapshot().stuck.isEmpty)
    }

    @Test func aMissedPredictionIsNotStuckOnceAnswered() throws {
        // Sam missed the prediction on builder step 5 and stayed at the top of the list for the rest of the lesson.
        let clock = TestClock()
        let room = try room("prediction", clock: clock)
        try present(room, "01-builder.md", step: 5)
        let sam = try room.join(name: "Sam"), kim = try room.join(name: "Kim")
        _ = try room.report(
            [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "1", at: 1)]
                + (2...4).map { check($0, step: 5, passed: false) }, token: sam.token)
        // Kim has not answered yet: her failed checks are on a step she can still pass.
        _ = try room.report((1...3).map { check($0, step: 5, passed: false) }, token: kim.token)
        #expect(room.snapshot().stuck.map(\.name) == ["Kim"])
        _ = try room.present(PresenterUpdate(revealAnswers: 5), token: room.presenterToken)
        clock.now += 3 * 60
        #expect(room.snapshot().stuck.map(\.name) == ["Kim"])
    }

    @Test func theDemonstrationIsNeverAnExerciseToPass() throws {
        // Mia checked the builder's demonstration, step 9, three times and was listed with 3 failed checks.
        let clock = TestClock()
        let room = try room("demonstration", clock: clock)
        try present(room, "01-builder.md", step: 9)
        let mia = try room.join(name: "Mia"), leo = try room.join(name: "Leo")
        _ = try room.report([reached(1, step: 9)] + (2...4).map { check($0, step: 9, passed: false) }, token: mia.token)
        // (Leo follows: one who joined and never started would be listed, ClassLeftTests.)
        _ = try room.report([reached(10, step: 9)], token: leo.token)
        clock.now += 20 * 60
        #expect(room.snapshot().stuck.isEmpty)
        // On an exercise that can be passed, three failed checks are.
        _ = try room.report((1...3).map { check($0, step: 10, passed: false) }, token: leo.token)
        #expect(room.snapshot().stuck.map(\.name) == ["Leo"])
        #expect(room.snapshot().stuck.first?.failed == 3)
        _ = try room.report([check(4, step: 10, passed: true)], token: leo.token)
        #expect(room.snapshot().stuck.isEmpty)
    }

    @Test func whichStepsCanBePassedIsKeptThroughARestart() throws {
        let clock = TestClock()
        let directory = temporaryDirectory("kept-exercises")
        do {
            let room = try ClassRoom(directory: directory, clock: { clock.now })
            try present(room, "01-builder.md", step: 9)
        }
        let again = try ClassRoom(directory: directory, clock: { clock.now })
        #expect(again.exerciseSteps == [5, 6, 10])
        let mia = try again.join(name: "Mia")
        _ = try again.report((1...3).map { check($0, step: 9, passed: false) }, token: mia.token)
        #expect(again.snapshot().stuck.isEmpty)
    }

    @Test func withoutTheListAnOlderPresentersClassStillCountsFailedChecks() throws {
        let clock = TestClock()
        let room = try room("older", clock: clock)
        _ = try room.present(
            PresenterUpdate(lesson: "builder", step: 6, titles: (1...12).map { "S\($0)" }), token: room.presenterToken)
        let ann = try room.join(name: "Ann")
        _ = try room.report((1...3).map { check($0, step: 6, passed: false) }, token: ann.token)
        #expect(room.snapshot().stuck.map(\.name) == ["Ann"])
    }

    @Test func thePageHoldsAHundredNamesAndCountsTheRest() throws {
        let clock = TestClock()
        let room = try room("many", clock: clock)
        try present(room, "01-builder.md", step: 6)
        for i in 1...103 {
            let learner = try room.join(name: "L\(i)")
            _ = try room.report((1...3).map { check($0, step: 6, passed: false) }, token: learner.token)
        }
        let body = BoardPage(lang: .en, joinURL: "http://h:1/\(room.code)").body(room.snapshot())
        let names = body.components(separatedBy: "<li><b>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        // All stuck since the same moment: in the order they joined. The page's script shows those that fit.
        #expect(names == (1...100).map { "L\($0)" })
        #expect(body.contains("<h2>Stuck longest <span class=\"count\" id=\"stuck-count\">· 103</span></h2>"))
        #expect(
            body.contains(
                "</ol><p class=\"more\" id=\"stuck-more\" data-rest=\"3\" data-text=\"and {n} more\">and 3 more</p>"))
        let korean = BoardPage(lang: .ko, joinURL: "http://h:1/\(room.code)").body(room.snapshot())
        #expect(korean.contains("data-rest=\"3\" data-text=\"외 {n}명\">외 3명</p>"))
    }

    @Test func aShortListSaysNoMore() throws {
        let room = try room("few", clock: TestClock())
        try present(room, "01-builder.md", step: 6)
        let ann = try room.join(name: "Ann")
        _ = try room.report((1...3).map { check($0, step: 6, passed: false) }, token: ann.token)
        let body = BoardPage(lang: .en, joinURL: "http://h:1/\(room.code)").body(room.snapshot())
        #expect(body.contains("<p class=\"more\" id=\"stuck-more\" data-rest=\"0\" data-text=\"and {n} more\"></p>"))
    }
}

/// The reproduction as the report ran it, over HTTP: `serve --stuck-minutes 1`, the presenter's exact request, a
/// follower at the presenter's step, 65 seconds (on the room's clock) and the board. The server is a process of its
/// own (`ClassTestServer`, its clock moved through a file): in this process its tasks waited for threads of the shared
/// pool, which the suites that block hold in a full `swift test` (the test took 470-530 s there, and now and then a
/// request outlived FlyingFox's 30 s and was answered with an empty 500).
@Suite(.serialized) struct StuckOverHTTPTests {
    @Test func theReportsCurlReproductionListsNobody() async throws {
        // The seconds the room's clock has moved on, in a file of its own.
        let clock = temporaryDirectory("curl-clock")
        defer { try? FileManager.default.removeItem(atPath: clock) }
        let running = try await offPool {
            try RunningServer(
                "curl", arguments: ["--stuck-minutes", "1", "--clock-file", clock], program: "ClassTestServer")
        }
        defer { running.stop() }
        let token = running.presenterToken
        let present = try await running.post(
            "/presenter",
            #"{"lesson":"delegate","lessonTitle":"Delegate","step":5,"titles":["a","b","c","d","Weak "#
                + #"delegate","f","g"]}"#,
            bearer: token)
        #expect(present.status == 200, "\(present.text)")
        let join = try await running.post("/join", #"{"name":"Follower"}"#)
        let learner = try JSONDecoder().decode(JoinResponse.self, from: Data(join.body)).token
        let report = try await running.post(
            "/reports", #"{"reports":[{"seq":1,"kind":"reached","lesson":"delegate","step":5,"at":0}]}"#,
            bearer: learner)
        #expect(report.status == 200, "\(report.text)")
        try "65".write(toFile: clock, atomically: true, encoding: .utf8)
        let board = try await running.request("GET", "/\(running.code)/board").text
        #expect(!board.contains("<ol id=\"stuck\">"), "\(board)")
        #expect(board.contains("<h2>Stuck longest</h2><p>Nobody is stuck.</p>"))
        // The presenter goes on and the follower does not: 65 s later the board says so.
        _ = try await running.post("/presenter", #"{"step":6}"#, bearer: token)
        try "130".write(toFile: clock, atomically: true, encoding: .utf8)
        let later = try await running.request("GET", "/\(running.code)/board").text
        #expect(
            later.contains(
                "<ol id=\"stuck\"><li><b>Follower</b> · Step 5 of 7 · behind the presenter, no progress for 1 "
                    + "min</li></ol>"
            ), "\(later)")
    }
}

/// The live board sends its viewers what changed, not the whole page.
@Suite struct BoardChangesTests {
    @Test func aViewerGetsOnlyThePartsThatChanged() throws {
        let clock = TestClock()
        let room = try ClassRoom(directory: temporaryDirectory("parts"), clock: { clock.now })
        _ = try room.present(
            PresenterUpdate(lesson: "builder", step: 3, titles: (1...500).map { "Step \($0)" }, exerciseSteps: [6]),
            token: room.presenterToken)
        let page = BoardPage(lang: .en, joinURL: "http://h:1/\(room.code)")
        let first = page.render(room.snapshot())
        // The first message is the whole body.
        let opening = try #require(first.message(after: nil))
        let body = try JSONDecoder().decode([String: [String: String]].self, from: Data(opening.utf8))
        #expect(body == ["body": ["html": first.html]])
        #expect(first.message(after: first) == nil)
        // A learner reaches step 6: the count, row 6 and nothing else of the 500 rows.
        let ann = try room.join(name: "Ann")
        _ = try room.report([reached(1, step: 6)], token: ann.token)
        let second = page.render(room.snapshot())
        let change = try #require(second.message(after: first))
        let parts = try #require(
            try JSONDecoder().decode([String: [String: String]].self, from: Data(change.utf8))["parts"])
        #expect(parts.keys.sorted() == ["b-head", "b-r-6"])
        let row6 = [
            #"<tr id="b-r-6" class="" data-step="6"><td class="n">6</td><td class="title">Step 6"#,
            #"<div class="bar"><i class="r" style="width:100%"></i><i class="p" style="width:0%"></i></div></td>"#,
            #"<td class="reached">1</td><td class="passed">0</td></tr>"#,
        ]
        #expect(parts["b-r-6"] == row6.joined())
        #expect(
            change.utf8.count < 1000 && first.html.utf8.count > 100_000, "\(change.utf8.count) \(first.html.utf8.count)"
        )
        // Three failed checks: the stuck list alone.
        _ = try room.report((2...4).map { check($0, step: 6, passed: false) }, token: ann.token)
        let third = page.render(room.snapshot())
        let message = try #require(third.message(after: second))
        let stuck = try #require(
            try JSONDecoder().decode([String: [String: String]].self, from: Data(message.utf8))["parts"])
        #expect(stuck.keys.sorted() == ["b-stuck"])
        #expect(stuck["b-stuck"]?.contains("<li><b>Ann</b> · Step 6 of 500 · 3 failed checks</li>") == true)
        // A new prediction box changes the frame: the whole body again.
        _ = try room.present(PresenterUpdate(predictionSteps: [3]), token: room.presenterToken)
        let fourth = page.render(room.snapshot())
        #expect(fourth.message(after: third)?.hasPrefix("{\"body\":") == true)
    }
}
