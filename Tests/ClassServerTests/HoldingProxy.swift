import ClassWire
import Foundation
import PlaygroundTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A proxy in front of the class server: each request goes to the server and its answer comes back, except the first
/// one `holds` names, whose answer is held until the client stops waiting and closes. The server has taken that
/// request all the same: a server that answered too late, as a loaded machine's did, without a clock in the test.
final class HoldingProxy: @unchecked Sendable {
    let port: Int
    let target: Int
    let holds: @Sendable (_ method: String, _ path: String) -> Bool
    private let listener: Int32
    private let lock = NSLock()
    private var held = false
    private var stopped = false

    init(to target: Int, holding holds: @escaping @Sendable (_ method: String, _ path: String) -> Bool) throws {
        self.target = target
        self.holds = holds
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw TestSupportFailure("the proxy could not listen: \(String(cString: strerror(errno)))")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in accepting() }.start()
    }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func accepting() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            if lock.withLock({ stopped }) {
                close(fd)
                return
            }
            Thread { [self] in serve(fd) }.start()
        }
    }

    /// One request: read whole, passed on, its answer passed back (or held until the client closes).
    private func serve(_ fd: Int32) {
        defer { close(fd) }
        // A client that stops sending mid-request is not waited on for ever.
        var limit = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.read(fd) else { return }
        let http = HTTPClient(host: "127.0.0.1", port: target, timeout: 60)
        // The server away: the connection closes without an answer, as the server's own would.
        guard let answer = try? http.request(request.method, request.path, body: request.body, bearer: request.bearer)
        else { return }
        let hold =
            holds(request.method, request.path)
            && lock.withLock {
                defer { held = true }
                return !held
            }
        if hold {
            // Until the client gives up (its own time limit) and closes; the 60 s limit above ends it otherwise.
            var byte: UInt8 = 0
            while true {
                let n = recv(fd, &byte, 1, 0)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
            }
        }
        let type = answer.headers["content-type"] ?? "application/json"
        let head =
            "HTTP/1.1 \(answer.status) Answer\r\nContent-Type: \(type)\r\nContent-Length: \(answer.body.count)\r\n"
            + "Connection: close\r\n\r\n"
        let bytes = Array(head.utf8) + answer.body
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    struct Request {
        var method: String
        var path: String
        var bearer: String?
        var body: [UInt8]?
    }

    /// A request with a Content-Length body (or none), as the playground's client sends it.
    static func read(_ fd: Int32) -> Request? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        var head: [String]?
        var expected = 0
        var bodyStart = 0
        while head == nil || data.count - bodyStart < expected {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            data.append(contentsOf: chunk[..<n])
            if head == nil, let end = find(Array("\r\n\r\n".utf8), in: data) {
                let lines = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                head = lines
                bodyStart = end + 4
                for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
                    expected = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
        guard let lines = head, case let words = lines[0].split(separator: " "), words.count >= 2 else { return nil }
        let bearer = lines.dropFirst().first { $0.lowercased().hasPrefix("authorization: bearer ") }
            .map { String($0.dropFirst("authorization: bearer ".count)) }
        let body = expected > 0 ? Array(data[bodyStart..<(bodyStart + expected)]) : nil
        return Request(method: String(words[0]), path: String(words[1]), bearer: bearer, body: body)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            return start
        }
        return nil
    }
}
