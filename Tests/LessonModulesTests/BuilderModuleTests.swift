import LessonModules
import PlaygroundCore
import Testing

@Suite struct BuilderModuleTests {
    @Test func shortCommandShowsSwiftAndMarksChangedFields() {
        let session = makeSession()
        _ = session.run("load builder")
        expectSame(
            session.run("sauce add mustard ketchup"),
            """
            ── code ────────────────────
            builder.addSauces([.mustard, .ketchup])
            ── log ─────────────────────
            builder.sauces: [] → [.mustard, .ketchup]
            ── state ───────────────────
            builder: HamburgerBuilder
              meat:     .beef
            * sauces:   [.mustard, .ketchup]
              toppings: []

            """)
    }

    @Test func soldOutMeatFailsAndLeavesTheBuilderAsItWas() {
        let session = makeSession()
        _ = session.run("load builder", "meat tofu")
        #expect(!session.execute("try builder.setMeat(.kitten)"))
        expectSame(
            session.takeOutput(),
            """
            ── code ────────────────────
            try builder.setMeat(.kitten)
            error: HamburgerBuilder.Error.soldOut(.kitten) was thrown: kitten is sold out

            """)
        #expect(session.run("state").contains("meat:     .tofu"))
        #expect(session.lessons.journalCommands == ["meat tofu"])
    }

    @Test func compileStyleErrorsNameTheProblem() {
        let session = makeSession()
        _ = session.run("load builder")
        expectSame(session.run("builder.addToppings(.bacon)"), "error: type 'Toppings' has no member 'bacon'\n")
        expectSame(session.run("buidler.build()"), "error: cannot find 'buidler' in scope; did you mean 'builder'?\n")
        expectSame(
            session.run("builder.setMeat(meat: .beef)"),
            "error: extraneous argument label 'meat:' in call; expected builder.setMeat(Meat)\n")
        expectSame(
            session.run("builder.setMeat(\"beef\")"),
            "error: cannot convert value of type 'String' to expected argument type 'Meat'\n")
        expectSame(session.run("lod builder"), "error: unknown command 'lod'; did you mean 'load'?\n")
        expectSame(session.run("meat"), "error: 'meat' needs <meat>; usage: meat <meat>\n")
    }

    @Test func undoRestoresThePreviousStateExactly() {
        let session = makeSession()
        _ = session.run("load builder", "meat chicken", "topping add lettuce", "meat tofu")
        _ = session.run("undo")
        #expect(session.run("state").contains("meat:     .chicken"))
        _ = session.run("undo", "undo")
        expectSame(session.run("undo"), "error: nothing to undo\n")
    }

    @Test func checkNamesWhatDiffersThenMarksTheStepDone() {
        let session = makeSession()
        _ = session.run("load builder", "next", "meat tofu")
        expectSame(
            session.run("check"),
            """
            ✗ not yet: 1 of 1 goal fields differ
              builder.meat  expected .chicken, actual .tofu
            Stuck? 'restart' sets the live objects up as this step starts; 'hint' helps.

            """)
        expectSame(
            session.run("hint", "hint", "hint", "hint"),
            """
            Hint 1/3: first hint
            Hint 2/3: tofu is not chicken
            Hint 3/3: last hint
            no more hints; 'solution' shows the commands

            """)
        _ = session.run("meat chicken")
        expectSame(session.run("check"), "✓ goal met: step 2 is done. 'next' moves on.\n")
        #expect(session.lessons.doneSteps == [1])
    }

