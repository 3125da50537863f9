import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// Each viewer in their own language, and notices cut at words (instructor-5.md, problems 6 and 9).
@Suite(.serialized) struct ClassLanguageTests {
    /// A notice wider than the terminal is cut at a space, not where the terminal's edge falls.
    @Test func aNoticeIsCutAtWordsToTheTerminal() async throws {
        let data = temporaryDirectory("notice-wrap")
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let (url, token) = (server.url, server.token)
        let terminal = try learnerTerminal(url, name: "Ann", data: data, columns: 50)
        defer { terminal.signal(SIGKILL) }
        #expect(terminal.waitFor("patterns> "), "\(terminal.plainText)")
        try await presentBuilder(url, token: token, data: data, then: "goto 3\n")
        // "The presenter is at builder step 3 ('follow' takes you there)." is 64 columns: two lines, cut at a space.
        #expect(terminal.waitFor("there).", timeout: 15), "\(terminal.plainText)")
        let lines = terminal.plainText.components(separatedBy: "\n").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        }
        // (The prompt the notice replaced stays in the transcript, before it: the terminal erased it.)
        let first = try #require(lines.firstIndex { $0.contains("The presenter is at") }, "\(terminal.plainText)")
        let notice = String(lines[first][lines[first].range(of: "The presenter is at")!.lowerBound...])
        #expect(notice.count <= 49, "\(notice)")
        #expect(notice + " " + lines[first + 1] == "The presenter is at builder step 3 ('follow' takes you there).")
    }

    /// The board's language is the server's (`--lang en`), whatever the presenter's; `?lang=` chooses another.
    @Test func theBoardKeepsTheServersLanguage() async throws {
        let running = try await RunningServer.start("board-lang")
        defer { running.stop() }
        var update = builderAtStep5()
        update.lang = "ko"
        _ = try await running.present(update, token: running.presenterToken)
        let board = try await running.request("GET", "/\(running.code)/board").text
        #expect(board.contains("in the class"), "\(board.prefix(400))")
        let korean = try await running.request("GET", "/\(running.code)/board?lang=ko").text
        #expect(korean.contains("수업 참여자"))
    }

    /// An English presenter publishes the Korean titles too: a Korean board and a Korean learner read them.
    @Test func titlesAreInEachViewersLanguage() async throws {
        let running = try await RunningServer.start("titles")
        defer { running.stop() }
        let url = "http://127.0.0.1:\(running.address.port)/\(running.code)"
        let presenter = try await offPool { [token = running.presenterToken] in
            try runPatterns(
                [], input: "load builder\nclass \(url) \(token)\n",
                environment: ["XDG_STATE_HOME": temporaryDirectory("titles-p")])
        }
        #expect(presenter.output.contains("builder"), "\(presenter.output)")
        let korean = try await running.request("GET", "/\(running.code)/board?lang=ko").text
        #expect(korean.contains("<h2>빌더 패턴</h2>") && korean.contains("빌더와 만나기"), "\(korean)")
        let english = try await running.request("GET", "/\(running.code)/board").text
        #expect(english.contains("<h2>The Builder pattern</h2>") && !english.contains("빌더와 만나기"))
        let state = try await running.state()
        #expect(state.lessonTitle(in: "ko") == "빌더 패턴" && state.lessonTitle(in: "en") == "The Builder pattern")
        #expect(state.stepTitle(in: "ko") == "빌더와 만나기")
    }
}
