import Patterns
import PlaygroundCore

/// Runs one of the three wirings of the dependency example and says which builders had to take the name. The log
/// lists the calls each build makes, as `Sources/Patterns/DependencyBuilders.swift` writes them, and nothing else.
struct DependencyDemo {
    /// The three wirings, by the builder each starts from.
    enum Wiring: String {
        case leaky = "RootBuilder"
        case middleStep = "NameStepBuilder"
        case dynamicChild = "ChildDynamicNameBuilder"
    }
    struct Outcome {
        var wiring: Wiring; var greeting: String; var takingName: [String]; var builtBy: String; var child: Child
    }
    var last: Outcome?

    /// The child the wiring built.
    mutating func run(_ wiring: Wiring, name: String, lang: Lang, post: (String, String) -> Void) -> Child {
        let quoted = SwiftValue.string(name).swiftSource
        let child: Child
        let calls: [String]
        let taking: [String]
        switch wiring {
        case .leaky:
            child = RootBuilder().build(name: name)
            calls = [
                "RootBuilder.build(name: \(quoted))", "  ParentBuilder().build(name: \(quoted))",
                "    ChildBuilder(dependency: ParentComponent(name: \(quoted))).build()",
            ]
            taking = ["RootBuilder.build(name:)", "ParentBuilder.build(name:)"]
        case .middleStep:
            child = NameStepBuilder().build(name: name)
            calls = [
                "NameStepBuilder.build(name: \(quoted))",
                "  ChildBuilder(dependency: Component(name: \(quoted))).build()",
            ]
            taking = ["NameStepBuilder.build(name:)"]
        case .dynamicChild:
            child = ChildDynamicNameBuilder(dependency: StaticParentComponent()).build(name: name)
            calls = [
                "ChildDynamicNameBuilder.build(name: \(quoted))",
                "  ChildBuilder(dependency: Component(name: \(quoted))).build()",
            ]
            taking = ["ChildDynamicNameBuilder.build(name:)"]
        }
        last = Outcome(
            wiring: wiring, greeting: child.greeting, takingName: taking, builtBy: wiring.rawValue, child: child)
        post("log", calls.joined(separator: "\n"))
        post("product", DirectorText.childScreen(child.greeting, taking.joined(separator: ", ")).text(lang))
        return child
    }
}
