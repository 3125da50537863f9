import Foundation
import PlaygroundTestSupport
import Testing

/// Bad input that only the whole program sees: bytes that are not UTF-8, a reader that goes away, broken lesson
/// files next to good ones.
@Suite struct BadInputEndToEndTests {
    func runBytes(_ bytes: [UInt8]) throws -> ProcessResult {
        let path = NSTemporaryDirectory() + "patterns-bytes-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(patternsBinary())' < '\(path)'"]
        process.environment = ["NO_COLOR": "1", "HOME": NSTemporaryDirectory(), "XDG_STATE_HOME": path + ".state"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            output: String(decoding: data, as: UTF8.self), error: "", status: process.terminationStatus)
    }

    @Test func invalidUTF8IsReportedAndTheNextLineStillRuns() throws {
        let result = try runBytes(
            Array("load builder\n".utf8) + [0x6D, 0x65, 0xFF, 0xFE, 0x0A] + Array("meat tofu\n".utf8))
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "builder 1/12> \nerror: the line is not valid UTF-8; nothing was run\nbuilder 1/12> meat tofu\n"),
            "\(result.output)")
        #expect(result.output.contains("* meat:     .tofu"))
    }

    @Test func endOfInputMidLessonEndsCleanly() throws {
        let result = try runPatterns([], input: "load delegate\nnext\ntype 2")
        #expect(result.status == 1)
        #expect(
            result.output.hasSuffix(
                "delegate 2/12> type 2\nerror: 'type' needs <column>; usage: type <row> <column> <text>\n"),
            "\(result.output)")
    }

    @Test func aClosedOutputPipeEndsQuietly() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: patternsBinary())
        process.arguments = ["run", "builder"]
        process.environment = ["NO_COLOR": "1", "HOME": NSTemporaryDirectory()]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readData(ofLength: 10)
        try out.fileHandleForReading.close()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(errors.isEmpty, "nothing on stderr: \(errors)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    @Test func brokenLessonFilesAreReportedWithFileAndLineAndOthersStillLoad() throws {
        let folder = NSTemporaryDirectory() + "patterns-broken-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "---\nid: bad\ntitle t\n---\n".write(toFile: folder + "/bad.md", atomically: true, encoding: .utf8)
        try "---\nid: calls\ntitle: T\nmodule: builder\n---\n## s\n```patterns\n> fly away\n```\n".write(
            toFile: folder + "/calls.md", atomically: true, encoding: .utf8)
        try "---\nid: nomod\ntitle: T\nmodule: singleton\n---\n## s\n".write(
            toFile: folder + "/nomod.md", atomically: true, encoding: .utf8)
        let list = try runPatterns(["list", "--lessons", folder])
        #expect(list.output.contains("builder"))
        #expect(
            list.error.contains("warning: \(folder)/bad.md:3: bad front matter line 'title t': expected 'key: value'"),
            "\(list.error)")
        #expect(list.error.contains("warning: \(folder)/nomod.md:4: unknown module 'singleton'"))
        let test = try runPatterns(["test", "--lessons", folder])
        #expect(test.status == 1)
        #expect(test.output.contains("FAIL \(folder)/calls.md:8: unknown command 'fly'"), "\(test.output)")
        #expect(test.output.contains("FAIL \(folder)/bad.md:3: bad front matter line"))
    }
}
