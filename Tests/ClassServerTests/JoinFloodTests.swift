import ClassWire
import FlyingFox
import Foundation
import PlaygroundTestSupport
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
    /// their token (the REPL's polls and reports). The server's routes without the network, with a rate of 10
    /// requests at once and none after: no timing in it.
    @Test func aRequestFloodFromOneAddressLeavesItsLearnersOnline() async throws {
        let room = try ClassRoom(directory: temporaryDirectory("request-flood"))
        var limits = ClassLimits()
        limits.requestBurst = 10
        limits.requestsPerSecond = 0.0001
        let server = try ClassServer(room: room, host: "127.0.0.1", port: 0, limits: limits)
        _ = try room.present(builderAtStep5(), token: room.presenterToken)
        let mia = try room.join(name: "Mia", address: "10.0.0.7")
        func state(token: String?) async -> Int {
            var headers = HTTPHeaders()
            if let token { headers[.authorization] = "Bearer " + token }
            let request = HTTPRequest(
                method: .GET, version: .http11, path: "/\(room.code)/state", query: [], headers: headers,
                body: HTTPBodySequence(), remoteAddress: .ip4("10.0.0.7", port: 40000))
            return await server.handle(request).statusCode.code
        }
        // The flood from 10.0.0.7, without a token: 10 answered, then 429.
        var flood: [Int] = []
        for _ in 1...30 { flood.append(await state(token: nil)) }
        #expect(flood.filter { $0 == 200 }.count == 10 && flood.suffix(20).allSatisfy { $0 == 429 }, "\(flood)")
        // Mia, at the same address with her token, is answered: her requests count against her.
        var polls: [Int] = []
        for _ in 1...5 { polls.append(await state(token: mia.token)) }
        #expect(polls == [200, 200, 200, 200, 200])
    }
}
