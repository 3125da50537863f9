import ClassServerCore
import ClassWire
import Foundation

/// The class server as tests start it: as a process of its own (``ServerProcess``, ``RunningServer``) or in the test
/// process (``InProcessServer``, for tests that move the room's clock). One set, for every suite.

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

/// The class server as a process of its own (`patterns-class serve --port 0`), with the address and token it prints.
public final class ServerProcess: @unchecked Sendable {
    public let process = Process()
    public let data: String
    public private(set) var url = ""
    public private(set) var token = ""
    public private(set) var printed = ""

    /// `openFiles`: the server runs under `ulimit -n` that many (soft and hard), as on a laptop.
    public init(data: String, port: Int = 0, arguments: [String] = [], openFiles: Int? = nil) throws {
        self.data = data
        let binary = (patternsBinary() as NSString).deletingLastPathComponent + "/patterns-class"
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

    public init(_ name: String, arguments: [String] = []) throws {
        process = try ServerProcess(data: temporaryDirectory(name), arguments: arguments)
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

/// A thread of the test process that runs only the in-process server's tasks: on the shared pool (as wide as the
/// machine has cores) the suites that block while a playground answers kept the server from answering for minutes
/// on a busy machine. FlyingFox waits for its sockets on a dispatch queue of its own, so nothing here blocks this
/// thread.
final class ServerThread: TaskExecutor, @unchecked Sendable {
    static let shared = ServerThread()
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [self] in loop() }
        thread.name = "in-process class server"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func loop() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// A ``ClassServer`` in this process on a port the system chose, its tasks on a thread of their own
/// (``ServerThread``), for tests that move the room's clock.
public struct InProcessServer: Sendable {
    public let server: ClassServer
    let task: Task<Void, Error>

    /// Starts the server and waits until it listens, all of it on the server's thread: the timeouts of the waits
    /// run there too, so that a test run whose pool threads are all busy (the suites that block while a playground
    /// answers) cannot make them fire.
    public static func start(_ room: ClassRoom) async throws -> InProcessServer {
        try await withTaskExecutorPreference(ServerThread.shared) {
            let probe = try ClassServer(room: room, host: "127.0.0.1", port: 0)
            let first = Task(executorPreference: ServerThread.shared) { try await probe.run() }
            try await probe.waitUntilListening(timeout: 60)
            guard let port = await probe.listeningPort() else { throw TestSupportFailure("the server has no port") }
            await probe.stop()
            first.cancel()
            let server = try ClassServer(room: room, host: "127.0.0.1", port: UInt16(port))
            let task = Task(executorPreference: ServerThread.shared) { try await server.run() }
            try await server.waitUntilListening(timeout: 60)
            return InProcessServer(server: server, task: task)
        }
    }

    /// FlyingFox waits on its sockets in tasks of the shared pool, which the suites that block while a playground
    /// answers can hold for minutes in a full `swift test` (the request then timed out after 20 s, though alone the
    /// test takes 0.03 s): an answer is waited for up to 180 s, a deadline, not a pause.
    public var http: HTTPClient { HTTPClient(host: "127.0.0.1", port: Int(server.port), timeout: 180) }

    public func post(_ path: String, _ body: String, bearer: String? = nil) async throws -> HTTPClient.Response {
        try await request("POST", path, body: Array(body.utf8), bearer: bearer)
    }

    public func get(_ path: String) async throws -> HTTPClient.Response {
        try await request("GET", path, body: nil, bearer: nil)
    }

    /// A request to the room's path. The server listens before ``start(_:)`` returns, and its tasks have a thread
    /// of their own: a connection it cannot take is tried again for 10 s at most.
    public func request(_ method: String, _ path: String, body: [UInt8]?, bearer: String?) async throws
        -> HTTPClient.Response
    {
        let http = http, code = server.room.code
        let deadline = Date().addingTimeInterval(10)
        while true {
            do {
                return try await offPool { try http.request(method, "/" + code + path, body: body, bearer: bearer) }
            } catch let failure as HTTPClient.Failure {
                guard case .unreachable = failure, Date() < deadline else { throw failure }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
