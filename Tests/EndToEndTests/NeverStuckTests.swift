import Foundation
import PlaygroundTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Never stuck, round three: special files where the program reads or writes, signals in presenter mode, answers
/// that went only to hidden panes, the command line's errors in the session's language, `doctor` and `--version`.
@Suite(.serialized) struct NeverStuckTests {
    /// A folder holding a named pipe, a Unix socket, a folder and a link to /dev/zero, made fresh for each test.
    final class SpecialFiles {
        let folder: String
        var fifo: String { folder + "/fifo" }
        var socket: String { folder + "/socket" }
        var directory: String { folder + "/directory" }
        var zero: String { folder + "/zero" }

        init(_ name: String) throws {
            folder = NSTemporaryDirectory() + "patterns-special-\(name)-\(getpid())"
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder + "/directory", withIntermediateDirectories: true)
            #expect(mkfifo(fifo, 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
            // A Unix socket bound to a path, as a server would leave it.
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in socket.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            #expect(bound == 0, "the socket is made")
            close(fd)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// Each kind, with the words its one line uses.
        var kinds: [(path: String, reason: String)] {
            [
                (fifo, "it is a named pipe (FIFO), not a file"), (socket, "it is a socket, not a file"),
                (directory, "it is a folder"), (zero, "it is a device, not a file"),
            ]
        }
    }

    static let quick = 20.0

    @Test func aSpecialProgressFileIsOneWarningAndNoHang() throws {
        let files = try SpecialFiles("progress")
        for (path, reason) in files.kinds {
            let state = files.folder + "/state-\((path as NSString).lastPathComponent)"
            try FileManager.default.createDirectory(atPath: state + "/patterns", withIntermediateDirectories: true)
            _ = unlink(state + "/patterns/progress.json")
            #expect(symlink(path, state + "/patterns/progress.json") == 0 || path == files.directory)
            if path == files.directory {
                try FileManager.default.createDirectory(
                    atPath: state + "/patterns/progress.json", withIntermediateDirectories: true)
            }
            let progress = state + "/patterns/progress.json"
            let warning =
                "warning: progress not read: cannot read '\(progress)': \(reason); it will not be saved either\n"
            let list = try runPatterns(["list"], environment: ["XDG_STATE_HOME": state], timeout: Self.quick)
            #expect(!list.timedOut, "list with \(reason)")
            #expect(list.status == 0)
            #expect(list.error == warning, "\(list.error)")
            let repl = try runPatterns(
                [], input: "load builder\nnext\n", environment: ["XDG_STATE_HOME": state], timeout: Self.quick)
            #expect(!repl.timedOut, "the REPL with \(reason)")
            #expect(repl.error == warning, "\(repl.error)")
            #expect(repl.output.contains("step 2/12 · Parts in any order"))
            let ko = try runPatterns(
                ["--lang", "ko", "list"], environment: ["XDG_STATE_HOME": state], timeout: Self.quick)
            #expect(ko.error.hasPrefix("경고: 진행 상황을 읽지 못했습니다: '\(progress)'"), "\(ko.error)")
        }
        var info = stat()
        #expect(stat(files.fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe was not replaced by a save")
    }

