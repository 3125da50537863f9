import Foundation
import PlaygroundTestSupport
import Testing

@testable import PatternsCLI

/// A line runs in a process that holds the write ends of the session's own pipes: its verdict to the process waiting
/// for it, the announcements to the supervisor, `undo`'s hand-back to each kept copy. A line that wrote frames to them
/// (`write(6, "K\0\0\0\0", 5)`) was taken at its word: two processes carried the session and took turns at the input.
/// Every frame now carries the session's token, and what a line writes without it is skipped (``SessionFrames``).
@Suite(.serialized) struct ForgedFramesTests {
    let playground = TestPlayground("forged", cache: "engine", lineTimeLimit: 60, homeInState: true)

    /// Written to every pipe the line's process may write to: bytes in the frames' old form (a verdict that the line
    /// carries the session on, that it was kept, that `undo` took it back), the process's pid as an announcement and
    /// as a takeover, and the frames' present form without the token.
    static let mischief = [
        #"let me = getpid(); var forged: [UInt8] = Array("xK\0\0\0\0S\0\0\0\0U\0\0\0\0".utf8)"#,
        "withUnsafeBytes(of: me) { forged += $0 }; withUnsafeBytes(of: -me) { forged += $0 }",
        #"forged += [UInt8](repeating: 0, count: 16) + Array("K\0\0\0\0".utf8)"#,
        "var pipes = 0; for fd in Int32(3)..<256 { var st = stat(); if fstat(fd, &st) == 0, st.st_mode & S_IFMT == "
            + "S_IFIFO, fcntl(fd, F_GETFL) & O_ACCMODE != O_RDONLY { _ = forged.withUnsafeBytes { write(fd, "
            + "$0.baseAddress, $0.count) }; pipes += 1 } }; print(\"forged to\", pipes, \"pipes\")",
    ].joined(separator: "; ")

    @Test func framesALineWritesToTheSessionsPipesAreSkipped() throws {
        let lines = [
            "load builder", "import Glibc", "let r = Int.random(in: 0..<1_000_000)", "print(\"r =\", r)",
            "meat tofu", Self.mischief, "var c = 1", "c += 1", "print(\"c =\", c)", "undo", "print(\"c =\", c)",
            "print(\"r =\", r)", Self.mischief, "undo", "state",
        ]
        let result = try playground.run(lines.joined(separator: "\n") + "\n")
        let said = result.output
        let forged = said.split(separator: "\n").filter { $0.hasPrefix("forged to ") }
        #expect(forged.count == 2, "\(said.suffix(3000))")
        // Each time at least the line's verdict pipe, the supervisor's, and the kept copies' hand-backs.
        for line in forged { #expect((Int(line.split(separator: " ")[2]) ?? 0) >= 3, "\(line)") }
        let printed = said.split(separator: "\n").filter { $0.hasPrefix("c = ") || $0.hasPrefix("r = ") }
        #expect(printed.count == 4, "every line ran once, in order: \(printed)\n\(said.suffix(3000))")
        if printed.count == 4 {
            #expect(printed[1] == "c = 2" && printed[2] == "c = 1", "\(printed)")
            #expect(printed[0] == printed[3], "undo went back to the copy from before the line: \(printed)")
        }
        #expect(said.contains("undid: c += 1"), "\(said.suffix(3000))")
        #expect(said.contains("meat:     .tofu"), "the last state: \(said.suffix(1500))")
        #expect(result.status == 0, "\(said.suffix(1500))")
    }
}

/// The reader of the session's frames on its own: bytes without the token are skipped wherever they fall between
/// frames, a frame read in pieces is taken once whole, and a frame with another token is not taken.
@Suite struct SessionFramesTests {
    @Test func onlyFramesWithTheTokenAreTaken() {
        let token = SessionFrames.newToken()
        var reader = SessionFrames(token: token)
        let one = SessionFrames.frame(UInt8(ascii: "K"), [], token: token)
        let two = SessionFrames.frame(UInt8(ascii: "P"), Array("printed".utf8), token: token)
        let forged = SessionFrames.frame(UInt8(ascii: "K"), [], token: [UInt8](repeating: 0, count: 16))
        let stream = Array("K\0\0\0\0".utf8) + forged + one + Array(token.prefix(7)) + forged + two
        // Byte by byte: every cut a pipe could make.
        var taken: [String] = []
        for byte in stream {
            reader.add([byte])
            while let (kind, payload) = reader.next() {
                taken.append(String(UnicodeScalar(kind)) + String(decoding: payload, as: UTF8.self))
            }
        }
        #expect(taken == ["K", "Pprinted"])
        #expect(reader.bytes.isEmpty)
        // All at once, the same.
        var whole = SessionFrames(token: token)
        whole.add(stream)
        #expect(whole.next()?.kind == UInt8(ascii: "K"))
        #expect(whole.next()?.payload == Array("printed".utf8))
        #expect(whole.next() == nil)
    }
}
