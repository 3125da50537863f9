import Foundation
import LessonModules
import PlaygroundCore
import Testing

/// Compiled lines in a session made in-process, with no copy of the process to run them in (a front end that gives
/// none): a failed line is still rolled back whole. The test process exports its symbols and sits beside the build's
/// modules, as the executable does, so it can load compiled lines.
@Suite(.serialized) struct InProcessCompiledTests {
    static func compilingSession() -> Session? {
        guard let compiler = lineCompiler(cache: "inprocess-lines") else { return nil }
        let session = makeSession()
        session.tools.compiler = compiler
        return session
    }

    @Test func aCompiledLineThatThrowsAfterAChangeLeavesNothingChanged() throws {
        guard let session = Self.compilingSession() else { return }
        _ = session.run("load builder")
        let answer = session.run("try builder.setMeat(.tofu); try builder.setMeat(.kitten)")
        #expect(
            answer == """
                ── code ────────────────────
                try builder.setMeat(.tofu); try builder.setMeat(.kitten)
                error: Patterns.HamburgerBuilder.Error.soldOut(Patterns.Meat.kitten) was thrown
                and not caught; the live objects are as they were before the line

                """)
        #expect(session.run("builder.meat").hasSuffix(".beef\n"), "rolled back to before the line")
    }

    /// A conformance a line added to a lesson's type is in this process once its library is loaded: `undo` that
    /// replays the journal (no kept copy to go back to) cannot take it back, and says so.
    @Test func undoingAConformanceOnALessonTypeSaysWhatStays() throws {
        guard let session = Self.compilingSession() else { return }
        _ = session.run(
            "load builder", "protocol Named { var label: String { get } }",
            "extension HamburgerBuilder: Named { var label: String { \"hb\" } }")
        // The session's width wraps the note: read as one line.
        let undone = session.run("undo").replacingOccurrences(of: "\n", with: " ")
        #expect(
            undone.contains(
                "HamburgerBuilder keeps its conformance to Named in this session: Swift cannot take a loaded "
                    + "conformance back"), "\(undone)")
        #expect(session.run("print(builder is Named)").hasSuffix("true\n"), "what stays is as said")
        // A line with no conformance says nothing of it.
        _ = session.run("extension HamburgerBuilder { var nickname: String { \"hb\" } }")
        #expect(!session.run("undo").contains("keeps its conformance"))
    }

    /// The delegate lesson's memory pane says who keeps the controller alive, from the references of the moment:
    /// `let keep = board` holds it (the cells hold it weakly: no cycle, no leak), and `board`, which is
    /// `controller!`, finds nil.
    @Test func aNameThatHoldsTheControllerIsNamedAndIsNoCycle() throws {
        guard let session = Self.compilingSession() else { return }
        _ = session.run("load delegate", "let keep = board")
        let released = session.run("controller = nil")
        let memory = try #require(released.range(of: "── memory ──────────────────\n"), "\(released)")
        expectSame(
            String(released[memory.lowerBound...]),
            """
            ── memory ──────────────────
            alive: GameBoardController ×1, Cell ×25
            held by keep: a name of yours refers to the controller strongly, so ARC keeps it
            (and its 25 cells) alive
            no cycle: the cells hold it weakly, so ARC frees it once no name of yours holds
            it

            """)
        #expect(session.run("keep.received.count").hasSuffix("\n0\n"))
        #expect(
            session.run("board.received.count").hasPrefix(
                "Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
        // With a strong delegate and no name, the cycle is what keeps it alive.
        _ = session.run("reset", "delegate strong")
        #expect(session.run("controller = nil").contains("alive: GameBoardController ×1, Cell ×25\nLEAK:"))
    }

    /// What the state pane never shows (a closure stored in a page) goes back too.
    @Test func aCompiledLineThatThrowsAfterStoringAClosureLeavesNoClosure() throws {
        guard let session = Self.compilingSession() else { return }
        _ = session.run("load mediator")
        _ = session.run("struct E: Error {}; blue.onReceive = { print(\"HIJACKED: \\($0)\") }; throw E()")
        let answer = session.run("red.send(message: \"after\")")
        #expect(!answer.contains("HIJACKED: after"), "\(answer)")
        #expect(answer.contains("after received"), "\(answer)")
    }

    /// A value a compiled line made is shown as the lesson's own objects show theirs, in the state pane and in the
    /// log of a change (`.beef`, `[.mustard]`, never `Patterns.Sauces(rawValue: 2)`); private storage (a Task's
    /// `_task`) is no field: the value is.
    @Test func aCompiledBindingShowsItsValuesAsTheLessonsObjectsDo() throws {
        guard let session = Self.compilingSession() else { return }
        _ = session.run("load builder")
        #expect(
            session.run("let b3 = HamburgerBuilder(soldOutMeats: [.tofu])") == """
                ── code ────────────────────
                let b3 = HamburgerBuilder(soldOutMeats: [.tofu])
                ── log ─────────────────────
                b3.meat: .beef
                b3.sauces: []
                b3.toppings: []
                b3.soldOutMeats: Set([.tofu])
                ── state ───────────────────
                b3: HamburgerBuilder
                * meat:         .beef
                * sauces:       []
                * toppings:     []
                * soldOutMeats: Set([.tofu])
                (unchanged: builder; 'state' shows every object)

                """)
        #expect(
            session.run("b3.addSauces(.mustard); try b3.setMeat(.chicken)") == """
                ── code ────────────────────
                b3.addSauces(.mustard); try b3.setMeat(.chicken)
                ── log ─────────────────────
                b3.meat: .beef → .chicken
                b3.sauces: [] → [.mustard]
                ── state ───────────────────
                b3: HamburgerBuilder
                * meat:         .chicken
                * sauces:       [.mustard]
                  toppings:     []
                  soldOutMeats: Set([.tofu])
                (unchanged: builder; 'state' shows every object)

                """)
        #expect(
            session.run("let t = Task { 6 * 7 }") == """
                ── code ────────────────────
                let t = Task { 6 * 7 }
                ── log ─────────────────────
                t.value: Task<Int, Never>
                ── state ───────────────────
                t: Task<Int, Never>
                * value: Task<Int, Never>
                (unchanged: builder, b3; 'state' shows every object)

                """)
        _ = session.run("enum Shape { case circle(radius: Double) }")
        #expect(
            session.run("let s: Shape? = .circle(radius: 2)") == """
                ── code ────────────────────
                let s: Shape? = .circle(radius: 2)
                ── log ─────────────────────
                s.value: .circle(radius: 2.0)
                ── state ───────────────────
                s: Optional<Shape>
                * value: .circle(radius: 2.0)
                (unchanged: builder, b3, t; 'state' shows every object)

                """)
    }
}
