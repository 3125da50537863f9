import Foundation
import PlaygroundTestSupport
import Testing

/// Lines the built-in interpreter does not run, judged and run by the Swift compiler in the running playground:
/// whole transcripts of the real binary with the toolchain on PATH.
@Suite(.serialized) struct CompiledSwiftTests {
    let playground = TestPlayground("compiled", cache: "lines", lineTimeLimit: 2, width: 100)
    var cache: String { playground.cache }

    func run(_ input: String, extra: [String: String] = [:]) throws -> ProcessResult {
        try playground.run(input, extra: extra)
    }

    /// The answers after `load`: the lesson's text is another test's business.
    func answers(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  > ") }) else { return output }
        return lines[(start + 1)...].joined(separator: "\n")
    }

    @Test func swiftTheInterpreterDoesNotRunIsCompiledAndRunsOnTheLiveObjects() throws {
        let result = try run(
            """
            load builder
            builder.sauces.contains(.mustard)
            let n = builder.sauces.contains(.mustard) ? 1 : 0
            print(n)
            try builder.setMeat(.tofu); builder.addSauces(.ketchup)
            let same = builder
            same.addToppings([.cheese, .lettuce])
            print(builder.toppings.contains(.cheese), "\\(builder.meat)")
            for meat in Meat.allCases { print(meat) }
            do { try builder.setMeat(.kitten) } catch { print("Sorry: \\(error)") }
            alert.addConfirmAction("OK") { print("tapped \\(1 + 1)") }.present()
            screen.tapConfirm()
            var count = 0
            count += 2
            print(count)
            state

            """)
        #expect(result.status == 0, "\(result.output)")
        expectGolden("compiled-builder", answers(result.output))
    }

