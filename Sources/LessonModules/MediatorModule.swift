import Patterns
import PlaygroundCore

/// The `mediator` lesson: pages that talk only through a page view controller, the link count with and without a
/// mediator, and the playground's own pane mediator.
public final class MediatorModule: LessonModule {
    let context: ModuleContext
    let pager = PageViewController()
    let red = SenderPage(name: "red")
    let blue = ReceiverPage(name: "blue")

    public init(context: ModuleContext) {
        self.context = context
        pager.add(red)
        context.addPane("red", topic: "page.red")
        addReceiver(blue)
    }

    public static let factory = ModuleFactory(name: "mediator", messages: MediatorText.allCases.map(\.phrase)) {
        MediatorModule(context: $0)
    }

    /// How many of the pager's messages the log has reported: it reports the others, whichever engine sent them.
    var messagesReported = 0

    var receivers: [ReceiverPage] { pager.pages.compactMap { $0 as? ReceiverPage } }
    /// Receivers of a type the learner wrote (a code exercise): the pager delivers to them like to any recipient.
    var otherRecipients: [Receiver] { pager.recipients.filter { !($0 is ReceiverPage) } }

    func addReceiver(_ page: ReceiverPage) {
        let name = page.name
        let context = self.context
        page.onReceive = { text in context.post("page.\(name)", text, source: name) }
        pager.add(page)
        // Each page is its own pane: the program's mediator routes the page's topic there.
        context.addPane(name, topic: "page.\(name)")
    }

    /// The module's objects. A page added later has no name in Swift's scope unless the learner binds it
    /// (`let teal = SenderPage(name: "teal")`).
    public var objects: [LiveObject] { fixedObjects }
    /// The sender pages the learner made, by the name they were bound to, until `pager.add(_:)` takes them.
    var madeSenders: [String: SenderPage] = [:]

    /// `let teal = SenderPage(name: "teal")`: a real sender page, not yet in the pager; `pager.add(teal)` adds it.
    public var initializers: [LiveInitializer] {
        [
            LiveInitializer("SenderPage", [Param("name", .string)]) { [unowned self] binding, arguments in
                guard case .text(let name)? = arguments.first else {
                    throw InternalError("SenderPage(name:) without a name")
                }
                let page = SenderPage(name: name)
                madeSenders[binding] = page
                return senderObject(page, named: binding).holding { page }
            }
        ]
    }

    /// A compiled line may have added pages to the real pager: each gets its pane, a receiver its listener, and the
    /// link table is drawn again, as when the module adds a page itself.
    public func compiledLineRan() {
        reportDelivery()
        var added = false
        for page in pager.pages where !context.paneNames.contains(page.name) {
            if let receiver = page as? ReceiverPage {
                let name = receiver.name
                let context = self.context
                receiver.onReceive = { text in context.post("page.\(name)", text, source: name) }
            }
            context.addPane(page.name, topic: "page.\(page.name)")
            added = true
        }
        if added { context.post("product", linkTable(), source: "pager") }
    }

    lazy var fixedObjects: [LiveObject] = [
        senderObject(red).holding { [unowned self] in red },
        LiveObject(
            name: "pager", typeName: "PageViewController",
            methods: LiveAPI.methods(of: pager) { api in
                api.method(
                    Method("add") { [unowned self] (page: NewPage) in
                        try add(page); return .done
                    })
                // The mediator's own entry point: what a sender calls.
                api.call("send", "message", PageViewController.send)
                api.after { [unowned self] in reportDelivery() }
                api.method(
                    Method(property: "pages", type: "[Page]") { [unowned self] in
                        ShownValue(
                            source: "["
                                + pager.pages.map { "\(type(of: $0))(name: \(SwiftValue.quoted($0.name)))" }.joined(
                                    separator: ", ") + "]",
                            printed: "[" + pager.pages.map { "Patterns.\(type(of: $0))" }.joined(separator: ", ") + "]")
                    })
                api.method(
                    Method(property: "recipients", type: "[Receiver]") { [unowned self] in
                        ShownValue(
                            source: "["
                                + receivers.map { "ReceiverPage(name: \(SwiftValue.quoted($0.name)))" }.joined(
                                    separator: ", ") + "]",
                            printed: "[" + receivers.map { _ in "Patterns.ReceiverPage" }.joined(separator: ", ")
                                + "]")
                    })
            }
        ).holding { [unowned self] in pager },
        LiveObject(
            name: "blue", typeName: "ReceiverPage",
            methods: LiveAPI.methods(of: blue) { api in
                api.call("receive", "message", ReceiverPage.receive)
                api.property("name", \.name)
            }
        ).holding { [unowned self] in blue },
    ]

