import Foundation

/// What one learner's playground may use. Per process: address space, open files, file size (rlimits, set before
/// bubblewrap starts and inherited by everything inside). Per seat, when this machine lets the server make control
/// groups (root on cgroup v1): processes and memory in total.
public struct PlaygroundLimits: Sendable, Equatable {
    /// Address space of each process (a 10 GB allocation fails inside the line that asked for it).
    public var addressSpaceBytes: UInt64 = 4 << 30
    /// Open files of each process.
    public var openFiles: UInt64 = 256
    /// The largest file a process may write (SIGXFSZ past it).
    public var fileBytes: UInt64 = 64 << 20
    /// The temporary folder and the home, each a tmpfs of this size (the kept progress is a folder apart).
    public var folderBytes: UInt64 = 128 << 20
    /// Processes of the whole seat (a fork loop stops there), through the pids control group.
    public var processes = 64
    /// Memory of the whole seat, through the memory control group.
    public var seatMemoryBytes: UInt64 = 1536 << 20

    public init() {}
}

/// The bubblewrap sandbox a learner's `patterns` runs in: no network, its own pid, user, IPC and UTS namespaces, the
/// system and the toolchain read-only, a private home and /tmp, and only that learner's kept progress written back.
/// Nothing of the server (its data folder, database, tokens, other learners) is mounted, and no descriptor of the
/// server is inherited (every descriptor from 3 on is closed in the spawned child).
public struct PlaygroundSandbox: Sendable {
    /// bubblewrap.
    public var bwrap: String
    /// The `patterns` binary run inside (mounted read-only, with the `Modules` folder beside it: the modules compiled
    /// lines use).
    public var patterns: String
    /// Folders and files mounted read-only besides /usr: the Swift toolchain when it lives elsewhere, the binary and
    /// its `Modules`. Not the binary's folder: whatever else is kept there (a build folder's other products, the
    /// server's printed output with the presenter's token, a copy of the class) is no learner's to read.
    public var readOnly: [String]
    /// The Swift toolchain's root when it is not /usr (its usr/bin goes first on PATH).
    public var toolchain: String?
    public var limits: PlaygroundLimits
    /// Where each learner's kept progress lives (one folder per learner, mounted as that learner's state folder).
    public var homes: String

    public static let home = "/home/learner"

    public init(
        bwrap: String, patterns: String, toolchain: String?, limits: PlaygroundLimits, homes: String
    ) {
        self.bwrap = bwrap
        self.patterns = patterns
        self.toolchain = toolchain
        let modules = (patterns as NSString).deletingLastPathComponent + "/Modules"
        self.readOnly =
            [toolchain, patterns].compactMap { $0 } + (FileManager.default.fileExists(atPath: modules) ? [modules] : [])
        self.limits = limits
        self.homes = homes
    }

    /// A learner's folder name: the name's UTF-8 in hex, so that no name reaches another's folder.
    public static func folderName(_ name: String) -> String {
        name.utf8.map { String(format: "%02x", $0) }.joined()
    }

    /// The folder kept for a learner of that name (created when missing).
    public func stateFolder(name: String) throws -> String {
        let folder = homes + "/" + Self.folderName(name)
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    /// bubblewrap's arguments for a learner whose kept state is `state`, running `patterns` with `arguments`.
    public func bwrapArguments(state: String, patternsArguments: [String], lang: String) -> [String] {
        var a = [
            "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--hostname", "playground",
            "--clearenv", "--ro-bind", "/usr", "/usr",
        ]
        for link in ["lib", "lib64", "bin", "sbin"] where FileManager.default.fileExists(atPath: "/usr/" + link) {
            a += ["--symlink", "usr/" + link, "/" + link]
        }
        a += ["--proc", "/proc", "--dev", "/dev"]
        a += ["--size", String(limits.folderBytes), "--perms", "1777", "--tmpfs", "/tmp"]
        a += ["--size", String(limits.folderBytes), "--perms", "0700", "--tmpfs", Self.home]
        // After the private folders, so that a build or a toolchain under /tmp (a fresh clone there) is mounted on
        // top of the empty /tmp, not hidden under it.
        for folder in readOnly where !folder.hasPrefix("/usr/") { a += ["--ro-bind", folder, folder] }
        a += ["--bind", state, Self.home + "/.local/state"]
        a += ["--chdir", Self.home]
        let path = ([toolchain.map { $0 + "/usr/bin" }].compactMap { $0 } + ["/usr/local/bin", "/usr/bin", "/bin"])
            .joined(separator: ":")
        var environment: [String: String] = [
            "HOME": Self.home, "PATH": path, "TERM": "xterm-256color", "LANG": lang == "ko" ? "ko_KR.UTF-8" : "C.UTF-8",
            "LC_ALL": "C.UTF-8", "USER": "learner", "XDG_STATE_HOME": Self.home + "/.local/state",
            "SWIFT_BACKTRACE": "enable=no", "PATTERNS_LINE_MEMORY_LIMIT": "1024",
        ]
        // `edit` opens a terminal editor in the page's terminal: nano where installed (the gentler one), else vi.
        let editors: [String] = ["/usr/bin/nano", "/usr/bin/vi"]
        if let editor = editors.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            environment["EDITOR"] = editor
        }
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { a += ["--setenv", key, value] }
        return a + ["--", patterns] + patternsArguments
    }

