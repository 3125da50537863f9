/// What a live object posts through: the session's mediator, seen only as "post a message on a topic".
public final class ModuleContext {
    let mediator: Mediator
    public internal(set) var width: Int
    /// Panes a module added at run time; removed when another lesson loads.
    var addedPanes: [String] = []

    /// The interface language: what modules say around their objects is translated like the rest.
    public internal(set) var lang: Lang

    init(mediator: Mediator, width: Int, lang: Lang = .en) {
        self.mediator = mediator
        self.width = width
        self.lang = lang
    }

    /// A module's message in the interface language (English text as the key, `{0}`... for arguments).
    public func tr(_ english: String, _ arguments: String...) -> String { Strings.text(english, lang, arguments) }

    public func post(_ topic: String, _ text: String, source: String) {
        mediator.post(PaneMessage(topic: topic, source: source, text: text))
    }

    /// Adds a pane at run time (a lesson's page appearing) and routes `topic` to it.
    public func addPane(_ name: String, topic: String) {
        if mediator.pane(named: name) == nil { addedPanes.append(name) }
        mediator.addPane(Pane(name: name, kind: .append))
        mediator.route(topic, to: name)
    }

    /// Where the program's own mediator sends a topic now (lessons about the mediator look at it).
    public func paneName(for topic: String) -> String? { mediator.paneName(for: topic) }

    /// The panes that exist now, in order, with whether each is shown.
    public var panes: [(name: String, shown: Bool)] { mediator.panes.map { ($0.name, $0.isShown) } }
}

/// The live objects' fields, grouped by object, as the state pane shows them and goals compare them.
public struct StateGroup: Equatable, Sendable {
    /// e.g. `builder: HamburgerBuilder`.
    public var title: String
    /// The object's name; field keys are `name.field`.
    public var object: String
    public var fields: [(name: String, value: String)]

    public init(_ object: String, type: String, _ fields: [(String, String)]) {
        self.title = "\(object): \(type)"
        self.object = object
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Every field of `groups` by its key, `object.field`: what goals, hints and change detection compare.
    public static func values(_ groups: [StateGroup]) -> [String: String] {
        var out: [String: String] = [:]
        for group in groups { for field in group.fields { out["\(group.object).\(field.name)"] = field.value } }
        return out
    }

    public static func == (a: StateGroup, b: StateGroup) -> Bool {
        a.title == b.title && a.fields.elementsEqual(b.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// A lesson's module: wraps live objects from the Patterns target and declares commands and panes.
/// A new instance is made on load, reset and undo (by replay), so everything lives in the instance.
public protocol LessonModule: AnyObject {
    /// Objects reachable by name in the Swift-call form.
    var objects: [LiveObject] { get }
    /// Short commands, e.g. `meat <meat>`.
    var commands: [CommandSpec] { get }
    /// Panes this module needs beyond the standard ones, with the topics routed to each.
    var panes: [(name: String, topics: [String])] { get }
    /// The current state of the live objects.
    func state() -> [StateGroup]
    /// Why a goal field differs, when the module can say more than "expected X, got Y".
    func explain(field: String, expected: String, actual: String) -> String?
}

extension LessonModule {
    public var panes: [(name: String, topics: [String])] { [] }
    public func explain(field: String, expected: String, actual: String) -> String? { nil }
}

/// How the session makes a module by the name in a lesson's front matter.
public struct ModuleFactory: Sendable {
    public var name: String
    public var make: @Sendable (ModuleContext) -> LessonModule
    public init(name: String, make: @escaping @Sendable (ModuleContext) -> LessonModule) {
        self.name = name
        self.make = make
    }
}
