import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// A browser learner is in the class through the server itself: the playground's `patterns --class-link-fd 3` speaks
/// the link protocol to the server (SeatLink), so what the learner does reaches the presenter's results as a `--join`
/// learner's reports do, and `follow` takes the learner to the presenter's step.
@Suite(.serialized) struct PlaygroundLinkTests {
    /// The presenter's results for `name`: the steps reported as reached in `lesson`.
    static func reached(_ server: PlaygroundServer, _ name: String, lesson: String = "builder") throws -> Set<Int> {
        let body = try HTTPClient(host: "127.0.0.1", port: server.port, timeout: 20)
            .request("GET", "/\(server.code)/results.json", bearer: server.server.token).body
        let rows = try JSONDecoder().decode([ResultRow].self, from: Data(body))
        return Set(rows.filter { $0.name == name && $0.lesson == lesson && $0.reached }.map(\.step))
    }

    /// Waits (up to a deadline) until the results say `name` reached `step`.
    static func waitForReached(_ server: PlaygroundServer, _ name: String, step: Int, seconds: Double = 30) -> Bool {
        Waits.until(timeout: seconds, every: 0.1) { (try? reached(server, name))?.contains(step) == true }
    }

    @Test(.enabled(if: PlaygroundTerminalTests.available)) func aBrowserLearnersLinkGoesThroughTheServer() async throws
    {
        let server = try await offPool { try PlaygroundServer("playground-link") }
        defer { server.stop() }
        let (url, token, data) = (server.server.url, server.server.token, server.server.data)
        // The presenter publishes the lesson (reports count on a lesson the presenter published).
        _ = try await offPool {
            try runPatterns(
                [], input: "load builder\nclass \(url) \(token)\n", environment: ["XDG_STATE_HOME": data + "/presenter"]
            )
        }
        let kim = try await offPool { try server.join("Kim") }
        try await offPool {
            let terminal = try server.terminal(kim.token)
            #expect(terminal.status == 101)
            #expect(terminal.waitForScreen("patterns>", seconds: 120), "no prompt: \(tail(terminal))")
            // The session was told by the server who joined (the link's `joined`), in the learner's words.
            #expect(terminal.screen.contains("You joined class \(server.code) as Kim."), "\(tail(terminal))")
            #expect(run(terminal, "load builder", expect: "q: the rest"), "\(tail(terminal))")
            #expect(run(terminal, "q", expect: "builder 1/12>"), "\(tail(terminal))")
            #expect(run(terminal, "meat chicken", expect: "chicken"), "\(tail(terminal))")
            #expect(run(terminal, "next", expect: "builder 2/12>"), "\(tail(terminal))")
            // The step reached is in the presenter's results, as a `--join` learner's reports are.
            #expect(
                Self.waitForReached(server, "Kim", step: 2),
                "results: \((try? Self.reached(server, "Kim")) ?? [])")
            let board = try HTTPClient(host: "127.0.0.1", port: server.port, timeout: 20)
                .request("GET", "/\(server.code)/board").text
            #expect(board.contains("1 in the class · 1 in the browser"), "\(board.suffix(2000))")

            // The presenter moves on; the learner's `follow` asks the server and goes there.
            let state = try ClassClient(address: server.address, timeout: 20)
                .present(PresenterUpdate(step: 5), token: token)
            #expect(state.step == 5)
            let from = terminal.screen.count
            #expect(run(terminal, "follow", expect: "The Builder pattern · step 5/12"), "\(tail(terminal))")
            // The step's text may come in pages: q shows the rest at once.
            terminal.wait(seconds: 60) {
                $0.screen.dropFirst(from).contains("q: the rest") || $0.screen.dropFirst(from).contains("/12>")
            }
            if terminal.screen.dropFirst(from).contains("q: the rest") { terminal.type("q\r") }
            #expect(terminal.waitForScreen("builder 5/12>", after: from, seconds: 60), "\(tail(terminal))")
            #expect(Self.waitForReached(server, "Kim", step: 5), "results: \((try? Self.reached(server, "Kim")) ?? [])")
        }
    }
}
