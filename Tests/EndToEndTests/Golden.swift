import Foundation
import PlaygroundTestSupport
import Testing

/// Compares `actual` with `Goldens/<name>.txt`; `PATTERNS_RECORD=1 swift test` re-records it. Recording fails the
/// test (as swift-argument-parser's snapshots do), so a recording run can never pass unseen: look at the diff, then
/// run again without the switch.
func expectGolden(_ name: String, _ actual: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name).txt")
    if ProcessInfo.processInfo.environment["PATTERNS_RECORD"] == "1" {
        do {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(url.path): check it, then run again without PATTERNS_RECORD", sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden \(url.path); record it with PATTERNS_RECORD=1", sourceLocation: sourceLocation)
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
