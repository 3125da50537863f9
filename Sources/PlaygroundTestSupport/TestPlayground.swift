import Foundation

/// The built `patterns` as an end-to-end suite runs it: the toolchain on PATH (so that Swift is compiled), a compile
/// cache the suite's runs share, and a fresh state folder for each run (a lesson always starts at step 1). One
/// helper for every suite that drives the binary, piped (``run(_:arguments:extra:)``) or on a terminal
/// (``environment(_:)`` for a ``PseudoTerminal``).
public struct TestPlayground: Sendable {
    /// The suite's name in its folders: `patterns-<name>-<pid>` (the cache), `patterns-<name>-state-…` (each run).
    public let name: String
    /// XDG_CACHE_HOME: compiled lines kept between the suite's runs.
    public var cache: String
    /// PATTERNS_LINE_TIME_LIMIT, in seconds (nil: the program's own).
    public var lineTimeLimit: Int?
    /// `--width` of piped runs.
    public var width: Int
    /// Whether HOME is the run's state folder too (else the temporary folder, shared).
    public var homeInState: Bool

    public init(
        _ name: String, cache: String? = nil, lineTimeLimit: Int? = 5, width: Int = 200, homeInState: Bool = false
    ) {
        self.name = name
        self.cache = NSTemporaryDirectory() + "patterns-\(cache ?? name)-\(getpid())"
        self.lineTimeLimit = lineTimeLimit
        self.width = width
        self.homeInState = homeInState
    }

    /// A state folder no run used before.
    public func freshState() -> String {
        NSTemporaryDirectory() + "patterns-\(name)-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The environment of one run: its own state (and data, and maybe home) folder, the suite's cache, the
    /// toolchain on PATH, and `extra` over all of it.
    public func environment(_ extra: [String: String] = [:], state: String? = nil) -> [String: String] {
        let state = state ?? freshState()
        var environment = [
            "PATH": toolchainPath(), "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state, "XDG_DATA_HOME": state + "/data",
            "NO_COLOR": "1", "LANG": "C.UTF-8",
        ]
        if homeInState { environment["HOME"] = state }
        if let lineTimeLimit { environment["PATTERNS_LINE_TIME_LIMIT"] = String(lineTimeLimit) }
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Runs the binary piped, `input` typed, at ``width`` columns, in a fresh state folder.
    public func run(_ input: String, arguments: [String] = [], extra: [String: String] = [:]) throws -> ProcessResult {
        try runPatterns(["--width", String(width)] + arguments, input: input, environment: environment(extra))
    }
}
