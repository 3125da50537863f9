import FlyingFox
import FlyingSocks
import Foundation

extension ClassServer {
    /// The HTTP server that listens now and the guard on its connections. After an accept error the server is made
    /// anew on the same address (FlyingFox ends its server on one).
    final class Listener: @unchecked Sendable {
        let address: any SocketAddress
        let limits: ClassLimits
        let lock = NSLock()
        private var made: (server: HTTPServer, guard: ConnectionGuard)
        private var stopped = false
        private var saidAt: Double?
        private var onTrouble: (@Sendable (Int, String) -> Void)?

        init(address: any SocketAddress, limits: ClassLimits) {
            self.address = address
            self.limits = limits
            made = Self.make(address: address, limits: limits)
        }

        static func make(address: any SocketAddress, limits: ClassLimits) -> (HTTPServer, ConnectionGuard) {
            let guarded = ConnectionGuard(
                inner: HTTPServer.defaultPool(), perAddress: limits.connectionsPerAddress,
                headerSeconds: limits.headerSeconds)
            let config = HTTPServer.Configuration(address: address, timeout: 30, pool: guarded, logger: .disabled)
            return (HTTPServer(config: config), guarded)
        }

        var current: (server: HTTPServer, guard: ConnectionGuard) { lock.withLock { made } }
        var isStopping: Bool { lock.withLock { stopped } }
        func stopping() { lock.withLock { stopped = true } }

        /// A new server on the same address (the port the first one listened on, when it was 0).
        func renew() {
            lock.withLock { made = Self.make(address: address, limits: limits) }
        }

        func sayTrouble(with say: @escaping @Sendable (Int, String) -> Void) { lock.withLock { onTrouble = say } }

        /// Says an accept error once, and again only after a minute without one.
        func trouble(_ number: Int, _ message: String) {
            let now = Date().timeIntervalSince1970
            let say: (@Sendable (Int, String) -> Void)? = lock.withLock {
                defer { saidAt = now }
                if let saidAt, now - saidAt <= 60 { return nil }
                return onTrouble
            }
            say?(number, message)
        }
    }

    /// A WebSocket from this request's connection: it may wait on its client as long as it is open.
    func upgrading(_ request: HTTPRequest) -> (key: String, done: @Sendable () -> Void)? {
        let guarded = listener.current.guard
        switch request.remoteAddress {
        case .ip4(let ip, let port), .ip6(let ip, let port):
            let key = ConnectionGuard.Peer(address: ip, port: Int(port)).key
            guarded.upgrade(key)
            return (key, { guarded.closed(key) })
        default: return nil
        }
    }
}