    @Test func fluentAlertOneLinerDrawsABoxAndTheActionPrintsToTheLog() {
        let session = makeSession()
        session.options.render.width = 200
        _ = session.run("load builder")
        let out = session.run(
            #"alert.setTitle("Check your alerts").setMessage("We need permission").addConfirmAction("OK") { "#
                + #"print("tapped") }.present()"#
        )
        #expect(
            out.contains(
                #"alert.setTitle("Check your alerts").setMessage("We need permission").addConfirmAction("OK") { "#
                    + #"print("tapped") }.present()"#
            ))
        let box = out.split(separator: "\n").filter {
            $0.hasPrefix("┌") || $0.hasPrefix("│") || $0.hasPrefix("├") || $0.hasPrefix("└")
        }
        #expect(box.count == 6)
        #expect(Set(box.map { DisplayWidth.of($0) }).count == 1)
        #expect(box[1].contains("Check your alerts"))
        let tap = session.run("tap OK")
        #expect(tap.contains("── log ─────────────────────\ntap \"OK\"\ntapped\n"))
    }

    @Test func koreanAlertLinesUp() {
        let session = makeSession()
        _ = session.run("load builder")
        let out = session.run(
            #"alert.setTitle("안녕하세요 워크숍 👋").setMessage("한국어 메시지와 café").addConfirmAction("확인") { print("ok") "#
                + #"}.present()"#
        )
        let box = out.split(separator: "\n").filter { $0.first.map { "┌│├└".contains($0) } ?? false }
        #expect(box.count == 6)
        #expect(Set(box.map { DisplayWidth.of($0) }).count == 1)
    }

    @Test func completionKnowsCommandsLessonsMethodsAndCases() {
        let session = makeSession()
        #expect(Completer.complete("lo", in: session).candidates == ["load"])
        #expect(Completer.complete("load b", in: session).candidates == ["builder"])
        _ = session.run("load builder")
        #expect(Completer.complete("meat ", in: session).candidates == ["beef", "chicken", "kitten", "tofu"])
        #expect(Completer.complete("topping add cheese p", in: session).candidates == ["pickles"])
        #expect(Completer.complete("builder.set", in: session) == ("set", ["setMeat("]))
        #expect(Completer.complete("builder.setMeat(.c", in: session) == (".c", [".chicken"]))
        #expect(
            Completer.complete("builder.addSauces([.mustard, .", in: session).candidates == [
                ".ketchup", ".mayonnaise", ".mustard", ".secret",
            ])
        #expect(Completer.complete("alert.setTitle(\"x\").setM", in: session).candidates == ["setMessage("])
        #expect(Completer.complete("route log to ", in: session).candidates.contains("log"))
        #expect(Completer.complete("goto ", in: session).candidates == ["1", "2"])
        #expect(Completer.complete("let burger = builder.bu", in: session) == ("bu", ["build("]))
        #expect(Completer.complete("try builder.setMeat(.t", in: session) == (".t", [".tofu"]))
        #expect(Completer.complete("_ = try alert.pre", in: session) == ("pre", ["present("]))
        #expect(Completer.complete("help sa", in: session).candidates == ["sauce"])
    }
}

@Suite struct JournalTests {
    @Test func looksAreNotJournaledSoUndoSkipsThem() {
        let session = makeSession()
        _ = session.run("load builder", "meat tofu", "show", "state", "help")
        #expect(session.lessons.journalCommands == ["meat tofu"])
        #expect(session.run("undo").hasPrefix("── state"))
        #expect(session.run("state").contains("meat:     .beef"))
        #expect(session.run("history") == "no commands yet\n")
    }
}

/// The stream layout after a command shows the objects that changed and names the rest; the state pane itself (the
/// dashboard, JSON Lines) keeps every object; `state` shows them all.
@Suite struct BriefStateTests {
    @Test func onlyChangedObjectsScrollPast() {
        let session = makeSession()
        _ = session.run("load builder", "title Hi")
        expectSame(
            session.run("meat tofu"),
            """
            ── code ────────────────────
            try builder.setMeat(.tofu)
            ── log ─────────────────────
            builder.meat: .beef → .tofu
            ── state ───────────────────
            builder: HamburgerBuilder
            * meat:     .tofu
              sauces:   []
              toppings: []
            (unchanged: alert, screen; 'state' shows every object)

            """)
        let pane = session.mediator.pane(named: "state")?.content.joined(separator: "\n") ?? ""
        #expect(
            pane.contains("alert: AlertConcreteBuilder") && pane.contains("screen: Screen"),
            "the pane keeps every object: \(pane)")
        #expect(session.run("state").contains("alert: AlertConcreteBuilder"))
        #expect(session.run("meat tofu").contains("(nothing changed; 'state' shows every object)"))
    }
}

