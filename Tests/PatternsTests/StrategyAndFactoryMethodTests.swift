import Testing

@testable import Patterns

/// The strategy lesson's cart and policies, and the factory-method lesson's screens, as plain Swift.
@Suite struct StrategyAndFactoryMethodTests {
    @Test func eachPolicyPricesTheSameSubtotalItsOwnWay() {
        #expect(RegularPricing().total(for: 40) == 40)
        #expect(SalePricing(percent: 20).total(for: 40) == 32)
        // Rounded down in the shop's favour: 25 - 12.
        #expect(SalePricing(percent: 50).total(for: 25) == 13)
        #expect(SalePricing(percent: 150).percent == 100)
        #expect(CouponPricing(off: 10, over: 30).total(for: 40) == 30)
        #expect(CouponPricing(off: 10, over: 30).total(for: 29) == 29)
        #expect(CouponPricing(off: 50, over: 30).total(for: 30) == 0)
        // No subtotal traps (the interpreter runs these in the session's own process).
        #expect(SalePricing(percent: 20).total(for: .max) == .max - (.max / 100 * 20 + .max % 100 * 20 / 100))
        #expect(SalePricing(percent: 100).total(for: .min) == 0)
        #expect(CouponPricing(off: .max, over: .min).total(for: .min) == 0)
    }

    @Test func theCartAsksThePolicyItHoldsAtCheckoutAboutTheWholeSubtotal() throws {
        let cart = Cart()
        try cart.add("mug", price: 12)
        cart.use(SalePricing(percent: 20))
        try cart.add("case", price: 28)
        #expect(cart.charged == 0)
        cart.use(RegularPricing())
        cart.checkout()
        #expect(cart.items == ["mug", "case"] && cart.subtotal == 40 && cart.charged == 40)
        #expect(throws: Cart.Error.invalidPrice(0)) { try cart.add("free", price: 0) }
        cart.empty()
        #expect(cart.items == [] && cart.subtotal == 0 && cart.charged == 40)
    }

    @Test func addRowMakesEachCellThroughTheOverriddenFactoryMethod() {
        let phone = SettingsScreen()
        let tablet = TabletSettingsScreen()
        phone.addRow("Wi-Fi")
        tablet.addRow("Wi-Fi")
        (tablet as SettingsScreen).addRow("Bluetooth")
        #expect(phone.rows == ["Wi-Fi"])
        #expect(tablet.rows == ["[ Wi-Fi ]", "[ Bluetooth ]"])
        #expect(tablet.makeCell() is CardCell && phone.makeCell() is ListCell)
        tablet.clear()
        #expect(tablet.rows == [])
    }
}
