import ClassServerCore
import ClassWire
import Foundation

/// The class server as tests start it: always as a process of its own (``ServerProcess``, ``RunningServer``; for tests
/// that move the room's clock, `ClassTestServer`). One set, for every suite.

/// A fresh folder name for a class's data (not made; removed if a run before left it).
public func temporaryDirectory(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "patterns-class-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try? FileManager.default.removeItem(atPath: path)
    return path
}

/// What a test helper could not do, in words for the failure.
public struct TestSupportFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The class server as a process of its own (`patterns-class serve --port 0`, or `program` beside it, which takes the
/// same arguments), with the address and token it prints.
public final class ServerProcess: @unchecked Sendable {
    public let process = Process()
    public let data: String
    public private(set) var url = ""
    public private(set) var token = ""
    public private(set) var printed = ""

    /// `openFiles`: the server runs under `ulimit -n` that many (soft and hard), as on a laptop.
    public init(
        data: String, port: Int = 0, arguments: [String] = [], openFiles: Int? = nil,
        program: String = "patterns-class"
    ) throws {
        self.data = data
        let binary = (patternsBinary() as NSString).deletingLastPathComponent + "/" + program
        let serve = ["serve", "--port", String(port), "--data", data, "--lang", "en"] + arguments
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFiles) && exec \"$0\" \"$@\"", binary] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = serve
        }
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until it has said the presenter's token (the fourth line), or its output ends (each read waits for what
        // it prints, within 20 s).
        let handle = out.fileHandleForReading
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !printed.contains("keep it to yourself") || !printed.contains("\n", after: "yourself")
        {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        for line in printed.split(separator: "\n") {
            if line.hasPrefix("Learners join:"), let range = line.range(of: "http://") {
                url = String(line[range.lowerBound...].prefix { $0 != " " })
            }
            if line.hasPrefix("Presenter's token"), let last = line.split(separator: " ").last { token = String(last) }
        }
    }

    public var address: ClassAddress? { ClassAddress(url) }

    public func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

extension String {
    /// Whether `text` comes somewhere after the first `marker`.
    public func contains(_ text: String, after marker: String) -> Bool {
        guard let range = range(of: marker) else { return false }
        return self[range.upperBound...].contains(text)
    }
}

/// Output another thread appends to (a pipe's readability handler), read whole, and waited on: each append wakes
/// those that wait.
public final class OutputBox: @unchecked Sendable {
    let condition = NSCondition()
    var data = Data()
    public init() {}

    public func append(_ more: Data) {
        condition.lock()
        data.append(more)
        condition.broadcast()
        condition.unlock()
    }

    public var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until the text so far satisfies `holds`, asked again at each append, for `timeout` seconds at most.
    public func wait(timeout: Double, until holds: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !holds(String(decoding: data, as: UTF8.self)) {
            if !condition.wait(until: deadline) { return holds(String(decoding: data, as: UTF8.self)) }
        }
        return true
    }
}

/// The class server as its own process (`patterns-class serve --port 0`), spoken to over real sockets: in this
/// process its tasks would wait for threads behind the other suites' work.
public final class RunningServer: @unchecked Sendable {
    public let process: ServerProcess
    public let address: ClassAddress
    public var presenterToken: String { process.token }
    public var code: String { address.code }
    public var client: ClassClient { ClassClient(address: address, timeout: 20) }
    public var http: HTTPClient { HTTPClient(host: "127.0.0.1", port: address.port, timeout: 20) }

    public init(_ name: String, arguments: [String] = [], program: String = "patterns-class") throws {
        process = try ServerProcess(data: temporaryDirectory(name), arguments: arguments, program: program)
        guard let address = process.address else {
            throw TestSupportFailure("the server printed no address:\n\(process.printed)")
        }
        self.address = address
    }

    public static func start(_ name: String) async throws -> RunningServer {
        try await offPool { try RunningServer(name) }
    }

    public func stop() { process.stop() }

    // The client blocks on its socket: each call waits on a thread of its own.
    public func join(_ name: String) async throws -> JoinResponse {
        let client = client
        return try await offPool { try client.join(name: name) }
    }

    public func send(_ reports: [Report], token: String) async throws -> ReportReceipt {
        let client = client
        return try await offPool { try client.send(reports, token: token) }
    }

    public func present(_ update: PresenterUpdate, token: String) async throws -> ClassState {
        let client = client
        return try await offPool { try client.present(update, token: token) }
    }

    public func state() async throws -> ClassState {
        let client = client
        return try await offPool { try client.state() }
    }

    public func request(_ method: String, _ path: String, body: String? = nil, bearer: String? = nil) async throws
        -> HTTPClient.Response
    {
        let http = http
        return try await offPool { try http.request(method, path, body: body.map { Array($0.utf8) }, bearer: bearer) }
    }

    public func post(_ path: String, _ body: String, bearer: String? = nil) async throws -> HTTPClient.Response {
        try await request("POST", "/" + code + path, body: body, bearer: bearer)
    }

    /// How many have joined, as the board says.
    public func learnerCount() async throws -> Int? {
        let board = try await request("GET", "/\(code)/board").text
        guard let range = board.range(of: "[0-9]+ in the class", options: .regularExpression) else { return nil }
        return Int(board[range].prefix { $0.isNumber })
    }

    /// The results, as the presenter downloads them.
    public func results() async throws -> [ResultRow] {
        let body = try await request("GET", "/\(code)/results.json", bearer: presenterToken).body
        return try JSONDecoder().decode([ResultRow].self, from: Data(body))
    }
}

/// Runs blocking work on a thread of its own and waits for it without holding a thread of the pool.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
