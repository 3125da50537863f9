import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// `patterns` with a pipe for its input, read as it prints: a session that goes on while the class around it changes.
final class PipedSession {
    let process = Process()
    let input = Pipe()
    let output = OutputBox()

    init(_ arguments: [String], state: String) throws {
        process.executableURL = URL(fileURLWithPath: patternsBinary())
        process.arguments = arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "NO_COLOR": "1", "LANG": "C.UTF-8",
            "XDG_STATE_HOME": state,
        ]
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = outputPipe
        outputPipe.fileHandleForReading.readabilityHandler = { [output] in output.append($0.availableData) }
        try process.run()
    }

    let outputPipe = Pipe()

    var text: String { output.text }

    func type(_ line: String) { input.fileHandleForWriting.write(Data(line.utf8)) }

    /// Types `line`, then waits (woken by each output) until `expected` is printed after `from`: within 30 s, or
    /// with `again`, the line typed again each half second (news of the class comes after a line), within 10 s.
    @discardableResult
    func type(_ line: String, until expected: String, after from: Int = 0, again: Bool = false) -> Bool {
        type(line)
        let seen = { (text: String) in String(text.dropFirst(from)).contains(expected) }
        guard again else { return output.wait(timeout: 30, until: seen) }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if output.wait(timeout: 0.5, until: seen) { return true }
            type(line)
        }
        return output.wait(timeout: 0, until: seen)
    }

    func end() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        // What it printed last may not have reached the handler yet: read it to the end.
        outputPipe.fileHandleForReading.readabilityHandler = nil
        output.append(outputPipe.fileHandleForReading.readDataToEndOfFile())
        return process.terminationStatus
    }
}

