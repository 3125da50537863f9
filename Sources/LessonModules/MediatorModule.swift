import Patterns
import PlaygroundCore

/// The `mediator` lesson: pages that talk only through a page view controller, the link count with and without a
/// mediator, and the playground's own pane mediator.
public final class MediatorModule: LessonModule {
    let context: ModuleContext
    let pager = PageViewController()
    let red = SenderPage(name: "red")
    var lastDelivery = 0

    public init(context: ModuleContext) {
        self.context = context
        pager.add(red)
        context.addPane("red", topic: "page.red")
        addReceiver("blue")
    }

    public static let factory = ModuleFactory(name: "mediator") { MediatorModule(context: $0) }

    var receivers: [ReceiverPage] { pager.pages.compactMap { $0 as? ReceiverPage } }

    func addReceiver(_ name: String) {
        let page = ReceiverPage(name: name)
        let context = self.context
        page.onReceive = { [weak self] text in
            self?.lastDelivery += 1
            context.post("page.\(name)", text, source: name)
        }
        pager.add(page)
        // Each page is its own pane: the program's mediator routes the page's topic there.
        context.addPane(name, topic: "page.\(name)")
    }

    public lazy var objects: [LiveObject] = [
        LiveObject(name: "red", typeName: "SenderPage", methods: [
            Method("viewDidDisappear", summary: "the page is hidden: it sends through its mediator") { [unowned self] _ in
                hide(); return .done
            },
            Method("send", [Param("message", .string)], summary: "send a message through the mediator") { [unowned self] a in
                lastDelivery = 0
                context.post("page.red", "send(message: \(SwiftValue.string(a[0].text).swiftSource)) -> mediator", source: "red")
                red.send(message: a[0].text)
                context.post("log", "mediator delivered to \(lastDelivery) page(s)", source: "pager")
                return .done
            },
        ]),
        LiveObject(name: "pager", typeName: "PageViewController", methods: [
            Method("addReceiverPage", [Param(nil, .string)], summary: "add a receiving page at run time") { [unowned self] a in
                try add(a[0].text); return .done
            },
        ]),
    ]

    func hide() {
        lastDelivery = 0
        context.post("page.red", "viewDidDisappear() -> mediator.send(message:)", source: "red")
        red.viewDidDisappear()
        context.post("log", "mediator delivered to \(lastDelivery) page(s)", source: "pager")
    }

    func add(_ name: String) throws {
        guard !name.isEmpty, name.count <= 12, name.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw PlaygroundError(context.tr("a page name is 1 to 12 letters or digits"))
        }
        guard !pager.pages.contains(where: { $0.name == name }), !context.panes.contains(where: { $0.name == name }) else {
            throw PlaygroundError(context.tr("there is already a page or pane called '{0}'", name))
        }
        addReceiver(name)
        context.post("product", linkTable(), source: "pager")
    }

    func linkTable() -> String {
        let n = pager.pages.count
        var lines = ["colleagues   links without a mediator   links with one"]
        for count in 2...max(2, n) {
            let mark = count == n ? "  ← now" : ""
            lines.append(DisplayWidth.padLeft(String(count), to: 10) + DisplayWidth.padLeft(String(PageViewController.directLinks(count)), to: 27)
                         + DisplayWidth.padLeft(String(PageViewController.mediatedLinks(count)), to: 17) + mark)
        }
        return lines.joined(separator: "\n")
    }

    public lazy var commands: [CommandSpec] = [
        CommandSpec("hide", [ArgumentSpec("page", .choice(["red"]))], summary: "hide the sender page: red.viewDidDisappear()",
                    action: .swift { _ in "red.viewDidDisappear()" }),
        CommandSpec("page", [ArgumentSpec("action", .choice(["add"])), ArgumentSpec("name")], summary: "add a receiving page: pager.addReceiverPage(_:)",
                    action: .swift { a in "pager.addReceiverPage(\(SwiftValue.string(a[1]).swiftSource))" }),
        CommandSpec("links", summary: "links between colleagues with and without a mediator", changesState: false,
                    action: .native { [unowned self] _ in context.post("product", linkTable(), source: "pager") }),
    ]

    public func state() -> [StateGroup] {
        let n = pager.pages.count
        return [
            StateGroup("pager", type: "PageViewController", [
                ("pages", pager.pages.map(\.name).joined(separator: ", ")),
                ("receivers", String(receivers.count)),
                ("lastDelivery", "\(lastDelivery) page(s)"),
                ("linksWithout", String(PageViewController.directLinks(n))),
                ("linksWith", String(PageViewController.mediatedLinks(n))),
            ]),
            StateGroup("routes", type: "Mediator", [("log", context.paneName(for: "log") ?? "-")]),
        ]
    }
}
