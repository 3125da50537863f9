import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import PatternsCLI

/// The small points of instructor-5.md that round three left open (issue 47, point 12): `q` at a presenter's wait
/// asks first and tells the room; the closing screen counts the room as the board does.
@Suite(.serialized) struct PresenterStopTests {
    @Test func qAtAWaitAsksThenTellsTheRoom() async throws {
        let data = temporaryDirectory("pace-stop")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let (url, token) = (server.url, server.token)
        let address = try #require(server.address)
        let nora = try PipedSession(["--join", url, "--name", "Nora"], state: data + "/nora")
        #expect(nora.type("", until: "You joined class \(address.code) as Nora."), "\(nora.text)")
        // At step 2: `q`, then `n`, and the presentation goes on; `q` and `y` stop it.
        let presenter = try await offPool {
            try runPatterns(
                ["run", "builder", "--pace", "--from", "2", "--class", url, "--token", token], input: "qnqy",
                environment: ["XDG_STATE_HOME": data + "/presenter"])
        }
        #expect(presenter.status == 0, "\(presenter.error)")
        let asked = "Stop presenting? The room is told. [y or q: stop · any other key: go on]"
        #expect(presenter.output.components(separatedBy: asked).count == 3, "\(presenter.output)")
        #expect(presenter.output.contains("The room is told you stopped."), "\(presenter.output)")
        let state = try ClassClient(address: address).state()
        #expect(state.presenterStopped == true)
        #expect(
            try get(url + "/board").contains("<span class=\"flag\" id=\"stopped\">The presenter has stopped.</span>"))
        #expect(
            nora.type("state\n", until: "The presenter has stopped presenting; your playground goes on.", again: true),
            "\(nora.text)")
        _ = nora.end()
        // A presenter back at it clears it.
        _ = try ClassClient(address: address).present(PresenterUpdate(step: 2), token: token)
        #expect(try ClassClient(address: address).state().presenterStopped == nil)
    }

    @Test func theClosingScreenCountsTheRoomAsTheBoardDoes() async throws {
        let running = try await RunningServer.start("head-count")
        defer { running.stop() }
        _ = try await running.present(
            PresenterUpdate(lesson: "builder", step: 1, titles: (1...12).map { "S\($0)" }),
            token: running.presenterToken)
        // One with results, one who joined and never followed (the report's "Probe").
        let ann = try await running.join("Ann")
        _ = try await running.send(
            [Report(seq: 1, kind: .reached, lesson: "builder", step: 12, at: 1)], token: ann.token)
        _ = try await running.join("Probe")
        #expect(try await running.learnerCount() == 2)
        let client = running.client
        let token = running.presenterToken
        let summary = try await offPool {
            Presenter.roomSummary(client: client, token: token, lesson: "builder", steps: 12, lang: .en)
        }
        #expect(summary.hasPrefix("The room: 2 learners, 1 at the last step, 0 exercises passed."), "\(summary)")
        // The head count is the presenter's to read.
        let refused = try await running.request("GET", "/\(running.code)/room.json")
        #expect(refused.status == 403)
    }
}