/// What Swift says and does, not a gentler version: a missing `try` does not compile, `try?` discards the error,
/// `try!` traps, and a `private(set)` property cannot be assigned.
@Suite struct SwiftTruthTests {
    @Test func aThrowingCallWithoutTryDoesNotCompileAndNothingRuns() {
        let session = makeSession()
        _ = session.run("load builder")
        expectSame(
            session.run("builder.setMeat(.chicken)"),
            """
            error: call can throw but is not marked with 'try'; write 'try' before the call:
            try builder.setMeat(.chicken)

            """)
        #expect(session.run("state").contains("meat:     .beef"), "nothing ran")
        #expect(
            session.run("try builder.setMeat(Meat.chicken)").contains("builder.meat: .beef → .chicken"),
            "a qualified case")
        expectSame(
            session.run("try builder.setMeat(Sauces.tofu)"),
            "error: cannot convert value Sauces.tofu to expected argument type 'Meat'\n")
    }

    @Test func tryOptionalDiscardsTheErrorAndTryForcedTraps() {
        let session = makeSession()
        _ = session.run("load builder")
        expectSame(
            session.run("try? builder.setMeat(.kitten)"),
            """
            ── code ────────────────────
            try? builder.setMeat(.kitten)
            ── log ─────────────────────
            try? gave nil: HamburgerBuilder.Error.soldOut(.kitten) was thrown and discarded
            ── state ───────────────────
            (nothing changed; 'state' shows every object)

            """)
        expectSame(
            session.run("try! builder.setMeat(.kitten)"),
            """
            ── code ────────────────────
            try! builder.setMeat(.kitten)
            Fatal error: 'try!' expression unexpectedly raised an error:
            Patterns.HamburgerBuilder.Error.soldOut(Patterns.Meat.kitten)
            (a trap: a real program stops here; the playground keeps the live objects as
            they were)

            """)
    }

    /// One receipt builder for every recipe, as in Swift: two combos give 9 lines and 10.10. An index outside the
    /// questions traps; `removeQuestion(at:)` ignores it, as the real method does; the screen's `save()` returns its
    /// error instead of throwing it.
    @Test func theDirectorLessonsObjectsBehaveAsTheirSwift() {
        let session = makeSession()
        _ = session.run("load director", "combo1 receipt")
        let second = session.run("combo1 receipt")
        #expect(
            second.contains("receiptBuilder.lines: 5 → 9") && second.contains("receiptBuilder.total: 8.30 → 10.10"),
            "\(second)")
        let trap = session.run(#"group.question(5).setPrompt("x")"#)
        #expect(
            trap.contains("Fatal error: Index out of range\nthere is no question 5; indices are 0..<1\n(a trap:"),
            "\(trap)")
        #expect(!trap.contains("was thrown"))
        #expect(session.execute("group.removeQuestion(at: 5)"))
        let quiz = makeSession()
        _ = quiz.run("load delegate")
        let saved = quiz.run("quizScreen.save()")
        #expect(saved.contains("quizScreen.save() -> QuestionGroupBuilder.Error.missingTitle"), "\(saved)")
        #expect(!saved.contains("error:"), "save() returns its error; nothing is thrown")
    }

    /// `let` binds what a call returns, for later statements; a read shows the value as Swift writes it; `print`
    /// prints what Swift's print would; reads are looks (not journaled); undo takes a binding back with its command.
    @Test func bindingsReadsAndPrint() {
        let session = makeSession()
        _ = session.run("load builder", "meat chicken")
        expectSame(session.run("builder.meat"), "── code ────────────────────\nbuilder.meat\n.chicken\n")
        expectSame(
            session.run("print(builder.meat)"),
            "── code ────────────────────\nprint(builder.meat)\n── log ─────────────────────\nchicken\n")
        #expect(session.run("print(builder.sauces)").contains("Sauces(rawValue: 0)"))
        #expect(session.lessons.journalCommands == ["meat chicken"], "reads are not journaled")
        _ = session.run("let burger = builder.build()", "meat tofu")
        expectSame(session.run("burger.meat"), "── code ────────────────────\nburger.meat\n.chicken\n")
        #expect(session.run("print(burger.description)").contains("chicken burger"))
        expectSame(
            session.run("burger.meat = .beef"), "error: cannot assign to property: 'meat' setter is inaccessible\n")
        expectSame(session.run("let builder = builder.build()"), "error: invalid redeclaration of 'builder'\n")
        _ = session.run("undo", "undo")
        #expect(session.run("burger.meat").hasPrefix("error: cannot find 'burger' in scope"))
    }

    /// `let b2 = HamburgerBuilder()` makes a second real builder that shows in the state pane; `controller = nil` is
    /// the delegate lesson's release, typed as Swift; a `let` constant cannot be assigned.
    @Test func newInstancesAndVariables() {
        let session = makeSession()
        _ = session.run("load builder")
        #expect(session.run("let b2 = HamburgerBuilder()").contains("b2: HamburgerBuilder\n* meat:     .beef"))
        #expect(session.run("try b2.setMeat(.tofu)").contains("b2.meat: .beef → .tofu"))
        #expect(
            session.run("state").contains("builder: HamburgerBuilder\n  meat:     .beef"), "builder is another object")
        expectSame(session.run("builder = nil"), "error: cannot assign to value: 'builder' is a 'let' constant\n")
        #expect(
            session.run("let s = Screen()").hasPrefix(
                "error: the playground does not make a new Screen in this lesson; it makes:"))
        let delegate = makeSession()
        _ = delegate.run("load delegate")
        let released = delegate.run("controller = nil")
        #expect(
            released.contains("── code ────────────────────\ncontroller = nil") && released.contains("alive: none"),
            "\(released)")
        #expect(delegate.execute("controller = nil"), "nil again is allowed, as in Swift")
    }

    @Test func aPrivateSetPropertyCannotBeAssigned() {
        let session = makeSession()
        _ = session.run("load builder")
        expectSame(
            session.run("builder.meat = .tofu"), "error: cannot assign to property: 'meat' setter is inaccessible\n")
        expectSame(session.run("builder.build = 1"), "error: cannot assign to value: 'build' is a method\n")
        expectSame(
            session.run("builder.colour = 1"), "error: value of type 'HamburgerBuilder' has no member 'colour'\n")
    }
}

