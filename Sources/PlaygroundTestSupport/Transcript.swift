import Foundation
import PlaygroundCore

/// Compares whole outputs and describes the difference as a line diff (`-` expected, `+` actual).
public func transcriptDiff(expected: String, actual: String) -> String? {
    LineDiff.text(expected: expected, actual: actual).map { "output differs (- expected, + actual):\n" + $0 }
}

/// The built `patterns` binary, next to the test runner in the build folder.
public func patternsBinary() -> String {
    if let override = ProcessInfo.processInfo.environment["PATTERNS_BINARY"] { return override }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("patterns").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    // swift test puts the runner in .build/<triple>/debug/; fall back to the package's .build/debug.
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return package.appendingPathComponent(".build/debug/patterns").path
}

/// What a finished process gave.
public struct ProcessResult: Sendable {
    public var output: String
    public var error: String
    public var status: Int32
    /// The process did not end within the time allowed and was killed (a hang, not an answer).
    public var timedOut = false
    public init(output: String, error: String, status: Int32, timedOut: Bool = false) {
        self.output = output
        self.error = error
        self.status = status
        self.timedOut = timedOut
    }
}

/// Runs the built binary with `arguments`, `input` on stdin (a pipe), and a clean, fixed environment. A process
/// still running after `timeout` seconds is killed and reported as `timedOut`, so a hang fails a test instead of
/// stopping the run.
public func runPatterns(
    _ arguments: [String], input: String = "", environment extra: [String: String] = [:],
    directory: String? = nil, timeout: Double = 120, executable: String? = nil
) throws -> ProcessResult {
    let process = Process()
    // Another program that starts the playground itself (`setpriv`, `unshare`) when named.
    process.executableURL = URL(fileURLWithPath: executable ?? patternsBinary())
    process.arguments = arguments
    var environment = [
        "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "NO_COLOR": "1", "LANG": "C.UTF-8",
        "XDG_STATE_HOME": NSTemporaryDirectory() + "patterns-tests-\(getpid())",
    ]
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let pid = process.processIdentifier
    nonisolated(unsafe) var timedOut = false
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(pid, SIGKILL)
        }
    }
    defer { finished.signal() }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read both pipes fully before waiting, so a large output cannot block the child.
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errorData = stderr.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    finished.signal()
    return ProcessResult(
        output: String(decoding: outputData, as: UTF8.self), error: String(decoding: errorData, as: UTF8.self),
        status: process.terminationStatus, timedOut: timedOut)
}

/// What the playground answered to the typed line `line` in a piped session's `output`, up to the next lesson
/// prompt (`… 3/12> `, `… 1/8> `): the line's whole answer, for a test to compare as the learner sees it.
public func answer(to line: String, in output: String) -> String {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { !$0.hasPrefix(" ") && $0.hasSuffix("> " + line) }) else {
        return "(no line '\(line)')"
    }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { $0.contains("/12> ") || $0.contains("/8> ") } ?? rest.endIndex
    var answer = rest[..<end].joined(separator: "\n")
    while answer.hasSuffix("\n") { answer.removeLast() }
    return answer
}
