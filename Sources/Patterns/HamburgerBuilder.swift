// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// What a director needs from anything that builds burgers, step by step and in any order.
///
/// The director (``Employee``) is written against this protocol only, so one recipe can produce different
/// representations: a ``Hamburger`` from ``HamburgerBuilder``, a ``Receipt`` from ``ReceiptBuilder``.
public protocol BurgerBuilding: AnyObject {
    associatedtype Product
    func setMeat(_ meat: Meat) throws
    func addSauces(_ sauces: Sauces)
    func addToppings(_ toppings: Toppings)
    func build() throws -> Product
}

/// The concrete builder: collects a burger's parts one at a time, then builds the ``Hamburger``.
///
/// The parts are readable but only settable through the builder's methods (`private(set)`), so a half-built burger
/// can be inspected and never corrupted from outside.
public final class HamburgerBuilder: BurgerBuilding {
    /// Why building can fail.
    public enum Error: Swift.Error, Equatable, Sendable {
        case soldOut(Meat)
    }

    public private(set) var meat: Meat = .beef
    public private(set) var sauces: Sauces = []
    public private(set) var toppings: Toppings = []

    /// Meats the kitchen cannot serve today. Setting one throws and leaves the builder unchanged.
    public let soldOutMeats: Set<Meat>

    public init(soldOutMeats: Set<Meat> = [.kitten]) {
        self.soldOutMeats = soldOutMeats
    }

    public func addSauces(_ sauces: Sauces) {
        CallRecord.call(self, "addSauces(_:)", sauces) { self.sauces.formUnion(sauces) }
    }
    public func removeSauces(_ sauces: Sauces) {
        CallRecord.call(self, "removeSauces(_:)", sauces) { self.sauces.subtract(sauces) }
    }
    public func addToppings(_ toppings: Toppings) {
        CallRecord.call(self, "addToppings(_:)", toppings) { self.toppings.formUnion(toppings) }
    }
    public func removeToppings(_ toppings: Toppings) {
        CallRecord.call(self, "removeToppings(_:)", toppings) { self.toppings.subtract(toppings) }
    }

    /// Chooses the meat. Throws ``Error/soldOut(_:)`` for a sold-out meat; the previous meat stays.
    public func setMeat(_ meat: Meat) throws {
        try CallRecord.call(self, "setMeat(_:)", meat) {
            guard !soldOutMeats.contains(meat) else { throw Error.soldOut(meat) }
            self.meat = meat
        }
    }

    /// Builds the burger from the parts collected so far. The builder keeps its parts and can build again.
    public func build() -> Hamburger {
        CallRecord.call(self, "build()") { Hamburger(meat: meat, sauces: sauces, toppings: toppings) }
    }
}
