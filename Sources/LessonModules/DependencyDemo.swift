import Patterns
import PlaygroundCore

/// Runs one of the three wirings of the dependency example and says which builders had to take the name.
struct DependencyDemo {
    enum Wiring: String { case leaky, middleStep, dynamicChild }
    struct Outcome { var wiring: Wiring; var greeting: String; var takingName: [String] }
    var last: Outcome?

    mutating func run(_ wiring: Wiring, name: String, lang: Lang, post: (String, String) -> Void) {
        let quoted = SwiftValue.string(name).swiftSource
        let child: Child
        let calls: [String]
        let taking: [String]
        switch wiring {
        case .leaky:
            child = RootBuilder().build(name: name)
            calls = ["RootBuilder.build(name: \(quoted))", "  ParentBuilder.build(name: \(quoted))",
                     "    ParentComponent(name: \(quoted)) satisfies ChildDependency", "      ChildBuilder.build()"]
            taking = ["RootBuilder.build(name:)", "ParentBuilder.build(name:)"]
        case .middleStep:
            child = NameStepBuilder().build(name: name)
            calls = ["RootBuilder.build()", "  ParentBuilder.build()", "    NameStepBuilder.build(name: \(quoted))",
                     "      NameStepComponent satisfies ChildDependency", "        ChildBuilder.build()"]
            taking = ["NameStepBuilder.build(name:)"]
        case .dynamicChild:
            child = ChildDynamicNameBuilder(dependency: StaticParentComponent()).build(name: name)
            calls = ["RootBuilder.build()", "  ParentBuilder.build()", "    ChildDynamicNameBuilder.build(name: \(quoted))",
                     "      ChildBuilder.build()"]
            taking = ["ChildDynamicNameBuilder.build(name:)"]
        }
        last = Outcome(wiring: wiring, greeting: child.greeting, takingName: taking)
        post("log", calls.joined(separator: "\n"))
        post("product", DirectorText.childScreen(child.greeting, taking.joined(separator: ", ")).text(lang))
    }
}
