import PlaygroundCore
import LessonModules
import Testing

@Suite struct LessonTesterTests {
    func test(_ text: String, builtIn: Bool = true) -> [String] {
        let catalog = LessonCatalog(sources: [LessonSource(path: "Lessons/en/x.md", lang: "en", text: text, isBuiltIn: builtIn)], modules: LessonModules.names)
        return LessonTester(catalog: catalog, modules: LessonModules.all).test(catalog.lessons[0]).failures
    }

    @Test func builtInLessonsKeepTheProductsShape() {
        let text = "---\nid: x\ntitle: T\nmodule: builder\n---\n## One\n## Two\n"
        #expect(test(text) == [
            "Lessons/en/x.md:1: a lesson has 6 to 12 steps; this one has 2",
            "Lessons/en/x.md:1: a lesson has at least two exercise steps (with a goal); this one has 0",
        ])
        #expect(test(text, builtIn: false).isEmpty)
    }

    @Test func exercisesMustFailAsShippedAndPassWithTheirCommands() {
        let text = """
        ---
        id: x
        title: T
        module: builder
        ---
        ## Already done
        ```goal
        builder.meat: .beef
        ```
        > **Hint:** h
        > **Hint:** `state`
        ```patterns
        > state
        ```
        ## Never done
        ```goal
        builder.meat: .tofu
        ```
        > **Hint:** h
        > **Hint:** `meat chicken`
        ```patterns
        > meat chicken
        ```
        """
        let failures = test(text, builtIn: false)
        #expect(failures.contains("Lessons/en/x.md:6: the goal of 'Already done' is already met before its commands run: the exercise has nothing to do"))
        #expect(failures.contains { $0.hasPrefix("Lessons/en/x.md:17: the step's commands do not meet its goal: builder.meat expected .tofu, actual .chicken") })
    }
}
