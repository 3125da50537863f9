/// Checks that every English lesson has twins in the other languages with the same steps, goals and commands.
/// Prose may differ; structure may not. Problems are reported at the twin's file and line.
public enum LessonParity {
    public static func check(_ catalog: LessonCatalog, languages: [String] = ["ko"]) -> [LessonIssue] {
        var issues: [LessonIssue] = []
        for english in catalog.lessons where english.lang == "en" {
            for lang in languages {
                guard let twin = catalog.lessons.first(where: { $0.id == english.id && $0.lang == lang }) else {
                    // A lesson of one's own (--lessons) may be English only; the built-in ones may not.
                    guard english.isBuiltIn else { continue }
                    issues.append(LessonIssue(path: english.path, line: 1, message: "lesson '\(english.id)' has no '\(lang)' twin in Lessons/\(lang)/"))
                    continue
                }
                if let issue = compare(english, twin) { issues.append(issue) }
            }
        }
        return issues
    }

    /// The first place where `twin` drifts from `english`, if any.
    static func compare(_ english: Lesson, _ twin: Lesson) -> LessonIssue? {
        func issue(_ line: Int, _ message: String) -> LessonIssue { LessonIssue(path: twin.path, line: line, message: message) }
        if english.module != twin.module {
            return issue(1, "module '\(twin.module)' differs from '\(english.module)' in \(english.path)")
        }
        for (index, step) in english.steps.enumerated() {
            let where_ = "\(english.path):\(step.line)"
            guard index < twin.steps.count else {
                let line = twin.steps.last.map { $0.line } ?? 1
                return issue(line, "has \(twin.steps.count) steps, \(english.path) has \(english.steps.count): step \(index + 1) ('\(step.title)', \(where_)) is missing")
            }
            let other = twin.steps[index]
            if other.commands != step.commands {
                let line = firstDifferentCommandLine(step, other) ?? other.line
                return issue(line, "step \(index + 1) commands differ from \(where_): expected \(step.commands), found \(other.commands)")
            }
            if other.code?.file != step.code?.file {
                let line = other.code?.starterLine ?? other.line
                let expected = step.code.map { "the code exercise '\($0.file)'" } ?? "no code exercise"
                return issue(line, "step \(index + 1) differs from \(where_): it has \(other.code.map { "the code exercise '\($0.file)'" } ?? "no code exercise"), expected \(expected)")
            }
            if other.goal.map({ "\($0.key): \($0.value)" }) != step.goal.map({ "\($0.key): \($0.value)" }) || other.goalStaysUnmet != step.goalStaysUnmet {
                return issue(other.goal.first?.line ?? other.line, "step \(index + 1) goal differs from \(where_)")
            }
        }
        if twin.steps.count > english.steps.count {
            let extra = twin.steps[english.steps.count]
            return issue(extra.line, "has \(twin.steps.count) steps, \(english.path) has \(english.steps.count): step \(english.steps.count + 1) is extra")
        }
        return nil
    }

    static func firstDifferentCommandLine(_ english: Step, _ twin: Step) -> Int? {
        let expected = english.transcripts.flatMap(\.entries)
        let found = twin.transcripts.flatMap(\.entries)
        for (i, entry) in found.enumerated() where i >= expected.count || expected[i].command != entry.command { return entry.line }
        return nil
    }
}
