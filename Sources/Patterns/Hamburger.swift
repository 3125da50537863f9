/// The product of the hamburger builder: a finished burger. Immutable once built.
public struct Hamburger: Equatable, Sendable, CustomStringConvertible {
    public let meat: Meat
    public let sauces: Sauces
    public let toppings: Toppings

    public init(meat: Meat, sauces: Sauces, toppings: Toppings) {
        self.meat = meat
        self.sauces = sauces
        self.toppings = toppings
    }

    /// "chicken burger", the way a menu would name it.
    public var description: String { "\(meat.rawValue) burger" }
}

/// The meat of a burger: exactly one per burger.
public enum Meat: String, CaseIterable, Sendable {
    case beef, chicken, kitten, tofu
}

/// Sauces: any combination, including none.
public struct Sauces: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let mayonnaise = Sauces(rawValue: 1 << 0)
    public static let mustard = Sauces(rawValue: 1 << 1)
    public static let ketchup = Sauces(rawValue: 1 << 2)
    public static let secret = Sauces(rawValue: 1 << 3)

    /// Every sauce with its Swift name, in declaration order.
    public static let named: [(name: String, value: Sauces)] = [
        ("mayonnaise", .mayonnaise), ("mustard", .mustard), ("ketchup", .ketchup), ("secret", .secret),
    ]
    /// The names of the sauces in this set, in declaration order.
    public var names: [String] { Self.named.compactMap { contains($0.value) ? $0.name : nil } }
}

/// Toppings: any combination, including none.
public struct Toppings: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let cheese = Toppings(rawValue: 1 << 0)
    public static let lettuce = Toppings(rawValue: 1 << 1)
    public static let pickles = Toppings(rawValue: 1 << 2)
    public static let tomatoes = Toppings(rawValue: 1 << 3)

    /// Every topping with its Swift name, in declaration order.
    public static let named: [(name: String, value: Toppings)] = [
        ("cheese", .cheese), ("lettuce", .lettuce), ("pickles", .pickles), ("tomatoes", .tomatoes),
    ]
    /// The names of the toppings in this set, in declaration order.
    public var names: [String] { Self.named.compactMap { contains($0.value) ? $0.name : nil } }
}
