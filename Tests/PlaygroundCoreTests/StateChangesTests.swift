import Testing

@testable import PlaygroundCore

/// What changed between two states, found by each object's name (a variable added or taken back shifts every object
/// after it), with each object's fields in order.
@Suite struct StateChangesTests {
    static func group(_ name: String, _ value: String) -> StateGroup {
        StateGroup(name, type: "Int", [StateField("value", .plain(value))])
    }

    @Test func aVariableAddedInTheMiddleIsTheOnlyChange() {
        let before = (1...150).map { Self.group("v\($0)", "\($0)") }
        var after = before
        after.insert(Self.group("a1", "1"), at: 3)
        #expect(after.changes(since: before) == [StateChange(key: "a1.value", old: nil, new: .plain("1"))])
        #expect(before.changes(since: before).isEmpty)
    }

    @Test func aVariableTakenBackAndAnotherChangedAreBothSaid() {
        let before = (1...5).map { Self.group("v\($0)", "\($0)") }
        var after = before
        after.remove(at: 1)
        after[2] = Self.group("v4", "40")
        #expect(
            after.changes(since: before) == [
                StateChange(key: "v4.value", old: .plain("4"), new: .plain("40")),
                StateChange(key: "v2.value", old: .plain("2"), new: nil),
            ])
        // As many objects as before, one of them another: the one gone is said gone.
        var swapped = before
        swapped[4] = Self.group("w", "5")
        #expect(
            swapped.changes(since: before) == [
                StateChange(key: "w.value", old: nil, new: .plain("5")),
                StateChange(key: "v5.value", old: .plain("5"), new: nil),
            ])
    }
}
