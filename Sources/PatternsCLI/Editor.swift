import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// The learner's editor for code exercises: `$VISUAL`, else `$EDITOR`, run through the shell (so `code --wait` or
/// `vim -u NONE` work as typed), on this terminal, waited for.
enum Editor {
    /// `${XDG_DATA_HOME:-~/.local/share}/patterns/exercises`.
    static func exercisesDirectory(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/patterns/exercises" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/patterns/exercises"
    }

    /// The command that opens a file, or nil when none is set.
    static func command(environment: [String: String]) -> String? {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], value.contains(where: { $0 != " " }) { return value }
        }
        return nil
    }

    /// Opens `path` with `command` and waits for it to end. `around` runs before and after (the dashboard leaves the
    /// alternate screen for the editor and comes back).
    static func open(_ path: String, with command: String, around: (Bool) -> Void = { _ in }) -> EditorOutcome {
        around(true)
        defer { around(false) }
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "patterns-edit", path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
        guard spawned == 0 else { return .failed(command, -1) }
        let end = Processes.wait(pid) ?? .exited(-1)
        return end == .exited(0) ? .closed : .failed(command, end.shellStatus)
    }

    /// What a file is now, to see that it was saved: its inode, size and time of change.
    static func stamp(_ path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }
}
