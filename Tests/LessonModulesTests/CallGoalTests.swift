import LessonModules
import PlaygroundCore
import Testing

/// Goals on what ran (`trace.has`, `trace.lacks`) and the `trace` command: judged from the calls the `Patterns` types
/// recorded while the lines ran, never from a line's text.
@Suite struct CallGoalTests {
    let rules = AuthoringRuleTests()

    @Test func aGoalOnACallIsMetByTheCallAndNamedWhenMalformed() {
        #expect(rules.failures(rules.exercise(goal: "trace.has: you -> builder.setMeat(.chicken)")) == [])
        #expect(rules.failures(rules.exercise(goal: "trace.has: you -> builder.setMeat")) == [])
        #expect(
            rules.failures(rules.exercise(goal: "trace.has: builder.setMeat")) == [
                "x.md:8: the goal line 'trace.has: builder.setMeat' names no call (rule: a goal on calls is written "
                    + "'caller -> object.method(arguments)', 'caller -> object.method' or 'caller -> object'; 'you' is "
                    + "the learner's line)"
            ])
        // The step's commands must make the call the goal names.
        let unmet = rules.failures(rules.exercise(goal: "builder.meat: .chicken\ntrace.has: you -> builder.build()"))
        #expect(unmet.count == 1)
        #expect(
            unmet.first?.contains("trace.has expected you -> builder.build(), actual no such call") == true, "\(unmet)")
        // A call that must not happen, and does.
        let made = rules.failures(rules.exercise(goal: "builder.meat: .chicken\ntrace.lacks: you -> builder"))
        #expect(
            made.first?.contains("trace.lacks expected you -> builder, actual called: you -> builder.setMeat(.chicken)")
                == true, "\(made)")
    }

    /// Builder step 6 asks to build: the three changes alone do not pass, and `check` shows the calls it names beside
    /// those that ran.
    @Test func buildingIsPartOfTheBurgerToOrder() {
        let session = RepositoryLessons.loaded("builder")
        _ = session.run("goto 6")
        expectSame(
            {
                _ = session.run("meat beef", "sauce remove mustard", "builder.addToppings([.cheese, .pickles])")
                return session.run("check")
            }(),
            """
            ✗ not yet: 1 of 4 goal fields differ
              trace.has  expected you -> builder.build(), actual no such call
              the calls the goal names:
                you -> builder.build()
              the calls that ran in this step:
                you -> builder.setMeat(.beef)
                you -> builder.removeSauces([.mustard])
                you -> builder.addToppings([.cheese, .pickles])
            Stuck? 'restart' sets the live objects up as this step starts; 'hint' helps.

            """)
        #expect(session.run("build", "check").contains("✓ goal met: step 6 is done"))
    }

    /// `trace.has` lines are met in their order, each by a call after the one that met the line above: the same two
    /// calls made the other way round leave the second line "made, but not after the call above", and in their
    /// order they meet the goal.
    @Test func traceHasLinesAreMetInTheirOrder() throws {
        let lesson = """
            ---
            id: order
            title: Order
            module: builder
            ---
            ## One
            ```goal
            trace.has: you -> builder.setMeat(.chicken)
            trace.has: you -> builder.build()
            ```
            > **Hint:** the meat, then build.
            ```patterns
            > meat chicken
            > build
            ```
            """
        let catalog = LessonCatalog(
            sources: [LessonSource(path: "t/order.md", lang: "en", text: lesson, isBuiltIn: true)],
            modules: LessonModules.names)
        try #require(catalog.issues.isEmpty, "\(catalog.issues)")
        let session = Session(
            catalog: catalog, modules: LessonModules.all, options: SessionOptions(render: RenderOptions(width: 80)))
        _ = session.run("load order")
        func unmet() -> [String] {
            session.lessons.goalDifferences().map { "\($0.key) \($0.expected): \($0.actual)" }
        }
        _ = session.run("build", "meat chicken")
        #expect(unmet() == ["trace.has you -> builder.build(): made, but not after the call above"])
        _ = session.run("restart", "meat chicken", "build")
        #expect(unmet() == [])
    }

    /// Director step 4 names the recipe's four calls in their order: the same calls made by hand, or in another
    /// order, are not the employee's.
    @Test func theRecipesCallsInTheirOrder() {
        let session = RepositoryLessons.loaded("director")
        _ = session.run("goto 4")
        _ = session.run(
            "try receiptBuilder.setMeat(.beef)", "receiptBuilder.addSauces(.secret)",
            "receiptBuilder.addToppings([.lettuce, .tomatoes, .pickles])")
        #expect(
            session.lessons.goalDifferences().filter { $0.key == "trace.has" }.map { "\($0.expected): \($0.actual)" }
                == [
                    "employee -> receiptBuilder.setMeat(.beef): no such call",
                    "employee -> receiptBuilder.addSauces([.secret]): no such call",
                    "employee -> receiptBuilder.addToppings([.lettuce, .pickles, .tomatoes]): no such call",
                    "employee -> receiptBuilder.build(): no such call",
                ])
        // The recipe's calls out of order: a build, then the steps, is not the recipe.
        _ = session.run("restart")
        _ = session.run("try receiptBuilder.build()", "combo1 receipt")
        #expect(session.lessons.goalDifferences().isEmpty, "the recipe's own build comes after its steps")
        _ = session.run("restart")
        _ = session.run("combo1 receipt")
        expectSame(
            session.run("trace", "check"),
            """
            the calls of the last line that called anything:
              you -> employee.createCombo1(with: receiptBuilder)
                employee -> receiptBuilder.setMeat(.beef)
                employee -> receiptBuilder.addSauces([.secret])
                employee -> receiptBuilder.addToppings([.lettuce, .pickles, .tomatoes])
                employee -> receiptBuilder.build()
            ✓ goal met: step 4 is done. 'next' moves on.

            """)
    }

    /// The trace of each lesson's talk between objects: the mediator's delivery, the hub's posts, the cell's call to
    /// its delegate. What the playground reads to draw the panes is never in it.
    @Test func theTraceOfTheMediatorTheHubAndTheDelegate() {
        let mediator = RepositoryLessons.loaded("mediator")
        _ = mediator.run("goto 3")
        expectSame(
            {
                _ = mediator.run("hide red"); return mediator.run("trace")
            }(),
            """
            the calls of the last line that called anything:
              you -> red.viewDidDisappear()
                red -> red.send(message: "red page viewDidDisappear()")
                  red -> pager.send(message: "red page viewDidDisappear()", from: red)
                    pager -> blue.receive(message: "red page viewDidDisappear()")

            """)
        let observer = RepositoryLessons.loaded("observer")
        _ = observer.run("goto 3")
        expectSame(
            {
                _ = observer.run("score 3"); return observer.run("trace")
            }(),
            """
            the calls of the last line that called anything:
              you -> game.addPoints(3)
                game -> hub.post(.scoreChanged, value: 8, from: "game")
                  hub -> label.hub(hub, didPost: HubNotification(event: .scoreChanged,
                  value: 8, sender: "game"))
                  hub -> sound.hub(hub, didPost: HubNotification(event: .scoreChanged,
                  value: 8, sender: "game"))

            """)
        let delegate = RepositoryLessons.loaded("delegate")
        _ = delegate.run("goto 4")
        expectSame(
            {
                _ = delegate.run("type 0 4 B"); return delegate.run("trace")
            }(),
            """
            the calls of the last line that called anything:
              you -> board.cell(0, 4).endEditing("B")
                board.cell(0, 4) -> board.cell(board.cell(0, 4), valueChangedTo: "B")

            """)
        // What `undo` took back is gone from the trace, as from the objects.
        _ = delegate.run("undo")
        expectSame(
            delegate.run("trace all"),
            """
            no calls between objects yet; a line that calls the live objects shows up here
            ('trace all': every call of this step)

            """)
    }
}
