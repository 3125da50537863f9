// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// A pricing policy (the Strategy pattern's strategy): how a shop turns the worth of a cart into what the customer
/// pays. A cart holds one and asks it at checkout; which one it holds can change at any time, and the cart's code
/// never changes with it. A class, so that one policy (today's sale) can serve every cart and price tag at once.
public protocol PricingPolicy: AnyObject {
    /// What the customer pays for goods worth `subtotal` dollars.
    func total(for subtotal: Int) -> Int
}

/// The price as marked: what the goods are worth.
public final class RegularPricing: PricingPolicy, CustomStringConvertible {
    public init() {}

    public func total(for subtotal: Int) -> Int {
        CallRecord.call(self, "total(for:)", subtotal) { subtotal }
    }

    public var description: String { "RegularPricing()" }
}

/// A sale: `percent` off everything, rounded down in the shop's favour (whole dollars).
public final class SalePricing: PricingPolicy, CustomStringConvertible {
    /// From 0 to 100; a number outside is taken as the nearer end.
    public let percent: Int

    public init(percent: Int) { self.percent = min(max(percent, 0), 100) }

    public func total(for subtotal: Int) -> Int {
        // `subtotal * percent / 100`, worked out by hundreds so that no subtotal overflows.
        CallRecord.call(self, "total(for:)", subtotal) {
            subtotal - (subtotal / 100 * percent + subtotal % 100 * percent / 100)
        }
    }

    public var description: String { "SalePricing(percent: \(percent))" }
}

/// A coupon: `off` dollars off a cart worth at least `minimum`; nothing off below it, and never below zero.
public final class CouponPricing: PricingPolicy, CustomStringConvertible {
    public let off: Int
    public let minimum: Int

    public init(off: Int, over minimum: Int) {
        self.off = max(off, 0)
        self.minimum = minimum
    }

    public func total(for subtotal: Int) -> Int {
        // `max(subtotal - off, 0)`, written so that no subtotal overflows.
        CallRecord.call(self, "total(for:)", subtotal) { subtotal >= minimum ? max(subtotal, off) - off : subtotal }
    }

    public var description: String { "CouponPricing(off: \(off), over: \(minimum))" }
}

/// A shopping cart (the Strategy pattern's context): it keeps what the customer picked and, at checkout, asks its
/// pricing policy what to charge. It knows no policy by name: a new campaign is a new policy, not a change here.
public final class Cart {
    public enum Error: Swift.Error, Equatable {
        /// A price is 1 to 1,000 dollars.
        case invalidPrice(Int)
    }

    /// The policy asked at checkout: swapped with ``use(_:)`` at any time.
    public private(set) var pricing: PricingPolicy
    /// The names of the goods, in the order they were added.
    public private(set) var items: [String] = []
    /// What the goods are worth, in dollars.
    public private(set) var subtotal = 0
    /// What the last checkout charged; 0 before the first one.
    public private(set) var charged = 0

    public init(pricing: PricingPolicy = RegularPricing()) { self.pricing = pricing }

    public func add(_ name: String, price: Int) throws {
        try CallRecord.call(self, "add(_:price:)", name, price) {
            guard (1...1000).contains(price) else { throw Error.invalidPrice(price) }
            items.append(name)
            subtotal += price
        }
    }

    /// Takes every item out (what was charged stays on record).
    public func empty() {
        CallRecord.call(self, "empty()") {
            items = []
            subtotal = 0
        }
    }

    /// Swaps the pricing policy: the next checkout asks this one.
    public func use(_ pricing: PricingPolicy) {
        CallRecord.call(self, "use(_:)", pricing) { self.pricing = pricing }
    }

    /// Charges the cart: whatever policy the cart holds now decides the amount (`charged`).
    public func checkout() {
        CallRecord.call(self, "checkout()") { charged = pricing.total(for: subtotal) }
    }
}
