import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 client over POSIX sockets: one request per connection, a time limit on every wait, bodies
/// with a Content-Length. Enough to talk to the class server, and nothing that links libcurl into the learner's binary.
public struct HTTPClient: Sendable {
    public var host: String
    public var port: Int
    /// Seconds for the connection, and again for each read or write.
    public var timeout: Double

    public init(host: String, port: Int, timeout: Double = 3) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public enum Failure: Error, Equatable, Sendable {
        /// The server could not be reached (refused, unknown host, timed out): worth trying again later.
        case unreachable(String)
        /// The server answered with something that is not HTTP/1.x.
        case malformed
    }

    public func request(
        _ method: String, _ path: String, body: [UInt8]? = nil, bearer: String? = nil,
        contentType: String = "application/json"
    ) throws(Failure) -> Response {
        let fd = try connect()
        defer { close(fd) }
        var head =
            "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\nUser-Agent: patterns\r\n"
        if let bearer { head += "Authorization: Bearer \(bearer)\r\n" }
        if let body { head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(fd, Array(head.utf8) + (body ?? []))
        return try receive(fd)
    }

    func connect() throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else { throw .unreachable("unknown host \(host)") }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            // Non-blocking connect, so that a host that does not answer costs at most `timeout`.
            let flags = fcntl(fd, F_GETFL, 0)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            var result = Glibc_connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            if result < 0 && errno == EINPROGRESS {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&p, 1, Int32(timeout * 1000)) == 1 {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    result = error == 0 ? 0 : -1
                    if error != 0 { reason = String(cString: strerror(error)) }
                } else {
                    reason = "timed out"
                }
            } else if result < 0 {
                reason = String(cString: strerror(errno))
            }
            if result == 0 {
                _ = fcntl(fd, F_SETFL, flags)
                var limit = timeval(
                    tv_sec: Int(timeout), tv_usec: __suseconds_t((timeout - Double(Int(timeout))) * 1_000_000))
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                return fd
            }
            close(fd)
        }
        throw .unreachable(reason)
    }

    func send(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let n = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            #else
            let n = bytes.withUnsafeBytes { Darwin.send(fd, $0.baseAddress! + offset, $0.count - offset, 0) }
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreachable(String(cString: strerror(errno)))
            }
            offset += n
        }
    }

    func receive(_ fd: Int32) throws(Failure) -> Response {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        var headerEnd: Int?
        var expected: Int?
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreachable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            data.append(contentsOf: chunk[..<n])
            if headerEnd == nil, let end = Self.find([13, 10, 13, 10], in: data) {
                headerEnd = end
                expected = Self.parseHead(Array(data[..<end])).flatMap {
                    $0.headers["content-length"].flatMap { Int($0) }
                }
            }
            if let headerEnd, let expected, data.count - (headerEnd + 4) >= expected { break }
            if data.count > 8 * 1024 * 1024 { throw .malformed }
        }
        guard let end = headerEnd ?? Self.find([13, 10, 13, 10], in: data),
            let head = Self.parseHead(Array(data[..<end]))
        else {
            throw data.isEmpty ? .unreachable("the connection closed") : .malformed
        }
        var body = Array(data[(end + 4)...])
        if let expected {
            guard body.count >= expected else { throw .unreachable("the connection closed") }
            body = Array(body.prefix(expected))
        }
        return Response(status: head.status, headers: head.headers, body: body)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count)
        where bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    static func parseHead(_ bytes: [UInt8]) -> (status: Int, headers: [String: String])? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("HTTP/1.") else { return nil }
        let parts = first.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: " ")
        }
        return (status, headers)
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}

#if canImport(Glibc)
@inline(__always) func Glibc_connect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t)
    -> Int32
{
    Glibc.connect(fd, address, length)
}
#else
@inline(__always) func Glibc_connect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t)
    -> Int32
{
    Darwin.connect(fd, address, length)
}
#endif

/// JSON in and out over ``HTTPClient``.
public struct ClassClient: Sendable {
    public var address: ClassAddress
    public var http: HTTPClient

    public init(address: ClassAddress, timeout: Double = 3) {
        self.address = address
        self.http = HTTPClient(host: address.host, port: address.port, timeout: timeout)
    }

    public enum Failure: Error, Sendable, Equatable {
        case unreachable(String)
        /// The server refused, with its status, its words and the ``RefusalReason`` when it gave one.
        case refused(Int, String, reason: RefusalReason? = nil)
    }

    public func call<Body: Encodable, Answer: Decodable>(
        _ method: String, _ path: String, _ body: Body?, bearer: String? = nil,
        as: Answer.Type
    ) throws(Failure) -> Answer {
        let bytes: [UInt8]?
        do {
            bytes = try body.map { Array(try JSONEncoder().encode($0)) }
        } catch {
            throw .refused(0, "could not encode the request")
        }
        let response: HTTPClient.Response
        do {
            response = try http.request(method, "/" + address.code + path, body: bytes, bearer: bearer)
        } catch {
            switch error {
            case .unreachable(let reason): throw .unreachable(reason)
            case .malformed: throw .unreachable("the answer was not HTTP")
            }
        }
        guard response.status == 200 else {
            let wire = try? JSONDecoder().decode(WireError.self, from: Data(response.body))
            let words = wire?.error ?? response.text
            if response.status >= 500 { throw .unreachable(words) }
            throw .refused(response.status, words, reason: wire?.reason.flatMap(RefusalReason.init(rawValue:)))
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(response.body))
        } catch {
            throw .unreachable("the answer could not be read")
        }
    }

    public func join(name: String) throws(Failure) -> JoinResponse {
        try call("POST", "/join", JoinRequest(name: name), as: JoinResponse.self)
    }

    /// The class now. A learner's `token` makes the request count against that learner, not against the address
    /// the learner shares with a room (a flood from that address leaves them online).
    public func state(token: String? = nil) throws(Failure) -> ClassState {
        try call("GET", "/state", Optional<JoinRequest>.none, bearer: token, as: ClassState.self)
    }

    /// The learner quits: the board says "left" until they report again.
    public func leave(token: String) throws(Failure) -> ClassState {
        try call("POST", "/leave", Optional<JoinRequest>.none, bearer: token, as: ClassState.self)
    }

    public func send(_ reports: [Report], token: String) throws(Failure) -> ReportReceipt {
        try call("POST", "/reports", ReportBatch(reports: reports), bearer: token, as: ReportReceipt.self)
    }

    public func present(_ update: PresenterUpdate, token: String) throws(Failure) -> ClassState {
        try call("POST", "/presenter", update, bearer: token, as: ClassState.self)
    }

    /// Closes (`open: false`) or reopens joining; the presenter's token.
    public func joining(open: Bool, token: String) throws(Failure) -> ClassState {
        try call("POST", open ? "/open" : "/close", Optional<JoinRequest>.none, bearer: token, as: ClassState.self)
    }

    /// Removes every learner of that name; the presenter's token.
    public func remove(name: String, token: String) throws(Failure) -> RemoveResponse {
        try remove(RemoveRequest(name: name), token: token)
    }

    public func remove(_ request: RemoveRequest, token: String) throws(Failure) -> RemoveResponse {
        try call("POST", "/remove", request, bearer: token, as: RemoveResponse.self)
    }
}
