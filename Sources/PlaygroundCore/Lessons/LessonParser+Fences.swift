/// The lesson format's code blocks: transcripts, goals, shortcuts, scenarios, a code exercise's starter and
/// solution, and the kinds of block prose may show.
extension LessonParser {
    static func finishFence(
        _ kind: String, openLine: Int, closeLine: Int, lines: [(Int, String)], into steps: inout [Step],
        issue: (Int, String) -> LessonIssue
    ) throws(LessonIssue) {
        // A code block in the introduction, before the first step, is prose: nothing to keep.
        guard !steps.isEmpty else { return }
        let last = steps.count - 1
        switch kind {
        case "patterns":
            var entries: [Transcript.Entry] = []
            for (number, line) in lines {
                if line.hasPrefix("> ") || line == ">" {
                    // A block still open (a brace, a bracket, a multi-line string) goes on at the next '> ' line, as
                    // at the prompt; its lines keep their indentation.
                    if let open = entries.last, open.expected.isEmpty, SwiftInput.isOpen(open.command) {
                        var rest = String(line.dropFirst(2))
                        while rest.last == " " { rest.removeLast() }
                        entries[entries.count - 1].command += "\n" + rest
                        continue
                    }
                    let command = String(line.dropFirst(2)).trimmed
                    guard !command.isEmpty else { throw issue(number, "empty command after '>'") }
                    entries.append(Transcript.Entry(command: command, line: number, expected: []))
                } else {
                    guard !entries.isEmpty else {
                        throw issue(number, "output before the first command: commands start with '> '")
                    }
                    entries[entries.count - 1].expected.append(line)
                }
            }
            guard !entries.isEmpty else { throw issue(openLine, "empty transcript block") }
            steps[last].transcripts.append(Transcript(openLine: openLine, closeLine: closeLine, entries: entries))
        case "patterns scenario":
            guard steps[last].scenario == nil else { throw issue(openLine, "a step has at most one scenario block") }
            var scenario = Scenario(line: openLine, commands: [], goal: [])
            for (number, line) in lines where !line.trimmed.isEmpty {
                if line.hasPrefix("> ") {
                    // As in a transcript, a block still open goes on at the next '> ' line.
                    if let open = scenario.commands.last, scenario.goal.isEmpty, SwiftInput.isOpen(open) {
                        var rest = String(line.dropFirst(2))
                        while rest.last == " " { rest.removeLast() }
                        scenario.commands[scenario.commands.count - 1] += "\n" + rest
                        continue
                    }
                    guard scenario.goal.isEmpty else {
                        throw issue(number, "a scenario's commands come first, then its goal lines")
                    }
                    scenario.commands.append(String(line.dropFirst(2)).trimmed)
                } else {
                    guard let goal = parseGoalLine(line, number: number) else {
                        throw issue(
                            number,
                            "bad scenario line '\(line)': a scenario holds commands after '> ', then goal lines "
                                + "'object.field: value'")
                    }
                    scenario.goal.append(goal)
                }
            }
            guard !scenario.commands.isEmpty, !scenario.goal.isEmpty else {
                throw issue(openLine, "a scenario block holds commands after '> ', then the goal they must meet")
            }
            steps[last].scenario = scenario
        case "patterns shortcut", "swift shortcut":
            var commands: [String] = []
            if kind == "patterns shortcut" {
                for (number, line) in lines where !line.trimmed.isEmpty {
                    guard line.hasPrefix("> ") else {
                        throw issue(
                            number,
                            "a shortcut block holds only commands, each after '> ': it is tried, not shown, so it has "
                                + "no output"
                        )
                    }
                    commands.append(String(line.dropFirst(2)).trimmed)
                }
                guard !commands.isEmpty else { throw issue(openLine, "empty shortcut block") }
            }
            let code = kind == "swift shortcut" ? lines.map(\.1).joined(separator: "\n") + "\n" : nil
            steps[last].shortcuts.append(Shortcut(line: openLine, commands: commands, code: code))
        case "swift starter", "swift solution":
            let text = lines.map(\.1).joined(separator: "\n") + "\n"
            if kind == "swift starter" {
                steps[last].code?.starter = text
                steps[last].body.append(contentsOf: lines.map(\.1))
                steps[last].body.append("```")
            } else {
                steps[last].code?.solution = text
            }
        case "goal":
            guard steps[last].goal.isEmpty else { throw issue(openLine, "a step has at most one goal block") }
            for (number, line) in lines where !line.trimmed.isEmpty {
                guard let goal = parseGoalLine(line, number: number) else {
                    throw issue(number, "bad goal line '\(line)': expected 'object.field: value'")
                }
                steps[last].goal.append(goal)
            }
            guard !steps[last].goal.isEmpty else { throw issue(openLine, "empty goal block") }
        default:
            steps[last].body.append(contentsOf: lines.map(\.1))
            steps[last].body.append("```")
        }
    }

