import Foundation
import PlaygroundTestSupport
import Testing

/// `undo` goes back to the copy of the playground kept from before the line (issue 44, item 0): nothing runs again,
/// so a random `let` keeps its value and a line that appended to a file has appended once; where no copy is kept,
/// `undo` replays the journal and says so. The kept copies end with the session.
@Suite(.serialized) struct UndoKeptCopyTests {
    let cache = NSTemporaryDirectory() + "patterns-once-\(getpid())"

    func learner() throws -> (folder: String, environment: [String: String]) {
        let folder = NSTemporaryDirectory() + "patterns-undo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let environment = [
            "PATH": toolchainPath(), "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": folder + "/state",
            "XDG_DATA_HOME": folder + "/data", "HOME": folder, "PATTERNS_LINE_TIME_LIMIT": "10",
            "PATTERNS_UNDO_TEST": folder,
        ]
        return (folder, environment)
    }

    func printedR(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("r = ") }.map(String.init)
    }

    func setUp(_ file: String) -> [String] {
        [
            "load builder",
            "import Glibc",
            "func logline(_ s: String) { let fd = open(\"\(file)\", O_WRONLY | O_APPEND | O_CREAT, 0o644); "
                + "_ = write(fd, s + \"\\n\", s.utf8.count + 1); close(fd) }",
            "final class Foo { var x = 1 }",
            "let f = Foo()",
            "let r = Int.random(in: 0..<1_000_000)",
            "print(\"r =\", r)",
            "logline(\"line A\")",
        ]
    }

    static let replayed = "undo replayed the earlier lines"

    /// The acceptance sequence, piped: `undo` of a short command and of a compiled line leave `r` as first printed
    /// and the file appended to once per line; the changed field is marked; nothing says it replayed.
    @Test func undoResumesTheKeptCopyPiped() throws {
        let (folder, environment) = try learner()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/appended.txt"
        let lines =
            setUp(file) + [
                "meat tofu", "undo", "print(\"r =\", r)", "state",
                "f.x = 5", "logline(\"line B\")", "undo", "print(\"r =\", r)", "print(\"x =\", f.x)",
            ]
        let result = try runPatterns(
            ["--width", "120"], input: lines.joined(separator: "\n") + "\n", environment: environment)
        let printed = printedR(result.output)
        #expect(printed.count == 3, "\(result.output)")
        #expect(Set(printed).count == 1, "r kept its first value: \(printed)\n\(result.output)")
        #expect(result.output.contains("undid: meat tofu"), "\(result.output)")
        #expect(result.output.contains("undid: f.x = 5"), "\(result.output)")
        #expect(result.output.contains("meat:     .beef"), "\(result.output)")
        #expect(result.output.contains("x = 1"), "\(result.output)")
        #expect(!result.output.contains(Self.replayed), "\(result.output)")
        // The echo of each line once, in order: the kept copy reads on where the session stopped.
        #expect(result.output.components(separatedBy: "builder 1/12> undo\n").count == 3, "\(result.output)")
        #expect(result.output.components(separatedBy: "builder 1/12> state\n").count == 2, "\(result.output)")
        let appended = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        #expect(appended == "line A\nline B\n", "appended once each:\n\(appended)")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Past the forks after which a session gives its small private mappings new ones (every 16,
    /// FreshMappings.swift), its values are what the lines made them, and `undo` goes back to copies kept from before:
    /// nothing replays.
    @Test func valuesAndUndoAcrossRenewedMappings() throws {
        let (folder, environment) = try learner()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 12
        let lines =
            ["load builder", "let r = Int.random(in: 0..<1_000_000)", "print(\"r =\", r)"]
            + (1...count).map { "var n\($0) = \($0)" }
            + [
                "print(\"sum =\", " + (1...count).map { "n\($0)" }.joined(separator: " + ") + ")",
                "n\(count) = 100", "print(\"last =\", n\(count))", "undo", "print(\"last =\", n\(count))",
                "undo", "print(\"first two =\", n1 + n2)", "print(\"r =\", r)",
            ]
        let result = try runPatterns(
            ["--width", "120"], input: lines.joined(separator: "\n") + "\n", environment: environment)
        #expect(result.output.contains("sum = \((1...count).reduce(0, +))"), "\(result.output)")
        let last = result.output.split(separator: "\n").filter { $0.hasPrefix("last = ") }
        #expect(last == ["last = 100", "last = \(count)"], "\(result.output)")
        #expect(result.output.contains("undid: var n\(count) = \(count)"), "\(result.output)")
        #expect(result.output.contains("first two = 3"), "\(result.output)")
        let printed = printedR(result.output)
        #expect(printed.count == 2 && Set(printed).count == 1, "r kept its first value: \(printed)")
        #expect(!result.output.contains(Self.replayed), "\(result.output)")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Undo twice, and undo after a failed line: each goes back one kept copy; nothing replays.
    @Test func undoTwiceAndAfterAFailedLine() throws {
        let (folder, environment) = try learner()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines =
            setUp(folder + "/appended.txt") + [
                "f.x = 2", "f.x = 3", "undo", "undo", "print(\"x =\", f.x)",
                "f.x = 4", "f.x = nope", "undo", "print(\"x =\", f.x)", "print(\"r =\", r)",
            ]
        let result = try runPatterns(
            ["--width", "120"], input: lines.joined(separator: "\n") + "\n", environment: environment)
        let printed = printedR(result.output)
        #expect(printed.count == 2 && Set(printed).count == 1, "\(printed)\n\(result.output)")
        #expect(result.output.contains("undid: f.x = 3"), "\(result.output)")
        #expect(result.output.contains("undid: f.x = 2"), "\(result.output)")
        #expect(result.output.contains("undid: f.x = 4"), "\(result.output)")
        #expect(result.output.components(separatedBy: "x = 1\n").count == 3, "\(result.output)")
        #expect(!result.output.contains(Self.replayed), "\(result.output)")
    }

    /// No copy kept from before the line (a short command before any Swift: no copies yet): `undo` replays and says
    /// so in one line.
    @Test func undoWithoutAKeptCopyReplaysAndSaysSo() throws {
        let (folder, environment) = try learner()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try runPatterns(
            ["--width", "200"], input: "load builder\nmeat tofu\nundo\nstate\n", environment: environment)
        #expect(result.output.contains("undid: meat tofu"), "\(result.output)")
        #expect(result.output.contains(Self.replayed), "\(result.output)")
        #expect(result.output.contains("meat:     .beef"), "\(result.output)")
    }

    /// Processes whose environment holds `marker`: the playground's, kept copies included.
    func processes(marked marker: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return data.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == marker }
        }
    }

    /// At a terminal: `undo` resumes the kept copy (r as first printed), the kept copies are the supervisor's
    /// children while the session runs, and none is left after `quit`.
    @Test func undoAtATerminalAndNoKeptCopyLeftAfterQuit() throws {
        var (folder, environment) = try learner()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["NO_COLOR"] = "1"
        let marker = "PATTERNS_UNDO_TEST=" + folder
        let file = folder + "/appended.txt"
        let terminal = try PseudoTerminal(patternsBinary(), environment: environment, columns: 120, rows: 40)
        #expect(terminal.waitFor("patterns> "))
        func type(_ line: String, until prompt: String = "builder 1/12> ") {
            let mark = terminal.transcript.count
            terminal.send(line + "\r")
            #expect(terminal.waitFor(prompt, after: mark + line.utf8.count, timeout: 60), "\(terminal.plainText)")
        }
        let mark = terminal.transcript.count
        terminal.send("load builder\r")
        #expect(terminal.waitFor(": next page", after: mark))
        terminal.send("q")
        #expect(terminal.waitFor("builder 1/12> ", after: mark))
        for line in setUp(file).dropFirst() { type(line) }
        type("meat tofu")
        // The session and the copies kept from before the lines that changed the live objects (f, r, meat tofu…).
        let during = processes(marked: marker).count
        #expect(during > 3, "\(during) processes")
        type("undo")
        type("print(\"r =\", r)")
        let plain = PseudoTerminal.stripEscapes(terminal.transcript).replacingOccurrences(of: "\r", with: "")
        let printed = printedR(plain)
        #expect(printed.count == 2 && Set(printed).count == 1, "\(printed)\n\(terminal.plainText)")
        #expect(terminal.plainText.contains("undid: meat tofu"), "\(terminal.plainText)")
        #expect(!terminal.plainText.contains(Self.replayed), "\(terminal.plainText)")
        // The kept copy's history has the lines typed after its line: two lines up is the `undo`.
        let recall = terminal.transcript.count
        terminal.send("\u{1b}[A")
        #expect(terminal.waitFor("print(", after: recall, timeout: 5), "\(terminal.plainText)")
        terminal.send("\u{1b}[A")
        #expect(terminal.waitFor("undo", after: recall, timeout: 5), "\(terminal.plainText)")
        terminal.send("\u{3}")
        #expect(terminal.waitFor("builder 1/12> ", after: recall + 8, timeout: 5), "\(terminal.plainText)")
        terminal.send("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
        let left = Waits.ended(timeout: 10) { processes(marked: marker) }
        #expect(left.isEmpty, "kept copies left after quit: \(left)")
        let appended = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        #expect(appended == "line A\n", "appended once:\n\(appended)")
    }
}
