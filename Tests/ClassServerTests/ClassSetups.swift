import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// Setups several suites share: a room on the test's clock with learners behind the presenter, a learner's
/// `patterns --join` on a terminal, and the presenter's `patterns` publishing the builder lesson.

/// A room on `clock` where the presenter publishes the builder lesson at step 1 (exercises at `exerciseSteps`) and
/// each of `names` joins and reaches step 1: the learners the presenter will leave behind.
func roomAtStepOne(
    _ name: String, clock: TestClock, stuckMinutes: Double = 1, exerciseSteps: [Int]? = nil,
    names: [String] = []
) throws -> (room: ClassRoom, learners: [JoinResponse], directory: String) {
    let directory = temporaryDirectory(name)
    let room = try ClassRoom(directory: directory, stuckMinutes: stuckMinutes, clock: { clock.now })
    var update = builderAtStep5()
    update.step = 1
    if let exerciseSteps { update.exerciseSteps = exerciseSteps }
    _ = try room.present(update, token: room.presenterToken)
    let learners = try names.map { name in
        let learner = try room.join(name: name)
        _ = try room.report([reached(1, step: 1)], token: learner.token)
        return learner
    }
    return (room, learners, directory)
}

/// A learner's `patterns --join URL --name NAME` on a terminal of `columns` columns, its state under `data/NAME`.
func learnerTerminal(_ url: String, name: String, data: String, columns: UInt16) throws -> PseudoTerminal {
    let home = data + "/" + name.lowercased()
    return try PseudoTerminal(
        patternsBinary(), arguments: ["--join", url, "--name", name],
        environment: [
            "TERM": "xterm-256color", "HOME": home, "XDG_STATE_HOME": home, "LANG": "C.UTF-8", "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
        ], columns: columns, rows: 30)
}

/// The presenter's `patterns` (a pipe): the builder lesson published to the class at `url`, then `lines`.
@discardableResult
func presentBuilder(_ url: String, token: String, data: String, then lines: String = "") async throws
    -> ProcessResult
{
    try await offPool {
        try runPatterns(
            [], input: "load builder\nclass \(url) \(token)\n" + lines, environment: ["XDG_STATE_HOME": data + "/p"])
    }
}
