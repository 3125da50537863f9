import Foundation
import PlaygroundTestSupport
import Testing

/// The false passes the round-5 learner found on purpose (reviews/learner-5.md problems 8–10 and the builder's
/// forwarding file), each tried as they tried it: the real binary, the real compiler, the file written by an
/// "editor", the line typed at the prompt. Each now fails; their honest files still pass.
extension CodeExerciseTests {
    /// What an observer exercise file looks like: `HighScore` with the learner's `init`, `hub(_:didPost:)` and
    /// `stop()` bodies (`extra` declares more).
    static func highScore(
        signUp: String, heard: String, stop: String, extra: String = "", imports: String = "import Patterns"
    ) -> String {
        """
        \(imports)
        final class HighScore: HubObserver {
            let name = "record"
            let hub: NotificationHub
            private(set) var best = 0
            \(extra)
            init(hub: NotificationHub) { self.hub = hub; \(signUp) }
            func hub(_ hub: NotificationHub, didPost note: HubNotification) { \(heard) }
            func stop() { \(stop) }
        }
        """
    }

    /// `edit` with `file` written at the lesson's code exercise, then `check`, at 300 columns: the whole output.
    func checked(_ lesson: String, file: String) throws -> String {
        try playground.codeStep(lesson, file: file, then: "check\n", width: 300).output
    }

    /// Problem 8: a file that records the calls an observer would make (`CallRecord` was public) and never signs
    /// up. The call record is not part of what a learner's file can see: the compiler refuses the file, in its own
    /// words, with or without `@testable import Patterns`, and importing the record's module is refused too.
    @Test(arguments: [
        ("import Patterns", "cannot find 'CallRecord' in scope"),
        ("@testable import Patterns", "cannot find 'CallRecord' in scope"),
        ("import Patterns\nimport CallRecording", "`CallRecording` is a name of the playground's own, not of Swift's"),
        (
            "import Patterns\nimport PlaygroundBridge",
            "`PlaygroundBridge` is a name of the playground's own, not of Swift's"
        ),
    ])
    func aFileThatWritesTheTraceDoesNotCompile(imports: String, error: String) throws {
        let file = Self.highScore(
            signUp: "CallRecord.call(hub, \"addObserver(_:for:)\", self, GameEvent.scoreChanged) {}",
            heard: "",
            stop: """
                if let last = hub.lastDelivery?.notification { \
                CallRecord.call(hub, "post(_:value:from:)", last.event, last.value, last.sender) { \
                CallRecord.call(self, "hub(_:didPost:)", hub, last) {} }; best = last.value }; \
                CallRecord.call(hub, "removeObserver(_:for:)", self, GameEvent.scoreChanged) {}
                """, imports: imports)
        let output = try checked("observer", file: file)
        // The compiler's words name the file; the playground's own refusal comes before any compiling.
        if error.hasPrefix("`") {
            #expect(output.contains("error: not run: " + error), "\(output)")
        } else {
            #expect(output.contains("HighScore.swift:") && output.contains(": error: " + error), "\(output)")
        }
        #expect(!output.contains("✓ goal met"), "\(output)")
    }

