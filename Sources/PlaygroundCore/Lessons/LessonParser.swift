/// Parses lesson Markdown: front matter, `## ` steps, transcript/goal fences, hints. Reports authoring mistakes as
/// ``LessonIssue``s with the line they are on. Parsing never runs anything.
public enum LessonParser {
    static let requiredKeys = ["id", "title", "module"]
    static let knownKeys: Set<String> = ["id", "title", "summary", "module", "minutes", "needs"]

    /// The `id:` a file's front matter declares, read without parsing the rest: a file that fails to parse still
    /// belongs to its lesson (`patterns test ID` reports it with its twin).
    public static func declaredID(_ text: String) -> String? {
        let lines = text.lines.map { $0.utf8.last == 0x0D ? String($0.dropLast()) : String($0) }
        guard lines.first == "---" else { return nil }
        for line in lines.dropFirst() {
            if line == "---" { return nil }
            guard let colon = line.firstIndex(of: ":"), line[..<colon].trimmed == "id" else { continue }
            let id = line[line.index(after: colon)...].trimmed
            return id.isEmpty ? nil : id
        }
        return nil
    }

    public static func parse(_ text: String, path: String, lang: String) throws(LessonIssue) -> Lesson {
        let lines = text.lines.map { line -> String in
            line.utf8.last == 0x0D ? String(line.dropLast()) : String(line)
        }
        func issue(_ line: Int, _ message: String) -> LessonIssue {
            LessonIssue(path: path, line: line, message: message)
        }

        let (meta, minutes, bodyStart) = try frontMatter(lines, issue: issue)
        let id = meta["id"]!
        var index = bodyStart

        // Steps.
        var steps: [Step] = []
        var fence: (kind: String, line: Int)?
        var fenceLines: [(Int, String)] = []
        // What comes between the front matter and the first step, without the `# ` title: the pattern's definition.
        var introduction: [String] = []
        while index < lines.count {
            let line = lines[index]
            let number = index + 1
            index += 1
            if steps.isEmpty && !line.hasPrefix("## ") && (fence != nil || line.hasPrefix("```")) {
                introduction.append(line)
            }
            if let open = fence {
                if line.hasPrefix("```") {
                    try finishFence(
                        open.kind, openLine: open.line, closeLine: number, lines: fenceLines, into: &steps, issue: issue
                    )
                    fence = nil
                    fenceLines = []
                } else {
                    fenceLines.append((number, line))
                }
                continue
            }
            if line.hasPrefix("## ") {
                steps.append(
                    Step(
                        title: String(line.dropFirst(3)).trimmed, line: number, body: [], transcripts: [], goal: [],
                        hints: []))
                continue
            }
            if line.hasPrefix("```") {
                var kind = String(line.dropFirst(3)).trimmed
                if kind.hasPrefix("swift "), !steps.isEmpty {
                    // ```swift starter File.swift``` or ```swift solution```: a code exercise's two files.
                    let words = kind.split(separator: " ").map(String.init)
                    if words == ["swift", "shortcut"] {
                        guard steps[steps.count - 1].code != nil else {
                            throw issue(
                                number,
                                "a ```swift shortcut``` block is a wrong file for a code exercise: it comes after the "
                                    + "step's ```swift starter File.swift``` block"
                            )
                        }
                        fence = ("swift shortcut", number)
                        continue
                    }
                    if words.count >= 2, words[1] == "starter" || words[1] == "solution" {
                        kind = try codeFence(
                            words, number: number, step: &steps[steps.count - 1], language: lang, issue: issue)
                        fence = (kind, number)
                        continue
                    }
                }
                guard !steps.isEmpty else {
                    if kind == "patterns" || kind.hasPrefix("goal") {
                        throw issue(number, "'\(kind)' block before the first '## ' step")
                    }
                    fence = (kind, number)
                    continue
                }
                try checkFenceKind(kind, number: number, issue: issue)
                fence = (kind, number)
                if kind == "goal unmet" { steps[steps.count - 1].goalStaysUnmet = true; fence = ("goal", number) }
                if !Self.hiddenFences.contains(kind) { steps[steps.count - 1].body.append(line) }
                continue
            }
            guard !steps.isEmpty else {
                let isTitle = line.hasPrefix("# ") && introduction.allSatisfy { $0.trimmed.isEmpty }
                if !isTitle { introduction.append(line) }
                continue
            }
            // `<!-- minutes: 5 -->`: how long the step takes in a workshop (invisible on GitHub; the clock uses it).
            let trimmedLine = line.trimmed
            if trimmedLine.hasPrefix("<!--"), trimmedLine.hasSuffix("-->"),
                case let inside = trimmedLine.dropFirst(4).dropLast(3).trimmed, inside.hasPrefix("minutes:")
            {
                guard let minutes = Int(inside.dropFirst(8).trimmed), (1...600).contains(minutes) else {
                    throw issue(
                        number, "'minutes:' takes a whole number of minutes from 1 to 600, as in <!-- minutes: 5 -->")
                }
                steps[steps.count - 1].minutes = minutes
                continue
            }
            if let hint = try parseHint(line, number: number, issue: issue) {
                steps[steps.count - 1].hints.append(hint)
                continue
            }
            steps[steps.count - 1].body.append(line)
        }
        if let open = fence { throw issue(open.line, "code block is not closed") }
        guard !steps.isEmpty else {
            throw issue(max(1, lines.count - (lines.last == "" ? 1 : 0)), "the lesson has no steps ('## ' headings)")
        }
        for step in steps {
            guard let code = step.code else { continue }
            if code.solutionLine == 0 {
                throw issue(
                    code.starterLine, "the code exercise '\(code.file)' has a starter but no ```swift solution``` block"
                )
            }
            if step.goal.isEmpty {
                throw issue(
                    step.line,
                    "the code exercise '\(code.file)' has no goal: `check` needs one to judge the learner's file")
            }
            if step.commands.isEmpty {
                throw issue(
                    step.line,
                    "the code exercise '\(code.file)' has no transcript: its commands drive the learner's types")
            }
        }
        for step in steps where step.code == nil {
            if let scenario = step.scenario {
                throw issue(
                    scenario.line,
                    "a scenario block belongs to a code exercise: it runs the learner's file a second time")
            }
        }
        for i in steps.indices {
            while steps[i].body.last?.trimmed.isEmpty == true { steps[i].body.removeLast() }
            let leading = steps[i].body.prefix { $0.trimmed.isEmpty }.count
            steps[i].body.removeFirst(leading)
        }
        while introduction.last?.trimmed.isEmpty == true { introduction.removeLast() }
        introduction.removeFirst(introduction.prefix { $0.trimmed.isEmpty }.count)
        var lesson = Lesson(
            id: id, title: meta["title"]!, summary: meta["summary"] ?? "", module: meta["module"]!,
            minutes: minutes, lang: lang, path: path, source: text, steps: steps, introduction: introduction)
        lesson.needsSwift = meta["needs"] == "swift"
        return lesson
    }