    /// The rlimits, as `prlimit` takes them (bytes, never suffixes: `--as=4G` sets a tiny limit in util-linux 2.38).
    var prlimitArguments: [String] {
        [
            "--as=\(limits.addressSpaceBytes)", "--nofile=\(limits.openFiles)", "--fsize=\(limits.fileBytes)",
            "--core=0",
        ]
    }

    /// bubblewrap on PATH.
    public static func find(_ name: String) -> String? { Executables.find(name) }

    /// The Swift toolchain's root when it is not /usr.
    public static func toolchainRoot() -> String? { Executables.toolchainRoot() }

    /// Why the page cannot have its terminal (what to install), or nil.
    public static func unavailablePage() -> String? { XtermBundle.unavailable() }

    /// Why the sandbox cannot run on this machine (one sentence: what to install or enable), or nil when a trial
    /// sandbox ran. Never a fallback without one.
    public static func unavailable(bwrap: String?) -> String? {
        guard let bwrap else {
            return "the playground needs bubblewrap: install it (Debian and Ubuntu: apt-get install bubblewrap)"
        }
        guard let prlimit = Executables.find("prlimit") else {
            return "the playground needs prlimit: install it (Debian and Ubuntu: apt-get install util-linux)"
        }
        var arguments = ["--nofile=64", "--", bwrap, "--unshare-all", "--unshare-user", "--die-with-parent"]
        arguments += ["--ro-bind", "/usr", "/usr", "--proc", "/proc"]
        for link in ["lib", "lib64", "bin"] where FileManager.default.fileExists(atPath: "/usr/" + link) {
            arguments += ["--symlink", "usr/" + link, "/" + link]
        }
        let trial = Executables.run(prlimit, arguments + ["--", "/usr/bin/true"])
        guard trial.status == 0 else {
            let said = trial.output.split(separator: "\n").first.map(String.init) ?? "exit \(trial.status)"
            if said.contains("namespace") || said.contains("Operation not permitted") || said.contains("uid map") {
                return
                    """
                    the playground needs unprivileged user namespaces for bubblewrap, which this machine refuses \
                    (bubblewrap said: \(said)): enable them (sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu \
                    kernel.apparmor_restrict_unprivileged_userns=0)
                    """
            }
            return "the playground's sandbox did not start on this machine (bubblewrap said: \(said))"
        }
        return nil
    }
}

/// Programs the server runs, found on PATH.
enum Executables {
    static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        let folders = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin"]
        for folder in folders where access(folder + "/" + name, X_OK) == 0 { return folder + "/" + name }
        return nil
    }

    /// Runs a program to its end (a short check at start-up, before any request is served).
    static func run(_ path: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The Swift toolchain's root (the folder holding `usr/lib/swift`) when it is not /usr: the one whose runtime
    /// this server loaded (`patterns` is built by the same), else the one of `swiftc` on PATH.
    static func toolchainRoot() -> String? {
        let runtime = "/usr/lib/swift/linux/libswiftCore.so"
        var root: String?
        // Read to the end: Foundation reads a /proc file's first page only (it says its size is 0).
        if let maps = FileHandle(forReadingAtPath: "/proc/self/maps").map({
            String(decoding: $0.readDataToEndOfFile(), as: UTF8.self)
        }),
            let line = maps.split(separator: "\n").first(where: { $0.hasSuffix(runtime) }),
            let slash = line.firstIndex(of: "/")
        {
            root = String(line[slash...].dropLast(runtime.count))
        } else if let swiftc = find("swiftc"), swiftc.hasSuffix("/usr/bin/swiftc") {
            root = String(swiftc.dropLast("/usr/bin/swiftc".count))
        }
        guard let root, !root.isEmpty, root != "/" else { return nil }
        return root
    }
}
