// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

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
        try CallRecord.call(self, "createCombo1(with:)", builder) {
            try step(builder, meat: .beef, sauces: .secret, toppings: [.lettuce, .tomatoes, .pickles])
            return try finish("createCombo1(with:)", builder)
        }
    }

    /// The kitten special: kitten meat, mustard, lettuce and tomatoes. Kitten is sold out, so this throws.
    public func createKittenSpecial<B: BurgerBuilding>(with builder: B) throws -> B.Product {
        try CallRecord.call(self, "createKittenSpecial(with:)", builder) {
            try step(builder, meat: .kitten, sauces: .mustard, toppings: [.lettuce, .tomatoes])
            return try finish("createKittenSpecial(with:)", builder)
        }
    }

    /// A recipe's steps, in its order, each call recorded as the employee's (the builder may be anyone's).
    private func step<B: BurgerBuilding>(_ builder: B, meat: Meat, sauces: Sauces, toppings: Toppings) throws {
        try CallRecord.call(builder, "setMeat(_:)", meat) { try builder.setMeat(meat) }
        CallRecord.call(builder, "addSauces(_:)", sauces) { builder.addSauces(sauces) }
        CallRecord.call(builder, "addToppings(_:)", toppings) { builder.addToppings(toppings) }
    }

    private func finish<B: BurgerBuilding>(_ recipe: String, _ builder: B) throws -> B.Product {
        let product = try CallRecord.call(builder, "build()") { try builder.build() }
        orders.append(Order(recipe: recipe, builder: builder, product: product))
        return product
    }
}
