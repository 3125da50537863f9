import Foundation
import PlaygroundTestSupport
import Testing

/// Files, concurrent sessions, outside text and options in any place: nothing lost, nothing crashed, one clear line.
@Suite struct ReliabilityTests {
    static func temporaryFolder(_ name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "patterns-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func progress(in state: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: state + "/patterns/progress.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["lessons"] as? [String: Any] ?? [:]
    }

    /// Starts `count` sessions at once, each piping its own lines, and waits for all.
    static func runAtOnce(_ inputs: [String], state: String) throws {
        var processes: [(Process, Pipe)] = []
        for input in inputs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: patternsBinary())
            process.environment = ["HOME": state, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "NO_COLOR": "1"]
            let stdin = Pipe()
            process.standardInput = stdin
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append((process, stdin))
        }
        for (process, stdin) in processes {
            stdin.fileHandleForWriting.write(Data(inputs[processes.firstIndex { $0.0 === process }!].utf8))
            try stdin.fileHandleForWriting.close()
        }
        for (process, _) in processes { process.waitUntilExit() }
    }

    /// A session that stays open sees what another session saved once it saves again: `lessons` then shows the other
    /// lesson's step, and nothing it saves undoes the other's.
    @Test func aLongSessionSeesProgressAnotherSessionSavedSinceItStarted() throws {
        let state = try Self.temporaryFolder("progress-refresh")
        let environment = [
            "HOME": state, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
        ]
        let first = try PseudoTerminal(
            patternsBinary(), arguments: ["--width", "120"], environment: environment,
            columns: 120, rows: 200)
        #expect(first.waitFor("patterns> "))
        first.send("load builder\r")
        #expect(first.waitFor("builder 1/12> "))
        let second = try runPatterns(
            ["--width", "120"], input: "load director\nnext\nnext\n", environment: environment)
        #expect(second.status == 0)
        let mark = first.transcript.count
        first.send("next\r")
        #expect(first.waitFor("builder 2/12> ", after: mark))
        let asked = first.transcript.count
        first.send("lessons\r")
        #expect(first.waitFor("step 3 of 12 · 0 of 4 exercises done", after: mark), "\(first.plainText.suffix(800))")
        // Ctrl-D only once the prompt is back: typed while `lessons` still runs, the terminal is not yet the line
        // editor's and the end-of-file is the line discipline's, not the session's.
        #expect(first.waitFor("builder 2/12> ", after: asked))
        first.endInput()
        #expect(first.waitForExit() == 0)
        let saved = try Self.progress(in: state)
        #expect((saved["director"] as? [String: Any])?["step"] as? Int == 2)
        #expect((saved["builder"] as? [String: Any])?["step"] as? Int == 1)
    }

    @Test func twoSessionsInDifferentLessonsKeepBothLessonsProgress() throws {
        let state = try Self.temporaryFolder("two")
        defer { try? FileManager.default.removeItem(atPath: state) }
        try Self.runAtOnce(["load builder\nnext\n", "load mediator\nnext\nnext\n"], state: state)
        let lessons = try Self.progress(in: state)
        #expect((lessons["builder"] as? [String: Any])?["step"] as? Int == 1)
        #expect((lessons["mediator"] as? [String: Any])?["step"] as? Int == 2)
    }

    @Test func twentySessionsAtOnceLeaveAValidFileWithEveryLesson() throws {
        let state = try Self.temporaryFolder("twenty")
        defer { try? FileManager.default.removeItem(atPath: state) }
        // Every lesson, at least twice (twenty sessions, or two a lesson when there are more than ten lessons).
        let ids = BuiltInLessons.ids
        try Self.runAtOnce(
            (0..<max(20, 2 * ids.count)).map { "load \(ids[$0 % ids.count])\nnext\nnext\n" }, state: state)
        let lessons = try Self.progress(in: state)
        #expect(Set(lessons.keys) == Set(ids))
        // Sessions of one lesson resume where another saved, so each lesson moved at least two steps.
        for id in ids {
            let entry = lessons[id] as? [String: Any]
            let step = entry?["step"] as? Int ?? -1, total = entry?["total"] as? Int ?? 0
            #expect(step >= 2 && step < total, "\(id): \(String(describing: entry))")
        }
    }

    @Test func aCorruptFileIsSetAsideUnderAFreeNameAndTheWarningTellsTheTruth() throws {
        let state = try Self.temporaryFolder("corrupt")
        defer { try? FileManager.default.removeItem(atPath: state) }
        try FileManager.default.createDirectory(atPath: state + "/patterns", withIntermediateDirectories: true)
        let file = state + "/patterns/progress.json"
        try "not json".write(toFile: file, atomically: true, encoding: .utf8)
        let now = Int(Date().timeIntervalSince1970)
        for second in now...(now + 3) {
            try "taken".write(toFile: file + ".corrupt-\(second)", atomically: true, encoding: .utf8)
        }
        let result = try runPatterns(["list"], environment: ["XDG_STATE_HOME": state])
        let names = try FileManager.default.contentsOfDirectory(atPath: state + "/patterns").filter {
            $0.contains("corrupt")
        }
        #expect(names.count == 5, "\(names)")
        let moved = names.first { name in
            (try? String(contentsOfFile: state + "/patterns/" + name, encoding: .utf8)) == "not json"
        }
        #expect(moved != nil)
        #expect(result.error.contains("it was moved to \(state)/patterns/\(moved ?? "?")"), "\(result.error)")
    }

    @Test func forgettingAnUnknownLessonIsAnErrorNamingTheKnownOnes() throws {
        let result = try runPatterns(["forget", "nosuch"])
        #expect(result.status == 1)
        #expect(result.error == "error: unknown lesson 'nosuch'; \(BuiltInLessons.known)\n")
    }

    @Test func sharedOptionsWorkBeforeTheSubcommand() throws {
        let after = try runPatterns(["list", "--lang", "ko"])
        let before = try runPatterns(["--lang", "ko", "list"])
        #expect(before.status == 0)
        #expect(before.output == after.output)
        let run = try runPatterns(["--width=60", "--lang", "ko", "run", "builder", "--to", "1"])
        #expect(run.status == 0)
        #expect(run.output == (try runPatterns(["run", "builder", "--to", "1", "--width=60", "--lang", "ko"])).output)
        let wrong = try runPatterns(["--format", "jsonl", "forget", "builder"])
        #expect(wrong.status == 64)
        #expect(wrong.error.hasPrefix("error: unknown option '--format'\n"), "\(wrong.error)")
    }

    @Test func numbersFromTheCommandLineAreBoundedWithOneLine() throws {
        for (arguments, message) in [
            (["--width", "9223372036854775807", "list"], "error: --width must be from 20 to 1000"),
            (["export", "builder", "--width=-9223372036854775808"], "error: --width must be from 20 to 1000"),
            (
                ["run", "builder", "--from", "9223372036854775807"],
                "error: --from must be a step from 1 to 12, not 9223372036854775807"
            ),
            (["run", "builder", "--to=-1"], "error: --to must be a step from 1 to 12, not -1"),
            (["run", "builder", "--from", "3", "--to", "2"], "error: --from (3) must not be after --to (2)"),
        ] {
            let result = try runPatterns(arguments)
            #expect(result.status != 0)
            #expect(result.error.hasPrefix(message), "\(arguments): \(result.error)")
            #expect(!result.error.contains("Fatal error"))
        }
        let huge = try runPatterns(["list"], environment: ["COLUMNS": "9223372036854775807"])
        #expect(huge.status == 0)
    }

    @Test func controlSequencesFromOutsideNeverReachTheTerminal() throws {
        let folder = try Self.temporaryFolder("evil")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        ---\nid: evil\ntitle: Evil \u{1B}[31mred\u{1B}]0;pwned\u{7}\nmodule: builder\n---\n## s \u{1B}[2J\n\ntext \
        \u{9B}1m\n
        """
        .write(toFile: folder + "/evil.md", atomically: true, encoding: .utf8)
        try "---\nid: bad\ntitle t\u{1B}[31m\n---\n".write(
            toFile: folder + "/bad.md", atomically: true, encoding: .utf8)
        let runs: [[String]] = [
            ["list", "--lessons", folder], ["export", "evil", "--lessons", folder],
            ["export", "evil", "-f", "html", "--lessons", folder],
            ["test", "--lessons", folder], ["run", "evil", "--lessons", folder], ["export", "x\u{1B}]0;t\u{7}"],
            ["--bogus\u{1B}[31m"], ["forget", "\u{1B}[2Jx"], ["--lessons", folder + "/\u{1B}[31mnone", "list"],
        ]
        for arguments in runs {
            let result = try runPatterns(arguments, input: "load evil\nstep\n")
            for (stream, text) in [("stdout", result.output), ("stderr", result.error)] {
                #expect(
                    !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 },
                    "\(arguments) \(stream): \(text.debugDescription)")
            }
        }
    }

    @Test func fileProblemsAreOneLineNamingThePathAndTheReason() throws {
        let folder = try Self.temporaryFolder("files")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (target, message) in [
            (folder, "error: cannot write '\(folder)': it is a folder\n"),
            (
                folder + "/missing/x.md",
                "error: cannot write '\(folder)/missing/x.md': the folder '\(folder)/missing' does not exist\n"
            ),
            ("/dev/full", "error: cannot write '/dev/full': the disk is full\n"),
        ] {
            let result = try runPatterns(["export", "builder", "-o", target])
            #expect(result.status == 1)
            #expect(result.error == message)
        }
        let null = try runPatterns(["export", "builder", "-o", "/dev/null"])
        #expect(null.status == 0 && null.error.isEmpty)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "/dev/null is still a device")
        let dash = try runPatterns(["export", "builder", "-o", "-"])
        #expect(dash.output.hasPrefix("# The Builder pattern\n"))
        let written = try runPatterns(["export", "builder", "-o", folder + "/h.md"])
        #expect(written.error == "wrote \(folder)/h.md\n")
        #expect(try String(contentsOfFile: folder + "/h.md", encoding: .utf8) == dash.output)
        for (arguments, message) in [
            (["list", "--lessons", folder + "/none"], "error: --lessons: '\(folder)/none' does not exist"),
            (
                ["list", "--lessons", folder + "/h.md"],
                "error: --lessons: '\(folder)/h.md' is not a folder: it is a file"
            ),
        ] {
            let result = try runPatterns(arguments)
            #expect(result.status == 1)
            #expect(result.error.hasPrefix(message), "\(result.error)")
        }
    }

    @Test func aByteOrderMarkIsNotPartOfTheLesson() throws {
        let folder = try Self.temporaryFolder("bom")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = "\u{FEFF}---\nid: bom\ntitle: With a BOM\nmodule: builder\n---\n## s\n\ntext\n"
        try text.write(toFile: folder + "/bom.md", atomically: true, encoding: .utf8)
        let result = try runPatterns(["list", "--lessons", folder])
        #expect(result.error.isEmpty, "\(result.error)")
        // The id column is as wide as the longest id of the catalogue.
        let row = result.output.split(separator: "\n").first { $0.hasPrefix("bom ") }
        let title = row.map { $0.drop { $0 != " " }.drop { $0 == " " } }
        #expect(title?.hasPrefix("With a BOM") == true, "\(result.output)")
    }

    @Test func aRecordingNeverReceivesOutputWhenStdoutIsClosed() throws {
        let folder = try Self.temporaryFolder("record")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "printf 'load builder\\n' | \"$0\" --record \"$1\" >&-", patternsBinary(), folder + "/r.cast",
        ]
        process.environment = ["HOME": folder, "XDG_STATE_HOME": folder, "LANG": "C.UTF-8"]
        try process.run()
        process.waitUntilExit()
        let cast = try String(contentsOfFile: folder + "/r.cast", encoding: .utf8)
        let lines = cast.split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"version\": 2") == true, "\(cast.prefix(200))")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("[") }, "\(cast.prefix(300))")
    }
}
