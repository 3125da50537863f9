#if canImport(Glibc)
import Glibc
#endif

/// What `patterns list` shows of a lesson, read without the work of a full parse: the front matter, each step's
/// heading and whether it has a goal. The blocks' contents (transcripts, hints, code exercises) are not read.
extension LessonParser {
    /// The lesson with only its front matter and its steps' titles, lines and goals: enough for its title, minutes,
    /// step count and exercises. Nil when the front matter or a goal line is one ``parse(_:path:lang:)`` refuses.
    /// What else is wrong in a file only the full parse finds, and the outline compares bytes where the parse
    /// compares characters (`## ` followed by a combining mark is a heading here): only lessons known to parse are
    /// outlined, the built-in ones, which the tests outline and parse in full and compare.
    public static func outline(_ text: String, path: String, lang: String) -> Lesson? {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { outline(bytes: $0, text: text, path: path, lang: lang) }
            ?? nil
    }

    private static func outline(bytes: UnsafeBufferPointer<UInt8>, text: String, path: String, lang: String)
        -> Lesson?
    {
        // Each line as a byte range: no newline, no carriage return before it (as the parse reads lines).
        var ranges: [Range<Int>] = []
        var start = 0
        while start < bytes.count, let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) {
            let i = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            ranges.append(start..<(i > start && bytes[i - 1] == 0x0D ? i - 1 : i))
            start = i + 1
        }
        ranges.append(start..<(bytes.count > start && bytes[bytes.count - 1] == 0x0D ? bytes.count - 1 : bytes.count))
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func starts(_ range: Range<Int>, _ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard range.count >= count else { return false }
            for k in 0..<count where bytes[range.lowerBound + k] != prefix.utf8Start[k] { return false }
            return true
        }
        // The front matter, read by the parse's own code: up to the second `---`.
        guard let close = ranges.indices.dropFirst().first(where: { string(ranges[$0]) == "---" }) else { return nil }
        let issue = { (line: Int, message: String) in LessonIssue(path: path, line: line, message: message) }
        guard let (meta, minutes, bodyStart) = try? frontMatter(ranges[...close].map(string), issue: issue),
            bodyStart == close + 1
        else { return nil }
        var steps: [Step] = []
        // The open block, and whether it is a goal: a line starting with ``` opens one and the next such line closes
        // it.
        var fence: (kind: String, isGoal: Bool)?
        for index in bodyStart..<ranges.count {
            let line = ranges[index]
            let isFence = starts(line, "```")
            if let open = fence {
                if isFence { fence = nil; continue }
                guard open.isGoal, !steps.isEmpty,
                    line.contains(where: { bytes[$0] != 0x20 && bytes[$0] != 0x09 })
                else { continue }
                guard let goal = parseGoalLine(string(line), number: index + 1) else { return nil }
                steps[steps.count - 1].goal.append(goal)
            } else if isFence {
                let kind = string(line.dropFirst(3)).trimmed
                fence = (kind, kind == "goal" || kind == "goal unmet")
                if kind == "goal unmet", !steps.isEmpty { steps[steps.count - 1].goalStaysUnmet = true }
            } else if starts(line, "## ") {
                steps.append(
                    Step(
                        title: string(line.dropFirst(3)).trimmed, line: index + 1, body: [], transcripts: [], goal: [],
                        hints: []))
            }
        }
        guard !steps.isEmpty, fence == nil else { return nil }
        return Lesson(
            id: meta["id"]!, title: meta["title"]!, summary: meta["summary"] ?? "", module: meta["module"]!,
            minutes: minutes, lang: lang, path: path, source: text, steps: steps, introduction: [])
    }
}
