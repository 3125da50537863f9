import Foundation
import LessonModules
import Patterns
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// A module declared from its types (``DeclaredModule``): its state is read from the objects' stored properties, its
/// methods are the types' own by reference, and its short commands spell Swift.
@Suite struct DeclaredModuleTests {
    static let factory = DeclaredModule.factory("declared") { m in
        let hub = NotificationHub()
        let game = Game(hub: hub)
        let label = ScoreLabel()
        hub.addObserver(label, for: .scoreChanged)
        m.live("game", game) { api in
            api.call("addPoints", Game.addPoints)
            api.call("finish", Game.finish)
            api.property("score", \.score)
        }
        m.live("hub", hub, state: false) { api in api.answer("observers", "of", NotificationHub.observers) }
        m.live("label", label)
        m.group("told", type: "Delivery") { [StateField("to", .plain(hub.lastDelivery?.told.joined() ?? "-"))] }
        m.command("score", [ArgumentSpec("points", .int)], summary: "game.addPoints(_:)") {
            "try game.addPoints(\(try $0.number(0)))"
        }
        m.command("over", summary: "game.finish()") { _ in "game.finish(); print(game.isOver)" }
        m.pane("said", topics: ["said"])
        m.afterChange { m.context.post("said", "score is now \(game.score)", source: "game") }
    }

    /// A session with the declared lesson loaded; with `compiling`, the compiler too (nil: none on PATH).
    func session(compiling: Bool = false) -> Session? {
        let lesson = LessonSource(
            path: "t/declared.md", lang: "en",
            text: """
                ---
                id: declared
                title: T
                module: declared
                ---
                ## One
                text
                """, isBuiltIn: true)
        let session = Session(
            catalog: LessonCatalog(sources: [lesson], modules: ["declared"]), modules: [Self.factory],
            options: SessionOptions(render: RenderOptions(width: 80), lang: .en))
        if compiling {
            guard let compiler = lineCompiler(cache: "declared-lines") else { return nil }
            session.tools.compiler = compiler
        }
        _ = session.run("load declared")
        return session
    }

    @Test func theStateIsReadFromTheStoredPropertiesOfEachObject() throws {
        let session = try #require(self.session())
        expectSame(
            session.run("state"),
            """
            ── state ───────────────────
            game: Game
              hub:    same object as hub
              score:  0
              isOver: false
            label: ScoreLabel
              name:    "label"
              text:    "Score: 0"
              updates: 0
            told: Delivery
              to: -

            """)
    }

    @Test func aListedMethodRunsTheRealMethodAndWhatFollowsAChange() throws {
        let session = try #require(self.session())
        let out = session.run("game.finish()", "try game.addPoints(5)", "game.score")
        #expect(out.contains("game.isOver: false → true"), "\(out)")
        #expect(out.contains("score is now 5"), "\(out)")
        #expect(out.contains("label.text: \"Score: 0\" → \"Score: 5\""), "\(out)")
        #expect(out.contains("5"), "\(out)")
    }

    @Test func aThrowingMethodNeedsTryAndItsErrorIsTheTypes() throws {
        let session = try #require(self.session())
        let missing = session.run("game.addPoints(5)")
        #expect(missing.contains("call can throw but is not marked with 'try'"), "\(missing)")
        let thrown = session.run("try game.addPoints(500)")
        #expect(thrown.contains("Game.Error.invalidPoints(500)"), "\(thrown)")
        #expect(session.run("state").contains("score:  0"))
    }

    /// Without a compiler, what the interpreter cannot do with a call's answer is said as its own limit, never as the
    /// name of the playground's inner error.
    @Test func withoutACompilerAnAnswerItCannotPrintIsItsOwnLimit() throws {
        let session = try #require(self.session())
        let out = session.run("print(hub.observers(of: .scoreChanged))")
        #expect(out.contains("the playground's own interpreter does not run this: it cannot print, keep"), "\(out)")
        #expect(!out.contains("BeyondTheInterpreter"), "\(out)")
    }

    @Test func aShortCommandRunsTheSwiftItSpells() throws {
        let session = try #require(self.session())
        let out = session.run("score 7")
        #expect(out.contains("try game.addPoints(7)"), "\(out)")
        #expect(out.contains("game.score: 0 → 7"), "\(out)")
    }
}

/// The declared lesson's lines that the compiler runs, in process: with the other suite of sessions that compile in
/// process, one at a time, since a compiled line's `print` goes to the process's one line output (run side by side,
/// one test's `true` was read in another's log).
extension InProcessCompiledTests {
    /// With the compiler, the Swift a short command spells goes where typed Swift goes: here, two statements, which
    /// only the compiler runs.
    @Test func aShortCommandsSwiftGoesToTheCompilerAsTypedSwiftWould() throws {
        guard let session = DeclaredModuleTests().session(compiling: true) else { return }
        let out = session.run("over")
        #expect(out.contains("game.finish(); print(game.isOver)"), "\(out)")
        #expect(out.contains("true"), "\(out)")
        #expect(out.contains("game.isOver: false → true"), "\(out)")
        #expect(out.contains("score is now 0"), "after the compiled line, what follows a change: \(out)")
    }

    /// A value a call gives back, bound with `let`, is never run by the interpreter and then refused part-way (an
    /// internal error): without a compiler it is the interpreter's own limit before anything runs; with one, the
    /// compiler keeps it for the next line.
    @Test func aBoundAnswerIsTheCompilersNotAnInternalError() throws {
        let line = "let seen = hub.observers(of: .scoreChanged)"
        let alone = try #require(DeclaredModuleTests().session()).run(line)
        #expect(alone.contains("does not run this: it cannot print, keep"), "\(alone)")
        #expect(!alone.contains("internal error"), "\(alone)")
        guard let session = DeclaredModuleTests().session(compiling: true) else { return }
        let kept = session.run(line, "print(seen.count)")
        #expect(!kept.contains("error"), "\(kept)")
        #expect(kept.contains("print(seen.count)\n── log ─────────────────────\n1\n"), "\(kept)")
    }
}
