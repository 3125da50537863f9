/// A lesson module declared from its types: the lesson names its live objects, and their API, state and completion
/// come from what the types already say.
///
/// * A live object is a real instance under the name the learner types. Its state-pane group is its stored
///   properties, read by reflection each time the state is asked for (private storage, `_x`, left out), so nothing
///   is kept beside the object; `fields:` shows only those named (`["score", "isOver"]`), in that order.
/// * The methods a module lists (``LiveAPI``) are the object's own, by unapplied reference (`Cart.checkout`): the
///   parameter types, `throws` and the label come from the reference, so the interpreter checks, completes and runs
///   exactly the real method. Anything not listed (an object as argument, a result) goes to the compiler as typed.
/// * What a lesson adds to an object's calls (a pane line after each, an error in the lesson's words) is listed with
///   them: ``LiveAPI/after(_:)``, ``LiveAPI/thrown(_:)``. A method that takes another live object by name is listed
///   with the ``Named`` objects it takes, one that takes an object the interpreter makes in the call with what
///   ``Declaration/makes(_:_:)`` makes; one that draws or posts is written by hand, ``LiveAPI/method(_:)``.
/// * A short command is a spelling of Swift: its words make Swift text, which runs as if the learner typed it, so
///   the code pane shows the Swift that ran.
///
/// ```swift
/// static let factory = DeclaredModule.factory("strategy") { m in
///     let cart = Cart(pricing: RegularPricing())
///     m.live("cart", cart) { api in api.call("checkout", Cart.checkout) }
///     m.command("sale", [ArgumentSpec("percent", .int)], summary: "cart.pricing = SalePricing(percent:)") {
///         "cart.pricing = SalePricing(percent: \(try $0.number(0)))"
///     }
/// }
/// ```
public final class DeclaredModule: LessonModule {
    public private(set) var objects: [LiveObject] = []
    public private(set) var commands: [CommandSpec] = []
    public private(set) var panes: [(name: String, topics: [String])] = []
    /// The state pane's groups, in the order they were declared.
    private var groups: [() -> StateGroup] = []
    private var afterChanges: [() -> Void] = []

    private init() {}

    /// The factory a lesson's front matter names: `declare` makes the module's objects afresh each time the session
    /// makes the module (load, reset, undo, goto).
    public static func factory(
        _ name: String, messages: [Phrase] = [], declare: @escaping @Sendable (Declaration) -> Void
    ) -> ModuleFactory {
        ModuleFactory(name: name, messages: messages) { context in
            let module = DeclaredModule()
            declare(Declaration(module: module, context: context))
            return module
        }
    }

    public func state() -> [StateGroup] { groups.map { $0() } }

    public func compiledLineRan() { changed() }

    func changed() { for body in afterChanges { body() } }

    /// What a declaration adds to its module. It holds the module `unowned`: the closures a module keeps may capture
    /// the declaration (`m.context`) without keeping the module alive.
    public final class Declaration {
        unowned let module: DeclaredModule
        /// Where the module's messages go, in the session's language.
        public let context: ModuleContext

        init(module: DeclaredModule, context: ModuleContext) {
            self.module = module
            self.context = context
        }

        /// A live object under `name`, its methods listed by `api`; `state: false` keeps it out of the state pane,
        /// `fields` shows only the stored properties named, in that order (`["score", "isOver"]`), and `stacks`
        /// names the arrays whose end is their top (`undoStack`): cut, they keep their end (``StateValue/stack(_:)``).
        @discardableResult
        public func live<T: AnyObject>(
            _ name: String, _ instance: T, state: Bool = true, fields: [String]? = nil, stacks: Set<String> = [],
            _ api: (LiveAPI<T>) -> Void = { _ in }
        ) -> LiveObject {
            let list = LiveAPI(instance, module: module)
            api(list)
            // The instance's own class, not the static type it was passed as (a subclass listed with its base's API).
            let type = Reflection.unqualified(String(reflecting: Swift.type(of: instance)))
            let short = type.split(separator: ".").last.map(String.init) ?? type
            let object = LiveObject(name: name, typeName: short, methods: list.methods).holding { instance }
            object.swiftType = type
            module.objects.append(object)
            if state {
                let texts = FieldTexts<StateValue>()
                module.groups.append { [unowned module, context] in
                    StateGroup(
                        name, type: short,
                        DeclaredModule.storedFields(
                            of: instance, among: module.objects, only: fields, stacks: stacks,
                            learner: context.learnerNames, texts: texts))
                }
            }
            return object
        }