    /// A sender page as a live object: `red`, or one the learner added.
    func senderObject(_ page: SenderPage, named binding: String? = nil) -> LiveObject {
        let name = page.name
        return LiveObject(
            name: binding ?? name, typeName: "SenderPage",
            methods: [
                Method("viewDidDisappear") { [unowned self, unowned page] in
                    speak(page, "viewDidDisappear() -> mediator.send(message:)") { page.viewDidDisappear() }
                    return .done
                },
                Method(property: "name", type: "String") { ShownValue(source: SwiftValue.quoted(name), printed: name) },
                Method("send", "message") { [unowned self, unowned page] (message: String) in
                    speak(page, "send(message: \(SwiftValue.quoted(message))) -> mediator") {
                        page.send(message: message)
                    }
                    return .done
                },
            ])
    }

    /// A sender page talks: its pane says how, the mediator delivers, and the log counts the pages that heard.
    func speak(_ page: SenderPage, _ how: String, _ talk: () -> Void) {
        context.post("page.\(page.name)", how, source: page.name)
        talk()
        reportDelivery()
    }

    /// After the pager delivered a message, by a call or a compiled line: the log says to how many recipients (the
    /// pager's own count), and the pane of each recipient of the learner's types says it was called.
    func reportDelivery() {
        guard pager.messagesSent != messagesReported else { return }
        messagesReported = pager.messagesSent
        for case let page as Page in otherRecipients {
            context.post("page.\(page.name)", MediatorText.receiveCalled.phrase, source: page.name)
        }
        context.post("log", MediatorText.delivered(String(pager.lastDelivery)), source: "pager")
    }

    func add(_ page: NewPage) throws {
        let name = page.name
        guard !name.isEmpty, name.count <= 12, name.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw PlaygroundError(MediatorText.pageName.phrase)
        }
        guard !pager.pages.contains(where: { $0.name == name }), !context.paneNames.contains(name) else {
            throw PlaygroundError(MediatorText.alreadyThere(name))
        }
        switch page.type {
        case "bound":
            // `pager.add(teal)`: the page the learner made with `let teal = SenderPage(name: "teal")`.
            // A page of a type the learner wrote is the compiler's to add.
            guard let made = madeSenders[page.name] else {
                throw PlaygroundError(MediatorText.notAPageThisLessonMade(page.name))
            }
            guard !pager.pages.contains(where: { $0 === made }), !context.paneNames.contains(made.name) else {
                throw PlaygroundError(MediatorText.alreadyThere(made.name))
            }
            pager.add(made)
            context.addPane(made.name, topic: "page.\(made.name)")
        case "ReceiverPage":
            addReceiver(ReceiverPage(name: name))
        case "SenderPage":
            // A sender talks to the pager like red does; Swift has no name for it unless the learner bound one.
            pager.add(SenderPage(name: name))
            context.addPane(name, topic: "page.\(name)")
        default:
            // A plain page neither sends nor receives: the pager holds it, and it hears nothing.
            pager.add(Page(name: name))
            context.addPane(name, topic: "page.\(name)")
        }
        context.post("product", linkTable(), source: "pager")
    }

    /// Links between colleagues with and without a mediator, for 2 up to the pages there are now.
    func linkTable() -> String {
        let n = pager.pages.count
        let headers = [MediatorText.colleagues, .linksWithout, .oneSenderDirect, .linksWith].map {
            $0.text(context.lang)
        }
        let widths = headers.map { DisplayWidth.of($0) }
        var lines = [
            headers.enumerated().map { i, h in i == 0 ? DisplayWidth.padLeft(h, to: max(10, widths[0])) : h }.joined(
                separator: "   ")
        ]
        for count in 2...max(2, n) {
            let cells = [
                String(count), String(PageViewController.directLinks(count)), String(count - 1),
                String(PageViewController.mediatedLinks(count)),
            ]
            let row = cells.enumerated().map { i, cell in
                DisplayWidth.padLeft(cell, to: i == 0 ? max(10, widths[0]) : widths[i] + 3)
            }.joined()
            lines.append(row + (count == n ? "  " + MediatorText.now.text(context.lang) : ""))
        }
        return lines.joined(separator: "\n")
    }

    public lazy var commands: [CommandSpec] = [
        CommandSpec(
            "hide", [ArgumentSpec("page")], summary: .verbatim("<page>.viewDidDisappear()"),
            .call { .call(try $0.word(0), "viewDidDisappear") }),
        CommandSpec(
            "page", [ArgumentSpec("action", .choice(["add"])), ArgumentSpec("name")],
            summary: .verbatim("pager.add(ReceiverPage(name:))"),
            .call {
                .call(
                    "pager", "add",
                    .value(.construct(type: "ReceiverPage", arguments: [.labelled("name", .string(try $0.word(1)))])))
            }),
        CommandSpec(
            "links", summary: MediatorText.linksSummary.phrase, changesState: false,
            .native { [unowned self] _ in context.post("product", linkTable(), source: "pager") }),
    ]

    public func state() -> [StateGroup] {
        let n = pager.pages.count
        return [
            StateGroup(
                "pager", type: "PageViewController",
                [
                    StateField("pages", .plain(pager.pages.map(\.name).joined(separator: ", "))),
                    StateField("receivers", .number(pager.recipients.count)),
                    StateField("lastSender", .plain(pager.lastSender ?? "-")),
                    StateField("lastDelivery", .plain("\(pager.lastDelivery) page(s)")),
                    StateField("linksWithout", .number(PageViewController.directLinks(n))),
                    StateField("linksWith", .number(PageViewController.mediatedLinks(n))),
                ]),
            StateGroup("routes", type: "Mediator", [StateField("log", .plain(context.paneName(for: "log") ?? "-"))]),
        ]
    }
}

