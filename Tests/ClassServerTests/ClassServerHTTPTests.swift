import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// Bad requests get one clear status and change nothing; a flood is refused while the others go on.
@Suite(.serialized) struct ClassServerHTTPTests {
    @Test func aOneMegabyteNameOrEventIsRefused() async throws {
        let running = try await RunningServer.start("mega")
        defer { running.stop() }
        let huge = String(repeating: "x", count: 1_000_000)
        let join = try await running.post("/join", #"{"name":"\#(huge)"}"#)
        #expect(join.status == 413)
        #expect(join.text == #"{"error":"a request body is at most 65536 bytes"}"#)
        #expect(try await running.learnerCount() == 0)
        let learner = try await running.join("Ann")
        let event = try await running.post(
            "/reports",
            #"{"reports":[{"seq":1,"kind":"predict","lesson":"builder","step":5,"answer":"\#(huge)","at":1}]}"#,
            bearer: learner.token)
        #expect(event.status == 413)
        // Under the size limit but over the name limit: refused too, with its own words.
        let long = try await running.post("/join", #"{"name":"\#(String(repeating: "y", count: 500))"}"#)
        #expect(long.status == 400)
        #expect(long.text.contains("a name is 1 to 40 characters"))
        #expect(try await running.learnerCount() == 1)
        #expect(try await running.results().isEmpty)
    }

    @Test func badRequestsGetOneClearStatusAndChangeNothing() async throws {
        let running = try await RunningServer.start("bad")
        defer { running.stop() }
        let learner = try await running.join("Ann")
        let code = running.code
        let cases: [(method: String, path: String, body: String?, bearer: String?, status: Int)] = [
            ("POST", "/\(code)/join", "not json", nil, 400),
            ("POST", "/\(code)/join", #"{"nom":"Ann"}"#, nil, 400),
            ("POST", "/\(code)/reports", #"{"reports":[{"seq":1}]}"#, learner.token, 400),
            ("POST", "/\(code)/reports", #"{"reports":[]}"#, nil, 401),
            ("POST", "/\(code)/reports", #"{"reports":[]}"#, "forged", 401),
            ("POST", "/\(code)/presenter", #"{"step":3}"#, learner.token, 403),
            ("POST", "/\(code)/presenter", #"{"step":3}"#, nil, 403),
            ("GET", "/\(code)/results.csv", nil, learner.token, 403),
            ("GET", "/\(code)/results.json", nil, nil, 403),
            ("DELETE", "/\(code)/state", nil, nil, 405),
            ("GET", "/\(code)/join", nil, nil, 405),
            ("GET", "/\(code)/nothing", nil, nil, 404),
            ("GET", "/WRONG1/state", nil, nil, 404),
        ]
        let before = try await running.state()
        for c in cases {
            let response = try await running.request(c.method, c.path, body: c.body, bearer: c.bearer)
            #expect(response.status == c.status, "\(c.method) \(c.path) \(c.body ?? "")")
            // One sentence, as JSON.
            let error = try? JSONDecoder().decode(WireError.self, from: Data(response.body))
            #expect(error?.error.isEmpty == false, "\(c.method) \(c.path): \(response.text)")
        }
        #expect(try await running.state() == before)
        #expect(try await running.learnerCount() == 1)
        #expect(try await running.results().isEmpty)
    }

    @Test func aFloodFromOneLearnerIsRefusedAndTheOthersGoOn() async throws {
        // The room's clock stands still (a file no one writes): the limits count on it, so the flood is the same
        // flood however slowly a loaded machine sends it (150 requests once took longer than the 10 s in which 5 a
        // second would have let them all through).
        let clock = temporaryDirectory("flood-clock")
        let running = try await offPool {
            try RunningServer("flood", arguments: ["--clock-file", clock], program: "ClassTestServer")
        }
        defer { running.stop() }
        _ = try await running.present(builderAtStep5(), token: running.presenterToken)
        let flooder = try await running.join("Flood"), other = try await running.join("Calm")
        // 100 at once, then 5 a second: 150 are 50 too many while the clock stands still.
        var statuses: [Int] = []
        for seq in 1...150 {
            let body = #"{"reports":[{"seq":\#(seq),"kind":"hint","lesson":"builder","step":1,"at":1}]}"#
            statuses.append(try await running.post("/reports", body, bearer: flooder.token).status)
        }
        #expect(statuses == Array(repeating: 200, count: 100) + Array(repeating: 429, count: 50))
        // A second later on the room's clock, five more, however long the flood took on the machine's.
        try "1".write(toFile: clock, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: clock) }
        for seq in 151...156 {
            let body = #"{"reports":[{"seq":\#(seq),"kind":"hint","lesson":"builder","step":1,"at":1}]}"#
            statuses.append(try await running.post("/reports", body, bearer: flooder.token).status)
        }
        #expect(statuses.suffix(6) == [200, 200, 200, 200, 200, 429])
        let receipt = try await running.send(
            [Report(seq: 1, kind: .check, lesson: "builder", step: 1, passed: true, at: 1)], token: other.token)
        #expect(receipt.through == 1)
        // What was refused was not kept.
        let kept = try await running.results().first { $0.name == "Flood" }?.hints ?? 0
        #expect(kept == statuses.filter { $0 == 200 }.count)
    }

    @Test func thePresenterLeadsAndTheResultsNeedTheToken() async throws {
        let running = try await RunningServer.start("lead")
        defer { running.stop() }
        let token = running.presenterToken
        let state = try await running.present(
            PresenterUpdate(
                lesson: "builder", lessonTitle: "The Builder pattern", step: 5,
                titles: (1...12).map { "S\($0)" }, predictionSteps: [5]), token: token)
        #expect(state.step == 5 && state.stepTitle == "S5")
        let learner = try await running.join("Ann")
        #expect(learner.state.step == 5)
        _ = try await running.send(
            [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "2", at: 1)], token: learner.token)
        let board = try await running.request("GET", "/\(running.code)/board")
        #expect(board.status == 200)
        #expect(board.text.contains("answers: 1, hidden until the presenter shows them"))
        _ = try await running.present(PresenterUpdate(revealAnswers: 5), token: token)
        let revealed = try await running.request("GET", "/\(running.code)/board?lang=ko")
        #expect(revealed.text.contains("답: 1개"))
        let csv = try await running.request("GET", "/\(running.code)/results.csv", bearer: token)
        #expect(csv.status == 200)
        #expect(csv.text.contains("\r\n1,Ann,builder,5,true,0,0,false,2,0,"))
    }
}
