import ClassWire
import FlyingFox
import FlyingSocks
import Foundation
import PlaygroundText

/// Requests a client may make: a burst, then a steady rate (a token bucket per key). A flood from one learner or one
/// address is refused with 429 while everyone else goes on.
final class RateLimiter: @unchecked Sendable {
    let burst: Double
    let perSecond: Double
    let lock = NSLock()
    var buckets: [String: (tokens: Double, at: Double)] = [:]

    init(burst: Double, perSecond: Double) {
        self.burst = burst
        self.perSecond = perSecond
    }

    /// Takes `cost` tokens (a batch of reports costs one a report), or none when there are fewer.
    func allow(_ key: String, cost: Double = 1, now: Double = Date().timeIntervalSince1970) -> Bool {
        lock.withLock {
            var bucket = buckets[key] ?? (burst, now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * perSecond)
            bucket.at = now
            guard bucket.tokens >= cost else { buckets[key] = bucket; return false }
            bucket.tokens -= cost
            buckets[key] = bucket
            if buckets.count > 100_000 { buckets.removeAll() }
            return true
        }
    }
}

/// Counts what each address holds open (board sockets), against a most.
final class OpenCounter: @unchecked Sendable {
    let most: Int
    let lock = NSLock()
    var open: [String: Int] = [:]
    init(most: Int) { self.most = most }

    func take(_ key: String) -> Bool {
        lock.withLock {
            guard open[key, default: 0] < most else { return false }
            open[key, default: 0] += 1
            return true
        }
    }

    func give(_ key: String) {
        lock.withLock {
            open[key, default: 1] -= 1
            if open[key] == 0 { open[key] = nil }
        }
    }
}

/// What one learner and one address may do. A room behind one NAT is one address: `learnersPerAddress` (the room's
/// ``ClassRoom/perAddress``) scales what an address may send.
public struct ClassLimits: Sendable, Equatable {
    /// Reports one learner may send at once, then a second (counted in reports, not requests).
    public var reportBurst: Double = Double(ClassWire.maximumBatch)
    public var reportsPerSecond: Double = 5
    /// Joins from one address at once, then a second.
    public var joinBurst: Double
    public var joinsPerSecond: Double = 5
    /// Requests from one address (page loads, state, reports, board sockets opened) at once, then a second.
    public var requestBurst: Double
    public var requestsPerSecond: Double
    /// Board sockets one address may hold open (the projector and a few phones; a learner needs none).
    public var boardsPerAddress = 20

    public init(learnersPerAddress: Int = 250) {
        let n = Double(learnersPerAddress)
        joinBurst = n
        requestBurst = max(600, 4 * n)
        requestsPerSecond = max(200, 2 * n)
    }
}

/// The class server: routes under `/CODE/`, JSON in and out, one status and one sentence for every refusal.
public final class ClassServer: Sendable {
    public let room: ClassRoom
    public let host: String
    public let port: UInt16
    /// The address learners are told to use (the bound one, or this machine's when bound to every interface).
    public let publicHost: String
    let perLearner: RateLimiter
    let perAddress: RateLimiter
    let joins: RateLimiter
    let boards: OpenCounter
    let server: HTTPServer
    let renders: BoardRenders
    /// Each learner's playground in the browser (`serve --playground`), or nil.
    public let playgrounds: Playgrounds?

    public init(
        room: ClassRoom, host: String, port: UInt16, publicHost: String? = nil, limits: ClassLimits? = nil,
        playgrounds: Playgrounds? = nil
    ) throws {
        self.room = room
        self.playgrounds = playgrounds
        if let playgrounds { room.playgroundLearners = { playgrounds.running } }
        self.host = host
        self.port = port
        self.publicHost = publicHost ?? host
        let limits = limits ?? ClassLimits(learnersPerAddress: room.perAddress)
        perLearner = RateLimiter(burst: limits.reportBurst, perSecond: limits.reportsPerSecond)
        perAddress = RateLimiter(burst: limits.requestBurst, perSecond: limits.requestsPerSecond)
        joins = RateLimiter(burst: limits.joinBurst, perSecond: limits.joinsPerSecond)
        boards = OpenCounter(most: limits.boardsPerAddress)
        let address: any SocketAddress =
            host.contains(":")
            ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
        server = HTTPServer(address: address, timeout: 30, logger: .disabled)
        renders = BoardRenders(
            room: room, joinURL: ClassAddress(host: self.publicHost, port: Int(port), code: room.code).url)
    }