/// A page made in the call, `ReceiverPage(name: "green")` or `SenderPage(name: "note")`: what `pager.add(_:)` takes.
struct NewPage: ArgumentType {
    var name: String
    /// `ReceiverPage`, `SenderPage` or `Page`: every initializer `pager.add(_:)` can be given here.
    var type: String

    static var parameterType: ParamType {
        .instance(
            type: "Page",
            initializers: ["ReceiverPage", "SenderPage", "Page"].map { Initializer($0, [Param("name", .string)]) })
    }

    init(checked value: ArgValue) throws(InternalError) {
        if case .object(let binding) = value {
            // A page the learner made and bound: its binding's name.
            name = binding
            type = "bound"
            return
        }
        guard case .constructed(let type, let arguments) = value, case .text(let name)? = arguments.first else {
            throw InternalError("a checked argument \(value) is not a Page")
        }
        self.name = name
        self.type = type
    }
}

/// What the mediator lesson's objects say, in English and Korean.
enum MediatorText: String, TextCatalog {
    case pageName, alreadyThere, notAPageThisLessonMade, receiveCalled, delivered, colleagues, linksWithout,
        oneSenderDirect, linksWith, now, linksSummary

    var texts: (en: String, ko: String) {
        switch self {
        case .pageName: ("a page name is 1 to 12 letters or digits", "페이지 이름은 글자나 숫자 1–12자입니다")
        case .alreadyThere: ("there is already a page or pane called '{0}'", "'{0}'라는 페이지나 패널이 이미 있습니다")
        case .notAPageThisLessonMade: ("'{0}' is not a page this lesson made", "'{0}'은(는) 이 레슨이 만든 페이지가 아닙니다")
        case .receiveCalled: ("receive(message:) called by the mediator", "중재자가 receive(message:)를 호출했습니다")
        case .delivered: ("mediator delivered to {0} page(s)", "중재자가 페이지 {0}개에 전달했습니다")
        case .colleagues: ("colleagues", "동료 수")
        case .linksWithout: ("all talk, direct", "모두 직접 연결")
        case .oneSenderDirect: ("one talks, direct", "하나만 직접 연결")
        case .linksWith: ("with a mediator", "중재자를 둘 때")
        case .now: ("← now", "← 지금")
        case .linksSummary: ("links between colleagues with and without a mediator", "중재자가 있을 때와 없을 때 동료 사이의 연결 수")
        }
    }
}