    /// Problem 8, at the prompt: the delegate step 4 line that records `board.cell(0, 4) -> board.cell(…)` by hand,
    /// and the record reached through a testable import or its own module: swiftc refuses each line, and the step
    /// stays unmet.
    @Test(arguments: [
        (
            "for (r, c, t) in [(0, 4, \"B\"), (4, 4, \"C\")] { let cell = board.cell(r, c); cell.delegate = nil; "
                + "cell.endEditing(t); cell.delegate = board; CallRecord.call(cell, \"endEditing(_:)\", t) { "
                + "board.cell(cell, valueChangedTo: t) } }",
            "error: cannot find 'CallRecord' in scope"
        ),
        ("@testable import Patterns", nil),
        ("print(CallRecord.current as Any)", "error: cannot find 'CallRecord' in scope"),
        ("import CallRecording", "error: not run: `CallRecording` is a name of the playground's own, not of Swift's"),
    ])
    func aLineThatWritesTheTraceDoesNotCompile(line: String, error: String?) throws {
        let forged =
            "CallRecord.call(board.cell(0, 4), \"endEditing(_:)\", \"B\") { board.cell(board.cell(0, 4), "
            + "valueChangedTo: \"B\") }"
        let result = try playground.runAsLearner("load delegate\ngoto 4\n\(line)\n\(forged)\ncheck\n", width: 200)
        if let error {
            #expect(
                (result.output.contains("repl:1:") || error.contains("not run")) && result.output.contains(error),
                "\(result.output)")
        }
        // The forged call after it, whatever the line before did, is refused as well.
        #expect(
            result.output.components(separatedBy: "error: cannot find 'CallRecord' in scope").count >= 2,
            "\(result.output)")
        #expect(verdict(result.output).hasPrefix("✗ not yet"), "\(result.output)")
    }

    /// The trace instrumentation's entry point (issue 48 part 1) is the playground's: a line, a line of
    /// declarations or a code exercise's file that spells it, to write a call of a learner's object into the trace
    /// by hand, is refused before it is compiled, in the playground's words; nothing is recorded.
    @Test(arguments: [
        "__PatternsTrace.enter(command, \"execute()\").leave()",
        "let `__patternsTraced` = 1",
        "final class Fake { func go() { _ = __PatternsTrace.enter(self, \"execute()\") } }",
    ])
    func aLineThatCallsTheTraceInstrumentationIsRefused(line: String) throws {
        let result = try playground.runAsLearner(
            "load builder\n\(Self.commandTypes)\nlet command = Chicken(builder: builder)\n\(line)\ntrace\n", width: 300)
        #expect(
            result.output.contains("`__PatternsTrace` is a name of the playground's own")
                || result.output.contains("`__patternsTraced` is a name of the playground's own"), "\(result.output)")
        #expect(!result.output.contains("-> command.execute()"), "\(result.output)")
        #expect(!result.output.contains("error: cannot find"), "\(result.output)")
    }

    /// The same in a code exercise's file: an observer whose `stop()` writes the hub's calls through the entry
    /// point is refused, and the step stays unmet.
    @Test func aFileThatCallsTheTraceInstrumentationIsRefused() throws {
        let file = Self.highScore(
            signUp: "", heard: "best = max(best, note.value)",
            stop: "_ = __PatternsTrace.enter(hub, \"removeObserver(_:for:)\", self, GameEvent.scoreChanged)")
        let output = try checked("observer", file: file)
        #expect(output.contains("`__PatternsTrace` is a name of the playground's own"), "\(output)")
        #expect(!output.contains("✓ goal met"), "\(output)")
    }

    /// Problem 9: an observer that hears nothing and reads the hub's last post when it stops, and one that keeps the
    /// last score instead of the best. The step's run and the hidden scenario each post a lower score after the
    /// best (a rematch on the same hub), so neither file meets the goal on `best`.
    @Test(arguments: [
        ("", "best = hub.lastDelivery?.notification.value ?? 0; hub.removeObserver(self, for: .scoreChanged)"),
        ("best = note.value", "hub.removeObserver(self, for: .scoreChanged)"),
    ])
    func anObserverThatKeepsTheLastScoreOrHearsNothingFails(heard: String, stop: String) throws {
        let file = Self.highScore(signUp: "hub.addObserver(self, for: .scoreChanged)", heard: heard, stop: stop)
        let output = try checked("observer", file: file)
        let shown = verdict(output)
        #expect(shown.hasPrefix("✗ not yet"), "\(output)")
        #expect(shown.contains("record.best") && shown.contains("expected 29"), "\(output)")
    }

    /// The honest observer of the review passes, both runs.
    @Test func theReviewsHonestObserverPasses() throws {
        let file = Self.highScore(
            signUp: "hub.addObserver(self, for: .scoreChanged)", heard: "best = max(best, note.value)",
            stop: "hub.removeObserver(self, for: .scoreChanged)")
        let output = try checked("observer", file: file)
        #expect(output.components(separatedBy: "✓ goal met: step 7 is done").count == 3, "\(output)")
    }

    /// Problem 10: mediator step 7 asks teal to disappear; speaking for teal to the mediator by hand, or making teal
    /// send the message without disappearing, does not meet the goal, which names teal's `viewDidDisappear()` and
    /// teal's own call on the pager.
    @Test(arguments: [
        (
            "pager.send(message: \"teal page viewDidDisappear()\", from: teal)",
            [
                "trace.has  expected you -> teal.viewDidDisappear, actual no such call",
                "trace.has  expected teal -> pager.send, actual no such call",
            ]
        ),
        (
            "teal.send(message: \"teal page viewDidDisappear()\")",
            ["trace.has  expected you -> teal.viewDidDisappear, actual no such call"]
        ),
    ])
    func speakingForTealIsNotTealDisappearing(line: String, differences: [String]) throws {
        let result = try playground.runAsLearner(
            "load mediator\ngoto 7\nlet teal = SenderPage(name: \"teal\")\npager.add(teal)\n\(line)\ncheck\n",
            width: 200)
        let shown = verdict(result.output)
        #expect(
            shown.hasPrefix("✗ not yet: \(differences.count) of 7 goal fields differ\n"), "\(result.output)")
        for difference in differences { #expect(shown.contains(difference), "\(result.output)") }
    }

    /// Builder step 10: a `FixedAlertBuilder` that forwards every call to a new `AlertConcreteBuilder` (the lesson's
    /// fixed one) leaves the bug unfixed; the goal says no concrete builder of the lesson worked for it. The
    /// review's honest file passes.
    @Test func aBuilderThatForwardsToTheLessonsFixedBuilderFails() throws {
        let forwarding = """
            import Patterns
            final class FixedAlertBuilder: AlertBuilding {
                private let inner: AlertConcreteBuilder
                var title: String? { inner.title }
                var message: String? { inner.message }
                var confirmAction: AlertAction? { inner.confirmAction }
                let screen: Screen
                init(screen: Screen) { self.screen = screen; inner = AlertConcreteBuilder(screen: screen) }
                @discardableResult func setTitle(_ title: String) -> Self { inner.setTitle(title); return self }
                @discardableResult func setMessage(_ message: String) -> Self { inner.setMessage(message); return self }
                @discardableResult func addConfirmAction(_ title: String, action: @escaping @Sendable () -> Void) \
            -> Self {
                    inner.addConfirmAction(title, action: action); return self
                }
                @discardableResult func present() -> Alert { inner.present() }
            }
            """
        let output = try checked("builder", file: forwarding)
        let shown = verdict(output)
        #expect(shown.hasPrefix("✗ not yet"), "\(output)")
        #expect(shown.contains("trace.lacks"), "\(output)")
        let honest = try CodeExercise("builder").solution
        let passed = try checked("builder", file: honest)
        #expect(passed.components(separatedBy: "✓ goal met: step 10 is done").count == 3, "\(passed)")
    }
}

