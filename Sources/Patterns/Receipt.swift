// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// A second representation of one construction process: what the burger costs, line by line.
public struct Receipt: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        public let item: String
        public let cents: Int
    }
    public let lines: [Line]
    public var totalCents: Int { lines.reduce(0) { $0 + $1.cents } }
}

/// Builds a ``Receipt`` from the same steps that ``HamburgerBuilder`` turns into a ``Hamburger``.
public final class ReceiptBuilder: BurgerBuilding {
    public private(set) var lines: [Receipt.Line] = []
    public let soldOutMeats: Set<Meat>

    public static let meatPrices: [Meat: Int] = [.beef: 650, .chicken: 550, .tofu: 500, .kitten: 900]
    public static let saucePrice = 30
    public static let toppingPrice = 50

    public init(soldOutMeats: Set<Meat> = [.kitten]) { self.soldOutMeats = soldOutMeats }

    public func setMeat(_ meat: Meat) throws {
        try CallRecord.call(self, "setMeat(_:)", meat) {
            guard !soldOutMeats.contains(meat) else { throw HamburgerBuilder.Error.soldOut(meat) }
            lines.removeAll { $0.item.hasSuffix(" patty") }
            lines.insert(.init(item: "\(meat.rawValue) patty", cents: Self.meatPrices[meat] ?? 0), at: 0)
        }
    }
    public func addSauces(_ sauces: Sauces) {
        CallRecord.call(self, "addSauces(_:)", sauces) {
            for name in sauces.names { lines.append(.init(item: "\(name) sauce", cents: Self.saucePrice)) }
        }
    }
    public func addToppings(_ toppings: Toppings) {
        CallRecord.call(self, "addToppings(_:)", toppings) {
            for name in toppings.names { lines.append(.init(item: name, cents: Self.toppingPrice)) }
        }
    }
    public func build() -> Receipt { CallRecord.call(self, "build()") { Receipt(lines: lines) } }
}
