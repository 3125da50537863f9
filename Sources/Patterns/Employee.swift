/// The director: knows the recipes and drives a builder through its steps, in the order a recipe needs.
///
/// It knows only the ``BurgerBuilding`` protocol, never a concrete builder.
public struct Employee: Sendable {
    public init() {}

    /// Combo 1: beef, secret sauce, lettuce, tomatoes and pickles.
    public func createCombo1<B: BurgerBuilding>(with builder: B) throws -> B.Product {
        try builder.setMeat(.beef)
        builder.addSauces(.secret)
        builder.addToppings([.lettuce, .tomatoes, .pickles])
        return try builder.build()
    }

    /// The kitten special: kitten meat, mustard, lettuce and tomatoes. Kitten is sold out, so this throws.
    public func createKittenSpecial<B: BurgerBuilding>(with builder: B) throws -> B.Product {
        try builder.setMeat(.kitten)
        builder.addSauces(.mustard)
        builder.addToppings([.lettuce, .tomatoes])
        return try builder.build()
    }
}
