import Testing

@testable import PlaygroundCore

/// The text of an error a live object threw (what a `try!` traps with): an error that holds no reference is kept and
/// shown only when read, one that holds an object is shown when thrown, as the object was then.
@Suite struct ThrownErrorTests {
    enum Plain: Error { case soldOut(Int) }

    final class Shelf: CustomStringConvertible, @unchecked Sendable {
        var label = "full"
        var description: String { "Shelf(\(label))" }
    }

    enum Holding: Error { case empty(Shelf) }

    @Test func anErrorThatHoldsNoReferenceReadsAsTheRuntimePrintsIt() {
        let error = ThrownError("Plain.soldOut(3)", .verbatim("sold out"), reflecting: Plain.soldOut(3))
        #expect(error.reflected == String(reflecting: Plain.soldOut(3)))
        #expect(error == ThrownError("Plain.soldOut(3)", .verbatim("sold out"), reflecting: Plain.soldOut(3)))
        #expect(error != ThrownError("Plain.soldOut(3)", .verbatim("sold out"), reflecting: Plain.soldOut(4)))
        #expect(ThrownError("Plain.soldOut(3)", .verbatim("sold out")).reflected == nil)
    }

    @Test func anErrorThatHoldsAnObjectReadsAsItWasWhenThrown() {
        let shelf = Shelf()
        let error = ThrownError("Holding.empty", .verbatim("empty"), reflecting: Holding.empty(shelf))
        let atThrow = error.reflected
        #expect(atThrow?.contains("Shelf(full)") == true, "\(atThrow ?? "nil")")
        shelf.label = "emptied later"
        #expect(error.reflected == atThrow)
    }
}
