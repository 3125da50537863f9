import Patterns
import PlaygroundCore

/// The `builder` lesson: a live ``HamburgerBuilder`` and the fluent alert builders.
public final class BuilderModule: LessonModule {
    let context: ModuleContext
    let builder = HamburgerBuilder()
    let screen = Screen()
    let alertBuilder: AlertConcreteBuilder
    let buggyBuilder: BuggyAlertBuilder
    /// The alert objects appear in the state pane once the learner first touches them.
    var alertsInUse: Set<String> = []
    var lastBurger: Hamburger?
    var lastActionRan: Bool?

    public init(context: ModuleContext) {
        self.context = context
        alertBuilder = AlertConcreteBuilder(screen: screen)
        buggyBuilder = BuggyAlertBuilder(screen: screen)
    }

    public static let factory = ModuleFactory(name: "builder") { BuilderModule(context: $0) }

    static let meats = Meat.allCases.map(\.rawValue)
    static let sauces = Sauces.named.map(\.name)
    static let toppings = Toppings.named.map(\.name)

    // MARK: live objects

    public lazy var objects: [LiveObject] = [builderObject, alertObject(named: "alert", alertBuilder), alertObject(named: "buggyAlert", buggyBuilder)]

    lazy var builderObject = LiveObject(name: "builder", typeName: "HamburgerBuilder", methods: [
        Method("setMeat", [Param(nil, .enumCase(type: "Meat", cases: Self.meats))], throws: true, summary: "choose the meat (throws when sold out)") { [unowned self] args in
            let meat = Meat(rawValue: args[0].singleCase)!
            do { try builder.setMeat(meat) } catch HamburgerBuilder.Error.soldOut(let m) {
                throw ThrownError("HamburgerBuilder.Error.soldOut(.\(m.rawValue))", context.tr("{0} is sold out", m.rawValue))
            }
            return .done
        },
        Method("addSauces", [Param(nil, .optionSet(type: "Sauces", cases: Self.sauces))], summary: "add sauces") { [unowned self] args in
            builder.addSauces(Self.sauces(args[0])); return .done
        },
        Method("removeSauces", [Param(nil, .optionSet(type: "Sauces", cases: Self.sauces))], summary: "remove sauces") { [unowned self] args in
            builder.removeSauces(Self.sauces(args[0])); return .done
        },
        Method("addToppings", [Param(nil, .optionSet(type: "Toppings", cases: Self.toppings))], summary: "add toppings") { [unowned self] args in
            builder.addToppings(Self.toppings(args[0])); return .done
        },
        Method("removeToppings", [Param(nil, .optionSet(type: "Toppings", cases: Self.toppings))], summary: "remove toppings") { [unowned self] args in
            builder.removeToppings(Self.toppings(args[0])); return .done
        },
        Method("build", returns: .value("Hamburger"), summary: "build the burger from the parts so far") { [unowned self] _ in
            let burger = builder.build()
            lastBurger = burger
            context.post("product", Self.picture(of: burger), source: "builder")
            context.post("log", "builder.build() -> \(burger)", source: "builder")
            return .done
        },
        Method("meat", returns: .value("Meat"), property: true) { [unowned self] _ in
            context.post("out", "." + builder.meat.rawValue, source: "builder"); return .done
        },
        Method("sauces", returns: .value("Sauces"), property: true) { [unowned self] _ in
            context.post("out", Render.options(builder.sauces.names), source: "builder"); return .done
        },
        Method("toppings", returns: .value("Toppings"), property: true) { [unowned self] _ in
            context.post("out", Render.options(builder.toppings.names), source: "builder"); return .done
        },
    ])

    static func sauces(_ value: ArgValue) -> Sauces {
        value.cases.reduce(into: Sauces()) { set, name in set.insert(Sauces.named.first { $0.name == name }!.value) }
    }
    static func toppings(_ value: ArgValue) -> Toppings {
        value.cases.reduce(into: Toppings()) { set, name in set.insert(Toppings.named.first { $0.name == name }!.value) }
    }

