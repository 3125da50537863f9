import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

#if canImport(Glibc)
import Glibc
#endif

/// One learner cannot wreck a class (instructor-4.md, problem 2): the class's rules without the network.
@Suite struct ClassLimitsRoomTests {
    func presenting(_ room: ClassRoom) throws {
        _ = try room.present(builderAtStep5(), token: room.presenterToken)
    }

    @Test func aJoinFloodFromOneAddressLeavesRoomForAnother() throws {
        let room = try ClassRoom(directory: temporaryDirectory("joinflood"))
        room.capacity = 10
        room.perAddress = 4
        var refusals: [Refusal] = []
        for i in 1...50 {
            do { _ = try room.join(name: "Bot \(i)", address: "10.0.0.9") } catch { refusals.append(error) }
        }
        #expect(room.learnerCount == 4)
        #expect(
            refusals
                == Array(
                    repeating: Refusal(403, "4 learners have joined from this address already", reason: .addressFull),
                    count: 46))
        // A real learner elsewhere still gets in.
        #expect(try room.join(name: "Late", address: "10.0.0.2").name == "Late")
        for i in 3...7 { _ = try room.join(name: "L\(i)", address: "10.0.0.\(i)") }
        #expect(room.learnerCount == 10)
        #expect(throws: Refusal(403, "the class is full (10 learners)", reason: .classFull)) {
            try room.join(name: "Eleventh", address: "10.0.0.8")
        }
    }

    @Test func stepsQuestionsAndOptionsAreCheckedAgainstThePublishedLesson() throws {
        let directory = temporaryDirectory("shape")
        let room = try ClassRoom(directory: directory)
        let ann = try room.join(name: "Ann")
        // Nothing published yet: no lesson to report on.
        #expect(
            throws: Refusal(400, "the presenter has not published the lesson 'builder'", reason: .notInLesson)
        ) { try room.report([check(1, step: 1, passed: true)], token: ann.token) }
        try presenting(room)
        // `"step": 500` as the report sent it: refused, and no phantom rows.
        #expect(throws: Refusal(400, "the lesson 'builder' has 12 steps, not 500", reason: .notInLesson)) {
            try room.report([Report(seq: 10, kind: .reached, lesson: "builder", step: 500, at: 0)], token: ann.token)
        }
        #expect(room.snapshot().rows.count == 12)
        // Predictions for steps that ask no question: refused, no boxes.
        let phantom = (6...105).map {
            Report(seq: $0, kind: .predict, lesson: "builder", step: $0, answer: "9", at: 0)
        }
        #expect(throws: Refusal(400, "step 6 asks for no prediction", reason: .noQuestion)) {
            try room.report(phantom, token: ann.token)
        }
        #expect(room.snapshot().histograms.map(\.step) == [5])
        // An answer outside the step's three options.
        #expect(throws: Refusal(400, "step 5 offers options 1 to 3, not 4", reason: .notAnOption)) {
            try room.report(
                [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "4", at: 0)], token: ann.token)
        }
        #expect(throws: Refusal(400, "the presenter has not published the lesson 'strategy'", reason: .notInLesson)) {
            try room.report([check(1, step: 1, passed: true, lesson: "strategy")], token: ann.token)
        }
        #expect(room.results().isEmpty && room.totalReports == 0)
        // A batch with some that fit: those are kept, the others counted as refused.
        let receipt = try room.report(
            [
                Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: "3", at: 0),
                Report(seq: 2, kind: .reached, lesson: "builder", step: 13, at: 0),
            ], token: ann.token)
        #expect(receipt.refused == 1 && receipt.through == 1)
        #expect(room.results().map { "\($0.step) \($0.prediction ?? "-")" } == ["5 3"])
        // A restart checks against the same lesson.
        let again = try ClassRoom(directory: directory)
        #expect(throws: Refusal(400, "step 5 offers options 1 to 3, not 7", reason: .notAnOption)) {
            try again.report(
                [Report(seq: 3, kind: .predict, lesson: "builder", step: 5, answer: "7", at: 0)], token: ann.token)
        }
        #expect(throws: Refusal.self) {
            try again.report([Report(seq: 3, kind: .reached, lesson: "builder", step: 13, at: 0)], token: ann.token)
        }
    }

    @Test func onlyThePresenterClosesJoiningAndRemovesALearner() throws {
        let directory = temporaryDirectory("remove")
        let room = try ClassRoom(directory: directory)
        try presenting(room)
        let ann = try room.join(name: "Ann"), eve = try room.join(name: "Eve"), eve2 = try room.join(name: "Eve")
        _ = try room.report((1...3).map { check($0, step: 5, passed: false) }, token: eve.token)
        let before = room.currentState
        for token in [ann.token, nil, "forged"] {
            #expect(
                throws: Refusal(403, "only the presenter's token closes or opens joining", reason: .notPresenter)
            ) { try room.setJoining(open: false, token: token) }
            #expect(throws: Refusal(403, "only the presenter's token removes a learner", reason: .notPresenter)) {
                try room.remove(name: "Eve", token: token)
            }
        }
        #expect(room.currentState == before && room.learnerCount == 3)

        let page = BoardPage(lang: .en, joinURL: "http://h:1/\(room.code)")
        #expect(page.body(room.snapshot()).contains("Eve"))
        #expect(try room.setJoining(open: false, token: room.presenterToken).joiningClosed == true)
        #expect(throws: Refusal(403, "the presenter has closed joining", reason: .joiningClosed)) {
            try room.join(name: "Zed")
        }
        let closed = page.body(room.snapshot())
        #expect(closed.contains("<p class=\"join\" id=\"joining\">Joining is closed.</p>"))
        #expect(!closed.contains("Join: patterns"))
        #expect(BoardPage(lang: .ko, joinURL: "").body(room.snapshot()).contains("참여가 닫혔습니다."))

        let removed = try room.remove(name: "Eve", token: room.presenterToken)
        #expect(removed.removed == 2)
        #expect(throws: Refusal(404, "no learner is named that", reason: .noSuchLearner)) {
            try room.remove(name: "Eve", token: room.presenterToken)
        }
        #expect(room.snapshot().learners == 1 && !page.body(room.snapshot()).contains("Eve"))
        #expect(room.results().map(\.name).allSatisfy { $0 == "Ann" })
        for token in [eve.token, eve2.token] {
            #expect(throws: Refusal(403, "the presenter removed you from this class", reason: .removed)) {
                try room.report([check(9, step: 5, passed: true)], token: token)
            }
        }
        #expect(try room.setJoining(open: true, token: room.presenterToken).joiningClosed == nil)
        _ = try room.join(name: "Zed")
        // A restart keeps both.
        let again = try ClassRoom(directory: directory)
        #expect(again.learnerCount == 2 && again.wasRemoved(token: eve.token))
        #expect(throws: Refusal(403, "the presenter removed you from this class", reason: .removed)) {
            try again.report([check(9, step: 5, passed: true)], token: eve.token)
        }
    }
}

