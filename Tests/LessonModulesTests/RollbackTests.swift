import Foundation
import LessonModules
import Testing

@testable import PlaygroundCore

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

    /// Without an isolation a failed call is rebuilt from the journal, once: the employee's kitten special throws
    /// from inside a recipe, with no promise that the builder was left alone.
    @Test func aFailedCallIsRebuiltWhereItRan() {
        let session = makeSession()
        _ = session.run("load director", "meat tofu")
        let answer = session.run("try employee.createKittenSpecial(with: burgerBuilder)")
        #expect(answer.contains("soldOut"), "\(answer)")
        #expect(session.counts.rollbacks == Rollbacks(rebuilt: 1, dropped: 0))
    }

    /// A call whose object throws before it changes anything (a sold-out meat, points out of range: the real types
    /// check first) leaves nothing to roll back, and nothing is rebuilt: the objects, the state and the calls are
    /// those a fresh replay of the journal makes.
    @Test func aCallThatThrowsBeforeAnyChangeIsNotRebuilt() {
        for (lesson, setUp, failing, read) in [
            ("builder", ["meat tofu", "sauce add mustard"], "meat kitten", "builder.meat"),
            ("builder", ["meat tofu"], "try builder.setMeat(.kitten)", "builder.meat"),
            ("observer", ["try game.addPoints(3)"], "try game.addPoints(500)", "game.score"),
        ] {
            let session = makeSession()
            _ = session.run("load \(lesson)")
            for line in setUp { _ = session.run(line) }
            let answer = session.run(failing)
            #expect(answer.contains("Error"), "\(failing): \(answer)")
            #expect(session.counts.rollbacks == Rollbacks(), "\(failing) changed nothing: nothing rebuilt")
            let fresh = makeSession()
            _ = fresh.run("load \(lesson)")
            for line in setUp { _ = fresh.run(line) }
            // The failed call's record went with it: the calls are the journal's, as a replay puts them back.
            let calls = { (session: Session) in session.callBook.recorder.calls.map { "\($0.written) \($0.threw)" } }
            #expect(calls(session) == calls(fresh), "\(failing)")
            for look in ["state", "trace all", read] {
                #expect(session.run(look) == fresh.run(look), "\(failing), then \(look)")
            }
        }
    }

    /// Under an isolation that drops a failed line's copy, the runner rebuilds nothing in it: the line's failure is
    /// left to the isolation. A compiled line the compiler refuses changed nothing, and is rolled back by neither.
    @Test func aFailedLineInACopyThatIsDroppedIsNotRebuilt() {
        guard let session = InProcessCompiledTests.compilingSession() else { return }
        let isolation = DroppingCopies()
        session.tools.isolation = isolation
        _ = session.run("load director", "let n = 1")
        #expect(session.counts.rollbacks == Rollbacks())
        _ = session.run("try employee.createKittenSpecial(with: burgerBuilder)")
        #expect(isolation.attempts >= 2, "the lines ran in the isolation")
        #expect(session.counts.rollbacks == Rollbacks(rebuilt: 0, dropped: 1))
        _ = session.run("let m: Int = \"not a number\"")
        #expect(
            session.counts.rollbacks == Rollbacks(rebuilt: 0, dropped: 1), "a line that did not compile ran nothing")
    }
}
