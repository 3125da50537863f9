import ClassWire
import Foundation

/// One row per learner and step they reported on.
public struct ResultRow: Codable, Sendable, Equatable {
    public var learner: Int
    public var name: String
    public var lesson: String
    public var step: Int
    public var reached: Bool
    public var checks: Int
    public var failedChecks: Int
    public var passed: Bool
    public var prediction: String?
    public var hints: Int
    public var first: Double
    public var last: Double
}

extension ClassRoom {
    public func results() -> [ResultRow] {
        lock.withLock {
            var rows: [ResultRow] = []
            for learner in learners.values.sorted(by: { $0.id < $1.id }) {
                for (key, r) in learner.steps.sorted(by: { $0.key < $1.key }) {
                    rows.append(
                        ResultRow(
                            learner: learner.id, name: learner.name, lesson: key.lesson, step: key.step,
                            reached: r.reached,
                            checks: r.checks, failedChecks: r.failedChecks, passed: r.passed, prediction: r.prediction,
                            hints: r.hints, first: r.first, last: r.last))
                }
            }
            return rows
        }
    }

    /// Everyone who joined (those who left too), as the board counts them: the closing screen says the same figure.
    public func headCount() -> HeadCount {
        lock.withLock { HeadCount(learners: learners.count, left: learners.values.filter { $0.left != nil }.count) }
    }

    public func resultsJSON() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array((try? encoder.encode(results())) ?? Data("[]".utf8))
    }

    /// RFC 4180: every field that holds a comma, quote or line break is quoted; a field a spreadsheet would take for
    /// a formula (=, +, -, @) gets a leading apostrophe.
    public func resultsCSV() -> String {
        func field(_ text: String) -> String {
            var text = text
            if let first = text.first, "=+-@\t\r".contains(first) { text = "'" + text }
            if text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
                return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            }
            return text
        }
        func time(_ t: Double) -> String { Date(timeIntervalSince1970: t).formatted(.iso8601) }
        var out = "learner,name,lesson,step,reached,checks,failed_checks,passed,prediction,hints,first,last\r\n"
        for r in results() {
            out +=
                [
                    String(r.learner), field(r.name), field(r.lesson), String(r.step), String(r.reached),
                    String(r.checks),
                    String(r.failedChecks), String(r.passed), field(r.prediction ?? ""), String(r.hints), time(r.first),
                    time(r.last),
                ]
                .joined(separator: ",") + "\r\n"
        }
        return out
    }
}
