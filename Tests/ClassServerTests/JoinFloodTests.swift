import ClassWire
import Foundation
import Testing

@testable import ClassServerCore
@testable import PatternsCLI

/// One address cannot fill the room in a moment, and one command clears a flood (instructor-5.md, problem 7).
@Suite(.serialized) struct JoinFloodTests {
    @Test func aJoinFloodLeavesRoomAtThatAddressAndOneCommandClearsIt() async throws {
        let server = try ServerProcess(data: temporaryDirectory("join-flood"))
        defer { server.stop() }
        let address = try #require(server.address)
        let started = Date()
        let flood = try await offPool {
            (1...400).map { i in
                (try? HTTPClient(host: "127.0.0.1", port: address.port, timeout: 10).request(
                    "POST", "/\(address.code)/join", body: Array(#"{"name":"Bot \#(i)"}"#.utf8)))?.status ?? 0
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        let bots = flood.filter { $0 == 200 }.count
        #expect(Set(flood).subtracting([200, 429]).isEmpty, "\(flood)")
        // A first burst of 20, then 25 a second (a tenth of the address's 250 places).
        #expect(bots <= 21 + Int(25 * elapsed), "\(bots) joined in \(elapsed) s")
        #expect(bots < 250)
        // A learner behind the same address gets in (the REPL tries again on "slow down").
        let client = ClassClient(address: address, timeout: 10)
        let deadline = Date().addingTimeInterval(10)
        var nora: JoinResponse?
        while nora == nil, Date() < deadline {
            nora = try? await offPool { try client.join(name: "Nora") }
            if nora == nil { try await Task.sleep(nanoseconds: 300_000_000) }
        }
        #expect(nora != nil, "no room for a second learner at that address within 10 s")
        // One presenter command clears the flood.
        let token = server.token
        let removed = try await offPool { try client.remove(name: "Bot*", token: token) }
        #expect(removed.removed == bots)
        let board = try await offPool {
            try HTTPClient(host: "127.0.0.1", port: address.port, timeout: 10).request("GET", "/\(address.code)/board")
                .text
        }
        #expect(board.contains("1 in the class"))
    }

    @Test func thePresenterRemovesEveryoneWhoJoinedAfterATime() throws {
        let clock = TestClock()
        let room = try ClassRoom(directory: temporaryDirectory("remove-after"), clock: { clock.now })
        _ = try room.join(name: "Ann")
        clock.now += 60
        let flood = clock.now
        for i in 1...5 { _ = try room.join(name: "Spam \(i)") }
        clock.now += 1
        _ = try room.join(name: "Bob the Bot")
        let removed = try room.remove(RemoveRequest(joinedAfter: flood), token: room.presenterToken)
        #expect(removed.removed == 6)
        #expect(room.learnerCount == 1)
        #expect(throws: Refusal(404, "no learner is named that", reason: .noSuchLearner)) {
            try room.remove(RemoveRequest(joinedAfter: clock.now + 10), token: room.presenterToken)
        }
        // Patterns: `*` stands for any characters; without one a name is matched whole.
        #expect(RemoveRequest(name: "Bot*").matches(name: "Bot 12", joined: 0))
        #expect(!RemoveRequest(name: "Bot*").matches(name: "A Bot", joined: 0))
        #expect(RemoveRequest(name: "*Bot*").matches(name: "A Bot 1", joined: 0))
        #expect(RemoveRequest(name: "B*t").matches(name: "Bot", joined: 0))
        #expect(!RemoveRequest(name: "Bot").matches(name: "Bot 1", joined: 0))
    }

    /// `class remove --after HH:MM`: today's time on this machine's clock, or yesterday's if it has not come yet.
    @Test func aTimeOfDayIsTodayOrYesterday() throws {
        let now = Date().timeIntervalSince1970
        var seconds = time_t(now)
        var local = tm()
        localtime_r(&seconds, &local)
        let text = String(format: "%02d:%02d", local.tm_hour, local.tm_min)
        let at = try #require(PresenterLink.today(at: text, now: now))
        #expect(now - at >= 0 && now - at < 60)
        #expect(PresenterLink.today(at: "24:00") == nil && PresenterLink.today(at: "9:5") == nil)
        #expect(PresenterLink.today(at: "soon") == nil)
    }

    /// A flood of requests from a learner's address slows the flood, not the learners behind that address who send
    /// their token (the REPL's polls and reports).
    @Test func aRequestFloodFromOneAddressLeavesItsLearnersOnline() async throws {
        let server = try ServerProcess(data: temporaryDirectory("request-flood"))
        defer { server.stop() }
        let address = try #require(server.address)
        let client = ClassClient(address: address, timeout: 10)
        let token = server.token
        _ = try await offPool { try client.present(builderAtStep5(), token: token) }
        let mia = try await offPool { try client.join(name: "Mia") }
        let refused = Refused()
        let flooders = (0..<6).map { _ in
            Thread {
                let http = HTTPClient(host: "127.0.0.1", port: address.port, timeout: 10)
                let deadline = Date().addingTimeInterval(20)
                while !refused.enough, Date() < deadline {
                    if (try? http.request("GET", "/\(address.code)/state"))?.status == 429 { refused.add() }
                }
            }
        }
        flooders.forEach { $0.start() }
        defer { refused.stop() }
        let deadline = Date().addingTimeInterval(20)
        while refused.count < 5, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        try #require(refused.count >= 5, "the flood was never slowed")
        // Mid-flood: the flood's own requests are refused, and Mia's polls and report go through.
        let polls = try await offPool {
            (1...30).map { _ in (try? client.state(token: mia.token))?.step }
        }
        #expect(polls.allSatisfy { $0 == 5 }, "\(polls)")
        let receipt = try await offPool {
            try client.send(
                [Report(seq: 1, kind: .check, lesson: "builder", step: 5, passed: true, at: 1)], token: mia.token)
        }
        #expect(receipt.through == 1)
    }
}

/// Counts refusals across threads.
final class Refused: @unchecked Sendable {
    let lock = NSLock()
    var value = 0
    var stopped = false
    var count: Int { lock.withLock { value } }
    var enough: Bool { lock.withLock { stopped } }
    func add() { lock.withLock { value += 1 } }
    func stop() { lock.withLock { stopped = true } }
}
