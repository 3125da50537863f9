/// Checks that every English lesson has twins in the other languages with the same steps, goals and commands.
/// Prose may differ; structure may not. Problems are reported at the twin's file and line.
public enum LessonParity {
    public static func check(_ catalog: LessonCatalog, languages: [String] = ["ko"]) -> [LessonIssue] {
        var issues: [LessonIssue] = []
        for english in catalog.lessons where english.lang == "en" {
            for lang in languages {
                guard let twin = catalog.lessons.first(where: { $0.id == english.id && $0.lang == lang }) else {
                    // Every lesson, built in or from --lessons, has its twin: the README promises both languages. A
                    // file directly in the --lessons folder, outside `en/`, is a draft, read as English alone.
                    guard english.isBuiltIn || english.path.contains("/en/") else { continue }
                    let folder = english.isBuiltIn ? "Lessons/\(lang)/" : "a '\(lang)/' folder next to its 'en/' one"
                    issues.append(
                        LessonIssue(
                            path: english.path, line: 1,
                            message:
                                "lesson '\(english.id)' has no '\(lang)' twin in \(folder) (rule: every English lesson "
                                + "has a Korean twin with the same steps, goals and commands)"
                        ))
                    continue
                }
                if let issue = compare(english, twin) { issues.append(issue) }
            }
        }
        return issues
    }

    /// The first place where `twin` drifts from `english`, if any.
    static func compare(_ english: Lesson, _ twin: Lesson) -> LessonIssue? {
        func issue(_ line: Int, _ message: String) -> LessonIssue {
            LessonIssue(path: twin.path, line: line, message: message)
        }
        if english.module != twin.module {
            return issue(1, "module '\(twin.module)' differs from '\(english.module)' in \(english.path)")
        }
        if english.steps.count != twin.steps.count {
            // Said as what it is, with the first step that does not line up (likely the missing or extra one).
            let first =
                zip(english.steps, twin.steps).enumerated().first { _, pair in
                    pair.0.commands != pair.1.commands || pair.0.goal.map(\.key) != pair.1.goal.map(\.key)
                        || pair.0.code?.file != pair.1.code?.file
                }?.offset ?? min(english.steps.count, twin.steps.count)
            let line = first < twin.steps.count ? twin.steps[first].line : (twin.steps.last?.line ?? 1)
            let which =
                english.steps.count > twin.steps.count
                ? "step \(first + 1) ('\(english.steps[first].title)', \(english.path):\(english.steps[first].line)) "
                    + "looks missing"
                : "step \(first + 1) ('\(twin.steps[first].title)') looks extra"
            return issue(
                line,
                "has \(twin.steps.count) steps, \(english.path) has \(english.steps.count): \(which) (rule: twins have "
                    + "the same steps)"
            )
        }
        for (index, step) in english.steps.enumerated() {
            let where_ = "\(english.path):\(step.line)"
            guard index < twin.steps.count else {
                let line = twin.steps.last.map { $0.line } ?? 1
                return issue(
                    line,
                    "has \(twin.steps.count) steps, \(english.path) has \(english.steps.count): step \(index + 1) "
                        + "('\(step.title)', \(where_)) is missing"
                )
            }
            let other = twin.steps[index]
            if other.commands != step.commands {
                let line = firstDifferentCommandLine(step, other) ?? other.line
                return issue(
                    line,
                    "step \(index + 1) commands differ from \(where_): expected \(step.commands), found "
                        + "\(other.commands) (rule: twins run the same commands)"
                )
            }
            if other.code?.file != step.code?.file {
                let line = other.code?.starterLine ?? other.line
                let expected = step.code.map { "the code exercise '\($0.file)'" } ?? "no code exercise"
                return issue(
                    line,
                    "step \(index + 1) differs from \(where_): it has "
                        + "\(other.code.map { "the code exercise '\($0.file)'" } ?? "no code exercise"), expected "
                        + "\(expected)"
                )
            }
            if other.shortcuts.map(\.commands) != step.shortcuts.map(\.commands)
                || other.shortcuts.map(\.code) != step.shortcuts.map(\.code)
            {
                return issue(
                    other.shortcuts.first?.line ?? other.line,
                    "step \(index + 1) shortcuts differ from \(where_) (rule: twins try the same shortcuts)")
            }
            if other.goal.map({ "\($0.key): \($0.value)" }) != step.goal.map({ "\($0.key): \($0.value)" })
                || other.goalStaysUnmet != step.goalStaysUnmet
            {
                return issue(
                    other.goal.first?.line ?? other.line,
                    "step \(index + 1) goal differs from \(where_) (rule: twins have the same goals)")
            }
        }
        if twin.steps.count > english.steps.count {
            let extra = twin.steps[english.steps.count]
            return issue(
                extra.line,
                "has \(twin.steps.count) steps, \(english.path) has \(english.steps.count): step "
                    + "\(english.steps.count + 1) is extra"
            )
        }
        return nil
    }

    static func firstDifferentCommandLine(_ english: Step, _ twin: Step) -> Int? {
        let expected = english.transcripts.flatMap(\.entries)
        let found = twin.transcripts.flatMap(\.entries)
        for (i, entry) in found.enumerated() where i >= expected.count || expected[i].command != entry.command {
            return entry.line
        }
        return nil
    }
}
