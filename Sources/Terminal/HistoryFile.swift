#if canImport(Glibc)
import Glibc
#endif

/// Where the REPL keeps its history, and how it writes it: through a temporary file renamed into place, mode
/// 0600, never with libedit's truncate call (which drops the header and corrupts the file).
public struct HistoryFile: Sendable {
    public var path: String
    public var limit: Int

    public init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = limit
    }

    /// `PATTERNS_HISTORY` if set (empty: no history), else `${XDG_STATE_HOME:-~/.local/state}/patterns/history`.
    public static func standard(environment: [String: String]) -> HistoryFile? {
        if let override = environment["PATTERNS_HISTORY"] {
            return override.isEmpty ? nil : HistoryFile(path: override)
        }
        guard let directory = StateDirectory.path(environment: environment) else { return nil }
        return HistoryFile(path: directory + "/history")
    }

    func save(_ write: (String) -> Int32) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty { StateDirectory.create(directory) }
        let temporary = path + ".tmp\(getpid())"
        let old = umask(0o077)
        defer { umask(old) }
        guard write(temporary) >= 0 else { unlink(temporary); return }
        chmod(temporary, 0o600)
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}

/// `${XDG_STATE_HOME:-~/.local/state}/patterns`.
public enum StateDirectory {
    public static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/patterns" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/patterns"
    }

    /// mkdir -p with mode 0700 for new folders.
    public static func create(_ path: String) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }
}
