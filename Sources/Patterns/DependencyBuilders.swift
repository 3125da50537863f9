// Builders with dependencies, the way RIBs wires them: a child declares what it needs (its Dependency), the parent's
// Component provides it, the child's Builder builds from it. The trouble starts when a value is only known at run
// time.

/// What the child screen needs from whoever builds it.
public protocol ChildDependency {
    var name: String { get }
}

/// The child screen: it greets a name.
public struct Child: Equatable, Sendable {
    public let greeting: String
}

/// Builds the child from its dependency.
public struct ChildBuilder {
    let dependency: ChildDependency
    public init(dependency: ChildDependency) { self.dependency = dependency }
    public func build() -> Child { Child(greeting: "Hello, \(dependency.name)") }
}

/// The parent's component must satisfy the child's dependency. With a dynamic name it cannot know the value
/// itself, so it has to be handed in...
public struct ParentComponent: ChildDependency {
    public let name: String
}

/// ...which means the parent's build takes the name (the requirement leaks upward)...
public struct ParentBuilder {
    public init() {}
    public func build(name: String) -> Child {
        ChildBuilder(dependency: ParentComponent(name: name)).build()
    }
}

/// ...and so does the root's, and every builder above it, with each change of the child's needs.
public struct RootBuilder {
    public init() {}
    public func build(name: String) -> Child { ParentBuilder().build(name: name) }
}

// MARK: Fix 1: a middle builder that takes the value and satisfies the child's dependency.

/// A step between parent and child whose build takes the run-time value; its component satisfies the child.
public struct NameStepBuilder {
    struct Component: ChildDependency { let name: String }
    public init() {}
    public func build(name: String) -> Child { ChildBuilder(dependency: Component(name: name)).build() }
}

// MARK: Fix 2: a second builder for the same child whose build takes the value.

/// What the child needs when the name arrives at build time: nothing static.
public protocol ChildDynamicNameDependency {}

/// A second builder for the same child: its dependency no longer holds the name; `build(name:)` takes it.
public struct ChildDynamicNameBuilder {
    struct Component: ChildDependency { let name: String }
    let dependency: ChildDynamicNameDependency
    public init(dependency: ChildDynamicNameDependency) { self.dependency = dependency }
    public func build(name: String) -> Child { ChildBuilder(dependency: Component(name: name)).build() }
}

/// A parent that needs no name: it hands the child's dynamic builder (or the middle step) to whoever knows it.
public struct StaticParentComponent: ChildDynamicNameDependency {
    public init() {}
}
