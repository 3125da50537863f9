import Patterns
import PlaygroundCore

/// The `strategy` lesson: a cart (the context) asks the pricing policy it holds what to charge at checkout; three
/// policies are live, and the learner swaps them (`cart.use(sale)`), asks them directly, or writes a second context
/// (a price tag).
enum StrategyModule {
    static let factory = DeclaredModule.factory("strategy") { m in
        let regular = RegularPricing(), sale = SalePricing(percent: 20), coupon = CouponPricing(off: 10, over: 30)
        let policies = Named(PricingPolicy.self, ["regular": regular, "sale": sale, "coupon": coupon])
        let cart = Cart(pricing: regular)
        m.live("cart", cart) { api in
            api.call("add", (nil, "price"), Cart.add)
            api.call("use", Cart.use, named: policies)
            api.call("checkout", Cart.checkout)
            api.call("empty", Cart.empty)
            api.property("items", \.items)
            api.property("subtotal", \.subtotal)
            api.property("charged", \.charged)
        }
        m.live("regular", regular, state: false) { $0.answer("total", "for", RegularPricing.total) }
        m.live("sale", sale) { $0.answer("total", "for", SalePricing.total) }
        m.live("coupon", coupon) { $0.answer("total", "for", CouponPricing.total) }
        m.command(
            "add", [ArgumentSpec("name", .text), ArgumentSpec("price", .int)], summary: "cart.add(_:price:)"
        ) { "try cart.add(\(SwiftValue.quoted(try $0.word(0))), price: \(try $0.number(1)))" }
        m.command("checkout", summary: "cart.checkout()") { _ in "cart.checkout()" }
        m.command("pricing", [ArgumentSpec("policy", .choice(policies.names))], summary: "cart.use(_:)") {
            "cart.use(\(try $0.word(0)))"
        }
    }
}
