import Foundation

/// A learner of a code exercise, as the end-to-end suites play one: a folder of their own (exercise files, progress),
/// an editor that is a script writing a given file into the exercise, and the verdict `check` gives.
extension TestPlayground {
    /// A folder of the learner's own: exercise files, progress, an editor script that writes `text` into the file
    /// (given none, an editor that changes nothing: the starter as it was copied). The caller removes the folder.
    public func learner(writing text: String?) throws -> (folder: String, environment: [String: String]) {
        let folder = NSTemporaryDirectory() + "patterns-code-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var extra = ["XDG_DATA_HOME": folder + "/data", "EDITOR": "true"]
        if let text {
            try text.write(toFile: folder + "/written.swift", atomically: true, encoding: .utf8)
            try "#!/bin/sh\ncp '\(folder)/written.swift' \"$1\"\n".write(
                toFile: folder + "/editor", atomically: true, encoding: .utf8)
            chmod(folder + "/editor", 0o755)
            // Run through sh rather than executed: a script just written can be "busy" (exit 126, ETXTBSY) while a
            // child another test spawned at that moment still holds a descriptor of it.
            extra["EDITOR"] = "/bin/sh '\(folder)/editor'"
        }
        return (folder, environment(extra, state: folder + "/state"))
    }

    /// Runs the binary piped, `input` typed, at `width` columns (else ``width``), in a fresh learner folder whose
    /// editor writes `file` (or changes nothing); the folder is removed after.
    public func runAsLearner(writing file: String? = nil, _ input: String, width: Int? = nil) throws -> ProcessResult {
        let (folder, environment) = try learner(writing: file)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try runPatterns(["--width", String(width ?? self.width)], input: input, environment: environment)
    }

    /// The learner's `file`, written by the editor at `lesson`'s code exercise: `load`, `goto` its step, `edit`
    /// (which checks the file), then `more` typed, at `width` columns (else ``width``). The verdict (its first
    /// `lines` lines, given a count) and the whole output.
    public func codeStep(
        _ lesson: String, file: String, then more: String = "", lines: Int? = nil, width: Int? = nil
    ) throws -> (shown: String, output: String) {
        let step = try CodeExercise(lesson).step
        let input = "load \(lesson)\ngoto \(step)\nedit\n" + more
        let output = try runAsLearner(writing: file, input, width: width).output
        return (verdict(output, lines: lines), output)
    }
}

/// The verdict `check` gave: from its first line (✓ or ✗, the last such in the output) to the end; its first `lines`
/// lines, given a count.
public func verdict(_ output: String, lines count: Int? = nil) -> String {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.lastIndex(where: { $0.hasPrefix("✗") || $0.hasPrefix("✓") }) else { return output }
    let shown = lines[start...].joined(separator: "\n")
    guard let count else { return shown }
    return shown.split(separator: "\n").prefix(count).joined(separator: "\n")
}

/// A lesson's code exercise as its file in Lessons/<lang> has it: the step's number, the file, the starter and the
/// solution.
public struct CodeExercise: Sendable {
    public var step = 0
    public var file = ""
    public var starter = ""
    public var solution = ""

    public init(_ lesson: String, lang: String = "en") throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let folder = root + "/Lessons/" + lang
        guard
            let name = try FileManager.default.contentsOfDirectory(atPath: folder).first(where: {
                $0.hasSuffix("-" + lesson + ".md")
            })
        else { throw TestSupportFailure("no lesson \(lesson) in \(folder)") }
        let lines = try String(contentsOfFile: folder + "/" + name, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var step = 0
        var inside: String?
        for line in lines {
            if inside == nil, line.hasPrefix("## ") { step += 1 }
            if inside == nil, line.hasPrefix("```swift starter ") {
                inside = "starter"; file = String(line.dropFirst("```swift starter ".count)); self.step = step; continue
            }
            if inside == nil, line == "```swift solution" { inside = "solution"; continue }
            if inside != nil, line.hasPrefix("```") { inside = nil; continue }
            if inside == "starter" { starter += line + "\n" }
            if inside == "solution" { solution += line + "\n" }
        }
    }
}
