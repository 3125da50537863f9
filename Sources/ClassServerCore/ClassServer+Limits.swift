import ClassWire
import Foundation

/// Requests a client may make: a burst, then a steady rate (a token bucket per key). A flood from one learner or one
/// address is refused with 429 while everyone else goes on. Time is the room's clock: a test's room whose clock stands
/// still refills nothing, however slowly a loaded machine sends its requests.
final class RateLimiter: @unchecked Sendable {
    let burst: Double
    let perSecond: Double
    let clock: @Sendable () -> Double
    let lock = NSLock()
    var buckets: [String: (tokens: Double, at: Double)] = [:]

    init(burst: Double, perSecond: Double, clock: @escaping @Sendable () -> Double) {
        self.burst = burst
        self.perSecond = perSecond
        self.clock = clock
    }

    /// Takes `cost` tokens (a batch of reports costs one a report), or none when there are fewer.
    func allow(_ key: String, cost: Double = 1) -> Bool {
        let now = clock()
        return lock.withLock {
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
    /// Joins from one address at once, then a second: a first burst much smaller than the address's places, so a
    /// flood of joins takes a few of them and leaves the rest to the room behind that address.
    public var joinBurst: Double
    public var joinsPerSecond: Double
    /// Requests from one address (page loads, state, reports, board sockets opened) at once, then a second.
    public var requestBurst: Double
    public var requestsPerSecond: Double
    /// Board sockets one address may hold open (the projector and a few phones; a learner needs none).
    public var boardsPerAddress = 20
    /// Connections one address may hold waiting on the server (a request not yet whole, an idle keep-alive): one more
    /// drops its oldest. At most a quarter of the open-file limit, so that one address cannot take them all.
    public var connectionsPerAddress: Int
    /// Seconds a connection may wait with a request unfinished (or idle between requests) before it is dropped.
    public var headerSeconds: Double = 5

    public init(learnersPerAddress: Int = 250, openFiles: Int = OpenFiles.current) {
        connectionsPerAddress = max(16, min(max(64, 2 * learnersPerAddress), openFiles / 4))
        let n = Double(learnersPerAddress)
        joinBurst = min(n, 20)
        joinsPerSecond = max(5, n / 10)
        requestBurst = max(600, 4 * n)
        requestsPerSecond = max(200, 2 * n)
    }
}