func get(_ url: String) throws -> String {
    String(decoding: try Data(contentsOf: try #require(URL(string: url))), as: UTF8.self)
}

/// One story for the room: the hint and solution counters are the server's, the presenter is shown what the room
/// got, a reveal made while the server is away is sent when it is back, `follow` and the news between commands say
/// where the presenter is in one line, news reaches a learner waiting at the prompt, and results a learner could not
/// send are kept on disk until the next join.
@Suite(.serialized) struct OneStoryTests {
    /// The counters are per step and a count sent twice counts once; going back to a step finds them as they were.
    @Test func theRoomsCountersArePerStepAndCountOnce() throws {
        let directory = temporaryDirectory("counters")
        let room = try ClassRoom(directory: directory)
        let token = room.presenterToken
        _ = try room.present(
            PresenterUpdate(lesson: "builder", step: 5, titles: (1...12).map { "Step \($0)" }), token: token)
        #expect(try room.present(PresenterUpdate(hints: 1), token: token).hintsRevealed == 1)
        #expect(try room.present(PresenterUpdate(hints: 1), token: token).hintsRevealed == 1)
        #expect(try room.present(PresenterUpdate(hints: 2, revealStep: 5), token: token).hintsRevealed == 2)
        #expect(try room.present(PresenterUpdate(revealHint: true), token: token).hintsRevealed == 3)
        var state = try room.present(PresenterUpdate(step: 6), token: token)
        #expect(state.hintsRevealed == 0 && !state.solutionRevealed)
        // A reveal kept while the server was away, sent after the presenter moved on: counted at its own step.
        state = try room.present(PresenterUpdate(revealSolution: true, hints: 1, revealStep: 5), token: token)
        #expect(state.hintsRevealed == 0 && !state.solutionRevealed)
        state = try room.present(PresenterUpdate(step: 5), token: token)
        #expect(state.hintsRevealed == 3 && state.solutionRevealed)
        #expect(throws: Refusal.self) { try room.present(PresenterUpdate(hints: 1, revealStep: 13), token: token) }
        // Kept across a restart.
        let again = try ClassRoom(directory: directory)
        #expect(again.currentState.hintsRevealed == 3 && again.currentState.reveal(at: 6).hints == 0)
    }

    @Test func theBoardCountsInTheSingularAndKoreanBreaksBetweenWords() throws {
        let room = try ClassRoom(directory: temporaryDirectory("plural"))
        _ = try room.present(
            PresenterUpdate(lesson: "builder", step: 5, titles: (1...12).map { "Step \($0)" }, hints: 1),
            token: room.presenterToken)
        let english = BoardPage(lang: .en, joinURL: "http://h:1/\(room.code)").body(room.snapshot())
        #expect(english.contains(">1 hint shown<") && !english.contains("1 hints"))
        _ = try room.present(PresenterUpdate(hints: 2), token: room.presenterToken)
        #expect(BoardPage(lang: .en, joinURL: "").body(room.snapshot()).contains(">2 hints shown<"))
        let korean = BoardPage(lang: .ko, joinURL: "").page(room.snapshot(), code: room.code)
        #expect(korean.contains("<html lang=\"ko\">") && korean.contains("word-break: keep-all;"))
    }

    /// The presenter's hints are the room's, by the server's count and in the same words; a prediction's last hint
    /// and its solution name the answer, and the room is not shown them (nor is the presenter told otherwise).
    @Test func thePresenterSeesWhatTheRoomGot() async throws {
        let data = temporaryDirectory("story")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let (url, token) = (server.url, server.token)
        let presenter = try await offPool {
            try runPatterns(
                [],
                input: "load builder\nclass \(url) \(token)\ngoto 5\nclass hint\nclass hint\nclass hint\n"
                    + "class solution\n", environment: ["XDG_STATE_HOME": data + "/presenter"])
        }
        let hint1 =
            "The presenter shows the room Hint 1/3: A `throw` leaves the function at once: nothing after it runs."
        let hint2 =
            "The presenter shows the room Hint 2/3: In `setMeat`, is the `guard` before or after `self.meat = meat`?"
        for line in [
            hint1, hint2,
            "The last hint of step 5 names the answer, so the room is not shown it: each learner gets it with 'hint' "
                + "after predicting, and 'a' shows the room's answers.",
            "The solution of step 5 names the answer, so the room is not shown it: 'a' shows the room's answers.",
        ] {
            #expect(presenter.output.contains(line + "\n"), "no '\(line)' in:\n\(presenter.output)")
        }
        #expect(!presenter.output.contains("predict 2"), "\(presenter.output)")
        let state = try ClassClient(address: try #require(server.address)).state()
        #expect(state.step == 5 && state.hintsRevealed == 2 && !state.solutionRevealed)
        // The room got exactly these two lines.
        let learner = try await offPool {
            try runPatterns(
                ["--join", url, "--name", "Mia"], input: "follow\n", environment: ["XDG_STATE_HOME": data + "/mia"])
        }
        let after = String(learner.output.drop { _ in false })
        #expect(after.contains(hint1 + "\n" + hint2), "\(learner.output)")
        #expect(!after.contains("Hint 3/3"), "\(learner.output)")
        // A step with a plain solution: the presenter is told it without a dangling colon, and sees it as the room.
        let solution = try await offPool {
            try runPatterns(
                [], input: "load builder\nclass \(url) \(token)\ngoto 4\nclass solution\n",
                environment: ["XDG_STATE_HOME": data + "/presenter"])
        }
        #expect(
            solution.output.contains(
                "The presenter shows the room the solution of step 4.\nSolution for step 4:\n  > "
                    + "builder.setMeat(.tofu)\n"
            ),
            "\(solution.output)")
    }

    /// A hint revealed while the server is away is shown to the presenter as kept (in the presenter's words, not a
    /// learner's), sent when the server is back, and the next one is the room's next: the counters never drift.
    @Test func aRevealWhileTheServerIsAwayIsSentWhenItIsBack() throws {
        let data = temporaryDirectory("kept-reveal")
        var server = try ServerProcess(data: data)
        defer { server.stop() }
        let address = try #require(server.address)
        let presenter = try PipedSession([], state: data + "/presenter")
        #expect(
            presenter.type(
                "load builder\nclass \(server.url) \(server.token)\ngoto 6\n", until: "as steps 1–5 leave them"),
            "\(presenter.text)")
        // The presenter's step is the server's before the server goes (the class link sends it on its own).
        let client = ClassClient(address: address, timeout: 5)
        #expect(Waits.until(timeout: 10, every: 0.05) { (try? client.state())?.step == 6 }, "\(presenter.text)")
        server.stop()
        #expect(presenter.type("class hint\n", until: "(kept: the room gets it when the class server is back)"))
        // Said once, before the hint is kept: when the hint found the server gone, or earlier when the link did on
        // its own (then between two prompts).
        #expect(
            Self.saysInOrder(
                presenter.text,
                "Class server out of reach: the presentation goes on; what you show the room is kept and sent when the "
                    + "server is back.\n", "The presenter shows the room Hint 1/"), "\(presenter.text)")
        #expect(!presenter.text.contains("keeps your results"))
        server = try ServerProcess(data: data, port: address.port)
        #expect(presenter.type("class hint\n", until: "Hint 2/"), "\(presenter.text)")
        #expect(
            Self.saysInOrder(
                presenter.text, "The class server is back; what you showed the room while it was away is sent.\n",
                "The presenter shows the room Hint 2/"), "\(presenter.text)")
        _ = presenter.end()
        let state = try ClassClient(address: address).state()
        #expect(state.step == 6 && state.hintsRevealed == 2, "\(state)")
    }

    /// Whether `text` says `first` exactly once, and `then` after it.
    static func saysInOrder(_ text: String, _ first: String, _ then: String) -> Bool {
        guard let said = text.range(of: first), text.ranges(of: first).count == 1 else { return false }
        return text[said.upperBound...].contains(then)
    }

    /// The presenter moves five steps and opens the exercise: a learner left at step 1 is told in one line, naming
    /// where the presenter is, and `follow` then adds no notice at all.
    @Test func followAfterFiveMovesIsQuiet() async throws {
        let data = temporaryDirectory("five")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let (url, token) = (server.url, server.token)
        try await presentBuilder(url, token: token, data: data)
        let learner = try PipedSession(["--join", url, "--name", "Sam"], state: data + "/sam")
        #expect(learner.type("follow\n", until: "step 1/12"), "\(learner.text)")
        try await presentBuilder(url, token: token, data: data, then: "next\nnext\nnext\nnext\nnext\nclass tries\n")
        let before = learner.text.count
        #expect(learner.type("state\n", until: "('follow' takes you there)", after: before, again: true))
        let news = learner.text.dropFirst(before).split(separator: "\n").filter { $0.contains("presenter") }
        #expect(
            news == ["The presenter is at step 6; the room tries it now ('follow' takes you there)."], "\(learner.text)"
        )
        let mark = learner.text.count
        #expect(learner.type("follow\nstate\n", until: "builder:", after: mark), "\(learner.text)")
        let afterFollow = String(learner.text.dropFirst(mark))
        #expect(!afterFollow.contains("presenter") && !afterFollow.contains("'follow'"), "\(afterFollow)")
        #expect(afterFollow.contains("step 6/12"), "\(afterFollow)")
        _ = learner.end()
    }

    /// Another lesson: the line names it.
    @Test func theNoticeNamesTheLessonWhenItChanges() async throws {
        let data = temporaryDirectory("lesson")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let (url, token) = (server.url, server.token)
        let learner = try PipedSession(["--join", url, "--name", "Sam"], state: data + "/sam")
        #expect(learner.type("load builder\n", until: "step 1/12"), "\(learner.text)")
        _ = try await offPool {
            try runPatterns(
                [], input: "load delegate\nclass \(url) \(token)\ngoto 4\n",
                environment: ["XDG_STATE_HOME": data + "/p"])
        }
        let before = learner.text.count
        #expect(
            learner.type(
                "state\n", until: "The presenter is at delegate step 4 ('follow' takes you there).\n", after: before,
                again: true), "\(learner.text)")
        _ = learner.end()
    }

    /// A learner waiting at the prompt (a terminal) gets the news without typing: a line above the prompt, and the
    /// half-typed line drawn again below it.
    @Test func newsReachesALearnerWaitingAtThePrompt() async throws {
        let data = temporaryDirectory("prompt")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let (url, token) = (server.url, server.token)
        let terminal = try learnerTerminal(url, name: "Ann", data: data, columns: 100)
        #expect(terminal.waitFor("patterns> "), "\(terminal.plainText)")
        #expect(terminal.waitForKeys())
        terminal.send("sta")
        #expect(terminal.waitFor("patterns> sta"))
        let mark = terminal.transcript.count
        try await presentBuilder(url, token: token, data: data, then: "goto 3\n")
        // The poll is every 2 s: within 15 s the line is there, and the prompt with "sta" under it.
        #expect(
            terminal.waitFor(
                "The presenter is at builder step 3 ('follow' takes you there).", after: mark, timeout: 15),
            "\(terminal.plainText)")
        #expect(terminal.waitFor("patterns> sta", after: mark, timeout: 5), "\(terminal.plainText)")
        terminal.send("te\r")
        #expect(terminal.waitFor("patterns> ", after: terminal.transcript.count - 1, timeout: 10))
        let screen = terminal.plainText
        #expect(screen.contains("step 3 ('follow' takes you there).\npatterns> state"), "\(screen)")
        terminal.endInput()
        #expect(terminal.waitForExit(timeout: 15) != nil)
    }

    /// Results a learner could not send (the server away when they left) are kept on disk and sent at the next join,
    /// in another run of the program.
    @Test func resultsOutliveQuitting() throws {
        let data = temporaryDirectory("quit")
        var server = try ServerProcess(data: data)
        defer { server.stop() }
        let address = try #require(server.address)
        let url = server.url
        let first = try PipedSession(["--join", url, "--name", "Mia"], state: data + "/mia")
        #expect(first.type("", until: "You joined"), "\(first.text)")
        server.stop()
        first.type("load builder\ngoto 5\npredict 2\n")
        let status = first.end()
        #expect(status == 0, "\(first.text)")
        #expect(
            first.text.contains("could not be sent to the class server before leaving: the"), "\(first.text)")
        let kept = try String(contentsOfFile: data + "/mia/patterns/class-unsent.json", encoding: .utf8)
        #expect(kept.contains("\"answer\":\"2\""), "\(kept)")

        server = try ServerProcess(data: data, port: address.port)
        // Reports count on a lesson the presenter published.
        _ = try runPatterns(
            [], input: "load builder\nclass \(url) \(server.token)\n",
            environment: ["XDG_STATE_HOME": data + "/presenter"])
        let second = try PipedSession(["--join", url, "--name", "Mia"], state: data + "/mia")
        #expect(second.type("state\n", until: "kept from before"), "\(second.text)")
        _ = second.end()
        let csv = try get(url + "/results.csv?token=" + server.token)
        #expect(second.text.contains("3 results kept from before are sent to the class.\n"), "\(second.text)")
        #expect(csv.contains(",Mia,builder,5,true,0,0,false,2,"), "\(csv)")
        let left = (try? String(contentsOfFile: data + "/mia/patterns/class-unsent.json", encoding: .utf8)) ?? "{}"
        #expect(left == "{}", "sent, so no longer kept: \(left)")
    }
}
