import Foundation
import PlaygroundTestSupport
import Testing

/// Compares `actual` with `Goldens/<name>.txt`; `PATTERNS_RECORD=1 swift test` re-records it, and a missing one is
/// recorded (and the test fails once). Recording fails the
/// test (as swift-argument-parser's snapshots do), so a recording run can never pass unseen: look at the diff, then
/// run again without the switch.
func expectGolden(_ name: String, _ actual: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name).txt")
    if ProcessInfo.processInfo.environment["PATTERNS_RECORD"] == "1" {
        do {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded \(url.path): check it, then run again without PATTERNS_RECORD", sourceLocation: sourceLocation
            )
        } catch {
            Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        // A golden nobody recorded yet (a new lesson's): it is written now, and this run fails, so a missing golden
        // is never a silent pass. Look at the file, commit it, and the next run compares against it.
        do {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "no golden \(url.path) yet: recorded it now; check it, commit it, then run again",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record(
                "missing golden \(url.path), and it cannot be recorded: \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    if let diff = transcriptDiff(expected: expected, actual: actual) {
        Issue.record(Comment(rawValue: "\(name): " + diff), sourceLocation: sourceLocation)
    }
}

/// A whole output compared with what it must be, with a line diff on failure.
func expectSame(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let diff = transcriptDiff(expected: expected, actual: actual) {
        Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
}
