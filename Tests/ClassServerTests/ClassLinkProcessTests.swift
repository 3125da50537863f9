import ClassWire
import Foundation
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// The class link is a process of its own (issue 44): the session that forks a copy of itself for every line never has
/// a second thread, joined or not, and the link's protocol can be spoken by whoever holds the other end of
/// `--class-link-fd`.
@Suite(.serialized) struct ClassLinkProcessTests {
    /// A declaration, then `count` compiled lines, each printing its run, a product and the threads of the process
    /// that forked the line's copy (`/proc/<parent>/task` read inside the copy).
    static func lines(run: Int, count: Int) -> String {
        var input = "load builder\nimport Glibc\n"
        input +=
            "func forkers() -> Int { var n = 0; if let d = opendir(\"/proc/\\(getppid())/task\") "
            + "{ while let e = readdir(d) { if e.pointee.d_name.0 != 46 { n += 1 } }; closedir(d) }; return n }\n"
        for i in 1...count { input += "print(\"r\(run)-\(i)\", \(i) * \(run + 6), forkers())\n" }
        return input
    }

    /// A server on loopback, a learner joined with `--join`, 100 compiled lines in a row, 5 runs: no line hangs,
    /// every answer is right, the process that forks each line has one thread (seen from the line, and checked at
    /// every fork by `PATTERNS_TEST_CHECK_THREADS=1`), and the learner's reports reach the server.
    @Test func aHundredCompiledLinesJoinedFiveTimes() async throws {
        let data = temporaryDirectory("hundred")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        #expect(server.address != nil, "the server printed no address:\n\(server.printed)")
        // Reports count on a lesson the presenter published.
        let url = server.url, token = server.token
        _ = try await offPool {
            try runPatterns(
                [], input: "load builder\nclass \(url) \(token)\n", environment: ["XDG_STATE_HOME": data + "/presenter"]
            )
        }
        for run in 1...5 {
            // Blocking work off the pool: the other suites' async tests need its threads.
            let result = try await offPool {
                try runPatterns(
                    ["--join", url, "--name", "Run \(run)"], input: Self.lines(run: run, count: 100),
                    environment: [
                        "PATH": toolchainPath(), "XDG_STATE_HOME": data + "/run\(run)", TestHooks.checkThreads: "1",
                        "XDG_CACHE_HOME": data + "/cache", "PATTERNS_LINE_TIME_LIMIT": "20",
                    ], timeout: 900)
            }
            #expect(!result.timedOut, "run \(run) hung:\n\(result.output.suffix(2000))")
            #expect(result.status == 0, "run \(run): \(result.error)\n\(result.output.suffix(2000))")
            #expect(!result.error.contains("threads at a fork"), "run \(run): \(result.error)")
            let wrong = (1...100).filter { !result.output.contains("\nr\(run)-\($0) \($0 * (run + 6)) 1\n") }
            #expect(wrong.isEmpty, "run \(run), lines \(wrong) not answered right:\n\(result.output.suffix(3000))")
            #expect(result.output.contains("You joined class"), "\(result.output.prefix(500))")
        }
        let csv = try get(url + "/results.csv?token=" + token)
        for run in 1...5 { #expect(csv.contains(",Run \(run),builder,1,true,"), "\(csv)") }
    }

    /// The other end of `--class-link-fd` speaks the link's side (the browser classroom's server will): the session
    /// says who joined, reports what the learner did, hears the presenter's moves, asks for the state at `follow`,
    /// and says `finish` before it ends.
    @Test func theSessionSpeaksTheProtocolOnAGivenSocket() async throws {
        let (status, text, kinds, reports) = try await offPool { try Self.speakTheLinkSide() }
        #expect(status == 0, "\(text)")
        #expect(text.contains("You joined class ABCD as Zoe."), "\(text)")
        #expect(text.contains("The presenter is at builder step 7 ('follow' takes you there)."), "\(text)")
        #expect(text.contains("The Builder pattern · step 7/12"), "follow went to the presenter's step:\n\(text)")
        #expect(kinds.contains(.refresh) && kinds.last == .finish, "\(kinds)")
        #expect(reports.allSatisfy { $0.seq == 0 }, "the link numbers the reports")
        let said = reports.map { "\($0.kind.rawValue) \($0.step) \($0.answer ?? "")" }
        #expect(said == ["reached 1 ", "reached 5 ", "predict 5 2", "reached 7 "], "\(said)")
    }

    /// Runs a session on `--class-link-fd 3` and plays the link's side; its exit status, what it printed, the kinds
    /// of the messages it sent and its reports.
    static func speakTheLinkSide() throws -> (Int32, String, [LinkMessage.Kind], [Report]) {
        let folder = temporaryDirectory("link-fd")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let input = folder + "/input", output = folder + "/output"
        try "load builder\ngoto 5\npredict 2\nfollow\n".write(toFile: input, atomically: true, encoding: .utf8)
        guard let (mine, theirs) = LinkChannel.pair() else { throw POSIXError(.EMFILE) }
        let link = LinkChannel(fd: mine)
        var room = ClassState(code: "ABCD", lesson: "builder", lessonTitle: "The Builder pattern", step: 3, steps: 12)
        link.send(.joined(name: "Zoe", state: room, kept: 0))
        room.step = 7
        link.send(.state(room))
        let pid = try spawn(
            ["--class-link-fd", "3"], socket: theirs, input: input, output: output,
            environment: ["XDG_STATE_HOME": folder + "/state"])
        close(theirs)
        var reports: [Report] = []
        var kinds: [LinkMessage.Kind] = []
        let deadline = Date().addingTimeInterval(120)
        while !link.closed && Date() < deadline {
            for message in link.receive(timeout: 1) {
                kinds.append(message.kind)
                switch message.kind {
                case .report: if let report = message.report { reports.append(report) }
                case .refresh: link.send(.state(room, reply: true))
                case .finish: link.send(.finished(left: 0, keptOnDisk: false))
                default: break
                }
            }
        }
        if !link.closed { kill(pid, SIGKILL) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        link.close()
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "", kinds, reports)
    }

    /// `patterns` with `socket` as its fd 3, its input and output files.
    static func spawn(
        _ arguments: [String], socket: Int32, input: String, output: String, environment extra: [String: String]
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, socket, 3)
        // Already at 3: dup2 onto itself may leave it close-on-exec.
        if socket == 3 { _ = fcntl(socket, F_SETFD, 0) }
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "NO_COLOR": "1", "LANG": "C.UTF-8",
        ]
        for (key, value) in extra { environment[key] = value }
        let path = patternsBinary()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else { throw POSIXError(.init(rawValue: status) ?? .EIO) }
        return pid
    }
}
