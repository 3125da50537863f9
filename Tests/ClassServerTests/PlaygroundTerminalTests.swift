import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// A class server with `--playground`, spoken to through the terminal protocol alone (no browser): each learner's
/// `patterns` runs in its own sandbox on the server, and the tests type into it as the page would.
final class PlaygroundServer: @unchecked Sendable {
    let server: ServerProcess
    let address: ClassAddress
    var port: Int { address.port }
    var code: String { address.code }

    init(_ name: String, arguments: [String] = []) throws {
        server = try ServerProcess(
            data: temporaryDirectory(name),
            arguments: ["--playground", "--patterns", patternsBinary()] + arguments)
        address = try #require(server.address, "the server printed no address:\n\(server.printed)")
    }

    func join(_ name: String) throws -> JoinResponse {
        try ClassClient(address: address, timeout: 20).join(name: name)
    }

    /// A terminal for `token`, attached and at the playground's first prompt.
    func terminal(_ token: String?, bearer: Bool = false) throws -> TerminalClient {
        try TerminalClient(port: port, path: "/\(code)/terminal?cols=100&rows=30", token: token, bearer: bearer)
    }

    func stop() { server.stop() }
}

/// A line typed, and the screen from there on once `expected` shows (or the deadline passed).
@discardableResult
func run(_ terminal: TerminalClient, _ line: String, expect expected: String, seconds: Double = 90) -> Bool {
    let from = terminal.screen.count
    terminal.type(line + "\r")
    return terminal.waitForScreen(expected, after: from, seconds: seconds)
}

/// The screen since character `from`, for a failure's message.
func tail(_ terminal: TerminalClient, _ count: Int = 1500) -> String { String(terminal.screen.suffix(count)) }

@Suite(.serialized) struct PlaygroundTerminalTests {
    static var available: Bool {
        PlaygroundSandbox.unavailable(bwrap: PlaygroundSandbox.find("bwrap")) == nil
            && PlaygroundSandbox.unavailablePage() == nil
    }

    /// Join, `load builder`, `meat chicken`, `print(1 + 1)`: the answers come back as terminal bytes. Another token
    /// gets a playground of its own and never the first's; an unknown token gets no terminal; a second socket with the
    /// first's token takes the session over, and the first is told.
    @Test(.enabled(if: available)) func theTerminalProtocolAlone() async throws {
        let server = try await offPool { try PlaygroundServer("playground-protocol") }
        defer { server.stop() }
        let ann = try await offPool { try server.join("Ann") }
        let bob = try await offPool { try server.join("Bob") }
        try await offPool {
            let annTerminal = try server.terminal(ann.token)
            #expect(annTerminal.status == 101)
            #expect(annTerminal.wait(seconds: 60) { $0.notices.contains { $0.contains("\"attached\":\"Ann\"") } })
            #expect(annTerminal.waitForScreen("patterns>", seconds: 120), "no prompt: \(tail(annTerminal))")
            // The lesson's introduction comes in pages: q shows the rest at once.
            #expect(run(annTerminal, "load builder", expect: "q: the rest"), "\(tail(annTerminal))")
            #expect(run(annTerminal, "q", expect: "builder 1/12>"), "\(tail(annTerminal))")
            #expect(run(annTerminal, "meat chicken", expect: "chicken"), "\(tail(annTerminal))")
            #expect(run(annTerminal, "print(1 + 1)", expect: "\n2"), "\(tail(annTerminal))")
            #expect(run(annTerminal, #"print("ann-" + "secret")"#, expect: "ann-secret"), "\(tail(annTerminal))")

            // Bob, by Authorization header: his own playground, which never shows Ann's.
            let bobTerminal = try server.terminal(bob.token, bearer: true)
            #expect(bobTerminal.status == 101)
            #expect(bobTerminal.wait(seconds: 60) { $0.notices.contains { $0.contains("\"attached\":\"Bob\"") } })
            #expect(bobTerminal.waitForScreen("patterns>", seconds: 120), "no prompt: \(tail(bobTerminal))")
            #expect(run(bobTerminal, "load builder", expect: "q: the rest"), "\(tail(bobTerminal))")
            #expect(run(bobTerminal, "q", expect: "builder 1/12>"), "\(tail(bobTerminal))")
            #expect(run(bobTerminal, "print(40 + 2)", expect: "42"), "\(tail(bobTerminal))")
            #expect(!bobTerminal.screen.contains("ann-secret"))
            #expect(!bobTerminal.screen.contains("chicken"))

            // No token, or one the class does not know: refused before any terminal.
            #expect(try server.terminal(nil).status == 401)
            #expect(try server.terminal("not-a-token").status == 401)

            // Ann again (a reload): the same session, the one before told it was taken over.
            let again = try server.terminal(ann.token)
            #expect(annTerminal.wait(seconds: 30) { $0.notices.contains { $0.contains("taken") } })
            #expect(
                again.waitForScreen("ann-secret", seconds: 30),
                "the session did not come back: \(again.status) \(again.notices) \(tail(again))")
            #expect(run(again, "print(6 * 7)", expect: "42"), "\(tail(again))")
            again.resize(cols: 60, rows: 20)
            #expect(run(again, #"print("resized")"#, expect: "resized"), "\(tail(again))")
        }
    }

    /// The presenter's `class remove NAME` ends that learner's playground, and `class close` stops new ones.
    @Test(.enabled(if: available)) func removeEndsThePlaygroundAndCloseStopsNewOnes() async throws {
        let server = try await offPool { try PlaygroundServer("playground-remove") }
        defer { server.stop() }
        let cid = try await offPool { try server.join("Cid") }
        let dee = try await offPool { try server.join("Dee") }
        try await offPool {
            let terminal = try server.terminal(cid.token)
            #expect(terminal.waitForScreen("patterns>", seconds: 120), "no prompt: \(tail(terminal))")
            let http = HTTPClient(host: "127.0.0.1", port: server.port, timeout: 20)
            let removed = try http.request(
                "POST", "/\(server.code)/remove", body: Array(#"{"name":"Cid"}"#.utf8), bearer: server.server.token)
            #expect(removed.status == 200)
            #expect(terminal.wait(seconds: 30) { $0.notices.contains { $0.contains("\"ended\":\"removed\"") } })
            #expect(try server.terminal(cid.token).status == 403)
            let closed = try http.request("POST", "/\(server.code)/close", body: [], bearer: server.server.token)
            #expect(closed.status == 200)
            let late = try server.terminal(dee.token)
            #expect(late.wait(seconds: 30) { $0.notices.contains { $0.contains("\"refused\":\"joining-closed\"") } })
        }
    }
}
