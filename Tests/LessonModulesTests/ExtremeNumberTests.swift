import LessonModules
import PlaygroundCore
import Testing

/// Every place a typed number arrives, fed the extremes: each must answer (an error is fine) and never trap.
@Suite struct ExtremeNumberTests {
    static let extremes = ["9223372036854775807", "-9223372036854775808", "99999999999999999999999", "-1", "0", "1"]

    @Test(arguments: RepositoryLessons.ids)
    func everyShortCommandAndMethodTakesExtremeNumbers(lesson: String) {
        let session = RepositoryLessons.session()
        #expect(session.execute("load \(lesson)"))
        _ = session.takeOutput()
        var lines: [String] = []
        for command in session.lessons.commands where command.arguments.contains(where: \.isNumber) {
            for number in Self.extremes {
                let words = command.arguments.map { spec -> String in
                    if spec.isNumber { return number }
                    if case .choice(let values) = spec.kind { return values.first ?? "x" }
                    return "x"
                }
                lines.append(([command.name] + words).joined(separator: " "))
            }
        }
        for object in session.lessons.liveObjects {
            for method in object.methods where method.params.contains(where: { $0.type == .int }) {
                for number in Self.extremes {
                    let arguments = method.params.map { param in
                        (param.label.map { "\($0): " } ?? "") + (param.type == .int ? number : "0")
                    }
                    lines.append("\(object.name).\(method.name)(\(arguments.joined(separator: ", ")))")
                }
            }
        }
        // A lesson that takes no number anywhere still gets the navigation lines below.
        for line in lines + ["goto 9223372036854775807", "goto -9223372036854775808", "hint 99999999999999999999"] {
            session.execute(line)
            let output = session.takeOutput()
            #expect(!output.isEmpty, "'\(line)' answered nothing")
        }
    }

    /// The lessons take numbers somewhere (the test above would otherwise feed extremes to nothing).
    @Test func someLessonTakesNumbers() {
        let session = RepositoryLessons.session()
        let numbered = RepositoryLessons.ids.filter { lesson in
            session.execute("load \(lesson)")
            _ = session.takeOutput()
            return session.lessons.commands.contains { $0.arguments.contains(where: \.isNumber) }
                || session.lessons.liveObjects.contains {
                    $0.methods.contains { $0.params.contains { $0.type == .int } }
                }
        }
        #expect(numbered.count >= 2, "\(numbered)")
    }

    @Test func savedProgressWithExtremeNumbersIsBroughtIntoTheLesson() throws {
        let store = MemoryProgress()
        store.saved = (Int.max, [Int.min, -1, 2, Int.max])
        let session = RepositoryLessons.session()
        session.lessons.progress = store
        #expect(session.execute("load builder"))
        #expect(session.stepIndex == (try #require(session.lesson)).steps.count - 1)
        #expect(session.lessons.doneSteps == [2])
    }

    @Test func progressRecordsAreCheckedOnDecoding() throws {
        let text =
            #"{"version":1,"lessons":{"a":{"step":9223372036854775807,"done":[-5,3,3,9223372036854775807],"total":11},"#
            + #""b":{"step":-9223372036854775808,"done":[],"total":9223372036854775807},"c":{"step":0,"done":[],"total"#
            + #"":0}}}"#
        let record = try ProgressRecord(decoding: Array(text.utf8))
        #expect(record.lessons == ["a": .init(step: 10, done: [3], total: 11)])
        #expect(throws: ProgressRecord.DecodeError.self) {
            try ProgressRecord(decoding: Array("{\"lessons\": 3}".utf8))
        }
        #expect(throws: ProgressRecord.DecodeError.self) { try ProgressRecord(decoding: [0xFF, 0x00]) }
    }
}

final class MemoryProgress: ProgressStore {
    var saved: (step: Int, done: Set<Int>)?
    func load(lesson: String) -> (step: Int, done: Set<Int>)? { saved }
    func save(lesson: String, step: Int, done: Set<Int>, total: Int) { saved = (step, done) }
}