    @Test func specialFilesGivenAsOutputAreOneLine() throws {
        let files = try SpecialFiles("output")
        for (path, reason) in files.kinds where path != files.zero {
            let why = path == files.fifo ? "it is a named pipe (FIFO) that no program is reading" : reason
            let export = try runPatterns(["export", "builder", "-o", path], timeout: Self.quick)
            #expect(!export.timedOut)
            #expect(export.status == 1)
            #expect(export.error == "error: cannot write '\(path)': \(why)\n")
            let record = try runPatterns(["run", "builder", "--to", "1", "--record", path], timeout: Self.quick)
            #expect(!record.timedOut)
            #expect(record.status == 1)
            #expect(record.error == "error: cannot write '\(path)': \(why)\n", "\(record.error)")
        }
        // Devices that take writes are written to.
        for device in ["/dev/null", files.zero] {
            let export = try runPatterns(["export", "builder", "-o", device], timeout: Self.quick)
            #expect(export.status == 0 && export.error.isEmpty && !export.timedOut, "\(device): \(export.error)")
            let record = try runPatterns(["run", "builder", "--to", "1", "--record", device], timeout: Self.quick)
            #expect(record.status == 0 && record.error.isEmpty, "\(device): \(record.error)")
        }
        // A named pipe someone reads is written to, whole. The reader is this process: open before the export starts
        // (without waiting for a writer), it reads as the export writes, until the export closes its end.
        let fd = open(files.fifo, O_RDONLY | O_NONBLOCK)
        try #require(fd >= 0)
        defer { close(fd) }
        let read = OutputBox()
        let done = DispatchSemaphore(value: 0)
        Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            // No writer yet: no event. Data: read it. The writer gone: the end (a read of 0 after data).
            while poll(&item, 1, Int32(Self.quick * 1000)) > 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count > 0 { read.append(Data(buffer[0..<count])) } else if count == 0 { break }
            }
            done.signal()
        }.start()
        let export = try runPatterns(["export", "builder", "-o", files.fifo], timeout: Self.quick)
        #expect(done.wait(timeout: .now() + Self.quick) == .success, "the export never closed the pipe")
        #expect(export.status == 0, "\(export.error)")
        #expect(read.text.hasPrefix("# The Builder pattern\n"), "\(read.text.prefix(200))")
        let ko = try runPatterns(["--lang", "ko", "export", "builder", "-o", files.socket], timeout: Self.quick)
        #expect(ko.error == "오류: '\(files.socket)'에 쓸 수 없습니다: 파일이 아니라 소켓입니다\n")
    }

    @Test func specialFilesAmongLessonsAreWarningsAndNoHang() throws {
        let files = try SpecialFiles("lessons")
        let lessons = files.folder + "/lessons/en"
        try FileManager.default.createDirectory(atPath: lessons, withIntermediateDirectories: true)
        for (path, _) in files.kinds {
            let name = (path as NSString).lastPathComponent
            #expect(symlink(path, lessons + "/\(name).md") == 0)
        }
        let list = try runPatterns(["list", "--lessons", files.folder + "/lessons"], timeout: Self.quick)
        #expect(!list.timedOut)
        #expect(list.status == 0)
        let expected = files.kinds.sorted { $0.path < $1.path }.map { path, reason in
            "warning: cannot read '\(lessons)/\((path as NSString).lastPathComponent).md': \(reason)\n"
        }.joined()
        #expect(list.error == expected, "\(list.error)")
        for (path, reason) in files.kinds where path != files.directory {
            let given = try runPatterns(["list", "--lessons", path], timeout: Self.quick)
            #expect(!given.timedOut)
            #expect(given.status == 1)
            #expect(given.error.hasPrefix("error: --lessons: '\(path)' is not a folder: \(reason)\n"), "\(given.error)")
        }
    }

    @Test func aSpecialHistoryFileTurnsHistoryOffInOneLine() throws {
        let files = try SpecialFiles("history")
        for (path, reason) in files.kinds {
            let terminal = try PseudoTerminal(
                patternsBinary(),
                environment: [
                    "TERM": "xterm-256color", "HOME": files.folder, "XDG_STATE_HOME": files.folder,
                    "LANG": "C.UTF-8", "NO_COLOR": "1", "PATH": "/usr/bin:/bin",
                    "PATTERNS_HISTORY": path,
                ], columns: 100, rows: 30)
            let line =
                "warning: history is off for this session: cannot read '\(path)': \(reason); set PATTERNS_HISTORY to a "
                + "file (empty: no history)"
            #expect(
                terminal.waitFor("patterns> ", timeout: Self.quick), "no prompt with \(reason): \(terminal.plainText)")
            #expect(terminal.plainText.contains(line), "\(terminal.plainText)")
            // `quit`, typed: a Ctrl-D typed while `lessons` still runs is the line discipline's, not the session's.
            terminal.send("lessons\rquit\r")
            #expect(terminal.waitForExit(timeout: Self.quick) == 0, "\(terminal.plainText.suffix(600))")
        }
        var info = stat()
        #expect(stat(files.fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "history did not replace the pipe")
    }

    // MARK: signals in presenter mode

    static func presenter(_ layout: [String]) throws -> PseudoTerminal {
        let state = NSTemporaryDirectory() + "patterns-signals-\(getpid())"
        let environment = [
            "TERM": "xterm-256color", "HOME": state, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
        ]
        let terminal = try PseudoTerminal(
            patternsBinary(), arguments: ["run", "builder", "--pace"] + layout, environment: environment,
            columns: 110, rows: 30)
        // The introduction comes first, at a key wait like every other.
        #expect(terminal.waitFor("[Enter: step 1"), "\(terminal.plainText)")
        #expect(terminal.waitForKeys())
        return terminal
    }

    /// Ctrl-C and SIGTERM at the presenter's wait end the program at once with the conventional status, and the
    /// terminal is as it was: line mode and echo back on, the alternate screen left, the cursor shown.
    @Test(arguments: [[], ["--layout", "dashboard"]])
    func ctrlCAndSigtermEndThePresenterAndRestoreTheTerminal(layout: [String]) throws {
        for (how, status) in [("ctrl-c", Int32(128 + SIGINT)), ("sigterm", Int32(128 + SIGTERM))] {
            let terminal = try Self.presenter(layout)
            let before = try #require(terminal.attributes())
            let mark = terminal.transcript.count
            if how == "ctrl-c" { terminal.send("\u{3}") } else { terminal.signal(SIGTERM) }
            #expect(terminal.waitForExit(timeout: 5) == status, "\(how) \(layout): \(terminal.plainText.suffix(300))")
            let after = try #require(terminal.attributes())
            #expect(
                after.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO),
                "\(how) \(layout): line mode and echo are back")
            #expect(after.c_lflag == before.c_lflag | tcflag_t(ICANON | ECHO))
            let tail = String(terminal.transcript.dropFirst(mark))
            if layout.isEmpty {
                #expect(!terminal.transcript.contains("\u{1B}[?1049h"))
            } else {
                #expect(
                    tail.contains("\u{1B}[?1049l\u{1B}[?25h"),
                    "\(how): the alternate screen is left, the cursor shown: \(tail.debugDescription)")
            }
        }
    }

    // MARK: hidden panes

    @Test func answersThatWentOnlyToHiddenPanesAreNamedInOneLine() throws {
        let result = try runPatterns(
            [],
            input:
                "load builder\npane hide state\npane hide code\npane hide log\nmeat chicken\nstate\npane show "
                + "code\nmeat tofu\n"
        )
        let output = result.output[try #require(result.output.range(of: "builder 1/12> pane hide state")).lowerBound...]
        #expect(
            String(output) == """
                builder 1/12> pane hide state
                pane 'state' is hidden
                builder 1/12> pane hide code
                pane 'code' is hidden
                builder 1/12> pane hide log
                pane 'log' is hidden
                builder 1/12> meat chicken
                answers went to hidden panes: code, log, state; 'pane show code'
                builder 1/12> state
                answers went to hidden panes: state; 'pane show state'
                builder 1/12> pane show code
                pane 'code' is shown
                builder 1/12> meat tofu
                ── code ────────────────────
                try builder.setMeat(.tofu)

                """)
        let ko = try runPatterns(["--lang", "ko"], input: "load builder\npane hide state\nstate\n")
        #expect(
            ko.output.hasSuffix("builder 1/12> state\n답이 숨긴 패널로 갔습니다: state. 보려면 'pane show state'\n"), "\(ko.output)")
    }

    // MARK: the command line's own errors

    /// The same message as the REPL's `load nosuch`, in the session's language, for every subcommand that names a
    /// lesson; and the parser's own errors in Korean too.
    @Test func commandLineErrorsComeFromTheCatalogueInBothLanguages() throws {
        let repl = try runPatterns(["--lang", "ko"], input: "load nosuch\n")
        // The REPL wraps the message at its width: read back as one line.
        let lines = repl.output.split(separator: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("오류:") })
        let replLine = ([lines[start]] + lines[(start + 1)...].prefix { !$0.contains("> ") }).joined(separator: " ")
        #expect(replLine == "오류: 알 수 없는 레슨 'nosuch'. 레슨: " + BuiltInLessons.ids.joined(separator: ", "))
        for arguments in [["export", "nosuch"], ["run", "nosuch"], ["forget", "nosuch"]] {
            let ko = try runPatterns(["--lang", "ko"] + arguments)
            #expect(ko.status == 1)
            #expect(ko.error == replLine + "\n", "\(arguments): \(ko.error)")
            let en = try runPatterns(arguments)
            #expect(
                en.error == "error: unknown lesson 'nosuch'; " + BuiltInLessons.known + "\n",
                "\(arguments): \(en.error)")
        }
        let test = try runPatterns(["--lang", "ko", "test", "nosuch"])
        #expect(test.output.hasPrefix(replLine + "\n"), "\(test.output)")
        let missing = try runPatterns(["--lang", "ko", "export"])
        #expect(missing.status == 64)
        #expect(missing.error.hasPrefix("오류: 필요한 인자 '<lesson>'이 없습니다\n"), "\(missing.error)")
        #expect(missing.error.hasSuffix("  자세한 내용은 'patterns export --help'을 보세요.\n"), "\(missing.error)")
        let option = try runPatterns(["list", "--frob"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(option.error.hasPrefix("오류: 알 수 없는 옵션 '--frob'\n"), "\(option.error)")
        let width = try runPatterns(["--lang", "ko", "--width", "5", "list"])
        #expect(width.error.hasPrefix("오류: --width는 20에서 1000 사이여야 합니다\n"))
        let steps = try runPatterns(["--lang", "ko", "run", "builder", "--from", "3", "--to", "2"])
        #expect(steps.error == "오류: --from(3)이 --to(2)보다 뒤일 수 없습니다\n")
    }

    // MARK: --version and doctor

    @Test func versionNamesTheCommit() throws {
        let result = try runPatterns(["--version"])
        #expect(result.status == 0)
        let pattern = #/patterns 0\.1\.0 \((commit [0-9a-f]{7}|unknown commit)\)\n/#
        #expect(result.output.wholeMatch(of: pattern) != nil, "\(result.output)")
    }

    @Test func doctorSaysWhatIsMissingAndHowToFixIt() throws {
        let home = NSTemporaryDirectory() + "patterns-doctor-\(getpid())"
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        // A state "folder" that is a file: the check fails with its fix.
        FileManager.default.createFile(atPath: home + "/state", contents: Data())
        let result = try runPatterns(
            ["doctor"],
            environment: ["PATTERNS_SWIFTC": "", "TERM": "dumb", "XDG_STATE_HOME": home + "/state", "HOME": home])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let version = try runPatterns(["--version"]).output.dropFirst("patterns ".count).dropLast()
        #expect(lines.count == 16, "\(result.output)")
        // The copies kept for undo are those of the sessions running now on the machine (other tests' too): a count.
        let keptPrefix = "note     copies of the playground kept for undo in your sessions running now: "
        let keptLine = lines.first { $0.hasPrefix(keptPrefix) } ?? keptPrefix
        #expect(keptLine.hasSuffix(" MB of their own (at most 20 a session)"), "\(result.output)")
        let expected = """
            patterns doctor: what this machine has for the playground
            ok       version: patterns \(version)
            ok       line editing (libedit): \
            \(lines.count > 2 ? lines[2].dropFirst("ok       line editing (libedit): ".count) : "")
            missing  a terminal on standard input and output
                     fix: run patterns in a terminal window, not through a pipe or a file
            missing  terminal type TERM=dumb
                     fix: set TERM to your terminal's type, e.g. export TERM=xterm-256color
            ok       a UTF-8 locale for Korean and other text (LC_CTYPE C.UTF-8)
            missing  the Swift compiler for Swift lines and code exercises: turned off (PATTERNS_SWIFTC is empty)
                     fix: turned off (PATTERNS_SWIFTC is empty); the rest of the playground works without it (install \
            Swift from swift.org and build from source)
            ok       threads in this process: 1 (a line's copy of the playground is forked from a process with one)
            \(keptLine)
            missing  a writable folder for progress and history: \(home)/state/patterns
                     fix: a part of the path is not a folder; make it writable, or set XDG_STATE_HOME to a folder you \
            can write
            4 check(s) failed; each says how to fix it

            """
        #expect(
            transcriptDiff(expected: expected, actual: result.output) == nil,
            "\(transcriptDiff(expected: expected, actual: result.output) ?? "")")
        #expect(lines.count > 2 && lines[2].contains("/libedit.so"), "\(result.output)")
        let ko = try runPatterns(["--lang", "ko", "doctor"], environment: ["PATTERNS_SWIFTC": "", "TERM": "xterm"])
        #expect(
            ko.output.contains("없음     Swift 줄과 코드 연습에 쓸 Swift 컴파일러: 꺼져 있습니다(PATTERNS_SWIFTC가 비어 있음)\n"), "\(ko.output)"
        )
        #expect(ko.output.hasSuffix("2개 항목이 통과하지 못했습니다. 항목마다 해결 방법이 있습니다\n"), "\(ko.output)")
    }
}