    /// The opening fence of a code exercise's starter or solution: checks it and records it on the step. Returns the
    /// fence's kind for ``finishFence``.
    static func codeFence(
        _ words: [String], number: Int, step: inout Step, language: String,
        issue: (Int, String) -> LessonIssue
    ) throws(LessonIssue) -> String {
        if words[1] == "starter" {
            guard words.count == 3 else {
                throw issue(number, "a starter block names its file: ```swift starter FileName.swift```")
            }
            let file = words[2]
            let stem = file.hasSuffix(".swift") ? file.dropLast(6) : ""
            guard let first = stem.first, first.isASCII, first.isLetter,
                stem.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                throw issue(
                    number,
                    "the starter's file name '\(file)' must be a Swift file name: letters, digits and '_', ending in "
                        + "'.swift'"
                )
            }
            guard step.code == nil else {
                throw issue(number, "a step has at most one code exercise (one starter block)")
            }
            step.code = CodeExercise(file: file, starter: "", solution: "", starterLine: number, solutionLine: 0)
            // The learner sees the starter in the step, under its file name.
            step.body.append(CodeText.starterCaption.text(Lang(rawValue: language) ?? .en, file))
            step.body.append("```swift")
            return "swift starter"
        }
        guard words.count == 2 else {
            throw issue(number, "a solution block names no file: ```swift solution``` (the starter's file)")
        }
        guard step.code != nil else {
            throw issue(
                number, "a ```swift solution``` block comes after the step's ```swift starter File.swift``` block")
        }
        guard step.code?.solutionLine == 0 else { throw issue(number, "a code exercise has one solution block") }
        step.code?.solutionLine = number
        return "swift solution"
    }

    /// Blocks that are the lesson's machinery, never shown in the step: transcripts, goals, shortcuts.
    static let hiddenFences: Set<String> = ["patterns", "patterns shortcut", "patterns scenario", "goal", "goal unmet"]
    /// The kinds of code block a lesson may hold: its own, and the languages its prose shows.
    static let shownFences: Set<String> = ["", "swift", "text", "sh", "console", "markdown", "diff"]

    /// A code block of a kind nobody reads (```` ```pattern ````, ```` ```goals ````) would silently become prose, and
    /// its commands or goal would never be tested: named as such, with the nearest kind.
    static func checkFenceKind(_ kind: String, number: Int, issue: (Int, String) -> LessonIssue) throws(LessonIssue) {
        let first = String(kind.split(separator: " ").first ?? "")
        if hiddenFences.contains(kind) || shownFences.contains(first) && (first != "swift" || kind == "swift") {
            return
        }
        let known =
            (hiddenFences.sorted() + shownFences.filter { !$0.isEmpty }.sorted() + [
                "swift starter File.swift", "swift solution", "swift shortcut",
            ])
        let near = Suggest.closest(to: kind, in: known).map { "; did you mean '\($0)'?" } ?? ""
        throw issue(
            number,
            "unknown code block '```\(kind)' (rule: every block is one the tester reads or a language the prose shows; "
                + "known: \(known.joined(separator: ", ")))\(near)"
        )
    }
}