    /// A binding keeps the type Swift gave it: an existential is not opened to the object's class, so a later line is
    /// judged as Swift judges it; a second name for a shown object is said as that.
    @Test func aBindingKeepsItsStaticType() throws {
        let result = try run(
            """
            load director
            let anyBuilder: any BurgerBuilding = receiptBuilder
            let concrete: ReceiptBuilder = anyBuilder

            """)
        #expect(
            result.output.contains("anyBuilder: BurgerBuilding\n* same object as: receiptBuilder\n"), "\(result.output)"
        )
        #expect(
            result.output.contains(
                "repl:1:32: error: cannot convert value of type 'any BurgerBuilding' to specified "
                    + "type\n'ReceiptBuilder'"
            ),
            "\(result.output)")
    }

    @Test func theCompilerJudgesWhatSwiftRejectsInItsOwnWords() throws {
        let result = try run(
            """
            load builder
            builder.setMeat(.tofu)
            try builder.setMeat(.tofu); builder.addSauces(.bbq)
            print(teal)
            builder.meat = .tofu
            let builder = HamburgerBuilder()
            state

            """)
        #expect(result.status == 1)
        expectGolden("compiled-rejected", answers(result.output))
    }

    @Test func trapsAndEndlessLoopsLeaveTheSessionAndItsObjectsAsTheyWere() throws {
        let result = try run(
            """
            load builder
            try builder.setMeat(.tofu); try! builder.setMeat(.kitten)
            let parts = [1, 2]; print("before"); print(parts[2])
            while true {}
            var spins = 0; while true { spins += 1 }
            state
            meat chicken

            """)
        #expect(result.status == 1)
        expectGolden("compiled-traps", answers(result.output))
    }

    @Test func theOtherLessonsObjectsAreThereWithTheirRealAPI() throws {
        let result = try run(
            """
            load mediator
            print(pager.recipients.count)
            pager.add(SenderPage(name: "teal"))
            teal.viewDidDisappear()
            let teal = SenderPage(name: "teal2")
            pager.add(teal)
            teal.viewDidDisappear()
            load director
            print(receiptBuilder.lines)
            group.setTitle("Swift basics"); print(group.title)
            load delegate
            print(board.cell(1, 1).text, board.cell(0, 0).delegate != nil)
            weak var watcher = board
            controller = nil
            print(watcher == nil)
            state

            """)
        expectGolden("compiled-lessons", answers(result.output))
    }

    @Test func withoutAToolchainTheInterpreterSaysWhatItDoesNotRun() throws {
        let result = try runPatterns(
            ["--width", "100"], input: "load builder\nfor meat in Meat.allCases { print(meat) }\nmeat tofu\n",
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 1)
        expectSame(
            answers(result.output),
            """
            builder 1/12> for meat in Meat.allCases { print(meat) }
            error: the playground's own interpreter does not run this: 'for' is beyond its subset of Swift (with
            a Swift toolchain on PATH, the compiler judges any Swift)
            builder 1/12> meat tofu
            ── code ────────────────────
            try builder.setMeat(.tofu)
            ── log ─────────────────────
            builder.meat: .beef → .tofu
            ── state ───────────────────
            builder: HamburgerBuilder
            * meat:     .tofu
              sauces:   []
              toppings: []

            """)
    }

    @Test func undoReplaysACompiledLineIntoFreshObjects() throws {
        let result = try run(
            """
            load builder
            let same = builder; try same.setMeat(.chicken)
            builder.addSauces(.mustard)
            undo
            undo
            state

            """)
        #expect(result.status == 0)
        expectGolden("compiled-undo", answers(result.output))
    }

    /// A line that is an expression shows its value, as a REPL prints what it evaluates: where Swift would warn that
    /// the value is unused, and only that statement (the last on the line). A Void call, a binding and an unused
    /// function value (an error in Swift 6) show nothing of the kind.
    @Test func anExpressionShowsItsValue() throws {
        let result = try run(
            """
            load builder
            builder.sauces.contains(.mustard)
            Meat.allCases.count
            "\\(builder.meat) burger"
            try? builder.build(); builder.sauces.isEmpty  // a comment after it
            print("a;b"); builder.meat == .beef;
            builder.addSauces(.ketchup); print("added")
            builder.build
            load delegate
            board.cell(0, 0).delegate === board
            let c = board.cell(1, 1)
            c.text

            """)
        expectSame(
            answers(result.output).components(separatedBy: "builder 1/12> load delegate")[0],
            """
            builder 1/12> builder.sauces.contains(.mustard)
            ── code ────────────────────
            builder.sauces.contains(.mustard)
            false
            builder 1/12> Meat.allCases.count
            ── code ────────────────────
            Meat.allCases.count
            4
            builder 1/12> "\\(builder.meat) burger"
            ── code ────────────────────
            "\\(builder.meat) burger"
            "beef burger"
            builder 1/12> try? builder.build(); builder.sauces.isEmpty  // a comment after it
            ── code ────────────────────
            try? builder.build(); builder.sauces.isEmpty  // a comment after it
            ── log ─────────────────────
            repl:1:1: warning: result of 'try?' is unused [#no-usage]
            try? builder.build(); builder.sauces.isEmpty  // a comment after it
            ^~~~~~~~~~~~~~~~~~~~
            repl:1:1: warning: no calls to throwing functions occur within 'try' expression
            try? builder.build(); builder.sauces.isEmpty  // a comment after it
            ^
            true
            builder 1/12> print("a;b"); builder.meat == .beef;
            ── code ────────────────────
            print("a;b"); builder.meat == .beef;
            ── log ─────────────────────
            a;b
            true
            builder 1/12> builder.addSauces(.ketchup); print("added")
            ── code ────────────────────
            builder.addSauces(.ketchup); print("added")
            ── log ─────────────────────
            added
            builder.sauces: [] → [.ketchup]
            ── state ───────────────────
            builder: HamburgerBuilder
              meat:     .beef
            * sauces:   [.ketchup]
              toppings: []
            builder 1/12> builder.build
            repl:1:9: error: function is unused [#no-usage]
            builder.build
            ~~~~~~~~^~~~~

            """)
        // A cell bound by the interpreter is a binding the compiler sees too.
        #expect(
            result.output.contains(
                "delegate 1/12> board.cell(0, 0).delegate === board\n── code ────────────────────\nboard.cell(0, "
                    + "0).delegate === board\ntrue\n"
            ),
            "\(result.output)")
        #expect(
            result.output.contains("delegate 1/12> c.text\n── code ────────────────────\nc.text\n\"\"\n"),
            "\(result.output)")
    }

    /// What compiled code prints is said once: a replay (here, the rebuild after the interpreter refuses a line) runs
    /// it again quietly. A compiled line that changed nothing shown is kept for replays, but `undo` and `history`
    /// pass over it; a binding `undo` takes back is said gone.
    @Test func aReplayPrintsNothingAndUndoPassesOverLooks() throws {
        let result = try run(
            """
            load builder
            alert.addConfirmAction("OK") { print("tapped \\(1 + 1)") }.present()
            screen.tapConfirm()
            teal.viewDidDisappear()
            let names = ["a"]
            print(names.count)
            undo
            history

            """)
        let answers = answers(result.output)
        // Printed once by the tap: not printed again by the rebuild after `teal`.
        #expect(answers.components(separatedBy: "tapped 2").count == 2, "\(answers)")
        #expect(
            answers.contains(
                """
                builder 1/12> undo
                ── state ───────────────────
                names: (gone)
                (unchanged: builder, alert, screen; 'state' shows every object)
                undid: let names = ["a"]
                """), "\(answers)")
        #expect(
            answers.hasSuffix(
                """
                builder 1/12> history
                  1  alert.addConfirmAction("OK") { print("tapped \\(1 + 1)") }.present()   → alert.title,
                  alert.message, alert.confirmAction, screen.presented, screen.lastTap
                  2  screen.tapConfirm()   → screen.lastTap

                """), "\(answers)")
    }

    /// Without a toolchain, what the interpreter does not know is said as that, never as Swift's "has no member" or
    /// "cannot find in scope": the line may be valid Swift.
    @Test func withoutAToolchainNothingIsSaidInTheCompilersWords() throws {
        let result = try runPatterns(
            ["--width", "300"],
            input: """
                load builder
                builder.sauces.contains(.mustard)
                Meat.allCases
                let same = builder
                load mediator
                pager.recipients.count

                """, environment: ["PATH": "/usr/bin:/bin"])
        let errors = result.output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        expectSame(
            errors.joined(separator: "\n"),
            """
            error: the playground's own interpreter does not run this: it knows no member 'contains' of 'Sauces' (with \
            a Swift toolchain on PATH, the compiler judges any Swift)
            error: the playground's own interpreter does not run this: it knows no live object or name 'Meat' (with a \
            Swift toolchain on PATH, the compiler judges any Swift)
            error: the playground's own interpreter does not run this: it reads one call or read on a live object per \
            line, and this line goes beyond that at column 19 (with a Swift toolchain on PATH, the compiler judges any \
            Swift)
            error: the playground's own interpreter does not run this: it knows no member 'count' of '[Receiver]' \
            (with a Swift toolchain on PATH, the compiler judges any Swift)
            """)
    }
}
