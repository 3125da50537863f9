import Foundation
import LessonModules
import PlaygroundCore
import Testing

/// Compiled lines in a session made in-process, with no copy of the process to run them in (a front end that gives
/// none): a failed line is still rolled back whole. The test process exports its symbols and sits beside the build's
/// modules, as the executable does, so it can load compiled lines.
@Suite(.serialized) struct InProcessCompiledTests {
    static func compilingSession() -> Session? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let cache = NSTemporaryDirectory() + "patterns-inprocess-lines-\(getpid())"
        guard
            case .success(let compiler) = LineCompiler.find(environment: ["PATH": path, "PATTERNS_LINE_CACHE": cache])
        else { return nil }
        let session = makeSession()
        session.compiler = compiler
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

    /// What the state pane never shows (a closure stored in a page) goes back too.
    @Test func aCompiledLineThatThrowsAfterStoringAClosureLeavesNoClosure() throws {
        guard let session = Self.compilingSession() else { return }
        _ = session.run("load mediator")
        _ = session.run("struct E: Error {}; blue.onReceive = { print(\"HIJACKED: \\($0)\") }; throw E()")
        let answer = session.run("red.send(message: \"after\")")
        #expect(!answer.contains("HIJACKED: after"), "\(answer)")
        #expect(answer.contains("after received"), "\(answer)")
    }
}
