// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// What a screen asks for: the body of a path (an image, a profile, a feed). A loader that fails throws.
/// Every wrapper below is a `DataLoader` too, so a screen cannot tell a bare loader from a wrapped one.
public protocol DataLoader: AnyObject {
    func load(_ path: String) throws -> String
}

/// Why a load failed.
public enum LoadError: Error, Equatable, Sendable {
    /// The server did not answer in time.
    case timedOut(String)
}

/// The loader that does the work: a stand-in for `URLSession`, which answers every path with the path and the number
/// of the request that fetched it, so a body served again from a cache is visibly an old one.
public final class NetworkLoader: DataLoader {
    /// How many requests reached the server, failed ones included.
    public private(set) var requests = 0
    /// How many of the next requests time out (a flaky connection).
    public private(set) var failing = 0

    public init() {}

    public func load(_ path: String) throws -> String {
        try CallRecord.call(self, "load(_:)", path) {
            requests += 1
            if failing > 0 {
                failing -= 1
                throw LoadError.timedOut(path)
            }
            return "\(path) #\(requests)"
        }
    }

    /// Makes the next `count` requests time out.
    public func failNext(_ count: Int) {
        CallRecord.call(self, "failNext(_:)", count) { failing = max(0, count) }
    }
}

/// Keeps what it loaded: a path asked for again is answered without asking the loader it wraps.
public final class CachingLoader: DataLoader {
    public let wrapped: DataLoader
    /// The paths it keeps, in the order it first loaded them.
    public private(set) var cached: [String] = []
    /// How many loads it answered by itself.
    public private(set) var hits = 0
    private var _bodies: [String: String] = [:]

    public init(wrapping wrapped: DataLoader) { self.wrapped = wrapped }

    public func load(_ path: String) throws -> String {
        try CallRecord.call(self, "load(_:)", path) {
            if let body = _bodies[path] {
                hits += 1
                return body
            }
            let body = try CallRecord.call(wrapped, "load(_:)", path) { try wrapped.load(path) }
            _bodies[path] = body
            cached.append(path)
            return body
        }
    }
}

/// Writes a line for every load that passes through it, and passes it on unchanged.
public final class LoggingLoader: DataLoader {
    public let wrapped: DataLoader
    public private(set) var lines: [String] = []

    public init(wrapping wrapped: DataLoader) { self.wrapped = wrapped }

    public func load(_ path: String) throws -> String {
        try CallRecord.call(self, "load(_:)", path) {
            do {
                let body = try CallRecord.call(wrapped, "load(_:)", path) { try wrapped.load(path) }
                lines.append("GET \(path): ok")
                return body
            } catch {
                lines.append("GET \(path): failed")
                throw error
            }
        }
    }
}

/// Asks the loader it wraps again when a load fails, up to `attempts` tries in all.
public final class RetryingLoader: DataLoader {
    public let wrapped: DataLoader
    public let attempts: Int
    /// How many times it asked again.
    public private(set) var retries = 0

    public init(wrapping wrapped: DataLoader, attempts: Int) {
        self.wrapped = wrapped
        self.attempts = max(1, attempts)
    }

    public func load(_ path: String) throws -> String {
        try CallRecord.call(self, "load(_:)", path) {
            var tries = 1
            while true {
                do {
                    return try CallRecord.call(wrapped, "load(_:)", path) { try wrapped.load(path) }
                } catch {
                    guard tries < attempts else { throw error }
                    tries += 1
                    retries += 1
                }
            }
        }
    }
}

/// The client: a profile screen that shows what its loader gives it. It knows only `DataLoader`, so whatever is
/// wrapped around the network is chosen where the screen is made, not in the screen.
public final class ProfileScreen {
    public var loader: DataLoader
    /// What the screen shows: the last body it loaded, or the error.
    public private(set) var shown = "-"

    public init(loader: DataLoader) { self.loader = loader }

    public func display(_ path: String) {
        CallRecord.call(self, "display(_:)", path) {
            do {
                shown = try CallRecord.call(loader, "load(_:)", path) { try loader.load(path) }
            } catch LoadError.timedOut(let path) {
                shown = "timed out: \(path)"
            } catch {
                shown = "failed: \(path)"
            }
        }
    }
}
