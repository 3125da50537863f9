import ClassServerCore
import Foundation
import PlaygroundText

/// The class server for tests that move the room's clock, as a process of its own: in the test process FlyingFox's
/// tasks (its accept loop, each connection, each handler's 30 s timeout) run on the shared pool, whose threads the
/// suites that block hold for minutes in a full `swift test` (an empty 500: the timeout fired while the handler
/// waited for a thread). Run as ``ServerProcess`` runs `patterns-class`:
/// `ClassTestServer serve --port P --data DIR --lang en [--stuck-minutes N] --clock-file FILE`.
/// The room's clock stands still at the time the server started, moved on by the seconds written in FILE (none:
/// not moved); each reading of the clock reads the file, so a test writes it and its next request sees the time.
@main struct ClassTestServer {
    static func main() async throws {
        var options: [String: String] = [:]
        var words = CommandLine.arguments.dropFirst().drop { $0 == "serve" }.makeIterator()
        while let name = words.next(), let value = words.next() { options[name] = value }
        guard let data = options["--data"], let file = options["--clock-file"] else {
            FileHandle.standardError.write(Data("usage: ClassTestServer serve --data DIR --clock-file FILE\n".utf8))
            exit(64)
        }
        let start = Date().timeIntervalSince1970
        let clock: @Sendable () -> Double = {
            let moved = (try? String(contentsOfFile: file, encoding: .utf8))
                .flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return start + (moved ?? 0)
        }
        let room = try ClassRoom(
            directory: data, lang: options["--lang"] ?? "en",
            stuckMinutes: options["--stuck-minutes"].flatMap(Double.init) ?? 5, clock: clock)
        // Port 0: the system chooses one (`serve`'s way, so that its address is the one learners are told).
        let (server, task) = try await ClassServer.listening(room: room, host: "127.0.0.1", port: 0, timeout: 60)
        func say(_ text: ClassText, _ arguments: String...) { print(Phrase(text.texts, arguments).text(.en)) }
        say(.learnersJoin, server.joinURL)
        say(.presenterToken, room.presenterToken)
        fflush(nil)
        try await task.value
    }
}
