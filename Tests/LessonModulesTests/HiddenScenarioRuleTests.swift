import LessonModules
import PlaygroundCore
import Testing

/// The rule that a code exercise's hidden scenario asks something else of the learner's type than the step's own
/// run: a scenario that only renames the step's objects would let a file that writes the answer in pass both runs.
@Suite struct HiddenScenarioRuleTests {
    /// A code exercise on the builder lesson's module: its file, the step's run (`commands`, `goal`) and `scenario`.
    func lesson(commands: String = CheckerRuleTests.chicken, goal: String, scenario: String) -> String {
        AuthoringRuleTests.front + "## One\n```swift starter Pick.swift\nimport Patterns\n```\n"
            + "```swift solution\nimport Patterns\nfunc pick() -> Meat { .chicken }\n```\n"
            + "```goal\n\(goal)\n```\n" + CheckerRuleTests.hints + "```patterns\n\(commands)\n```\n"
            + "```patterns scenario\n\(scenario)\n```\n"
    }

    func step(_ text: String) -> Step? {
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "x.md", lang: "en", text: text, isBuiltIn: false)],
            modules: LessonModules.names)
        return catalog.lessons.first?.steps.first
    }

    /// `patterns test` names the scenario's fence (line 31) and the rule when the scenario is the step's run again.
    @Test func aScenarioThatRepeatsTheStepsRunFailsTheTester() throws {
        let text = lesson(goal: "builder.meat: .chicken", scenario: "> meat chicken\nbuilder.meat: .chicken")
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "x.md", lang: "en", text: text, isBuiltIn: false)],
            modules: LessonModules.names)
        let tested = try #require(catalog.lessons.first)
        let failures = LessonTester(catalog: catalog, modules: LessonModules.all).test(tested).failures
        #expect(
            failures.contains(
                "x.md:31: the hidden scenario of Pick.swift runs the step's own commands and expects its own goal "
                    + "under other names (rule: a code exercise's hidden scenario asks something else of the "
                    + "learner's type: other values, other calls, another order)"), "\(failures)")
        // Another value passes the rule.
        let other = lesson(goal: "builder.meat: .chicken", scenario: "> meat tofu\nbuilder.meat: .tofu")
        let otherCatalog = LessonCatalog(
            sources: [LessonSource(path: "x.md", lang: "en", text: other, isBuiltIn: false)],
            modules: LessonModules.names)
        let otherFailures = try LessonTester(catalog: otherCatalog, modules: LessonModules.all)
            .test(#require(otherCatalog.lessons.first)).failures
        #expect(!otherFailures.contains { $0.contains("hidden scenario of Pick.swift") }, "\(otherFailures)")
    }

    /// Names the commands bind are read as the order they were bound in: `record` and `second` are one object.
    @Test func aScenarioThatOnlyRenamesIsTheSameRun() throws {
        let visible = "> let record = HighScore(hub: hub)\n> score 7\n> record.stop()"
        let renamed = lesson(
            commands: visible, goal: "record.best: 24",
            scenario: "> let second  = HighScore(hub: hub)\n> score 7\n> second.stop()\nsecond.best: 24")
        #expect(try #require(step(renamed)).hiddenScenarioOnlyRenames)
        // What the learner's type is asked differs: another score, another order, another expected best.
        for scenario in [
            "> let second = HighScore(hub: hub)\n> score 9\n> second.stop()\nsecond.best: 24",
            "> let second = HighScore(hub: hub)\n> second.stop()\n> score 7\nsecond.best: 24",
            "> let second = HighScore(hub: hub)\n> score 7\n> second.stop()\nsecond.best: 31",
            "> let second = HighScore(hub: hub)\n> score 7\n> second.stop()\nsecond.best: \"24\"",
        ] {
            let text = lesson(commands: visible, goal: "record.best: 24", scenario: scenario)
            #expect(try #require(step(text)).hiddenScenarioOnlyRenames == false, "\(scenario)")
        }
    }
}