/// The observer cheat that counts its instances (reviews/learner-5-files/HighScore-counts-instances.swift): it hears
/// nothing, counts the `HighScore`s made in a static, and at `stop()` answers the best score each run expects by its
/// number (the learner logged what each run posted on an earlier `check`). Checked twice (the editor closing, then
/// `check`), as the learner did.
extension CodeExerciseTests {
    @Test func anObserverThatCountsItsInstancesCannotTellTheRunsApart() throws {
        // Each run (the step's own and the hidden one) and each check starts from a module no code has run in, as
        // the same file: every `stop()` sees one instance made and gives the same answer, right for one run only.
        let file = Self.highScore(
            signUp: "Self.made += 1; hub.addObserver(self, for: .scoreChanged)", heard: "",
            stop: "best = Self.made % 2 == 1 ? 48 : 29; hub.removeObserver(self, for: .scoreChanged)",
            extra: "nonisolated(unsafe) static var made = 0")
        let output = try checked("observer", file: file)
        #expect(!output.contains("✓ goal met"), "\(output)")
        let checks = output.components(separatedBy: "✗ not yet: 1 of 7 goal fields differ\n").dropFirst()
        #expect(checks.count == 2, "\(output)")
        for check in checks {
            #expect(check.hasPrefix("  record.best  expected 29, actual 48\n"), "\(output)")
        }
    }
}
