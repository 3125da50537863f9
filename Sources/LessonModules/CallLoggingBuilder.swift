import Patterns
import PlaygroundCore

/// Forwards every call to a real builder and posts it to the log first: the director's calls, in order, as who
/// called whom. The director sees only the ``BurgerBuilding`` protocol, so it cannot tell the difference.
final class CallLoggingBuilder<Base: BurgerBuilding>: BurgerBuilding {
    let base: Base
    let name: String
    let log: (String) -> Void
    init(_ base: Base, name: String, log: @escaping (String) -> Void) {
        self.base = base
        self.name = name
        self.log = log
    }
    func setMeat(_ meat: Meat) throws {
        log("employee -> \(name): setMeat(.\(meat.rawValue))")
        do { try base.setMeat(meat) } catch {
            log("\(name) --x employee: throws soldOut(.\(meat.rawValue))")
            throw error
        }
    }
    func addSauces(_ sauces: Sauces) {
        log("employee -> \(name): addSauces(\(Render.options(sauces.names)))"); base.addSauces(sauces)
    }
    func addToppings(_ toppings: Toppings) {
        log("employee -> \(name): addToppings(\(Render.options(toppings.names)))"); base.addToppings(toppings)
    }
    func build() throws -> Base.Product {
        log("employee -> \(name): build()")
        let product = try base.build()
        log("\(name) --> employee: \(product is Hamburger ? String(describing: product) : "Receipt")")
        return product
    }
}
