import Testing

@testable import Patterns

/// The decorator lesson's loaders: each wrapper adds one behaviour and passes the load on through `DataLoader`.
@Suite struct DataLoaderTests {
    @Test func aCacheAsksTheLoaderItWrapsOncePerPath() throws {
        let network = NetworkLoader()
        let cache = CachingLoader(wrapping: network)
        #expect(try cache.load("/a") == "/a #1")
        #expect(try cache.load("/b") == "/b #2")
        #expect(try cache.load("/a") == "/a #1")
        #expect(network.requests == 2)
        #expect(cache.hits == 1)
        #expect(cache.cached == ["/a", "/b"])
    }

    /// The order of the wrappers decides what each sees: a logger inside the cache hears only the misses.
    @Test func aLoggerInsideTheCacheHearsOnlyTheMisses() throws {
        let network = NetworkLoader()
        let inside = LoggingLoader(wrapping: network)
        let cache = CachingLoader(wrapping: inside)
        let outside = LoggingLoader(wrapping: cache)
        for path in ["/a", "/b", "/a"] { _ = try outside.load(path) }
        #expect(inside.lines == ["GET /a: ok", "GET /b: ok"])
        #expect(outside.lines.count == 3)
    }

    @Test func aRetryAsksAgainUpToItsAttempts() throws {
        let network = NetworkLoader()
        network.failNext(2)
        let retry = RetryingLoader(wrapping: network, attempts: 3)
        #expect(try retry.load("/feed") == "/feed #3")
        #expect(retry.retries == 2)
        network.failNext(3)
        #expect(throws: LoadError.timedOut("/feed")) { try retry.load("/feed") }
        #expect(retry.retries == 4)
        #expect(network.failing == 0)
    }

    @Test func theScreenShowsWhatItsLoaderGivesOrTheError() {
        let network = NetworkLoader()
        let screen = ProfileScreen(loader: network)
        network.failNext(1)
        screen.display("/me")
        #expect(screen.shown == "timed out: /me")
        screen.loader = RetryingLoader(wrapping: network, attempts: 2)
        network.failNext(1)
        screen.display("/me")
        #expect(screen.shown == "/me #3")
    }
}