    func alertObject(named name: String, _ alert: some AlertBuilding) -> LiveObject {
        let type = alert is BuggyAlertBuilder ? "BuggyAlertBuilder" : "AlertConcreteBuilder"
        return LiveObject(name: name, typeName: type, methods: [
            Method("setTitle", [Param(nil, .string)], returns: .this, summary: "set the title; returns Self") { [unowned self] args in
                alertsInUse.insert(name); alert.setTitle(args[0].text); return .this
            },
            Method("setMessage", [Param(nil, .string)], returns: .this, summary: "set the message; returns Self") { [unowned self] args in
                alertsInUse.insert(name); alert.setMessage(args[0].text); return .this
            },
            Method("addConfirmAction", [Param(nil, .string), Param("action", .closure)], returns: .this,
                   summary: "add the confirm button and its action; returns Self") { [unowned self] args in
                alertsInUse.insert(name)
                let prints = args[1].prints
                let context = self.context
                // The closure's print goes to the log pane: live objects never print.
                nonisolated(unsafe) let post = { for text in prints { context.post("log", text, source: "print") } }
                alert.addConfirmAction(args[0].text, action: { post() })
                return .this
            },
            Method("present", returns: .value("Alert"), summary: "show the alert on the screen") { [unowned self] _ in
                alertsInUse.insert(name)
                let shown = alert.present()
                context.post("product", Self.picture(of: shown), source: name)
                context.post("log", "\(name).present() -> screen shows \(Render.optional(shown.title))", source: name)
                return .done
            },
            Method("confirm", summary: "tap the confirm button of the alert on screen") { [unowned self] _ in
                try tapConfirm(source: name)
                return .done
            },
        ])
    }

    func tapConfirm(source: String) throws {
        guard let shown = screen.presented else {
            throw ThrownError("AlertError.nothingPresented", context.tr("no alert is on the screen; present() one first"))
        }
        context.post("log", "tap \(Render.optional(shown.confirm?.title))", source: source)
        let ran = screen.tapConfirm()
        lastActionRan = ran
        if !ran { context.post("log", "(no action ran: the button has no handler)", source: source) }
        context.post("product", "(the screen is empty)", source: source)
    }

    // MARK: short commands

    public lazy var commands: [CommandSpec] = [
        CommandSpec("meat", [ArgumentSpec("meat", .choice(Self.meats))], summary: "choose the meat: builder.setMeat(_:)",
                    action: .swift { "builder.setMeat(.\($0[0]))" }),
        CommandSpec("sauce", [ArgumentSpec("change", .choice(["add", "remove"])), ArgumentSpec("sauce", .choice(Self.sauces), variadic: true)],
                    summary: "add or remove sauces: builder.addSauces(_:)",
                    action: .swift { a in "builder.\(a[0] == "add" ? "addSauces" : "removeSauces")(\(Self.list(a.dropFirst())))" }),
        CommandSpec("topping", [ArgumentSpec("change", .choice(["add", "remove"])), ArgumentSpec("topping", .choice(Self.toppings), variadic: true)],
                    summary: "add or remove toppings: builder.addToppings(_:)",
                    action: .swift { a in "builder.\(a[0] == "add" ? "addToppings" : "removeToppings")(\(Self.list(a.dropFirst())))" }),
        CommandSpec("build", summary: "build the burger: builder.build()", action: .swift { _ in "let burger = builder.build()" }),
        CommandSpec("show", summary: "show the last burger built", changesState: false, action: .native { [unowned self] _ in
            context.post("product", lastBurger.map(Self.picture(of:)) ?? "(nothing built yet: try 'build')", source: "builder")
        }),
        CommandSpec("title", [ArgumentSpec("text")], summary: "alert.setTitle(_:)", action: .swift { "alert.setTitle(\(SwiftValue.string($0[0]).swiftSource))" }),
        CommandSpec("message", [ArgumentSpec("text")], summary: "alert.setMessage(_:)", action: .swift { "alert.setMessage(\(SwiftValue.string($0[0]).swiftSource))" }),
        CommandSpec("button", [ArgumentSpec("title"), ArgumentSpec("prints", optional: true)],
                    summary: "alert.addConfirmAction(_:action:) with an action that prints",
                    action: .swift { a in "alert.addConfirmAction(\(SwiftValue.string(a[0]).swiftSource)) \(SwiftValue.closure([a.count > 1 ? a[1] : "\(a[0]) tapped"]).swiftSource)" }),
        CommandSpec("present", summary: "alert.present()", action: .swift { _ in "alert.present()" }),
        CommandSpec("tap", [ArgumentSpec("button")], summary: "tap the button of the alert on screen",
                    action: .native { [unowned self] a in
                        guard let shown = screen.presented else { try tapConfirm(source: "screen"); return }
                        let title = shown.confirm?.title ?? ""
                        guard title == a[0] else {
                            throw PlaygroundError(context.tr("the alert on screen has no button '{0}'", a[0])
                                                 + (title.isEmpty ? context.tr("; its button has no title") : context.tr("; its button is '{0}'", title)))
                        }
                        context.post("code", "screen.tapConfirm()", source: "screen")
                        try tapConfirm(source: "screen")
                    }),
    ]