    public var joinURL: String { ClassAddress(host: publicHost, port: Int(port), code: room.code).url }
    public var boardURL: String { joinURL + "/board" }

    public func run() async throws {
        // The board's sockets (`GET /CODE/live/en|ko`) are routed in `route`, under the per-address limits.
        await server.appendRoute(HTTPRoute("*")) { [self] request in await self.handle(request) }
        try await server.run()
    }

    /// Waits until the server listens (`timeout` seconds at most: a loaded machine may take longer than FlyingFox's
    /// default 5).
    public func waitUntilListening(timeout: Double = 5) async throws {
        try await server.waitUntilListening(timeout: timeout)
    }

    /// The port listened on (the one asked for, or the one the system chose for port 0).
    public func listeningPort() async -> Int? {
        switch await server.listeningAddress {
        case .ip4(_, let port), .ip6(_, let port): Int(port)
        default: nil
        }
    }
    public func stop() async { await server.stop() }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            return try await route(request)
        } catch let refusal as Refusal {
            return Self.refuse(refusal)
        } catch {
            return Self.refuse(Refusal(400, "the request could not be read"))
        }
    }

    static func refuse(_ refusal: Refusal) -> HTTPResponse {
        json(
            WireError(refusal.message, reason: refusal.reason),
            status: HTTPStatusCode(refusal.status, phrase: phrase(refusal.status)))
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        default: "Internal Server Error"
        }
    }

    static func json(_ value: some Encodable, status: HTTPStatusCode = .ok) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return HTTPResponse(
            statusCode: status,
            headers: [.contentType: "application/json; charset=utf-8", .init("Cache-Control"): "no-store"], body: data)
    }

    static func text(_ text: String, type: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [
                .contentType: type, .init("Cache-Control"): "no-store",
                .init("X-Content-Type-Options"): "nosniff",
            ], body: Data(text.utf8))
    }

    func bearer(_ request: HTTPRequest) -> String? {
        if let value = request.headers[.authorization], value.hasPrefix("Bearer ") {
            return String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return request.query["token"]
    }

    /// The body, when it is JSON of the expected shape and within the size limit; else one refusal.
    func decode<T: Decodable>(_ type: T.Type, _ request: HTTPRequest) async throws -> T {
        guard let length = request.headers[.contentLength].flatMap(Int.init) else {
            throw Refusal(411, "a request body needs a Content-Length")
        }
        guard length <= ClassWire.maximumBody else {
            throw Refusal(413, "a request body is at most \(ClassWire.maximumBody) bytes")
        }
        let data = try await request.bodyData
        guard data.count <= ClassWire.maximumBody else {
            throw Refusal(413, "a request body is at most \(ClassWire.maximumBody) bytes")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw Refusal(400, "the body is not the JSON this request takes")
        }
    }

    func address(_ request: HTTPRequest) -> String {
        switch request.remoteAddress {
        case .ip4(let ip, _), .ip6(let ip, _): ip
        default: "local"
        }
    }

    func route(_ request: HTTPRequest) async throws -> HTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        guard let code = parts.first, code == room.code else {
            if parts.isEmpty {
                return Self.text("Pattern Playground class server\n", type: "text/plain; charset=utf-8")
            }
            throw Refusal(404, "there is no class here by that code")
        }
        let rest = parts.dropFirst().joined(separator: "/")
        let method = request.method.rawValue
        let key = address(request)
        switch (method, rest) {
        case ("GET", ""), ("GET", "board"):
            guard perAddress.allow("requests:" + key) else { throw Self.tooManyRequests }
            let lang =
                request.query["lang"].flatMap { Lang(rawValue: $0) } ?? Lang(rawValue: room.currentState.lang) ?? .en
            return Self.text(
                BoardPage(lang: lang, joinURL: joinURL).page(room.snapshot(), code: room.code),
                type: "text/html; charset=utf-8")
        case ("GET", "state"):
            guard perAddress.allow("requests:" + key) else { throw Self.tooManyRequests }
            return Self.json(room.currentState)
        case ("GET", "live/en"), ("GET", "live/ko"):
            return try await liveBoard(request, lang: rest.hasSuffix("ko") ? .ko : .en, address: key)
        case ("POST", "join"):
            // A refusal that does not depend on the rate is said as it is (and costs nothing); a join that would
            // be taken counts against the address's rate.
            if let refusal = room.joinRefusal(address: key) {
                guard perAddress.allow("requests:" + key) else { throw Self.tooManyRequests }
                throw refusal
            }
            guard joins.allow("join:" + key) else {
                throw Refusal(429, "too many joins from this address: slow down", reason: .tooManyJoins)
            }
            let join = try await decode(JoinRequest.self, request)
            return Self.json(try room.join(name: join.name, address: key))
        case ("POST", "reports"):
            guard perAddress.allow("requests:" + key) else { throw Self.tooManyRequests }
            guard let token = bearer(request), let id = room.learner(token: token) else {
                if let token = bearer(request), room.wasRemoved(token: token) {
                    throw Refusal(403, "the presenter removed you from this class", reason: .removed)
                }
                throw Refusal(401, "reports need the learner's token from joining", reason: .unknownToken)
            }
            let batch = try await decode(ReportBatch.self, request)
            guard batch.reports.count <= ClassWire.maximumBatch else {
                throw Refusal(413, "at most \(ClassWire.maximumBatch) reports at a time")
            }
            // Counted in reports: a batch takes one token a report (an empty one, one).
            guard perLearner.allow("learner:\(id)", cost: Double(max(1, batch.reports.count))) else {
                throw Refusal(429, "too many reports: slow down", reason: .tooManyReports)
            }
            return Self.json(try room.report(batch.reports, token: token))
        case ("POST", "close"), ("POST", "open"):
            return Self.json(try room.setJoining(open: rest == "open", token: bearer(request)))
        case ("POST", "remove"):
            guard room.isPresenter(bearer(request)) else {
                throw Refusal(403, "only the presenter's token removes a learner", reason: .notPresenter)
            }
            let remove = try await decode(RemoveRequest.self, request)
            let ids = room.learnerIDs(named: remove.name)
            let removed = try room.remove(name: remove.name, token: bearer(request))
            playgrounds?.end(learners: ids, reason: .removed)
            return Self.json(removed)
        case ("POST", "presenter"):
            guard room.isPresenter(bearer(request)) else {
                throw Refusal(
                    403, "only the presenter's token changes the step or reveals answers", reason: .notPresenter)
            }
            let update = try await decode(PresenterUpdate.self, request)
            return Self.json(try room.present(update, token: bearer(request)))
        case ("GET", "results.csv"):
            guard room.isPresenter(bearer(request)) else {
                throw Refusal(403, "the results need the presenter's token")
            }
            return Self.text(room.resultsCSV(), type: "text/csv; charset=utf-8")
        case ("GET", "results.json"):
            guard room.isPresenter(bearer(request)) else {
                throw Refusal(403, "the results need the presenter's token")
            }
            return HTTPResponse(
                statusCode: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: Data(room.resultsJSON()))
        case ("GET", "play"), ("GET", "terminal"), ("GET", "xterm.js"), ("GET", "xterm.css"):
            return try await playground(request, rest: rest, address: key)
        case (_, "board"), (_, "state"), (_, "join"), (_, "reports"), (_, "presenter"), (_, "results.csv"),
            (_, "results.json"), (_, "close"), (_, "open"), (_, "remove"), (_, "live/en"), (_, "live/ko"):
            throw Refusal(405, "\(method) is not how /\(code)/\(rest) is used")
        default:
            throw Refusal(404, "there is nothing at /\(code)/\(rest)")
        }
    }
}

