import Foundation
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// What a line leaves behind costs the next line nothing, work it hands to a queue runs or is refused in words, and
/// the caches and the progress file say where they went when theirs cannot be used: the built binary, piped.
@Suite(.serialized) struct LineBoundsTests {
    let playground = TestPlayground("bounds", cache: "lines", width: 100)
    var cache: String { playground.cache }

    func run(_ input: String, extra: [String: String] = [:]) throws -> ProcessResult {
        try playground.run(input, extra: extra)
    }

    /// Three million elements in a variable: the line runs (the state pane shows the first elements and the count),
    /// and every later line, a short command and `undo` included, answers.
    @Test func aMillionElementArrayCostsTheNextLineNothing() throws {
        let result = try run(
            """
            load builder
            var big = Array(0..<3_000_000)
            var more = Array(repeating: 7, count: 3_000_000)
            big
            meat tofu
            print(big.count + more.count)

            """)
        let output = result.output
        #expect(!output.contains("still running"), "\(output)")
        #expect(output.contains("big.value: [0, 1, 2, 3,"), "\(output)")
        #expect(output.contains("… (3000000 elements)]"), "\(output)")
        #expect(output.contains("builder.meat: .beef → .tofu"), "\(output)")
        #expect(output.contains("\n6000000\n"), "\(output)")
        // The echo of `big` is bounded too: about two thousand characters, not twenty million.
        #expect(output.utf8.count < 20_000, "\(output.utf8.count) bytes")
    }

    /// `DispatchQueue.main.async` runs at the end of its line, as an app's run loop would run it; a global queue's
    /// worker thread and a `Timer` (whose run loop starts threads) are refused in one sentence each.
    @Test func workHandedToQueuesRunsOrIsRefusedInWords() throws {
        let result = try run(
            """
            load builder
            import Dispatch
            DispatchQueue.main.async { print("main ran") }
            DispatchQueue.global().async { print("global") }
            import Foundation
            let t = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in print("timer") }
            print("after")

            """)
        let output = result.output
        #expect(output.contains("\nmain ran\n"), "\(output)")
        #expect(output.contains("not kept: this line left a thread running (DispatchQueue.global()"), "\(output)")
        #expect(output.contains("not kept: this line scheduled a Timer"), "\(output)")
        #expect(output.contains("\nafter\n"), "\(output)")
    }

    /// A cache folder of another user's (here: one the learner cannot write): the line cache and swiftc's own
    /// module cache move to a private folder, with one warning, and compiled lines work. Needs root to be nobody.
    @Test(.enabled(if: getuid() == 0)) func anUnwritableCacheHomeMovesEveryCache() throws {
        let base = NSTemporaryDirectory() + "patterns-nobody-\(getpid())"
        let home = base + "/home", theirs = base + "/theirs"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        chmod(base, 0o755)
        chown(home, 65534, 65534)
        chmod(theirs, 0o700)
        let result = try runPatterns(
            ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", patternsBinary()],
            input: "load builder\nlet q = 41 + 1\nprint(q)\n",
            environment: ["PATH": toolchainPath(), "HOME": home, "XDG_CACHE_HOME": theirs, "XDG_STATE_HOME": home],
            executable: "/usr/bin/env")
        let output = result.output + result.error
        #expect(output.contains("the line cache \(theirs)/patterns/lines cannot be used"), "\(output)")
        #expect(!output.contains("could not build C module"), "\(output)")
        #expect(!output.contains("Permission denied"), "\(output)")
        #expect(output.contains("\n42\n"), "\(output)")
    }

    /// A full disk: saving progress fails, and the learner is told in the panes (a line runs in a copy whose
    /// standard error is the line's: a warning written there was lost). Needs root for a private tmpfs.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")))
    func aFullDiskIsSaid() throws {
        let base = NSTemporaryDirectory() + "patterns-full-\(getpid())"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let script = """
            mount -t tmpfs -o size=64k tmpfs "$0" && mkdir -p "$0/state" && \
            (dd if=/dev/zero of="$0/fill" bs=1k count=200 2>/dev/null; true) && \
            printf 'load builder\\nnext\\n' | XDG_STATE_HOME="$0/state" "$1" --width 100
            """
        let result = try runPatterns(
            ["-m", "/bin/sh", "-c", script, base, patternsBinary()], environment: ["PATH": toolchainPath()],
            executable: "/usr/bin/unshare")
        // The warning wraps at the width where the temporary path (with the test's pid) puts it: read as one line.
        let output = result.output.replacingOccurrences(of: "\n", with: " ")
        #expect(output.contains("warning: progress not saved: cannot write"), "\(result.output)")
        #expect(output.contains("the disk is full"), "\(result.output)")
    }

    /// A line's `Task` and its `Task.sleep` run on the line's own thread: the line is kept, and the process it left
    /// has one thread (the learner counts `/proc/self/task`).
    @Test func aLinesTaskAndSleepLeaveOneThread() throws {
        let result = try run(
            """
            load builder
            Task { try await Task.sleep(for: .milliseconds(20)); print("slept") }
            import Glibc
            func threads() -> Int {
                var n = 0; let d = opendir("/proc/self/task")!
                while readdir(d) != nil { n += 1 }
                closedir(d); return n - 2
            }
            Task { try await Task.sleep(for: .milliseconds(20)); print("slept again") }; usleep(50_000)
            print("threads:", threads())

            """)
        let output = result.output
        #expect(!output.contains("left a thread running"), "\(output)")
        #expect(output.contains("slept again"), "\(output)")
        #expect(output.contains("threads: 1\n"), "\(output)")
    }

    /// A runtime hook missing (named on purpose): the start of the session and `patterns doctor` say which, and a
    /// line whose `Task` would run on the runtime's own threads is refused, not kept with a thread in it.
    @Test func aMissingRuntimeHookIsSaidAndLinesStaySingleThreaded() throws {
        let missing = [TestHooks.missingHook: "swift_task_enqueueGlobal_hook"]
        let result = try run(
            "load builder\nimport Glibc\nTask { print(\"in a task\") }; usleep(100_000)\nprint(2)\n", extra: missing)
        #expect(
            result.error.contains("Swift concurrency in lines is not the playground's (swift_task_enqueueGlobal_hook"),
            "\(result.error)")
        #expect(result.output.contains("not kept: this line left a thread running"), "\(result.output)")
        #expect(result.output.contains("\n2\n"), "\(result.output)")
        let doctor = try runPatterns(
            ["doctor"], environment: ["PATH": toolchainPath(), "XDG_CACHE_HOME": cache].merging(missing) { a, _ in a })
        #expect(doctor.output.contains("swift_task_enqueueGlobal_hook not found"), "\(doctor.output)")
        let healthy = try runPatterns(["doctor"], environment: ["PATH": toolchainPath(), "XDG_CACHE_HOME": cache])
        #expect(
            healthy.output.contains("a line's Task and Task.sleep run on the line's own thread"), "\(healthy.output)")
    }
}
