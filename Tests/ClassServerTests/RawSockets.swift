import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

#if canImport(Glibc)
import Glibc
#endif

/// A request from a source address of our choosing on loopback (all of 127.0.0.0/8 is this machine), read to the
/// end.
func rawHTTP(port: Int, from source: String, _ text: String) throws -> String {
    let (fd, head) = try openSocket(port: port, from: source, text, readAll: true)
    close(fd)
    return head
}

/// Connects from `source`, sends `text` and reads the answer's head (or everything, with `readAll`); the socket stays
/// open for the caller to close.
func openSocket(port: Int, from source: String, _ text: String, readAll: Bool = false) throws -> (Int32, String) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    func address(_ ip: String, _ port: Int) -> sockaddr_in {
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, ip, &a.sin_addr)
        return a
    }
    var local = address(source, 0), remote = address("127.0.0.1", port)
    let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    let connected = withUnsafePointer(to: &remote) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0, connected == 0 else {
        close(fd)
        throw WireError("could not connect from \(source)")
    }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { break }
        received += buffer[..<n]
        if !readAll, received.count >= 4, received.suffix(from: 0).starts(with: Array("HTTP".utf8)),
            String(decoding: received, as: UTF8.self).contains("\r\n\r\n")
        {
            break
        }
    }
    return (fd, String(decoding: received, as: UTF8.self))
}
