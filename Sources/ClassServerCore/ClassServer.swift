import ClassWire
import FlyingFox
import FlyingSocks
import Foundation
import PlaygroundText

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
    /// The HTTP server listening now (a new one after an accept error, on the same port).
    let listener: Listener
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
        perLearner = RateLimiter(burst: limits.reportBurst, perSecond: limits.reportsPerSecond, clock: room.clock)
        perAddress = RateLimiter(burst: limits.requestBurst, perSecond: limits.requestsPerSecond, clock: room.clock)
        joins = RateLimiter(burst: limits.joinBurst, perSecond: limits.joinsPerSecond, clock: room.clock)
        boards = OpenCounter(most: limits.boardsPerAddress)
        let address: any SocketAddress =
            host.contains(":")
            ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
        listener = Listener(address: address, limits: limits)
        renders = BoardRenders(
            room: room, joinURL: ClassAddress(host: self.publicHost, port: Int(port), code: room.code).url)
    }

    public var joinURL: String { ClassAddress(host: publicHost, port: Int(port), code: room.code).url }
    public var boardURL: String { joinURL + "/board" }

    /// Serves until stopped. An accept error (the open files ran out) does not end it: the server says so once, waits
    /// a moment (longer each time it comes back within 10 s, 2 s at most), and listens again on the same port.
    public func run() async throws {
        var pause = 0.25
        while true {
            let server = listener.current.server
            // The board's sockets (`GET /CODE/live/en|ko`) are routed in `route`, under the per-address limits.
            await server.appendRoute(HTTPRoute("*")) { [self] request in await self.handle(request) }
            let started = Date()
            do {
                try await server.run()
                return
            } catch SocketError.failed(let type, let number, let message) where type == "Accept" {
                if listener.isStopping || Task.isCancelled { return }
                listener.trouble(Int(number), message)
                if Date().timeIntervalSince(started) > 10 { pause = 0.25 }
                try await Task.sleep(nanoseconds: UInt64(pause * 1e9))
                pause = min(2, pause * 2)
                if listener.isStopping { return }
                listener.renew()
            }
        }
    }

    /// Waits until the server listens (`timeout` seconds at most: a loaded machine may take longer than FlyingFox's
    /// default 5).
    public func waitUntilListening(timeout: Double = 5) async throws {
        try await listener.current.server.waitUntilListening(timeout: timeout)
    }

    /// The port listened on (the one asked for, or the one the system chose for port 0).
    public func listeningPort() async -> Int? {
        switch await listener.current.server.listeningAddress {
        case .ip4(_, let port), .ip6(_, let port): Int(port)
        default: nil
        }
    }

    /// Why a server could not listen: what the task that ran it, or its wait, threw.
    public struct NotListening: Error, CustomStringConvertible {
        public let description: String
    }

    /// A server for `room` on `host`:`port`, listening, with the task that runs it. Port 0 lets the system choose one,
    /// and the server is made again on it, so that the addresses it gives out (``joinURL``, the board's) are the ones
    /// it listens on. Throws what ``init(room:host:port:publicHost:limits:playgrounds:)`` throws for an address that
    /// is not this machine's, and ``NotListening`` when it cannot listen (`timeout`: seconds to wait for it).
    public static func listening(
        room: ClassRoom, host: String, port: UInt16, publicHost: String? = nil, playgrounds: Playgrounds? = nil,
        timeout: Double = 5
    ) async throws -> (server: ClassServer, task: Task<Void, Error>) {
        let server = try ClassServer(
            room: room, host: host, port: port, publicHost: publicHost, playgrounds: playgrounds)
        let task = Task { [server] in try await server.run() }
        do {
            try await server.waitUntilListening(timeout: timeout)
        } catch {
            task.cancel()
            if case .failure(let failure) = await task.result { throw NotListening(description: "\(failure)") }
            throw NotListening(description: "\(error)")
        }
        guard port == 0, let chosen = await server.listeningPort() else { return (server, task) }
        await server.stop()
        task.cancel()
        return try await listening(
            room: room, host: host, port: UInt16(chosen), publicHost: publicHost, playgrounds: playgrounds,
            timeout: timeout)
    }

    public func stop() async {
        listener.stopping()
        await listener.current.server.stop()
    }

    /// Said once a trouble (an accept error) starts: `(errno, message)`. Set before ``run()``.
    public func onTrouble(_ say: @escaping @Sendable (Int, String) -> Void) { listener.sayTrouble(with: say) }

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

    /// Whose rate a request counts against: a learner's (by token), or else the address's. A flood from one address
    /// (a room behind one NAT) then slows only those without a learner's token.
    func requester(_ request: HTTPRequest, address: String) -> String {
        if let token = bearer(request), let id = room.learner(token: token) { return "requests:learner:\(id)" }
        return "requests:" + address
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
            let lang = request.query["lang"].flatMap { Lang(rawValue: $0) } ?? Lang(rawValue: room.serverLang) ?? .en
            return Self.text(
                BoardPage(lang: lang, joinURL: joinURL).page(room.snapshot(), code: room.code),
                type: "text/html; charset=utf-8")
        case ("GET", "state"):
            guard perAddress.allow(requester(request, address: key)) else { throw Self.tooManyRequests }
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
            guard perAddress.allow(requester(request, address: key)) else { throw Self.tooManyRequests }
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
        case ("POST", "leave"):
            guard perAddress.allow(requester(request, address: key)) else { throw Self.tooManyRequests }
            guard let token = bearer(request) else {
                throw Refusal(401, "leaving needs the learner's token from joining", reason: .unknownToken)
            }
            return Self.json(try room.leave(token: token))
        case ("POST", "close"), ("POST", "open"):
            return Self.json(try room.setJoining(open: rest == "open", token: bearer(request)))
        case ("POST", "remove"):
            guard room.isPresenter(bearer(request)) else {
                throw Refusal(403, "only the presenter's token removes a learner", reason: .notPresenter)
            }
            let remove = try await decode(RemoveRequest.self, request)
            let ids = room.learnerIDs(remove)
            let removed = try room.remove(remove, token: bearer(request))
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
        case ("GET", "room.json"):
            guard room.isPresenter(bearer(request)) else {
                throw Refusal(403, "the head count needs the presenter's token")
            }
            return Self.json(room.headCount())
        case ("GET", "play"), ("GET", "terminal"), ("GET", "xterm.js"), ("GET", "xterm.css"):
            return try await playground(request, rest: rest, address: key)
        case (_, "board"), (_, "state"), (_, "join"), (_, "reports"), (_, "presenter"), (_, "results.csv"),
            (_, "results.json"), (_, "room.json"), (_, "close"), (_, "open"), (_, "remove"), (_, "live/en"),
            (_, "live/ko"), (_, "leave"):
            throw Refusal(405, "\(method) is not how /\(code)/\(rest) is used")
        default:
            throw Refusal(404, "there is nothing at /\(code)/\(rest)")
        }
    }
}
