import Foundation
import PlaygroundTestSupport
import Testing

// Compiled lines at a terminal, as a learner explores: Ctrl-C and Ctrl-D while a line compiles or runs, taps.
extension CompiledSwiftTests {
    /// What a learner exploring as in Xcode types (found by a walkthrough): each gets what Swift gives.
    @Test func linesALearnerTypesWhileExploring() throws {
        let result = try run(
            """
            load director
            let combo = try employee.createCombo1(with: burgerBuilder)
            combo.toppings.contains(.pickles)
            var b2 = burgerBuilder.build()
            b2 = burgerBuilder.build()
            let v: Void = ()
            let n = 1
            x
            hlep
            1 +
            fatalError()
            precondition(false, "pre")
            var i = 0; while true { i += 1; print(i) }

            """)
        let out = answers(result.output)
        for expected in [
            // A name for what the director returned, bound by the interpreter, which keeps the director's log.
            "employee -> burgerBuilder: build()",
            "director 1/12> combo.toppings.contains(.pickles)\n── code "
                + "────────────────────\ncombo.toppings.contains(.pickles)\ntrue\n",
            // A `var` can be assigned again.
            "director 1/12> b2 = burgerBuilder.build()\n── code ────────────────────\nb2 = burgerBuilder.build()\n",
            // A Void binding leaves later lines compilable.
            "director 1/12> let n = 1\n── code ────────────────────\nlet n = 1\n── log ─────────────────────\nn.value: "
                + "1\n",
            // One word that is no command is Swift; a near miss of a command is a mistyped command.
            "director 1/12> x\nrepl:1:1: error: cannot find 'x' in scope\nx\n^\n",
            "director 1/12> hlep\nerror: unknown command 'hlep'; did you mean 'help'?\n",
            // An error placed after the line quotes none of the playground's code.
            "director 1/12> 1 +\nrepl:2:1: error: expected expression after operator\ndirector 1/12> ",
            "director 1/12> fatalError()\nFatal error\n(a trap",
            "director 1/12> precondition(false, \"pre\")\nPrecondition failed: pre\n(a trap",
            // An endless loop that prints shows its first lines and how many more.
            "19\n20\n… and ",
        ] {
            #expect(out.contains(expected), "\(expected)\n---\n\(out)")
        }
        #expect(!out.contains("\n21\n"), "\(out)")
    }

    /// The playground at a terminal of its own with the builder lesson loaded, its prompt reading keys.
    func builderAtATerminal(_ name: String) throws -> PseudoTerminal {
        let state = NSTemporaryDirectory() + "patterns-compiled-pty-\(name)-\(getpid())"
        let environment = [
            "TERM": "xterm-256color", "HOME": state, "XDG_STATE_HOME": state, "XDG_CACHE_HOME": cache,
            "LANG": "C.UTF-8", "NO_COLOR": "1", "PATH": toolchainPath(), "PATTERNS_LINE_TIME_LIMIT": "60",
        ]
        let terminal = try PseudoTerminal(patternsBinary(), environment: environment, columns: 100, rows: 30)
        #expect(terminal.waitFor("patterns> "))
        #expect(terminal.waitForKeys())
        terminal.send("load builder\r")
        // The lesson is taller than the screen: q shows the rest of its pages at once.
        #expect(terminal.waitFor(": next page"))
        terminal.send("q")
        #expect(terminal.waitFor("builder 1/12> "))
        #expect(terminal.waitForKeys())
        return terminal
    }