    static func list<S: Sequence>(_ names: S) -> String where S.Element == String {
        let all = Array(names)
        return all.count == 1 ? "." + all[0] : Render.options(all)
    }

    // MARK: state

    public func state() -> [StateGroup] {
        var groups = [StateGroup("builder", type: "HamburgerBuilder", [
            ("meat", "." + builder.meat.rawValue),
            ("sauces", Render.options(builder.sauces.names)),
            ("toppings", Render.options(builder.toppings.names)),
        ])]
        if alertsInUse.contains("alert") {
            groups.append(alertState("alert", alertBuilder.title, alertBuilder.message, alertBuilder.confirmAction))
        }
        if alertsInUse.contains("buggyAlert") {
            groups.append(alertState("buggyAlert", buggyBuilder.title, buggyBuilder.message, buggyBuilder.confirmAction))
        }
        if !alertsInUse.isEmpty {
            groups.append(StateGroup("screen", type: "Screen", [
                ("presented", screen.presented.map { Render.optional($0.title) } ?? "nil"),
                ("lastTap", lastActionRan.map { $0 ? "action ran" : "nothing ran" } ?? "nil"),
            ]))
        }
        return groups
    }

    func alertState(_ name: String, _ title: String?, _ message: String?, _ action: AlertAction?) -> StateGroup {
        let actionText = action.map { "AlertAction(title: \(Render.optional($0.title)), handler: \($0.handler == nil ? "nil" : "{ ... }"))" } ?? "nil"
        return StateGroup(name, type: name == "alert" ? "AlertConcreteBuilder" : "BuggyAlertBuilder",
                          [("title", Render.optional(title)), ("message", Render.optional(message)), ("confirmAction", actionText)])
    }

    public func explain(field: String, expected: String, actual: String) -> String? {
        if field == "buggyAlert.confirmAction" || (field == "screen.lastTap" && alertsInUse.contains("buggyAlert") && buggyBuilder.confirmAction == nil) {
            return "BuggyAlertBuilder.addConfirmAction writes `confirmAction?.title = title`, but confirmAction is nil: "
                + "optional chaining on nil does nothing, so no action was ever created. Create it: "
                + "`confirmAction = AlertAction(title: title, handler: action)`."
        }
        return nil
    }

    // MARK: pictures

    static func picture(of burger: Hamburger) -> String {
        let width = 17
        var lines = [Render.centred(burger.description, width: width), "  _____________", " /  . . . . .  \\"]
        for topping in burger.toppings.names.reversed() { lines.append(" " + Render.centred(" \(topping) ", width: width - 2, fill: "~")) }
        for sauce in burger.sauces.names.reversed() { lines.append(" " + Render.centred(" \(sauce) ", width: width - 2, fill: "=")) }
        lines.append("[" + Render.centred(" \(burger.meat.rawValue) ", width: width - 2, fill: "#") + "]")
        lines.append(" \\_____________/")
        return lines.joined(separator: "\n")
    }

    static func picture(of alert: Alert) -> String {
        var lines: [String?] = []
        lines.append(alert.title ?? "")
        if let message = alert.message { lines.append(message) }
        lines.append(nil)
        lines.append("[ " + (alert.confirm?.title ?? "") + " ]")
        return Render.box(lines)
    }
}
