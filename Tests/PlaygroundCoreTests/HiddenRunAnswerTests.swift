import Testing

@testable import PlaygroundCore

/// What the copy that runs a code exercise's hidden scenario hands back: its differences after the run's own mark.
/// Anything else (nothing, because the learner's code ended the copy early; bytes it wrote to the descriptors it
/// inherited; an answer cut short) is no answer, and the hidden run counts as failed.
@Suite struct HiddenRunAnswerTests {
    let mark: [UInt8] = [7, 1, 200, 42]

    @Test func theDifferencesComeBackAsTheCopyFoundThem() {
        let differences: [CodeExercises.Difference] = [
            ("second.best", "48", "29"), ("", "", "(a command of the hidden run failed)"), ("레코드", "", "\u{0}"),
        ]
        let back = CodeExercises.decode(CodeExercises.encode(differences, mark: mark), mark: mark)
        #expect(back.map { $0.map { [$0.key, $0.expected, $0.actual] } } == differences.map { [$0, $1, $2] })
        #expect(CodeExercises.decode(CodeExercises.encode([], mark: mark), mark: mark)?.isEmpty == true)
    }

    @Test func anythingButTheRunsOwnAnswerIsNone() {
        let answer = CodeExercises.encode([("second.best", "48", "29")], mark: mark)
        #expect(CodeExercises.decode([], mark: mark) == nil)
        #expect(CodeExercises.decode(Array("hidden".utf8), mark: mark) == nil)
        #expect(CodeExercises.decode([1, 2, 3] + answer, mark: mark) == nil)
        #expect(CodeExercises.decode(Array(answer.dropLast()), mark: mark) == nil)
        #expect(CodeExercises.decode(answer, mark: [7, 1, 200, 43]) == nil)
    }
}
