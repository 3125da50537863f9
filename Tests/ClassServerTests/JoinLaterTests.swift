import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

/// `--join` that cannot join yet (the server away, joining closed) still starts the playground, says why in one line,
/// and joins once it can (instructor-5.md, problem 10).
@Suite(.serialized) struct JoinLaterTests {
    @Test func aJoinWhileTheServerIsAwayJoinsWhenItIsBack() throws {
        let data = temporaryDirectory("join-later")
        var server = try ServerProcess(data: data)
        defer { server.stop() }
        let address = try #require(server.address)
        let url = server.url
        server.stop()
        let nora = try PipedSession(["--join", url, "--name", "Nora"], state: data + "/nora")
        #expect(
            nora.type(
                "",
                until: "Not in the class yet (Connection refused): the playground starts, and joins as soon "
                    + "as it can."), "\(nora.text)")
        // The playground runs meanwhile.
        #expect(nora.type("load builder\n", until: "The Builder pattern"), "\(nora.text)")
        server = try ServerProcess(data: data, port: address.port)
        #expect(
            nora.type("state\n", until: "You joined class \(address.code) as Nora.", again: true), "\(nora.text)")
        _ = nora.end()
        let board = try get(url + "/board")
        #expect(board.contains("1 in the class"), "\(board)")
    }

    @Test func aJoinWhileJoiningIsClosedJoinsWhenItOpens() async throws {
        let server = try ServerProcess(data: temporaryDirectory("join-closed"))
        defer { server.stop() }
        let address = try #require(server.address)
        let client = ClassClient(address: address, timeout: 10)
        let token = server.token
        _ = try await offPool { try client.joining(open: false, token: token) }
        let mia = try PipedSession(["--join", server.url, "--name", "Mia"], state: temporaryDirectory("mia"))
        #expect(
            mia.type(
                "",
                until: "Not in the class yet (403: the presenter has closed joining this class): the playground "
                    + "starts, and joins as soon as it can."), "\(mia.text)")
        _ = try await offPool { try client.joining(open: true, token: token) }
        #expect(mia.type("state\n", until: "You joined class \(address.code) as Mia.", again: true), "\(mia.text)")
        _ = mia.end()
    }

    @Test func aJoinIntoAFullClassJoinsWhenAPlaceFrees() async throws {
        let server = try ServerProcess(data: temporaryDirectory("join-full"), arguments: ["--max-learners", "1"])
        defer { server.stop() }
        let address = try #require(server.address)
        let client = ClassClient(address: address, timeout: 10)
        let token = server.token
        _ = try await offPool { try client.join(name: "First") }
        let ben = try PipedSession(["--join", server.url, "--name", "Ben"], state: temporaryDirectory("ben"))
        #expect(
            ben.type(
                "",
                until: "Not in the class yet (403: the class is full: ask the presenter): the playground starts, and "
                    + "joins as soon as it can."), "\(ben.text)")
        // The playground runs meanwhile.
        #expect(ben.type("load builder\n", until: "The Builder pattern"), "\(ben.text)")
        _ = try await offPool { try client.remove(name: "First", token: token) }
        #expect(ben.type("state\n", until: "You joined class \(address.code) as Ben.", again: true), "\(ben.text)")
        #expect(ben.end() == 0, "\(ben.text)")
    }
}
