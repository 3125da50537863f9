import Foundation
import PlaygroundTestSupport
import Testing

// The compiler and the processes it starts: a line the type checker chews on, sessions at once, Ctrl-C, SIGTERM.
extension OneEngineTests {
    // MARK: the compiler, bounded

    @Test func aLineTheTypeCheckerChewsOnIsStoppedAndNoCompilerIsLeft() throws {
        let id = UUID().uuidString
        let marker = "PATTERNS_ENGINE_TEST=" + id
        let deep = "builder.addSauces(" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + ")"
        let started = Date()
        let result = try run(
            "load builder\n\(deep)\nmeat tofu\n",
            ["PATTERNS_COMPILE_TIME_LIMIT": "3", "PATTERNS_ENGINE_TEST": id])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(
            result.output.contains(
                """
                error: stopped: the compiler was still judging this line after 3 s (PATTERNS_COMPILE_TIME_LIMIT); \
                the live objects are as they were before it
                """), "\(result.output)")
        #expect(result.output.contains("* meat:     .tofu"))
        #expect(Self.settled(marker).isEmpty, "left behind: \(Self.processes(marked: marker))")
    }

    @Test func fourSessionsCompilingOneNewLineAtOnceAllGetItsAnswer() throws {
        let number = UInt16.random(in: 1000...60000)
        let line = "print(builder.sauces.rawValue + \(number))"
        let environment = environment()
        nonisolated(unsafe) var results: [ProcessResult?] = Array(repeating: nil, count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            results[index] = try? runPatterns(
                ["--width", "100"], input: "load builder\n\(line)\n", environment: environment)
        }
        for result in results {
            let result = try #require(result)
            #expect(result.status == 0, "\(result.output)")
            #expect(!result.output.contains("internal error"), "\(result.output)")
            #expect(result.output.hasSuffix("── log ─────────────────────\n\(number)\n"), "\(result.output)")
        }
    }

    @Test func aCacheFolderThatCannotBeUsedCostsAWarningNotTheLines() throws {
        let file = NSTemporaryDirectory() + "patterns-engine-file-\(getpid())"
        try "not a folder".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run("load builder\nprint(Meat.allCases.count)\n", ["PATTERNS_LINE_CACHE": file + "/lines"])
        #expect(
            result.error.hasPrefix(
                "warning: the line cache \(file)/lines cannot be used (it cannot be made); compiled "
                    + "lines are kept in "), "\(result.error)")
        #expect(result.output.hasSuffix("── log ─────────────────────\n4\n"), "\(result.output)")
    }

    // MARK: at a terminal

    @Test func ctrlCStopsACompileAndSigtermWhileALineRunsLeavesNoProcess() throws {
        let id = UUID().uuidString
        let marker = "PATTERNS_ENGINE_TEST=" + id
        var environment = environment([
            "PATTERNS_COMPILE_TIME_LIMIT": "60", "PATTERNS_LINE_TIME_LIMIT": "60",
            "PATTERNS_ENGINE_TEST": id,
        ])
        environment["HOME"] = NSTemporaryDirectory()
        environment["NO_COLOR"] = "1"
        environment["LANG"] = "C.UTF-8"
        let terminal = try PseudoTerminal(
            patternsBinary(), arguments: ["--width", "100"], environment: environment,
            columns: 100, rows: 200)
        #expect(terminal.waitFor("patterns> "))
        #expect(terminal.waitForKeys())
        terminal.send("load builder\r")
        #expect(terminal.waitFor("builder 1/12> "))
        // libedit reads keys: the line mode that follows the line is the line taken, not the prompt not yet ready.
        #expect(terminal.waitForKeys())
        var mark = terminal.transcript.count
        terminal.send(
            "builder.addSauces(" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + ")\r")
        // The line is taken (the terminal back in line mode while it compiles): Ctrl-C is a signal now.
        #expect(terminal.waitForLineMode())
        terminal.send("\u{3}")
        #expect(
            terminal.waitFor(
                "stopped by Ctrl-C; the live objects are as they were before the line", after: mark,
                timeout: 2), "\(terminal.plainText.suffix(400))")
        #expect(terminal.waitFor("builder 1/12> ", after: mark))
        #expect(terminal.waitForKeys())
        mark = terminal.transcript.count
        terminal.send("meat tofu\r")
        #expect(terminal.waitFor("* meat:     .tofu", after: mark))
        #expect(terminal.waitFor("builder 1/12> ", after: mark))
        #expect(terminal.waitForKeys())
        terminal.send("var n = 0; while true { n += 1 }\r")
        #expect(terminal.waitForLineMode())
        terminal.signal(SIGTERM)
        #expect(terminal.waitForExit(timeout: 10) != nil)
        #expect(Self.settled(marker).isEmpty, "left behind: \(Self.processes(marked: marker))")
    }
}