    /// At a terminal, Ctrl-C stops a compiled line that does not end, at once, and the session goes on.
    @Test func controlCStopsAnEndlessLoopAndTheSessionGoesOn() throws {
        let terminal = try builderAtATerminal("loop")
        let mark = terminal.transcript.count
        terminal.send("var spins = 0; while true { spins += 1 }\r")
        // Compiled and running in its dry run: no prompt until it is stopped.
        #expect(!terminal.waitFor("builder 1/12> ", after: mark + 45, timeout: 3))
        terminal.send("\u{3}")
        #expect(terminal.waitFor("stopped by Ctrl-C", after: mark, timeout: 5), "\(terminal.plainText)")
        #expect(terminal.waitFor("builder 1/12> ", after: mark + 45, timeout: 5))
        #expect(terminal.waitForKeys())
        let before = terminal.transcript.count
        terminal.send("state\r")
        #expect(
            terminal.waitFor("meat:     .beef", after: before, timeout: 5), "the session goes on, the builder as it was"
        )
        #expect(terminal.waitFor("builder 1/12> ", after: before + 7))
        #expect(terminal.waitForKeys())
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }

    /// Ctrl-D typed while a line still compiles (the terminal in canonical mode, where the line discipline keeps it
    /// as an end-of-file mark) ends the session once the line is done, as it does at the prompt; a line typed ahead
    /// of it runs first.
    @Test func aCtrlDTypedWhileALineCompilesEndsTheSession() throws {
        let terminal = try builderAtATerminal("eof")
        let mark = terminal.transcript.count
        // A line never compiled before: the terminal is canonical while swiftc works.
        terminal.send("print(\"typed\", \"ahead\", \(getpid()), \(UInt32.random(in: 0...UInt32.max)))\r")
        #expect(terminal.waitForLineMode(), "\(terminal.plainText)")
        terminal.send("state\r\u{4}")
        #expect(terminal.waitForExit(timeout: 60) == 0, "\(terminal.plainText)")
        let after = String(terminal.transcript.dropFirst(mark))
        #expect(after.contains("typed ahead"), "\(after)")
        #expect(after.contains("meat:     .beef"), "the line typed ahead ran: \(after)")
    }

    /// The learner-4 lines: the Swift spelling of a task passes `check` as its short command does, because the state
    /// and the goals are read from the real objects, whichever engine called their API.
    @Test func theSwiftSpellingOfATaskMeetsItsGoal() throws {
        let delegate = try run(
            """
            load delegate
            goto 4
            board.cell(0, 4).endEditing("B"); board.cell(4, 4).endEditing("C")
            check

            """)
        #expect(delegate.output.contains(#"* lastHeard:  "C at [4,4]""#), "\(delegate.output)")
        #expect(delegate.output.contains("✓ goal met: step 4"), "\(delegate.output)")
        let mediator = try run(
            """
            load mediator
            goto 7
            let teal = SenderPage(name: "teal"); pager.add(teal); teal.viewDidDisappear()
            check

            """)
        #expect(mediator.output.contains("mediator delivered to 4 page(s)"), "\(mediator.output)")
        #expect(mediator.output.contains("✓ goal met: step 7"), "\(mediator.output)")
        let director = try run(
            """
            load director
            goto 9
            group.addNewQuestion(); group.addNewQuestion()
            group.question(0).setPrompt("What does let declare?").setAnswer("a constant")
            group.question(1).setPrompt("What does var declare?").setAnswer("a variable")
            let quiz = try group.build(); print(quiz.questions.count)
            check

            """)
        #expect(director.output.contains(#"group.built: nil → "Swift basics""#), "\(director.output)")
        #expect(director.output.contains("✓ goal met: step 9"), "\(director.output)")
    }

    /// `if screen.tapConfirm() { … }` sets what `tap OK` sets.
    @Test func aTapInSwiftIsTheTapOfTheShortCommand() throws {
        let swift = try run("load builder\ngoto 8\nif screen.tapConfirm() { print(\"handled\") }\nstate\n")
        let short = try run("load builder\ngoto 8\ntap OK\nstate\n")
        let tapped = #"lastTap:   action of "Check your alerts" ran"#
        #expect(swift.output.contains("* " + tapped), "\(swift.output)")
        let finalState = { (output: String) in output.components(separatedBy: "── state ─").last ?? "" }
        #expect(finalState(swift.output).contains("  " + tapped))
        #expect(finalState(swift.output) == finalState(short.output))
    }
}
