import FlyingSocks
import Foundation

/// Every wait of the server for a client's bytes goes through here (it wraps the socket pool), so that nobody can
/// hold the server's open files with connections that send half a request and then nothing (instructor-5.md,
/// problem 1):
/// - a wait for the client lasts at most ``headerSeconds``: a request whose headers (or small body) are not done by
///   then is dropped, and so is a connection kept idle between requests;
/// - one address has at most ``perAddress`` connections waiting on it: one more drops its oldest, so the newest
///   request of a room behind one NAT still gets through a flood from that NAT.
/// - near the open-file limit (a descriptor numbered in its last eighth: the system gives the lowest free number),
///   a new connection's wait ends at once: the files go back before accepting runs out of them.
/// Sockets upgraded to a WebSocket (the board, the playground's terminal) wait as long as they like: they are
/// limited where they are opened.
final class ConnectionGuard: AsyncSocketPool, @unchecked Sendable {
    let inner: any AsyncSocketPool
    let perAddress: Int
    let headerSeconds: Double
    let lock = NSLock()
    var waiting: [String: [Int: Waiter]] = [:]
    var upgraded: Set<String> = []
    var nextID = 0
    /// Connections dropped so far (for tests and the load script's figures).
    private(set) var dropped = 0

    struct Waiter {
        let since: Double
        let task: Task<Void, any Error>
    }

    /// Descriptors from this number on are near the open-file limit.
    let crowded: Int32

    init(inner: any AsyncSocketPool, perAddress: Int, headerSeconds: Double, openFiles: Int = OpenFiles.current) {
        self.inner = inner
        crowded = Int32(clamping: openFiles - openFiles / 8)
        self.perAddress = max(1, perAddress)
        self.headerSeconds = headerSeconds
    }

    func prepare() async throws { try await inner.prepare() }

    /// The pool's loop, and beside it a sweep that drops every wait past its deadline.
    func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [inner] in try await inner.run() }
            group.addTask { [self] in
                while !Task.isCancelled {
                    try await Task.sleep(nanoseconds: 250_000_000)
                    dropLate(now: Date().timeIntervalSince1970)
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // The listening socket (no peer), writes, and WebSockets wait as the pool lets them.
        guard events == .read, let peer = Self.peer(socket.file.rawValue), !isUpgraded(peer) else {
            return try await inner.suspendSocket(socket, untilReadyFor: events)
        }
        if socket.file.rawValue >= crowded {
            lock.withLock { dropped += 1 }
            throw SocketError.disconnected
        }
        let inner = inner
        let task = Task { try await inner.suspendSocket(socket, untilReadyFor: events) }
        let id = register(address: peer.address, task: task)
        defer { unregister(address: peer.address, id: id) }
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// A WebSocket from `address:port` is open (until ``closed(_:)``).
    func upgrade(_ key: String) { _ = lock.withLock { upgraded.insert(key) } }
    func closed(_ key: String) { _ = lock.withLock { upgraded.remove(key) } }

    func isUpgraded(_ peer: Peer) -> Bool { lock.withLock { upgraded.contains(peer.key) } }

    /// How many connections wait on `address` now.
    func waitingCount(_ address: String) -> Int { lock.withLock { waiting[address]?.count ?? 0 } }
    var droppedCount: Int { lock.withLock { dropped } }

    func register(address: String, task: Task<Void, any Error>) -> Int {
        lock.withLock {
            nextID += 1
            var list = waiting[address] ?? [:]
            if list.count >= perAddress, let oldest = list.min(by: { $0.value.since < $1.value.since }) {
                oldest.value.task.cancel()
                list[oldest.key] = nil
                dropped += 1
            }
            list[nextID] = Waiter(since: Date().timeIntervalSince1970, task: task)
            waiting[address] = list
            return nextID
        }
    }

    func unregister(address: String, id: Int) {
        lock.withLock {
            waiting[address]?[id] = nil
            if waiting[address]?.isEmpty == true { waiting[address] = nil }
        }
    }

    func dropLate(now: Double) {
        lock.withLock {
            for (address, list) in waiting {
                for (id, waiter) in list where now - waiter.since >= headerSeconds {
                    waiter.task.cancel()
                    waiting[address]?[id] = nil
                    dropped += 1
                }
                if waiting[address]?.isEmpty == true { waiting[address] = nil }
            }
        }
    }

    /// The other end of a connected socket, or nil (a listening socket has none).
    struct Peer {
        let address: String
        let port: Int
        var key: String { "\(address) \(port)" }
    }

    static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func peer(_ fd: Int32) -> Peer? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard got == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
                    return Peer(address: Self.text(text), port: Int(UInt16(bigEndian: address.pointee.sin_port)))
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count))
                    return Peer(
                        address: Self.text(text), port: Int(UInt16(bigEndian: address.pointee.sin6_port)))
                }
            }
        default:
            return nil
        }
    }
}

/// The process's limit on open files: raised to the most it may be at start (a laptop's usual 1,024 is too few for a
/// room and its board), and read back to size what one address may hold.
public enum OpenFiles {
    /// Raises the soft limit to the hard one; returns the limit now in force.
    @discardableResult
    public static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return current }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            // No hard limit: a million is more than a class needs, and what the kernel allows by default.
            raised.rlim_cur = limit.rlim_max == rlim_t.max ? 1 << 20 : limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised)
        }
        return current
    }

    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return limit.rlim_cur == rlim_t.max ? Int(Int32.max) : Int(limit.rlim_cur)
    }
}
