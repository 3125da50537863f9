import Foundation
import LessonModules
import PlaygroundCore
import Testing

/// A line runs once and is rolled back once (issue 44, items 0 and 7): the interpreter refuses what it would refuse
/// before it runs anything, so that a refused statement has nothing to roll back; a failed command is rebuilt from the
/// journal where it ran, unless the isolation drops the copy it ran in, and the session counts which way it went.
@Suite(.serialized) struct RollbackTests {
    /// An isolation that runs each line here and says it drops a failed line's copy: what the runner leaves to it.
    final class DroppingCopies: LineIsolation {
        var attempts = 0
        func attempt(_ line: () -> Bool, said: () -> [Event]) -> IsolatedLine {
            attempts += 1
            return .ran(line())
        }
        func enter(_ phase: LinePhase) {}
        func printed(_ text: String) {}
    }

    /// What the interpreter cannot word or keep (`print` of an object, `let` of a value, a member after a method that
    /// returns nothing) is refused before the call runs: nothing is built, nothing is rolled back.
    @Test func aStatementTheInterpreterRefusesRunsNothing() {
        let session = makeSession()
        _ = session.run("load builder")
        for line in ["print(builder.build())", "let m = builder.meat", "try builder.setMeat(.tofu).build()"] {
            let answer = session.run(line)
            #expect(!answer.contains("product"), "\(line) built nothing:\n\(answer)")
            #expect(!answer.contains("builder.meat:"), "\(line) changed nothing:\n\(answer)")
        }
        #expect(session.run("builder.meat").hasSuffix(".beef\n"))
        #expect(session.counts.rollbacks == Rollbacks(), "nothing ran, so nothing was rolled back")
    }

    /// Without an isolation a failed call is rebuilt from the journal, once.
    @Test func aFailedCallIsRebuiltWhereItRan() {
        let session = makeSession()
        _ = session.run("load builder", "meat tofu")
        let answer = session.run("meat kitten")
        #expect(answer.contains("soldOut"), "\(answer)")
        #expect(session.counts.rollbacks == Rollbacks(rebuilt: 1, dropped: 0))
        #expect(session.run("builder.meat").hasSuffix(".tofu\n"))
    }

    /// Under an isolation that drops a failed line's copy, the runner rebuilds nothing in it: the line's failure is
    /// left to the isolation. A compiled line the compiler refuses changed nothing, and is rolled back by neither.
    @Test func aFailedLineInACopyThatIsDroppedIsNotRebuilt() {
        guard let session = InProcessCompiledTests.compilingSession() else { return }
        let isolation = DroppingCopies()
        session.tools.isolation = isolation
        _ = session.run("load builder", "let n = 1")
        #expect(session.counts.rollbacks == Rollbacks())
        _ = session.run("meat kitten")
        #expect(isolation.attempts >= 2, "the lines ran in the isolation")
        #expect(session.counts.rollbacks == Rollbacks(rebuilt: 0, dropped: 1))
        _ = session.run("let m: Int = \"not a number\"")
        #expect(
            session.counts.rollbacks == Rollbacks(rebuilt: 0, dropped: 1), "a line that did not compile ran nothing")
    }
}
