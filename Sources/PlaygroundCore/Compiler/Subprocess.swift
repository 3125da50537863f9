import CPosix

#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end, or stopped: the compiler, run for a line or an exercise file.
///
/// It runs in a process group of its own, and dies with the process that started it; stopped, it goes with everything
/// it started (the driver starts the frontend and the linker), so no compiler outlives its line or the playground.
enum Subprocess {
    enum Ended: Equatable {
        case exited(ProcessEnd, output: String)
        case timedOut
        case interrupted
        case failed(String)
    }

    /// Runs `arguments` with standard input from /dev/null and standard output and error captured together.
    /// `started` hears the process group (= the pid) before anything is read.
    static func run(
        _ arguments: [String], limit: Double, interrupted: () -> Bool,
        started: (Int32) -> Void = { _ in }
    ) -> Ended {
        let fds: (read: Int32, write: Int32)
        do { fds = try Processes.pipe() } catch { return .failed(error.description) }
        // The compiler borrows this process's memory until it execs, instead of a copy of it: it starts as fast
        // with 150 variables and their libraries in the session as with none.
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let pid: pid_t
        do { pid = try Processes.spawnTied(arguments, input: null, output: fds.write) } catch {
            Processes.close(null, fds.read, fds.write)
            return .failed(error.description)
        }
        Processes.close(null, fds.write)
        started(pid)
        let deadline = Processes.now() + limit
        var bytes: [UInt8] = []
        var stop: Ended?
        Processes.pump(
            [fds.read], every: 100,
            received: { _, chunk in if bytes.count < 1 << 20 { bytes += chunk } },
            stop: {
                if interrupted() { stop = .interrupted } else if Processes.now() > deadline { stop = .timedOut }
                return stop != nil
            })
        Processes.close(fds.read)
        if stop != nil { ProcessTree.kill(pid) }
        let end = Processes.wait(pid)
        if let stop { return stop }
        guard let end else { return .failed(SystemCallFailed("waitpid").description) }
        if end == .exited(127) && bytes.isEmpty { return .failed("cannot start '\(arguments[0])'") }
        return .exited(end, output: String(decoding: bytes, as: UTF8.self))
    }
}

/// A line that never finished where the session runs it in-process (the compiler stopped by its time limit or
/// Ctrl-C): reported as the stop it was.
public struct LineStopped: Error, Equatable, Sendable {
    public var stop: LineStop
}

/// The processes below one, read from /proc: the compiler driver starts its frontend in a process group of its own,
/// so stopping a line stops the whole tree, not one group.
public enum ProcessTree {
    /// Whether `pid` has a child, read from its own list where the kernel keeps one (one small file, not all of
    /// /proc); true where it cannot tell.
    public static func hasChildren(_ pid: pid_t) -> Bool {
        guard access("/proc/\(pid)/task/\(pid)/children", R_OK) == 0 else { return true }
        return Processes.contents(of: "/proc/\(pid)/task/\(pid)/children")?.contains { $0.isNumber } ?? false
    }

    /// `root`'s descendants, children before their children.
    public static func descendants(of root: pid_t) -> [pid_t] {
        var parents: [pid_t: [pid_t]] = [:]
        guard let folder = opendir("/proc") else { return [] }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let parent = parent(of: pid) else { continue }
            parents[parent, default: []].append(pid)
        }
        closedir(folder)
        var found: [pid_t] = []
        var queue = [root]
        while let next = queue.popLast() {
            for child in parents[next] ?? [] where !found.contains(child) {
                found.append(child)
                queue.append(child)
            }
        }
        return found
    }

    /// The fields of `/proc/PID/stat` after the name: `state ppid …` (`pid (name) state ppid …`; the name may hold
    /// spaces and parentheses).
    static func statFields(of pid: pid_t) -> [Substring]? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The parent of `pid`.
    public static func parent(of pid: pid_t) -> pid_t? {
        statFields(of: pid).flatMap { $0.count > 1 ? pid_t($0[1]) : nil }
    }

    /// Stops `root` and everything below it.
    public static func kill(_ root: pid_t) {
        // Stopped first, so that none of them starts another while the tree is read.
        let tree = [root] + descendants(of: root)
        for pid in tree { Glibc.kill(pid, SIGSTOP) }
        let all = tree + descendants(of: root).filter { !tree.contains($0) }
        for pid in all { Glibc.kill(pid, SIGKILL) }
    }
}
