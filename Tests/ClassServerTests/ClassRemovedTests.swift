import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

/// A removed learner is told once, and nothing they do afterwards stays on their disk for a class that will never
/// take it (instructor-5.md, problem 12).
@Suite(.serialized) struct ClassRemovedTests {
    @Test func aRemovedLearnersLaterResultsAreNotKept() async throws {
        let data = temporaryDirectory("removed")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let (url, token) = (server.url, server.token)
        let address = try #require(server.address)
        try await presentBuilder(url, token: token, data: data, then: "goto 5\n")
        let ida = try PipedSession(["--join", url, "--name", "Ida"], state: data + "/ida")
        #expect(ida.type("follow\n", until: "step 5/12"), "\(ida.text)")
        _ = try ClassClient(address: address).remove(name: "Ida", token: token)
        #expect(
            ida.type(
                "hint\n", until: "the class server refused: 403: the presenter removed you", again: true),
            "\(ida.text)")
        // Ten more lines that would each be a report, then she quits.
        let mark = ida.text.count
        for _ in 1...5 { ida.type("check\nhint\n") }
        ida.type("state\n")
        _ = ida.end()
        let after = String(ida.text.dropFirst(mark))
        #expect(!after.contains("could not be sent") && !after.contains("results kept"), "\(after)")
        let kept = (try? String(contentsOfFile: data + "/ida/patterns/class-unsent.json", encoding: .utf8)) ?? "{}"
        #expect(!kept.contains("\"seq\""), "nothing kept for a class that refuses it: \(kept)")
    }
}
