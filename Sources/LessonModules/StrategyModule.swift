import Patterns
import PlaygroundCore

/// The `strategy` lesson: a cart (the context) asks the pricing policy it holds what to charge at checkout; three
/// policies are live, and the learner swaps them, asks them directly, or writes a second context (a price tag).
/// `checkout()` and `total(for:)` return a value, so the compiler runs them, as typed.
enum StrategyModule {
    static let policies = ["regular", "sale", "coupon"]

    static let factory = DeclaredModule.factory("strategy") { m in
        let regular = RegularPricing()
        let cart = Cart(pricing: regular)
        m.live("cart", cart) { api in
            api.call("add", (nil, "price"), Cart.add)
            api.call("empty", Cart.empty)
        }
        m.live("regular", regular, state: false)
        m.live("sale", SalePricing(percent: 20))
        m.live("coupon", CouponPricing(off: 10, over: 30))
        m.command(
            "add", [ArgumentSpec("name", .text), ArgumentSpec("price", .int)], summary: "cart.add(_:price:)"
        ) { "try cart.add(\(SwiftValue.quoted(try $0.word(0))), price: \(try $0.number(1)))" }
        m.command("checkout", summary: "cart.checkout()") { _ in "cart.checkout()" }
        m.command("pricing", [ArgumentSpec("policy", .choice(policies))], summary: "cart.pricing = …") {
            "cart.pricing = \(try $0.word(0))"
        }
    }
}
