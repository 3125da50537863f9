import FoundationEssentials

/// The saved place in each lesson, as stored in the progress file: decoded, checked and merged here, written by the
/// executable. Whatever the file holds, what comes out is usable: steps and done steps inside `0..<total`, no
/// entry with a total below 1 or above ``maximumSteps``.
public struct ProgressRecord: Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        /// 0-based.
        public var step: Int
        /// 0-based, sorted, each once.
        public var done: [Int]
        public var total: Int

        public init(step: Int, done: [Int], total: Int) {
            self.step = step
            self.done = done
            self.total = total
        }

        /// The entry with every number brought inside the lesson, or nil when nothing in it can be trusted.
        public var checked: Entry? {
            guard total >= 1, total <= ProgressRecord.maximumSteps else { return nil }
            let doneSteps = Set(done.filter { $0 >= 0 && $0 < total }).sorted()
            return Entry(step: min(max(step, 0), total - 1), done: doneSteps, total: total)
        }
    }

    /// No lesson has more steps than this; a bigger total in the file is not believed.
    public static let maximumSteps = 10_000

    public var lessons: [String: Entry]

    public init(lessons: [String: Entry] = [:]) { self.lessons = lessons }

    struct Stored: Codable {
        var version = 1
        var lessons: [String: Entry]
    }

    public enum DecodeError: Error { case notProgress }

    /// The record in `bytes`. Entries that cannot be trusted are dropped, numbers are brought into range; a file that
    /// is not a progress file at all throws.
    public init(decoding bytes: [UInt8]) throws(DecodeError) {
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: Data(bytes))
        } catch {
            throw .notProgress
        }
        lessons = stored.lessons.compactMapValues(\.checked)
    }

    /// Sorted keys, two-space indent: the file diffs well.
    public var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return (try? encoder.encode(Stored(lessons: lessons))).map { Array($0) + [0x0A] } ?? []
    }

    /// A change to one lesson (or all), to apply on top of whatever is on disk when saving.
    public enum Change: Equatable, Sendable {
        case set(String, Entry)
        case forget(String)
        case forgetAll
    }

    public mutating func apply(_ change: Change) {
        switch change {
        case .set(let lesson, let entry): lessons[lesson] = entry.checked
        case .forget(let lesson): lessons[lesson] = nil
        case .forgetAll: lessons = [:]
        }
    }
}
