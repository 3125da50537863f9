import Testing

@testable import Patterns

@Suite struct HamburgerBuilderTests {
    @Test func startsWithBeefAndNothingElse() {
        let builder = HamburgerBuilder()
        #expect(builder.meat == .beef)
        #expect(builder.sauces == [])
        #expect(builder.toppings == [])
    }

    @Test func takesPartsInAnyOrderAndBuilds() throws {
        let builder = HamburgerBuilder()
        builder.addToppings([.lettuce, .tomatoes])
        try builder.setMeat(.chicken)
        builder.addSauces(.mustard)
        builder.removeToppings(.tomatoes)
        builder.addSauces(.ketchup)
        builder.removeSauces(.mustard)
        let burger = builder.build()
        #expect(burger == Hamburger(meat: .chicken, sauces: .ketchup, toppings: .lettuce))
        #expect(burger.description == "chicken burger")
        #expect(burger.sauces.names == ["ketchup"])
    }

    @Test func soldOutMeatThrowsAndChangesNothing() throws {
        let builder = HamburgerBuilder()
        try builder.setMeat(.tofu)
        #expect(throws: HamburgerBuilder.Error.soldOut(.kitten)) { try builder.setMeat(.kitten) }
        #expect(builder.meat == .tofu)
    }

    @Test func optionNamesFollowDeclarationOrder() {
        #expect(Toppings([.tomatoes, .cheese]).names == ["cheese", "tomatoes"])
        #expect(Sauces.named.map(\.name) == ["mayonnaise", "mustard", "ketchup", "secret"])
    }
}

@Suite struct EmployeeTests {
    @Test func combo1IntoTheHamburgerBuilder() throws {
        let burger = try Employee().createCombo1(with: HamburgerBuilder())
        #expect(burger == Hamburger(meat: .beef, sauces: .secret, toppings: [.lettuce, .tomatoes, .pickles]))
    }

    @Test func kittenSpecialThrowsSoldOut() {
        let builder = HamburgerBuilder()
        #expect(throws: HamburgerBuilder.Error.soldOut(.kitten)) { try Employee().createKittenSpecial(with: builder) }
        #expect(builder.sauces == [] && builder.toppings == [])
    }

    @Test func oneRecipeTwoRepresentations() throws {
        let receipt = try Employee().createCombo1(with: ReceiptBuilder())
        #expect(receipt.lines.map(\.item) == ["beef patty", "secret sauce", "lettuce", "pickles", "tomatoes"])
        #expect(receipt.totalCents == 650 + 30 + 3 * 50)
    }

    @Test func receiptReplacesThePattyWhenTheMeatChanges() throws {
        let builder = ReceiptBuilder()
        try builder.setMeat(.beef)
        try builder.setMeat(.tofu)
        #expect(builder.build().lines.map(\.item) == ["tofu patty"])
    }
}

@Suite struct AlertBuilderTests {
    final class Box: @unchecked Sendable { var taps = 0 }

    @Test func fluentChainBuildsAndPresents() {
        let screen = Screen()
        let box = Box()
        let alert = AlertConcreteBuilder(screen: screen)
            .setTitle("Check your alerts")
            .setMessage("We need permission")
            .addConfirmAction("OK") { box.taps += 1 }
            .present()
        #expect(alert.title == "Check your alerts")
        #expect(alert.confirm?.title == "OK")
        #expect(screen.presented?.message == "We need permission")
        #expect(screen.tapConfirm())
        #expect(box.taps == 1)
        #expect(screen.presented == nil)
    }

    @Test func buggyBuilderLosesTheActionThroughANilOptional() {
        let screen = Screen()
        let box = Box()
        let builder = BuggyAlertBuilder(screen: screen)
        builder.setTitle("T").addConfirmAction("OK") { box.taps += 1 }.present()
        #expect(builder.confirmAction == nil)
        #expect(screen.presented?.confirm?.title == nil)
        #expect(screen.tapConfirm() == false)
        #expect(box.taps == 0)
    }
}