extension ClassServer {
    static let tooManyRequests = Refusal(
        429, "too many requests from this address: slow down", reason: .tooManyRequests)

    /// A board socket, when the address may open one more: each address holds at most
    /// ``ClassLimits/boardsPerAddress`` open, and opening counts as a request.
    func liveBoard(_ request: HTTPRequest, lang: Lang, address: String) async throws -> HTTPResponse {
        guard perAddress.allow("requests:" + address) else { throw Self.tooManyRequests }
        guard boards.take(address) else {
            throw Refusal(
                429, "at most \(boards.most) boards from one address at a time", reason: .tooManyBoards)
        }
        let counted = CountedSocket(
            inner: LiveBoard(server: self, lang: lang), release: { [boards] in boards.give(address) })
        let response = try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: counted))
            .handleRequest(request)
        // Not upgraded (not a WebSocket handshake): nothing stays open.
        if response.statusCode != .switchingProtocols { boards.give(address) }
        return response
    }
}

/// A socket that gives its place back when it ends.
struct CountedSocket<Inner: WSMessageHandler>: WSMessageHandler {
    let inner: Inner
    let release: @Sendable () -> Void

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let messages: AsyncStream<WSMessage>
        do { messages = try await inner.makeMessages(for: client) } catch {
            release()
            throw error
        }
        return AsyncStream { continuation in
            let task = Task {
                for await message in messages { continuation.yield(message) }
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                release()
            }
        }
    }
}

