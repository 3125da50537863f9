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
        /// The first answer to each prediction exercise, by 0-based step: kept for good, until the lesson's progress
        /// is forgotten (a prediction is made once per learner, whatever is loaded or restarted in between).
        public var predictions: [Int: String]

        public init(step: Int, done: [Int], total: Int, predictions: [Int: String] = [:]) {
            self.step = step
            self.done = done
            self.total = total
            self.predictions = predictions
        }

        enum CodingKeys: String, CodingKey { case step, done, total, predictions }

        /// A file written before predictions were kept has none; one with no prediction stores none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            step = try container.decode(Int.self, forKey: .step)
            done = try container.decode([Int].self, forKey: .done)
            total = try container.decode(Int.self, forKey: .total)
            let stored = try container.decodeIfPresent([String: String].self, forKey: .predictions) ?? [:]
            predictions = Dictionary(
                stored.compactMap { key, answer in Int(key).map { ($0, answer) } }, uniquingKeysWith: { a, _ in a })
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(step, forKey: .step)
            try container.encode(done, forKey: .done)
            try container.encode(total, forKey: .total)
            if !predictions.isEmpty {
                let stored = Dictionary(uniqueKeysWithValues: predictions.map { (String($0.key), $0.value) })
                try container.encode(stored, forKey: .predictions)
            }
        }

        /// The entry with every number brought inside the lesson, or nil when nothing in it can be trusted. A
        /// prediction outside the lesson, empty or longer than ``maximumAnswer`` is dropped.
        public var checked: Entry? {
            guard total >= 1, total <= ProgressRecord.maximumSteps else { return nil }
            let doneSteps = Set(done.filter { $0 >= 0 && $0 < total }).sorted()
            let kept = predictions.filter { step, answer in
                step >= 0 && step < total && !answer.isEmpty && answer.count <= ProgressRecord.maximumAnswer
            }
            return Entry(step: min(max(step, 0), total - 1), done: doneSteps, total: total, predictions: kept)
        }
    }

    /// No prediction's answer is longer than this (an option's number, or a word).
    public static let maximumAnswer = 200

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
        /// The place and the done steps; the predictions already kept stay (the first answer wins).
        case set(String, Entry)
        /// A prediction's first answer, at 0-based `step` of a lesson of `total` steps: kept only when that step has
        /// none yet.
        case predict(String, step: Int, answer: String, total: Int)
        case forget(String)
        case forgetAll
    }

    public mutating func apply(_ change: Change) {
        switch change {
        case .set(let lesson, var entry):
            if let kept = lessons[lesson]?.predictions {
                entry.predictions = kept.merging(entry.predictions) { first, _ in first }
            }
            lessons[lesson] = entry.checked
        case .predict(let lesson, let step, let answer, let total):
            var entry = lessons[lesson] ?? Entry(step: step, done: [], total: total)
            if entry.predictions[step] == nil { entry.predictions[step] = answer }
            lessons[lesson] = entry.checked ?? lessons[lesson]
        case .forget(let lesson): lessons[lesson] = nil
        case .forgetAll: lessons = [:]
        }
    }
}
