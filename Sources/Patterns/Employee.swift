/// The director: knows the recipes and drives a builder through its steps, in the order a recipe needs.
///
/// It knows only the ``BurgerBuilding`` protocol, never a concrete builder. It remembers its last order.
public final class Employee {
    /// A recipe the employee finished: its name, the builder it drove and the product it returned.
    public struct Order {
        public let recipe: String
        public let builder: AnyObject
        public let product: Any
    }
    /// The recipes that ran to the end, oldest first; a recipe that throws adds none.
    public private(set) var orders: [Order] = []
    /// The last of them (nil before any).
    public var lastOrder: Order? { orders.last }

    public init() {}

    /// Combo 1: beef, secret sauce, lettuce, tomatoes and pickles.
    public func createCombo1<B: BurgerBuilding>(with builder: B) throws -> B.Product {
        try builder.setMeat(.beef)
        builder.addSauces(.secret)
        builder.addToppings([.lettuce, .tomatoes, .pickles])
        return try finish("createCombo1(with:)", builder)
    }

    /// The kitten special: kitten meat, mustard, lettuce and tomatoes. Kitten is sold out, so this throws.
    public func createKittenSpecial<B: BurgerBuilding>(with builder: B) throws -> B.Product {
        try builder.setMeat(.kitten)
        builder.addSauces(.mustard)
        builder.addToppings([.lettuce, .tomatoes])
        return try finish("createKittenSpecial(with:)", builder)
    }

    private func finish<B: BurgerBuilding>(_ recipe: String, _ builder: B) throws -> B.Product {
        let product = try builder.build()
        orders.append(Order(recipe: recipe, builder: builder, product: product))
        return product
    }
}
