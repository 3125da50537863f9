import Foundation

/// Starts seats from one thread that lives as long as the server. bubblewrap's `--die-with-parent` is a parent-death
/// signal, which Linux sends when the *thread* that started the process ends: a pooled thread that retires would
/// take a learner's session with it. The server's own death still ends every sandbox.
final class SeatSpawner: @unchecked Sendable {
    let condition = NSCondition()
    var jobs: [() -> Void] = []

    init() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                let job = jobs.removeFirst()
                condition.unlock()
                job()
            }
        }
        thread.name = "playground-spawner"
        thread.start()
    }

    /// Runs `body` on the spawner thread and waits for it (a spawn takes milliseconds).
    func run<T>(_ body: @escaping () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        condition.lock()
        jobs.append {
            result = body()
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        return result!
    }
}

/// The control groups of one seat (cgroup v1 `pids` and `memory`, where the server may make them): the whole
/// seat's processes and memory, whoever in it forks or allocates.
final class SeatGroups: Sendable {
    let folders: [String]

    init(folders: [String]) { self.folders = folders }

    /// The files a process writes its pid into to join the seat's groups.
    var procs: [String] { folders.map { $0 + "/cgroup.procs" } }

    /// Removes the groups once their processes are gone (tried again for a few seconds: the sandbox's processes
    /// leave as the kernel tears its pid namespace down).
    func remove() {
        let folders = folders
        DispatchQueue.global().async {
            for _ in 0..<50 {
                let left = folders.filter { rmdir($0) != 0 && errno != ENOENT }
                if left.isEmpty { return }
                usleep(100_000)
            }
        }
    }
}

/// Where this server makes its seats' control groups: one folder per controller, or nil when it may not.
struct SeatGroupsRoot: Sendable {
    let pids: String
    let memory: String

    /// `patterns-playground-PID` under this process's own group in each hierarchy, when both can be made.
    static func make() -> SeatGroupsRoot? {
        guard let own = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        func path(_ controller: String) -> String? {
            for line in own.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3, parts[1].split(separator: ",").contains(Substring(controller)) else {
                    continue
                }
                let base = "/sys/fs/cgroup/\(controller)" + (parts[2] == "/" ? "" : String(parts[2]))
                removeStale(in: base)
                let folder = base + "/patterns-playground-\(getpid())"
                guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { return nil }
                return folder
            }
            return nil
        }
        guard let pids = path("pids"), let memory = path("memory") else { return nil }
        return SeatGroupsRoot(pids: pids, memory: memory)
    }

    /// The empty groups a server that is gone left behind (it was killed before it could remove them).
    static func removeStale(in base: String) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        for entry in entries where entry.hasPrefix("patterns-playground-") {
            guard let pid = Int32(entry.dropFirst("patterns-playground-".count)), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let folder = base + "/" + entry
            for seat in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where seat.hasPrefix("seat-") {
                rmdir(folder + "/" + seat)
            }
            rmdir(folder)
        }
    }

    /// The groups of a new seat, with its limits written; nil when they cannot be made.
    func seat(_ name: String, limits: PlaygroundLimits) -> SeatGroups? {
        let pidsFolder = pids + "/" + name
        let memoryFolder = memory + "/" + name
        for folder in [pidsFolder, memoryFolder] { _ = mkdir(folder, 0o755) }
        let written =
            Self.put("\(limits.processes)", to: pidsFolder + "/pids.max")
            && Self.put("\(limits.seatMemoryBytes)", to: memoryFolder + "/memory.limit_in_bytes")
        let groups = SeatGroups(folders: [pidsFolder, memoryFolder])
        guard written else {
            groups.remove()
            return nil
        }
        // Swap counted too where the kernel keeps it (absent without swap accounting).
        _ = Self.put("\(limits.seatMemoryBytes)", to: memoryFolder + "/memory.memsw.limit_in_bytes")
        return groups
    }

    static func put(_ text: String, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    func remove() {
        rmdir(pids)
        rmdir(memory)
    }
}
