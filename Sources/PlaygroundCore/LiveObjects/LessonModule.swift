/// A lesson's module: wraps live objects from the Patterns target and declares commands and panes.
///
/// A new instance is made on load, reset, undo and goto, and the session replays its journal into it; everything a
/// module knows lives in the instance, and the panes it adds go with it.
public protocol LessonModule: AnyObject {
    /// Objects reachable by name in the Swift-call form.
    /// The live objects, fixed for the module's life (the session reads their names once per module).
    var objects: [LiveObject] { get }
    /// Short commands, e.g. `meat <meat>`.
    var commands: [CommandSpec] { get }
    /// Panes this module needs beyond the standard ones, with the topics routed to each.
    var panes: [(name: String, topics: [String])] { get }
    /// The current state of the live objects.
    func state() -> [StateGroup]
    /// Why a goal field differs, when the module can say more than "expected X, got Y".
    func explain(field: String, expected: String, actual: String) -> Phrase?
    /// The lesson's types a learner can make with `let b2 = HamburgerBuilder()`: a new real instance, as a live object
    /// named by the binding, with its state.
    var initializers: [LiveInitializer] { get }
    /// A compiled line ran on the real objects, past the module's own methods: the module shows what it changed
    /// that the state pane does not (a presented alert in the product pane). What the state pane and goals say is
    /// read from the objects, never from the line's text: nothing here may decide by it.
    func compiledLineRan()
    /// Names beyond ``objects`` that a compiled line sees, e.g. a `var` the lesson declares (`controller`).
    var variables: [LiveObject] { get }
    /// `controller = nil` and the like: an assignment to a variable the lesson declares. Nil when there is none.
    func assign(_ name: String, _ value: SwiftValue) throws -> Bool?
    /// What the trace calls an object that has no name of its own (`board.cell(0, 4)`), when the module knows it.
    func traceName(of object: AnyObject) -> String?
}

extension LessonModule {
    public var panes: [(name: String, topics: [String])] { [] }
    public func explain(field: String, expected: String, actual: String) -> Phrase? { nil }
    public var initializers: [LiveInitializer] { [] }
    public var variables: [LiveObject] { [] }
    public func compiledLineRan() {}
    public func assign(_ name: String, _ value: SwiftValue) throws -> Bool? { nil }
    public func traceName(of object: AnyObject) -> String? { nil }
}

/// One initializer of a lesson type: its parameters, and what makes the live object (given its name and the checked
/// arguments).
public struct LiveInitializer {
    public var type: String
    public var params: [Param]
    public var make: (String, [ArgValue]) throws -> LiveObject
    public init(_ type: String, _ params: [Param] = [], make: @escaping (String, [ArgValue]) throws -> LiveObject) {
        self.type = type
        self.params = params
        self.make = make
    }
}

extension LiveInitializer {
    /// `let b2 = HamburgerBuilder()`: a new real instance from `make`, under the learner's name, with the methods
    /// the module lists for it (given the instance and that name) and its fields in the state pane.
    public static func making<T>(
        _ type: String, _ make: @escaping () -> T, methods: @escaping (T, String) -> [Method],
        fields: @escaping (T) -> [StateField]
    ) -> LiveInitializer {
        LiveInitializer(type) { name, _ in
            let made = make()
            return LiveObject(name: name, typeName: type, methods: methods(made, name)) { fields(made) }
                .holding { made }
        }
    }
}

/// How the session makes a module by the name in a lesson's front matter.
public struct ModuleFactory: Sendable {
    public var name: String
    public var make: @Sendable (ModuleContext) -> LessonModule
    /// The module's own messages, for the test that every message exists in every language.
    public var messages: [Phrase]
    public init(name: String, messages: [Phrase] = [], make: @escaping @Sendable (ModuleContext) -> LessonModule) {
        self.name = name
        self.make = make
        self.messages = messages
    }
}

/// What a module's live objects post through: the session's mediator, seen only as "post a message on a topic".
/// One context a module instance; the panes it adds belong to that instance.
public final class ModuleContext {
    let mediator: Mediator
    /// The interface language: what modules say around their objects is in it.
    public let lang: Lang

    /// Lends the learner's names as they are now (set by the workspace that made the module).
    var lendNames: (() -> [(name: String, value: Any)])?

    init(mediator: Mediator, lang: Lang) {
        self.mediator = mediator
        self.lang = lang
    }

    /// The names the learner bound at the prompt (`let keep = board`) that hold a value strongly, each with what it
    /// holds now (an optional unwrapped; a `weak var` and an empty optional are left out): a module can say who
    /// keeps an object alive.
    public func learnerNames() -> [(name: String, value: Any)] { lendNames?() ?? [] }

    /// Posts a message. The text is not built while the mediator is muted (a replay): pictures cost.
    public func post(_ topic: String, _ text: @autoclosure () -> String, source: String) {
        guard !mediator.isMuted else { return }
        mediator.post(PaneMessage(topic: topic, source: source, text: text()))
    }

    /// Posts a message in the interface language.
    public func post(_ topic: String, _ phrase: @autoclosure () -> Phrase, source: String) {
        guard !mediator.isMuted else { return }
        mediator.post(PaneMessage(topic: topic, source: source, text: phrase().text(lang)))
    }

    /// Adds a pane at run time (a lesson's page appearing) and routes `topic` to it. It goes when the module does.
    public func addPane(_ name: String, topic: String) {
        mediator.addPane(Pane(name: name, kind: .append))
        mediator.route(topic, to: name)
    }

    /// Where the program's own mediator sends a topic now (lessons about the mediator look at it).
    public func paneName(for topic: String) -> String? { mediator.paneName(for: topic) }

    /// The names of the panes that exist now, in order.
    public var paneNames: [String] { mediator.panes.map(\.name) }
}
