import ClassWire
import Foundation
import PlaygroundCore
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
            // Nothing of Cid's is left running (the sandbox names Cid's folder on its command line).
            let folder = "/playgrounds/" + PlaygroundSandbox.folderName("Cid")
            let left = PlaygroundSandboxTests.ended(mentioning: folder)
            #expect(left.isEmpty, "still running: \(left)")
            #expect(try server.terminal(cid.token).status == 403)
            let closed = try http.request("POST", "/\(server.code)/close", body: [], bearer: server.server.token)
            #expect(closed.status == 200)
            let late = try server.terminal(dee.token)
            #expect(late.wait(seconds: 30) { $0.notices.contains { $0.contains("\"refused\":\"joining-closed\"") } })
        }
    }
}

/// The sandbox, each point tried from inside a learner's session: what the learner's Swift cannot reach, and limits
/// that end a line as the playground says while another learner's next line still answers.
@Suite(.serialized) struct PlaygroundSandboxTests {
    /// A learner at `builder 1/12>` with Glibc imported.
    static func ready(_ server: PlaygroundServer, _ token: String) throws -> TerminalClient {
        let terminal = try server.terminal(token)
        #expect(terminal.waitForScreen("patterns>", seconds: 120), "no prompt: \(tail(terminal))")
        #expect(run(terminal, "load builder", expect: "q: the rest"), "\(tail(terminal))")
        #expect(run(terminal, "q", expect: "builder 1/12>"), "\(tail(terminal))")
        #expect(run(terminal, "import Glibc", expect: "builder 1/12>"), "\(tail(terminal))")
        return terminal
    }

    /// Bob's next line answers while Ann's does its worst; how long it took is printed (a figure, not a verdict).
    static func answers(_ bob: TerminalClient, _ a: Int, _ b: Int, while what: String) {
        let started = Date()
        #expect(run(bob, "print(\(a) + \(b))", expect: "\n\(a + b)\r"), "\(tail(bob))")
        print("Bob's line while Ann's \(what): \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }

    @Test(.enabled(if: PlaygroundTerminalTests.available)) func whatALearnerCannotReachOrExhaust() async throws {
        let server = try await offPool { try PlaygroundServer("playground-sandbox") }
        let ann = try await offPool { try server.join("Ann") }
        let bob = try await offPool { try server.join("Bob") }
        let data = server.server.data
        try await offPool {
            let annTerminal = try Self.ready(server, ann.token)
            let bobTerminal = try Self.ready(server, bob.token)
            let bobHome = data + "/playgrounds/" + PlaygroundSandbox.folderName("Bob")
            #expect(FileManager.default.fileExists(atPath: bobHome))
            // A file kept beside the binary (a server's printed output with the presenter's token, say): only the
            // binary and its modules are mounted.
            let beside =
                URL(fileURLWithPath: patternsBinary()).deletingLastPathComponent().path
                + "/beside-\(getpid()).txt"
            #expect(FileManager.default.createFile(atPath: beside, contents: Data("token".utf8)))
            defer { unlink(beside) }
            #expect(
                run(
                    annTerminal,
                    #"print("db", access("\#(data)/class.sqlite", R_OK), "home", access("\#(bobHome)", R_OK), "#
                        + #""shadow", access("/etc/shadow", R_OK), "beside", access("\#(beside)", R_OK))"#,
                    expect: "db -1 home -1 shadow -1 beside -1"),
                "\(tail(annTerminal))")
            let tcp =
                "func tcp(_ host: String, _ port: UInt16) -> Int32 { var a = sockaddr_in(); "
                + "a.sin_family = sa_family_t(AF_INET); a.sin_port = port.bigEndian; "
                + "a.sin_addr.s_addr = inet_addr(host); "
                + "let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0); return withUnsafePointer(to: &a) { "
                + "$0.withMemoryRebound(to: sockaddr.self, capacity: 1) { "
                + "connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } } }"
            #expect(run(annTerminal, tcp, expect: "builder 1/12>"), "\(tail(annTerminal))")
            #expect(
                run(
                    annTerminal, #"print("tcp", tcp("127.0.0.1", \#(server.port)), tcp("1.1.1.1", 80))"#,
                    expect: "tcp -1 -1"), "\(tail(annTerminal))")

            // An endless loop: the playground's time limit ends it.
            annTerminal.type("while true {}\r")
            Self.answers(bobTerminal, 3, 4, while: "endless loop runs")
            #expect(annTerminal.waitForScreen("still running after", seconds: 60), "\(tail(annTerminal))")
            // 10 GB of memory: the allocation fails inside the line.
            let allocation = annTerminal.screen.count
            annTerminal.type("let big = [UInt8](repeating: 1, count: 10_000_000_000); print(big.count)\r")
            Self.answers(bobTerminal, 5, 6, while: "10 GB allocation")
            #expect(
                annTerminal.waitForScreen("failed to allocate", after: allocation, seconds: 60), "\(tail(annTerminal))")
            // A 10 GB file: the file-size limit stops it at 64 MiB.
            let file = annTerminal.screen.count
            annTerminal.type(
                #"let f = fopen("/tmp/big", "w"); var block = [UInt8](repeating: 1, count: 1 << 20); var mb = 0; "#
                    + "while mb < 10_240 && fwrite(&block, 1, block.count, f) == block.count { mb += 1 }; "
                    + #"print("wrote", mb, "MB")"# + "\r")
            Self.answers(bobTerminal, 7, 8, while: "10 GB file")
            #expect(annTerminal.waitForScreen("builder 1/12>", after: file, seconds: 60), "\(tail(annTerminal))")
            #expect(!annTerminal.screen.dropFirst(file).contains("wrote 10240 MB"), "\(tail(annTerminal))")
            // Processes in a loop: the seat's process limit refuses more.
            let spawn = annTerminal.screen.count
            annTerminal.type(
                "var refused: Int32 = 0; for _ in 0..<1000 { var p: pid_t = 0; "
                    + #"let r = posix_spawn(&p, "/usr/bin/sleep", nil, nil, "#
                    + #"[strdup("sleep"), strdup("20"), nil], nil); "#
                    + #"if r != 0 { refused = r; break } }; print("spawn refused", refused)"# + "\r")
            Self.answers(bobTerminal, 9, 10, while: "process loop")
            #expect(
                annTerminal.waitForScreen("spawn refused 11", after: spawn, seconds: 60), "\(tail(annTerminal))")
        }
        // Nothing of the learners' is left running once the server stops.
        server.stop()
        let left = Self.ended(mentioning: data)
        #expect(left.isEmpty, "still running: \(left)")
    }