/// `pager.add(_:)` takes a page made in the call, as the real `PageViewController` does.
@Suite struct InitializerArgumentTests {
    @Test func pagesAreMadeByTheirInitializers() {
        let session = makeSession()
        _ = session.run("load mediator")
        #expect(
            session.run(#"pager.add(ReceiverPage(name: "green"))"#).contains(#"pager.add(ReceiverPage(name: "green"))"#)
        )
        #expect(
            session.run(#"pager.add(SenderPage(name: "note"))"#).contains(
                "pager.pages: red, blue, green → red, blue, green, note"))
        #expect(
            !session.run(#"pager.add(Page(name: "plain"))"#).contains("pager.receivers"), "a plain page is no receiver")
        expectSame(
            session.run(#"pager.add(ReceiverPage("x"))"#),
            "error: missing argument label 'name:' in call; expected ReceiverPage(name:)\n")
        expectSame(
            session.run(#"pager.add(Board(name: "x"))"#),
            "error: cannot convert value Board(...) to expected argument type 'Page'\n")
        expectSame(
            session.run("page add yellow").components(separatedBy: "\n")[1], #"pager.add(ReceiverPage(name: "yellow"))"#
        )
    }
}

@Suite struct BuilderCheckExplanations {
    /// Builder step 10 with the old alert: the check names the alert whose action ran, not the buggy builder's nil
    /// (which is not what the screen showed). (The step is a code exercise: its goal judged on the live state as
    /// driven.)
    @Test func theFixedAlertWithTheOldActionIsExplainedAsSuch() {
        let session = RepositoryLessons.loaded("builder")
        session.code.judgesLoadedCode = true
        _ = session.run(
            "goto 10", #"alert.setTitle("Sure?").addConfirmAction("OK") { print("tapped") }.present()"#, "tap OK")
        expectSame(
            session.run("check"),
            """
            ✗ not yet: 1 of 3 goal fields differ
              screen.lastTap  expected action of "Delete?" ran, actual action of "Sure?" ran
                a tap runs the action of the alert on the screen: present the alert the goal
                names, with its action, then tap it
            Stuck? 'restart' sets the live objects up as this step starts; 'hint' helps.

            """)
    }
}

@Suite struct LessonEndTests {
    /// `next` on the last step ends the lesson with what to do next: not an error (a pipe would exit 1 on one).
    @Test func nextOnTheLastStepEndsTheLessonWithoutAnError() {
        let session = RepositoryLessons.loaded("builder")
        _ = session.run("goto 12")
        #expect(session.execute("next"))
        expectSame(
            session.takeOutput(),
            """
            That was the last step of 'The Builder pattern'. 'lessons' lists what to try
            next; 'goto 1' starts this one again.

            """)
        let korean = RepositoryLessons.loaded("builder", .ko)
        _ = korean.run("goto 12")
        #expect(korean.run("next").hasPrefix("'빌더 패턴'의 마지막 단계였습니다."))
    }
}
