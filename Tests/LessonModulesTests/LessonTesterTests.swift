import LessonModules
import PlaygroundCore
import Testing

@Suite struct LessonTesterTests {
    func test(_ text: String, builtIn: Bool = true) -> [String] {
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "Lessons/en/x.md", lang: "en", text: text, isBuiltIn: builtIn)],
            modules: LessonModules.names)
        return LessonTester(catalog: catalog, modules: LessonModules.all).test(catalog.lessons[0]).failures
    }

    @Test func builtInLessonsKeepTheProductsShape() {
        let text = "---\nid: x\ntitle: T\nmodule: builder\n---\n## One\n## Two\n"
        #expect(
            test(text) == [
                "Lessons/en/x.md:1: a lesson has 6 to 12 steps; this one has 2 (rule for the built-in lessons: 6 to 12 "
                    + "steps)",
                "Lessons/en/x.md:1: a lesson has at least two exercise steps (with a goal); this one has 0 (rule for "
                    + "the built-in lessons: two exercises or more)",
                "Lessons/en/x.md:1: a lesson has a code exercise (```swift starter File.swift```); this one has none "
                    + "(rule for the built-in lessons: a code exercise)",
            ])
        #expect(test(text, builtIn: false).isEmpty)
    }

    /// `needs: swift`: without the compiler, every transcript is the compiler's to answer (counted, not failed); a
    /// lesson without it that the interpreter cannot run still fails; any other value of `needs` is refused.
    @Test func aLessonThatNeedsSwiftIsCountedNotFailedWithoutTheCompiler() throws {
        let body = "## Only\n```patterns\n> let b2 = HamburgerBuilder(); b2.build()\n── code ──\nnothing\n```\n"
        func tested(_ needs: String) throws -> LessonTester.Result {
            let text = "---\nid: x\ntitle: T\nmodule: builder\n\(needs)---\n" + body
            let catalog = LessonCatalog(
                sources: [LessonSource(path: "Lessons/en/x.md", lang: "en", text: text, isBuiltIn: false)],
                modules: LessonModules.names)
            let lesson = try #require(catalog.lessons.first)
            return LessonTester(catalog: catalog, modules: LessonModules.all).test(lesson)
        }
        let needing = try tested("needs: swift\n")
        #expect(needing.failures.isEmpty, "\(needing.failures)")
        #expect(needing.needCompiler == 1)
        #expect(try !tested("").failures.isEmpty)
        let catalog = LessonCatalog(
            sources: [
                LessonSource(
                    path: "Lessons/en/x.md", lang: "en",
                    text: "---\nid: x\ntitle: T\nmodule: builder\nneeds: swiftc\n---\n"
                        + body, isBuiltIn: false)
            ], modules: LessonModules.names)
        #expect(catalog.issues.map { "\($0)" }.contains { $0.contains("'needs' takes one value, 'swift'") })
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
        #expect(
            failures.contains(
                "Lessons/en/x.md:6: the goal of 'Already done' is already met before its commands run: the exercise "
                    + "has nothing to do"
            ))
        #expect(
            failures.contains {
                $0.hasPrefix(
                    "Lessons/en/x.md:17: the step's commands do not meet its goal: builder.meat expected .tofu, actual "
                        + ".chicken"
                )
            })
    }
}

extension LessonTesterTests {
    /// A goal's call that names an object no call of the step made or took (a typo, or an object the trace cannot
    /// record) says so in the author's error; a call that did not run between objects that did is "no such call".
    @Test func aGoalNamingAnObjectTheTraceNeverSawSaysSo() {
        let text = """
            ---
            id: x
            title: T
            module: builder
            ---
            ## Order
            ```goal
            builder.meat: .chicken
            trace.has: waiter -> builder.setMeat(.chicken)
            trace.has: you -> builder.build()
            ```
            > **Hint:** h
            > **Hint:** `meat chicken`
            ```patterns
            > meat chicken
            ```
            """
        let failures = test(text, builtIn: false).filter { $0.contains("do not meet its goal") }
        #expect(
            failures == [
                "Lessons/en/x.md:8: the step's commands do not meet its goal: trace.has expected waiter -> "
                    + "builder.setMeat(.chicken), actual no such call, and no call by or on 'waiter' ran: the trace "
                    + "records the lesson's objects and the methods of the learner's own classes, each object by the "
                    + "learner's name for it; trace.has expected you -> builder.build(), actual no such call"
            ], "\(failures)")
    }
}

@Suite struct LessonTesterNameRules {
    func test(_ body: String, module: String) -> [String] {
        let text = "---\nid: x\ntitle: T\nmodule: \(module)\n---\n## One\n```patterns\n" + body + "\n```\n"
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "x.md", lang: "en", text: text, isBuiltIn: false)],
            modules: LessonModules.names)
        return LessonTester(catalog: catalog, modules: LessonModules.all).test(catalog.lessons[0]).failures
            .filter { $0.contains("unknown live object") }
    }

    @Test func namesALessonMakesAreReceiversFromThenOn() {
        // Bound by `let`, or named by a page made in the call: known after, not before.
        #expect(
            test(
                "> order.addSauces(.ketchup)\n> let order = ReceiptBuilder()\n> order.addSauces(.ketchup)",
                module: "director")
                == ["x.md:8: unknown live object 'order' in 'order.addSauces(.ketchup)'"])
        #expect(
            test(
                "> teal.viewDidDisappear()\n> pager.add(SenderPage(name: \"teal\"))\n> teal.viewDidDisappear()",
                module: "mediator")
                == ["x.md:8: unknown live object 'teal' in 'teal.viewDidDisappear()'"])
    }
}

@Suite struct LessonTesterDiagramRule {
    @Test func aDiagramWiderThanThePaneFails() {
        let wide = "  " + String(repeating: "-", count: 60) + "> 가나다라마바사"
        let text = "---\nid: x\ntitle: T\nmodule: builder\n---\n## One\n```text\n  short: fits\n\(wide)\n```\n"
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "x.md", lang: "en", text: text, isBuiltIn: false)],
            modules: LessonModules.names)
        let failures = LessonTester(catalog: catalog, modules: LessonModules.all).test(catalog.lessons[0]).failures
        #expect(failures == ["x.md:6: a diagram line in 'One' is 78 columns; at 80 it must fit 76: '\(wide)'"])
    }
}