/// `GET /CODE/live/en` (or `/ko`): the board's body at once, then within a quarter of a second of every change only
/// the parts that changed (a row of the progress table, the stuck list), and every 10 seconds what time changed
/// (minutes without progress). One rendering per version and language serves every viewer.
struct LiveBoard: WSMessageHandler {
    let server: ClassServer
    let lang: Lang

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let renders = server.renders
        let lang = lang
        return AsyncStream { continuation in
            let task = Task {
                var shown: BoardRender?
                var version = -1
                var at = 0.0
                while !Task.isCancelled {
                    let now = Date().timeIntervalSince1970
                    if renders.room.version != version || now - at >= 10 {
                        let (render, rendered) = renders.render(lang)
                        version = rendered
                        at = now
                        if let message = render.message(after: shown) {
                            continuation.yield(.text(message))
                            shown = render
                        }
                    }
                    try? await Task.sleep(nanoseconds: 250_000_000)
                }
            }
            let reader = Task {
                for await message in client { if case .close = message { break } }
                task.cancel()
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel(); reader.cancel()
            }
        }
    }
}

/// The board rendered once for a version of the class and a language, and kept a second: every viewer is sent
/// from the same rendering.
final class BoardRenders: @unchecked Sendable {
    let room: ClassRoom
    let joinURL: String
    let lock = NSLock()
    var kept: [Lang: (version: Int, at: Double, render: BoardRender)] = [:]

    init(room: ClassRoom, joinURL: String) {
        self.room = room
        self.joinURL = joinURL
    }

    func render(_ lang: Lang) -> (BoardRender, version: Int) {
        lock.withLock {
            let now = Date().timeIntervalSince1970
            let version = room.version
            if let kept = kept[lang], kept.version == version, now - kept.at < 1 { return (kept.render, version) }
            let render = BoardPage(lang: lang, joinURL: joinURL).render(room.snapshot())
            kept[lang] = (version, now, render)
            return (render, version)
        }
    }
}
