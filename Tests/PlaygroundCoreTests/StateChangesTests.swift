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

    final class Holder {
        var items = Array(0..<30)
    }

    /// A field wider than the pane's 70 columns is compared whole: an array that changes only past the cut is a
    /// change, shown cut in the pane (as goals see it) and with what changed in the log.
    @Test func aLongFieldThatChangesOnlyPastItsCutIsAChange() {
        let holder = Holder()
        let before = [StateGroup("holder", type: "Holder", Reflection.fields(of: holder, objects: []))]
        let declaredBefore = DeclaredModule.storedFields(of: holder, among: [])
        holder.items[29] = 99
        let after = [StateGroup("holder", type: "Holder", Reflection.fields(of: holder, objects: []))]
        #expect(after[0].fields[0].value.display.count == 70, "the pane shows the field cut: \(after)")
        #expect(after[0].fields[0].value.display == before[0].fields[0].value.display)
        let changes = after.changes(since: before)
        #expect(changes.map(\.key) == ["holder.items"])
        let log = StateView.changeLog(changes, .en)
        #expect(log.contains("29]") && log.contains("99]"), "the log shows what changed: \(log)")
        #expect(DeclaredModule.storedFields(of: holder, among: []) != declaredBefore, "a declared object's field too")
    }

    /// A declared object's stack keeps its top (its end) in the pane's width, however long; it is compared whole.
    @Test func aStackIsCutAtItsBottomAndComparedWhole() {
        let holder = Holder()
        let stack = StateValue.stack((1...20).map { "Erase(\($0))" })
        #expect(stack.display == "[…, Erase(16), Erase(17), Erase(18), Erase(19), Erase(20)]")
        #expect(StateValue.stack(["Shout()"]).display == "[Shout()]")
        let before = DeclaredModule.storedFields(of: holder, among: [], stacks: ["items"])
        #expect(before == [StateField("items", .stack((0..<30).map(String.init)))])
        holder.items[0] = 99
        let after = DeclaredModule.storedFields(of: holder, among: [], stacks: ["items"])
        #expect(after[0].value.display == before[0].value.display, "the change is below the cut")
        #expect(after != before)
    }
}