    /// Waits (woken by their ends, 20 s at most) until no process's command line mentions `text`; those left.
    static func ended(mentioning text: String) -> [String] {
        _ = Waits.ended(timeout: 20) { processes(mentioning: text).compactMap { pid_t($0.prefix { $0 != " " }) } }
        return processes(mentioning: text)
    }

    /// Processes whose command line mentions `text` (the sandboxes name the learner's folder in the data folder).
    /// A process that ends while it is read is not one (FileHandle's read traps on the error such a read gives).
    static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let read = Processes.contents(of: "/proc/\(pid)/cmdline", limit: 1 << 16) else { return nil }
            let line = String(read.map { $0 == "\0" ? " " : $0 })
            return line.contains(text) ? pid + " " + String(line.prefix(80)) : nil
        }
    }
}

/// Without bubblewrap, or where user namespaces are refused, `--playground` is refused in one sentence that says what
/// to install or enable: never a playground without its sandbox.
@Suite struct PlaygroundRefusalTests {
    static func serve(bwrap: String) throws -> (status: Int32, said: String) {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: (patternsBinary() as NSString).deletingLastPathComponent + "/patterns-class")
        process.arguments = [
            "serve", "--port", "0", "--data", temporaryDirectory("playground-refused"), "--playground",
            "--patterns", patternsBinary(),
        ]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "PATTERNS_BWRAP": bwrap]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func withoutBubblewrapTheServerSaysWhatToInstall() throws {
        let (status, said) = try Self.serve(bwrap: "/nonexistent/bwrap")
        #expect(status == 1)
        #expect(
            said
                == "error: the playground needs bubblewrap: install it "
                + "(Debian and Ubuntu: apt-get install bubblewrap)\n"
        )
    }

    @Test func withoutUserNamespacesTheServerSaysWhatToEnable() throws {
        let fake = temporaryDirectory("playground-fake-bwrap") + "/bwrap"
        try FileManager.default.createDirectory(
            atPath: (fake as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try
            ("#!/bin/sh\necho 'bwrap: No permissions to creating new namespace, likely because the kernel does not "
            + "allow non-privileged user namespaces' >&2\nexit 1\n")
            .write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let (status, said) = try Self.serve(bwrap: fake)
        #expect(status == 1)
        #expect(said.hasPrefix("error: the playground needs unprivileged user namespaces for bubblewrap"))
        #expect(said.contains("sysctl kernel.unprivileged_userns_clone=1"))
        #expect(said.split(separator: "\n").count == 1)
    }
}

/// A playground nobody types in for `--playground-idle` minutes ends with its progress kept in the server's data
/// folder (the learner's own folder), and opening it again starts a new session that finds that progress.
@Suite struct PlaygroundIdleTests {
    @Test(.enabled(if: PlaygroundTerminalTests.available)) func anIdlePlaygroundEndsAndItsProgressIsKept() async throws
    {
        let server = try await offPool {
            try PlaygroundServer("playground-idle", arguments: ["--playground-idle", "0.05"])
        }
        defer { server.stop() }
        let eve = try await offPool { try server.join("Eve") }
        try await offPool {
            let terminal = try server.terminal(eve.token)
            #expect(terminal.waitForScreen("patterns>", seconds: 120), "no prompt: \(tail(terminal))")
            #expect(run(terminal, "load builder", expect: "q: the rest"), "\(tail(terminal))")
            #expect(run(terminal, "q", expect: "builder 1/12>"), "\(tail(terminal))")
            #expect(run(terminal, "next", expect: "builder 2/12>"), "\(tail(terminal))")
            #expect(terminal.wait(seconds: 60) { $0.notices.contains { $0.contains("\"ended\":\"idle\"") } })
            let progress =
                server.server.data + "/playgrounds/" + PlaygroundSandbox.folderName("Eve") + "/patterns/progress.json"
            let kept = (try? String(contentsOfFile: progress, encoding: .utf8)) ?? ""
            #expect(kept.contains("builder"), "kept: \(kept)")
            let again = try server.terminal(eve.token)
            #expect(again.wait(seconds: 60) { $0.notices.contains { $0.contains("\"attached\":\"Eve\"") } })
            #expect(again.waitForScreen("patterns>", seconds: 120), "no prompt: \(tail(again))")
            // Where it was: the lesson loads at the step it had reached.
            let from = again.screen.count
            again.type("load builder\r")
            again.wait(seconds: 60) {
                $0.screen.dropFirst(from).contains("q: the rest") || $0.screen.dropFirst(from).contains("/12>")
            }
            if again.screen.dropFirst(from).contains("q: the rest") { again.type("q\r") }
            #expect(again.waitForScreen("builder 2/12>", after: from, seconds: 60), "\(tail(again))")
        }
    }
}

/// `--playground-seats N`: past N running playgrounds the next learner is told the room is full; the board offers the
/// page and counts the learners in the browser.
@Suite struct PlaygroundSeatsTests {
    @Test(.enabled(if: PlaygroundTerminalTests.available)) func aFullRoomSaysSo() async throws {
        let server = try await offPool {
            try PlaygroundServer("playground-seats", arguments: ["--playground-seats", "1"])
        }
        defer { server.stop() }
        let ann = try await offPool { try server.join("Ann") }
        let bob = try await offPool { try server.join("Bob") }
        try await offPool {
            let first = try server.terminal(ann.token)
            #expect(first.waitForScreen("patterns>", seconds: 120), "no prompt: \(tail(first))")
            let second = try server.terminal(bob.token)
            #expect(second.wait(seconds: 30) { $0.notices.contains { $0.contains("\"refused\":\"class-full\"") } })
            #expect(second.notices.contains { $0.contains("the room is full") })
            let board = try HTTPClient(host: "127.0.0.1", port: server.port, timeout: 20)
                .request("GET", "/\(server.code)/board").text
            #expect(board.contains("1 in the browser"))
            #expect(board.contains("/\(server.code)/play"))
        }
    }
}