/// The same over HTTP, against the server program, as the report did it (counts bounded, each test a few seconds).
@Suite(.serialized) struct ClassLimitsHTTPTests {
    @Test func aJoinFloodLeavesRoomAndARefusedLearnerIsToldWhy() async throws {
        let server = try ServerProcess(
            data: temporaryDirectory("flood-http"), arguments: ["--per-address", "30", "--max-learners", "31"])
        defer { server.stop() }
        let address = try #require(server.address)
        // A first burst of 20, then 5 a second: the flood goes on until the address's 30 places are taken.
        let flood = try await offPool {
            var statuses: [Int] = []
            let deadline = Date().addingTimeInterval(30)
            var i = 0
            while statuses.filter({ $0 == 200 }).count < 30 || !statuses.contains(403), Date() < deadline {
                i += 1
                statuses.append(
                    (try? HTTPClient(host: "127.0.0.1", port: address.port, timeout: 10).request(
                        "POST", "/\(address.code)/join", body: Array(#"{"name":"Bot \#(i)"}"#.utf8)))?.status ?? 0)
            }
            return statuses
        }
        #expect(flood.filter { $0 == 200 }.count == 30)
        #expect(Set(flood).subtracting([200, 403, 429]).isEmpty, "\(flood)")
        let late = try await offPool { [url = server.url] in
            try runPatterns(["--join", url, "--name", "Late"], input: "state\n")
        }
        // The playground starts all the same, says why in one line, and joins when a place frees.
        #expect(
            late.output.hasPrefix(
                "Not in the class yet (403: too many learners have joined from this network address: ask the "
                    + "presenter): the playground starts, and joins as soon as it can.\n"), "\(late.output)")
        let korean = try await offPool { [url = server.url] in
            try runPatterns(["--join", url, "--name", "Late", "--lang", "ko"], input: "state\n")
        }
        #expect(
            korean.output.hasPrefix(
                "아직 수업에 참여하지 못했습니다(403: 이 네트워크 주소에서 참여한 학습자가 너무 많습니다. 발표자에게 말하세요). "
                    + "플레이그라운드는 시작하고, 참여할 수 있게 되면 바로 참여합니다.\n"), "\(korean.output)")
        // Another address still gets in; then the class (31) is full, and that is what the next learner hears.
        let other = try await offPool {
            try rawHTTP(
                port: address.port, from: "127.0.0.2",
                "POST /\(address.code)/join HTTP/1.1\r\nHost: x\r\nContent-Length: 15\r\nConnection: close\r\n\r\n"
                    + #"{"name":"Real"}"#)
        }
        #expect(other.hasPrefix("HTTP/1.1 200"), "\(other)")
        let full = try await offPool { [url = server.url] in
            try runPatterns(["--join", url, "--name", "Later"], input: "state\n")
        }
        #expect(
            full.output.hasPrefix(
                "Not in the class yet (403: the class is full: ask the presenter): the playground starts, and joins as "
                    + "soon as it can.\n"), "\(full.output)")
        _ = try ClassClient(address: address).joining(open: false, token: server.token)
        let closed = try await offPool { [url = server.url] in
            try runPatterns(["--join", url, "--name", "Later"], input: "state\n")
        }
        // Closed: the playground starts all the same, and says why in one line.
        #expect(
            closed.output.hasPrefix(
                "Not in the class yet (403: the presenter has closed joining this class): the playground starts, and "
                    + "joins as soon as it can.\n"), "\(closed.output)")
    }

    @Test func reportsAreCheckedAndCountedInReports() async throws {
        let running = try await RunningServer.start("reports-http")
        defer { running.stop() }
        _ = try await running.present(builderAtStep5(), token: running.presenterToken)
        let eve = try await running.join("Eve"), calm = try await running.join("Calm")
        let mallory = try await running.join("Mallory")
        // The report's curl: one `"step": 500`. Not Eve's: a report refused by the lesson still takes its token, and
        // Eve's flood below starts from a whole burst (on a quiet machine it began 0.2 s short of one).
        let step500 = try await running.post(
            "/reports", #"{"reports":[{"seq":10,"kind":"reached","lesson":"builder","step":500,"at":0}]}"#,
            bearer: calm.token)
        #expect(step500.status == 400)
        #expect(
            step500.text == #"{"error":"the lesson 'builder' has 12 steps, not 500","reason":"not-in-lesson"}"#)
        let predictions = (6...105).map {
            #"{"seq":\#($0),"kind":"predict","lesson":"builder","step":\#($0),"answer":"9","at":0}"#
        }
        let phantom = try await running.post(
            "/reports", #"{"reports":["# + predictions.joined(separator: ",") + "]}", bearer: mallory.token)
        #expect(phantom.status == 400 && phantom.text.contains(#""reason":"no-question""#), "\(phantom.text)")
        let board = try await running.request("GET", "/\(running.code)/board").text
        #expect(board.components(separatedBy: "<tr").count - 1 == 13, "a header and 12 steps:\n\(board)")
        #expect(!board.contains("answers: 1"))
        // 101 reports in one request are too many.
        let hints = { (from: Int, count: Int) in
            #"{"reports":["#
                + (from..<from + count).map {
                    #"{"seq":\#($0),"kind":"hint","lesson":"builder","step":5,"at":0}"#
                }.joined(separator: ",") + "]}"
        }
        #expect(try await running.post("/reports", hints(1, 101), bearer: eve.token).status == 413)
        // A flood of full batches: 100 reports at once, then 5 a second, whatever the number of requests.
        let started = Date()
        var accepted = 0, refused = 0, seq = 1
        while Date().timeIntervalSince(started) < 2, seq < 4000 {
            let response = try await running.post("/reports", hints(seq, 100), bearer: eve.token)
            if response.status == 200 { accepted += 100 } else { refused += 1 }
            #expect([200, 429].contains(response.status))
            seq += 100
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(accepted >= 100)
        #expect(Double(accepted) <= 100 + 5 * elapsed + 1, "\(accepted) reports in \(elapsed) s")
        let kept = try await running.results().first { $0.name == "Eve" }?.hints
        #expect(kept == accepted)
        // The others go on.
        let receipt = try await running.send(
            [Report(seq: 1, kind: .check, lesson: "builder", step: 5, passed: true, at: 1)], token: calm.token)
        #expect(receipt.through == 1)
    }

    @Test func boardSocketsAreLimitedPerAddress() async throws {
        let running = try await RunningServer.start("sockets")
        defer { running.stop() }
        let (port, code) = (running.address.port, running.code)
        let handshake =
            "GET /\(code)/live/en HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        var open: [Int32] = []
        defer { for fd in open { close(fd) } }
        var statuses: [String] = []
        for _ in 1...24 {
            let (fd, head) = try await offPool { try openSocket(port: port, from: "127.0.0.1", handshake) }
            statuses.append(String(head.prefix(12)))
            if head.hasPrefix("HTTP/1.1 101") { open.append(fd) } else { close(fd) }
        }
        #expect(statuses == Array(repeating: "HTTP/1.1 101", count: 20) + Array(repeating: "HTTP/1.1 429", count: 4))
        // Another address has its own.
        let (elsewhere, head) = try await offPool { try openSocket(port: port, from: "127.0.0.2", handshake) }
        close(elsewhere)
        #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
        // One closed: its place comes back.
        close(open.removeFirst())
        // The server notices the close when it next runs the socket's task: asked again for 10 s at most.
        var again = ""
        _ = try await Waits.untilAsync(timeout: 10, every: 0.1) {
            let (fd, head) = try await offPool { try openSocket(port: port, from: "127.0.0.1", handshake) }
            again = head
            if head.hasPrefix("HTTP/1.1 101") { open.append(fd); return true }
            close(fd)
            return false
        }
        #expect(again.hasPrefix("HTTP/1.1 101"), "\(again)")
    }

    @Test func closeOpenAndRemoveNeedThePresentersToken() async throws {
        let data = temporaryDirectory("close-remove")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let running = (address: try #require(server.address), token: server.token)
        let client = ClassClient(address: running.address, timeout: 20)
        let eve = try client.join(name: "Eve"), ann = try client.join(name: "Ann")
        let http = HTTPClient(host: "127.0.0.1", port: running.address.port, timeout: 20)
        let code = running.address.code
        for bearer in [nil, ann.token] {
            for (path, body) in [("/close", nil), ("/open", nil), ("/remove", #"{"name":"Eve"}"#)] {
                let response = try http.request(
                    "POST", "/\(code)" + path, body: body.map { Array($0.utf8) }, bearer: bearer)
                #expect(response.status == 403, "\(path) \(bearer ?? "none")")
                #expect(response.text.contains(#""reason":"not-presenter""#), "\(response.text)")
            }
        }
        #expect(try client.state().joiningClosed == nil)
        // The presenter's REPL: close, remove, open.
        let presenter = try await offPool { [url = server.url] in
            try runPatterns(
                [],
                input: "load builder\nclass \(url) \(running.token)\nclass close\nclass remove Eve\n"
                    + "class remove Nobody\nclass open\n",
                environment: ["XDG_STATE_HOME": data + "/presenter"])
        }
        for line in [
            "builder 1/12> class close\nJoining is closed: nobody new can join ('class open' opens it again).\n",
            "builder 1/12> class remove Eve\nRemoved from the class: 1 named 'Eve'; their token no longer works.\n",
            "builder 1/12> class remove Nobody\nerror: no learner in the class is named 'Nobody'\n",
            "builder 1/12> class open\nJoining is open again.\n",
        ] {
            #expect(presenter.output.contains(line), "no '\(line)' in:\n\(presenter.output)")
        }
        let refused = try http.request(
            "POST", "/\(code)/reports",
            body: Array(#"{"reports":[{"seq":1,"kind":"reached","lesson":"builder","step":1,"at":0}]}"#.utf8),
            bearer: eve.token)
        #expect(refused.status == 403)
        #expect(refused.text == #"{"error":"the presenter removed you from this class","reason":"removed"}"#)
        let board = try http.request("GET", "/\(code)/board").text
        #expect(board.contains("1 in the class") && !board.contains("Eve"))
        _ = try client.joining(open: false, token: running.token)
        #expect(try http.request("GET", "/\(code)/board").text.contains("Joining is closed."))
    }
}

/// The builder lesson at step 5, whose question offers three options.
func builderAtStep5() -> PresenterUpdate {
    var update = PresenterUpdate(
        lesson: "builder", lessonTitle: "The Builder pattern", step: 5, titles: (1...12).map { "Step \($0)" },
        predictionSteps: [5])
    update.predictionOptions = [3]
    return update
}

extension ClassLimitsHTTPTests {
    /// `run --pace --class`: `c` closes joining and opens it again, `:` then `class remove NAME` removes a learner.
    @Test func thePresenterClosesAndRemovesFromRunPace() async throws {
        let data = temporaryDirectory("pace-remove")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let address = try #require(server.address)
        let client = ClassClient(address: address, timeout: 20)
        let eve = try client.join(name: "Eve")
        let presenter = try await offPool { [url = server.url, token = server.token] in
            try runPatterns(
                ["run", "builder", "--pace", "--class", url, "--token", token], input: ":class remove Eve\ncq",
                environment: ["XDG_STATE_HOME": data + "/presenter"])
        }
        #expect(presenter.status == 0, "\(presenter.error)")
        for line in [
            "builder 1/12> class remove Eve\nRemoved from the class: 1 named 'Eve'; their token no longer works.\n",
            "Joining is closed: nobody new can join ('class open' opens it again).\n",
        ] {
            #expect(presenter.output.contains(line), "no '\(line)' in:\n\(presenter.output)")
        }
        #expect(try client.state().joiningClosed == true)
        #expect(throws: ClassClient.Failure.refused(403, "the presenter removed you from this class", reason: .removed))
        {
            try client.send([], token: eve.token)
        }
        let board = try HTTPClient(host: "127.0.0.1", port: address.port, timeout: 20).request(
            "GET", "/\(address.code)/board"
        ).text
        #expect(board.contains("0 in the class") && board.contains("Joining is closed.") && !board.contains("Eve"))
    }
}
