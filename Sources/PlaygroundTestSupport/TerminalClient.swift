import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client of the class server's terminal protocol, over a plain loopback socket (RFC 6455: a handshake,
/// masked frames from the client). It keeps what the terminal drew and the server's text notices, and waits with
/// deadlines.
public final class TerminalClient {
    let fd: Int32
    var pending: [UInt8] = []
    /// The terminal's bytes so far, as text (escape sequences included).
    public private(set) var screen = ""
    var screenBytes: [UInt8] = []
    /// The server's text frames so far.
    public private(set) var notices: [String] = []
    public private(set) var closed = false
    /// The HTTP status of the handshake (101 when upgraded).
    public let status: Int

    /// Opens `/CODE/terminal` on 127.0.0.1:`port` with `token` in the query (or in `Authorization` when `bearer`).
    public init(port: Int, path: String, token: String?, bearer: Bool = false) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        var target = path
        var headers = ""
        if let token {
            if bearer {
                headers = "Authorization: Bearer \(token)\r\n"
            } else {
                target += (target.contains("?") ? "&" : "?") + "token=\(token)"
            }
        }
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request =
            "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\(headers)\r\n"
        Self.writeAll(fd, Array(request.utf8))
        // The handshake's answer, up to its blank line.
        let deadline = Date().addingTimeInterval(30)
        var head: [UInt8] = []
        var rest: [UInt8] = []
        while Date() < deadline {
            if let end = Self.find([13, 10, 13, 10], in: head) {
                rest = Array(head[(end + 4)...])
                head = Array(head[..<end])
                break
            }
            if let more = Self.readSome(fd, until: deadline) { head += more } else if Self.lastReadEnded { break }
        }
        let line = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
        status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        pending = rest
        if status != 101 { closed = true }
    }

    deinit { Glibc.close(fd) }

    /// Types bytes into the terminal (a binary frame).
    public func type(_ text: String) { sendFrame(opcode: 2, payload: Array(text.utf8)) }

    /// A text frame (`{"resize": …}`).
    public func sendText(_ text: String) { sendFrame(opcode: 1, payload: Array(text.utf8)) }

    public func resize(cols: Int, rows: Int) { sendText(#"{"resize": {"cols": \#(cols), "rows": \#(rows)}}"#) }

    public func close() { sendFrame(opcode: 8, payload: [3, 232]) }

    func sendFrame(opcode: UInt8, payload: [UInt8]) {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        Self.writeAll(fd, frame)
    }

    /// Reads frames until `condition` holds or `seconds` pass; whether it held.
    @discardableResult
    public func wait(seconds: Double = 60, for condition: (TerminalClient) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(self) {
            while let frame = takeFrame() { handle(frame) }
            if condition(self) { return true }
            if closed || Date() >= deadline { return false }
            guard let more = Self.readSome(fd, until: min(deadline, Date().addingTimeInterval(0.2))) else {
                if Self.lastReadEnded { closed = true }
                continue
            }
            pending += more
        }
        return true
    }

    /// Waits until the screen shows `text` after what it showed before the call's `from` (a count of characters).
    @discardableResult
    public func waitForScreen(_ text: String, after from: Int = 0, seconds: Double = 60) -> Bool {
        wait(seconds: seconds) { $0.screen.dropFirst(from).contains(text) }
    }

    func handle(_ frame: (opcode: UInt8, payload: [UInt8])) {
        switch frame.opcode {
        case 1: notices.append(String(decoding: frame.payload, as: UTF8.self))
        case 2, 0:
            screenBytes += frame.payload
            screen = String(decoding: screenBytes, as: UTF8.self)
        case 8: closed = true
        case 9: sendFrame(opcode: 10, payload: frame.payload)
        default: break
        }
    }

    func takeFrame() -> (opcode: UInt8, payload: [UInt8])? {
        guard pending.count >= 2 else { return nil }
        let opcode = pending[0] & 0x0F
        var length = Int(pending[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard pending.count >= 4 else { return nil }
            length = Int(pending[2]) << 8 | Int(pending[3])
            offset = 4
        } else if length == 127 {
            guard pending.count >= 10 else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | Int(pending[$1]) }
            offset = 10
        }
        guard pending.count >= offset + length else { return nil }
        let payload = Array(pending[offset..<(offset + length)])
        pending.removeFirst(offset + length)
        return (opcode, payload)
    }

    nonisolated(unsafe) static var lastReadEnded = false

    static func readSome(_ fd: Int32, until deadline: Date) -> [UInt8]? {
        lastReadEnded = false
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let wait = Int32(max(0, min(1000, deadline.timeIntervalSinceNow * 1000)))
        guard poll(&poller, 1, wait) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else {
            lastReadEnded = true
            return nil
        }
        return Array(buffer[..<n])
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n <= 0 { return }
            offset += n
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where Array(haystack[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}