        /// A state-pane group the module words itself (what no stored property says as it is).
        public func group(_ name: String, type: String, _ fields: @escaping () -> [StateField]) {
            module.groups.append { StateGroup(name, type: type, fields()) }
        }

        /// A short command: its checked words make the Swift that runs, as if typed.
        public func command(
            _ name: String, _ arguments: [ArgumentSpec] = [], summary: String,
            _ swift: @escaping (Arguments) throws -> String
        ) {
            module.commands.append(CommandSpec(name, arguments, summary: .verbatim(summary), .swift(swift)))
        }

        /// A pane of the lesson's own, with the topics routed to it.
        public func pane(_ name: String, topics: [String]) { module.panes.append((name, topics)) }

        /// Runs after every call or line that may have changed the objects (not during a replay's messages: posts
        /// are muted then).
        public func afterChange(_ body: @escaping () -> Void) { module.afterChanges.append(body) }
    }

    /// An object's stored properties as state fields: a lesson object it holds by its name, then an object a
    /// learner's name holds (`screen.loader = cache`: `loader: same object as cache`), anything else as the
    /// playground shows values. The object itself is not "the same object as" itself. With `only`, the properties
    /// of those names, in that order (a name the object has no property for is left out). A property `stacks` names
    /// is a ``StateValue/stack(_:)`` of its elements, each as the playground shows a value.
    static func storedFields(
        of instance: AnyObject, among objects: [LiveObject], only: [String]? = nil, stacks: Set<String> = [],
        learner: () -> [(name: String, value: Any)] = { [] }, texts: FieldTexts<StateValue>? = nil
    ) -> [StateField] {
        // The learner's names are read once, and only for an object no lesson name holds.
        var names: [(name: String, value: Any)]?
        func learnerNames() -> [(name: String, value: Any)] {
            if let names { return names }
            let read = learner()
            names = read
            return read
        }
        func shown(_ value: Any) -> StateValue {
            Reflection.cut(describe(value, objects: objects, learner: learnerNames))
        }
        func field(_ label: String, _ value: Any) -> StateField {
            if stacks.contains(label), case let mirror = Mirror(reflecting: value), mirror.displayStyle == .collection {
                return StateField(label, .stack(mirror.children.map { Reflection.display($0.value) }))
            }
            return StateField(label, texts.map { $0.text(label, value, describe: shown) } ?? shown(value))
        }
        let children = fields(of: instance)
        if let only {
            return only.compactMap { name in children.first { $0.label == name }.map { field(name, $0.value) } }
        }
        return children.compactMap { child in
            guard let label = child.label, !Reflection.isHidden(label) else { return nil }
            return field(label, child.value)
        }
    }

    /// An object's stored properties, its superclasses' first: by its class's layout, or through its mirrors.
    static func fields(of instance: AnyObject) -> [Mirror.Child] {
        if let layout = TypeFacts.of(type(of: instance)).objectFields, let children = layout.children(of: instance) {
            return children
        }
        return Reflection.mirroredFields(of: instance)
    }

    /// A stored property's value: as ``Reflection/describe(_:objects:)`` says it, or, for an object no lesson name
    /// holds, by the first of the learner's names that holds it (their values are unwrapped already).
    static func describe(_ value: Any, objects: [LiveObject], learner: () -> [(name: String, value: Any)]) -> String {
        let shown = Reflection.describe(value, objects: objects)
        guard !shown.hasPrefix("same object as "), let object = Reflection.object(in: value),
            let held = learner().first(where: { Reflection.object(in: $0.value) === object })
        else { return shown }
        return "same object as " + held.name
    }
}
