import CallRecording

/// An object as the trace names it: its identity and its type (an address a freed object leaves may be reused).
struct TraceNameKey: Hashable {
    var object: ObjectIdentifier
    var type: ObjectIdentifier
}

/// What ran, as calls between objects: the session's ``CallRecorder`` (fed by the `Patterns` types themselves while a
/// line runs), the `trace` command that draws it, and the goal lines that judge it (`trace.has`, `trace.lacks`).
///
/// Nothing here reads a line's text: a call is recorded when it happens, by the object that makes it or takes it.
struct CallTrace {
    /// One side of a goal's call, as the author writes it: `employee -> receiptBuilder.setMeat(.beef)`,
    /// `red -> blue` (any call), `you -> pager.add` (any arguments).
    struct Pattern: Equatable {
        /// nil: the line itself (`you`).
        var caller: String?
        var callee: String
        var method: String?
        /// The arguments as written between the parentheses; nil: any.
        var arguments: String?

        /// `A -> B.m(args)`; nil when the text is not of that shape.
        init?(_ text: String) {
            let parts = text.components(separatedBy: " -> ")
            guard parts.count == 2 else { return nil }
            let caller = parts[0].trimmed
            guard !caller.isEmpty else { return nil }
            self.caller = caller == CallTrace.lineCaller ? nil : caller
            var target = Substring(parts[1].trimmed)
            if let open = target.firstIndex(of: "("), target.hasSuffix(")") {
                arguments = String(target[target.index(after: open)..<target.index(before: target.endIndex)])
                target = target[..<open]
            }
            // `board.cell(0, 4)` names a cell: the method is after the last dot outside parentheses.
            if let dot = target.lastIndex(of: "."), !target[dot...].contains(")") {
                callee = String(target[..<dot])
                method = String(target[target.index(after: dot)...])
            } else if arguments == nil {
                callee = String(target)
                method = nil
            } else {
                return nil
            }
            guard !callee.isEmpty, method.map({ !$0.isEmpty }) ?? true else { return nil }
        }

        func matches(_ call: CallRecorder.Call) -> Bool {
            guard call.caller == caller, call.callee == callee else { return false }
            if let method, call.method != method { return false }
            if let arguments, CallTrace.argumentsText(call) != arguments { return false }
            return true
        }
    }

    /// How goal lines name the line itself as a caller.
    static let lineCaller = "you"

    /// The arguments of a call as written between its parentheses.
    static func argumentsText(_ call: CallRecorder.Call) -> String {
        let written = call.written
        guard let open = written.firstIndex(of: "(") else { return "" }
        return String(written[written.index(after: open)..<written.index(before: written.endIndex)])
    }

    /// One call as the trace draws it: indented by how deep it ran,
    /// `you -> employee.createCombo1(with: receiptBuilder)`.
    static func line(_ call: CallRecorder.Call, _ lang: Lang, base: Int = 0) -> String {
        // `you` in every language: the word goal lines use for the learner's line.
        let caller = call.caller ?? lineCaller
        let indent = String(repeating: "  ", count: max(0, call.depth - base))
        return indent + caller + " -> " + call.callee + "." + call.written
            + (call.threw ? "  " + TraceText.threw.text(lang) : "")
    }

    /// The calls as lines, the latest `limit` of them, with a line for those left out.
    static func lines(_ calls: some Collection<CallRecorder.Call>, _ lang: Lang, limit: Int = 40) -> [String] {
        let shown = calls.suffix(limit)
        let base = shown.map(\.depth).min() ?? 0
        var lines = shown.map { line($0, lang, base: base) }
        if calls.count > shown.count {
            lines.insert(TraceText.earlierCalls.text(lang, String(calls.count - shown.count)), at: 0)
        }
        return lines
    }

    /// The goal lines on calls that what ran does not meet: `trace.has` lines are met in their order (each by a call
    /// after the one that met the line before), `trace.lacks` lines by no call at all.
    static func differences(
        _ goal: [GoalLine], _ calls: some Collection<CallRecorder.Call>, _ lang: Lang
    ) -> [(key: String, expected: String, actual: String)] {
        var differences: [(key: String, expected: String, actual: String)] = []
        var after = calls.startIndex
        for goalLine in goal where goalLine.isCall {
            guard let pattern = Pattern(goalLine.value) else {
                differences.append((goalLine.key, goalLine.value, TraceText.badGoal.text(lang)))
                continue
            }
            if goalLine.key == GoalLine.callMade {
                if let found = calls[after...].firstIndex(where: pattern.matches) {
                    after = calls.index(after: found)
                } else {
                    let earlier = calls[..<after].contains(where: pattern.matches)
                    differences.append(
                        (
                            goalLine.key, goalLine.value,
                            (earlier ? TraceText.onlyBefore : TraceText.noSuchCall).text(lang)
                        ))
                }
            } else if let found = calls.first(where: pattern.matches) {
                differences.append(
                    (goalLine.key, goalLine.value, TraceText.called.text(lang, line(found, lang, base: found.depth))))
            }
        }
        return differences
    }

    /// For an author: the object a goal's call names (its caller first) that no call in `calls` made or took: a
    /// name the trace never saw (a typo, or an object it cannot record). Nil when each was seen, or the goal is no
    /// call.
    static func unseenName(_ goal: String, in calls: some Collection<CallRecorder.Call>) -> String? {
        guard let pattern = Pattern(goal) else { return nil }
        return [pattern.caller, pattern.callee].compactMap { $0 }.first { name in
            !calls.contains { $0.caller == name || $0.callee == name }
        }
    }

    /// A goal's difference as an author reads it: a call not made whose object no call has, said to be that.
    static func forAuthor(
        _ difference: (key: String, expected: String, actual: String), calls: some Collection<CallRecorder.Call>,
        _ lang: Lang
    ) -> (key: String, expected: String, actual: String) {
        guard difference.key == GoalLine.callMade, difference.actual == TraceText.noSuchCall.text(lang),
            let name = unseenName(difference.expected, in: calls)
        else { return difference }
        return (difference.key, difference.expected, TraceText.notRecorded.text(lang, name))
    }
}