    /// The front matter: its keys and values, the lesson's minutes (0 when not given), and the index of the line
    /// after its closing `---`. Shared by ``parse(_:path:lang:)`` and ``outline(_:path:lang:)``.
    static func frontMatter(_ lines: [String], issue: (Int, String) -> LessonIssue) throws(LessonIssue)
        -> (meta: [String: String], minutes: Int, bodyStart: Int)
    {
        guard lines.first == "---" else { throw issue(1, "missing front matter: the file must start with '---'") }
        var meta: [String: String] = [:]
        var index = 1
        var closed = false
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line == "---" { closed = true; break }
            if line.trimmed.isEmpty { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw issue(index, "bad front matter line '\(line)': expected 'key: value'")
            }
            let key = line[..<colon].trimmed
            let value = line[line.index(after: colon)...].trimmed
            guard knownKeys.contains(key) else { throw issue(index, "unknown front matter key '\(key)'") }
            guard meta[key] == nil else { throw issue(index, "duplicate front matter key '\(key)'") }
            meta[key] = value
        }
        guard closed else { throw issue(1, "front matter is not closed by '---'") }
        for key in requiredKeys where (meta[key] ?? "").isEmpty {
            throw issue(1, "front matter is missing '\(key)'")
        }
        let id = meta["id"]!
        guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw issue(1, "lesson id '\(id)' may only hold letters, digits and '-'")
        }
        if let needs = meta["needs"], needs != "swift" {
            throw issue(1, "'needs' takes one value, 'swift' (the lesson's Swift needs the compiler), not '\(needs)'")
        }
        var minutes = 0
        if let m = meta["minutes"] {
            guard let n = Int(m), n > 0 else { throw issue(1, "minutes must be a positive number, not '\(m)'") }
            minutes = n
        }
        return (meta, minutes, index)
    }

    static func parseGoalLine(_ line: String, number: Int) -> GoalLine? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon].trimmed
        let value = line[line.index(after: colon)...].trimmed
        guard !key.isEmpty, !key.contains(" ") else { return nil }
        return GoalLine(key: key, value: value, line: number)
    }

    static let hintMarkers = ["Hint", "힌트"]

    /// `> **Hint:** text` or `> **Hint** (when builder.meat: .beef): text`.
    static func parseHint(_ line: String, number: Int, issue: (Int, String) -> LessonIssue) throws(LessonIssue) -> Hint?
    {
        // `Hint` in any lesson, `힌트` too: a Korean author writes the marker in Korean.
        guard let marker = hintMarkers.first(where: { line.hasPrefix("> **" + $0) }) else { return nil }
        var rest = Substring(line.dropFirst("> **".count + marker.count))
        var when: GoalLine?
        if rest.hasPrefix(":**") {
            rest = rest.dropFirst(3)
        } else if rest.hasPrefix("** (when ") {
            rest = rest.dropFirst("** (when ".count)
            guard let close = rest.firstIndex(of: ")") else {
                throw issue(number, "hint condition is not closed by ')'")
            }
            guard let goal = parseGoalLine(String(rest[..<close]), number: number) else {
                throw issue(number, "bad hint condition: expected '(when object.field: value)'")
            }
            when = goal
            rest = rest[rest.index(after: close)...]
            guard rest.hasPrefix(":") else { throw issue(number, "expected ':' after the hint condition") }
            rest = rest.dropFirst()
        } else {
            throw issue(
                number,
                "bad hint: write '> **Hint:** text' (or '> **힌트:** text'), or '> **Hint** (when object.field: value): "
                    + "text'"
            )
        }
        let text = rest.trimmed
        guard !text.isEmpty else { throw issue(number, "empty hint") }
        return Hint(text: text, when: when)
    }
}

extension String {
    /// The text split at newline bytes (an empty last line when the text ends with one). Much cheaper than
    /// splitting into Characters, and a newline is never part of a larger grapheme here that matters.
    var lines: [Substring] {
        // Find the newline offsets over contiguous bytes (the generic index walk was a visible part of start-up),
        // then cut the string at them.
        var newlines: [Int] = []
        let scanned: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            for i in bytes.indices where bytes[i] == 0x0A { newlines.append(i) }
        }
        if scanned == nil { newlines = utf8.enumerated().filter { $0.element == 0x0A }.map(\.offset) }
        var out: [Substring] = []
        out.reserveCapacity(newlines.count + 1)
        var start = startIndex
        var startOffset = 0
        for offset in newlines {
            let end = utf8.index(start, offsetBy: offset - startOffset)
            out.append(self[start..<end])
            start = utf8.index(after: end)
            startOffset = offset + 1
        }
        out.append(self[start...])
        return out
    }
}

extension StringProtocol {
    var trimmed: String {
        // Nearly always there is nothing to trim.
        let first = unicodeScalars.first, last = unicodeScalars.last
        if first != " ", first != "\t", last != " ", last != "\t" { return String(self) }
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
