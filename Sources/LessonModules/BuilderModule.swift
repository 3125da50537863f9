import Patterns
import PlaygroundCore

/// The `builder` lesson: a live ``HamburgerBuilder`` and the fluent alert builders.
public final class BuilderModule: LessonModule {
    let context: ModuleContext
    let builder = HamburgerBuilder()
    let screen = Screen()
    let alertBuilder: AlertConcreteBuilder
    let buggyBuilder: BuggyAlertBuilder
    var lastBurger: Hamburger?
    /// Which alert object presented what the screen shows (or showed before its tap).
    var lastPresenter: String?
    /// The alert the product pane last drew after a compiled line (its title, message and button).
    var lastDrawn: [String?]?
    /// The state groups of the two alerts and the screen, kept with what they were drawn from: the state is taken
    /// after every command, most commands leave these alone, and their text costs more than comparing its parts.
    var alertMemo = Memo<AlertParts, StateGroup>(), buggyAlertMemo = Memo<AlertParts, StateGroup>()
    var screenMemo = Memo<ScreenParts, StateGroup>()
    /// The builder's group, kept with its meat and the raw values of its option sets (the names cost an array each).
    var builderMemo = Memo<BuilderParts, StateGroup>()

    public init(context: ModuleContext) {
        self.context = context
        alertBuilder = AlertConcreteBuilder(screen: screen)
        buggyBuilder = BuggyAlertBuilder(screen: screen)
    }

    public static let factory = ModuleFactory(name: "builder", messages: BuilderText.allCases.map(\.phrase)) {
        BuilderModule(context: $0)
    }

    // MARK: live objects

    public lazy var objects: [LiveObject] = [
        builderObject, alertObject(named: "alert", alertBuilder).holding { [unowned self] in alertBuilder },
        alertObject(named: "buggyAlert", buggyBuilder).holding { [unowned self] in buggyBuilder },
        screenObject.holding { [unowned self] in screen },
    ]

    /// The screen both alert builders present on (`Screen`): tapping is its real API, not the builders'.
    lazy var screenObject = LiveObject(
        name: "screen", typeName: "Screen",
        methods: [
            Method("tapConfirm", returns: .value("Bool")) { [unowned self] in
                // The Bool itself, so that `let ran = screen.tapConfirm()` binds it.
                let ran = tapConfirm(source: "screen")
                return .object(LiveObject(name: "ran", typeName: "Bool", methods: []).holding { ran })
            }
        ])

    lazy var builderObject = LiveObject(
        name: "builder", typeName: "HamburgerBuilder", methods: builderMethods(builder, name: "builder")
    )
    .holding { [unowned self] in builder }

    /// `let b2 = HamburgerBuilder()`: a second real builder, with the same API, in the state pane under its name.
    public var initializers: [LiveInitializer] {
        [
            .making(
                "HamburgerBuilder", { HamburgerBuilder() }, methods: { [unowned self] in builderMethods($0, name: $1) },
                fields: Self.fields(of:))
        ]
    }

    /// The real API of a `HamburgerBuilder`, on `builder` or on one the learner made; building remembers the burger
    /// for `show`.
    func builderMethods(_ builder: HamburgerBuilder, name: String) -> [Method] {
        Self.hamburgerMethods(builder, name: name, context: context) { [unowned self] in lastBurger = $0 }
    }

    /// The real API of any lesson's `HamburgerBuilder`: its changes, its product in the product pane and the log,
    /// and the built burger as a value with read-only parts (`let burger = builder.build()`, then `burger.meat`).
    static func hamburgerMethods(
        _ builder: HamburgerBuilder, name: String, context: ModuleContext,
        built: @escaping (Hamburger) -> Void = { _ in }
    ) -> [Method] {
        LiveAPI.methods(of: builder) { api in
            api.call("setMeat", HamburgerBuilder.setMeat)
            api.call("addSauces", HamburgerBuilder.addSauces)
            api.call("removeSauces", HamburgerBuilder.removeSauces)
            api.call("addToppings", HamburgerBuilder.addToppings)
            api.call("removeToppings", HamburgerBuilder.removeToppings)
            api.thrown(soldOut)
            api.method(
                Method("build", returns: .value("Hamburger")) {
                    let burger = builder.build()
                    built(burger)
                    context.post("product", picture(of: burger), source: name)
                    context.post("log", name + ".build() -> " + burger.description, source: name)
                    return .object(burgerObject(burger))
                })
            api.property("meat", \.meat)
            api.property("sauces", \.sauces)
            api.property("toppings", \.toppings)
        }
    }

    /// The sold-out error of any burger builder's `setMeat(_:)`, named as Swift prints it. A sold-out meat is thrown
    /// before the builder changes (`HamburgerBuilder.setMeat` checks first): nothing to roll back.
    static func soldOut(_ error: any Error) -> ThrownError? {
        guard case HamburgerBuilder.Error.soldOut(let meat) = error else { return nil }
        return ThrownError(
            "HamburgerBuilder.Error.soldOut(.\(meat.rawValue))", BuilderText.isSoldOut(meat.rawValue),
            reflecting: error, changedNothing: true)
    }

    /// A `HamburgerBuilder`'s fields in the state pane.
    static func fields(of builder: HamburgerBuilder) -> [StateField] {
        [
            StateField("meat", .enumCase(builder.meat.rawValue)), StateField("sauces", .options(builder.sauces.names)),
            StateField("toppings", .options(builder.toppings.names)),
        ]
    }

    /// A built `Hamburger`: its parts, as properties.
    static func burgerObject(_ burger: Hamburger) -> LiveObject {
        LiveObject(
            name: "burger", typeName: "Hamburger",
            methods: LiveAPI.methods(of: burger) { api in
                api.property("meat", \.meat)
                api.property("sauces", \.sauces)
                api.property("toppings", \.toppings)
                api.property("description", \.description)
            }
        ).holding { burger }
    }

    func alertObject<Builder: AlertBuilding>(named name: String, _ alert: Builder) -> LiveObject {
        let type = alert is BuggyAlertBuilder ? "BuggyAlertBuilder" : "AlertConcreteBuilder"
        return LiveObject(
            name: name, typeName: type,
            methods: LiveAPI.methods(of: alert) { api in
                api.call("setTitle", Builder.setTitle)
                api.call("setMessage", Builder.setMessage)
                api.method(
                    Method("addConfirmAction", (nil, "action"), returns: .this) {
                        [unowned self] (title: String, action: PrintingClosure) in
                        let context = self.context
                        // The closure's print goes to the log pane: live objects never print.
                        nonisolated(unsafe) let post = {
                            for text in action.prints { context.post("log", text, source: "print") }
                        }
                        alert.addConfirmAction(title, action: { post() })
                        return .this
                    })
                api.method(
                    Method("present", returns: .value("Alert")) { [unowned self] in
                        let shown = alert.present()
                        lastPresenter = name
                        context.post("product", Self.picture(of: shown), source: name)
                        context.post(
                            "log", "\(name).present() -> screen shows \(Render.optional(shown.title))", source: name)
                        // The alert itself, so that `let shown = alert.present()` binds it.
                        return .object(LiveObject(name: "shown", typeName: "Alert", methods: []).holding { shown })
                    })
            })
    }

    /// A compiled line may have presented an alert: it is drawn in the product pane, as after the module's own
    /// `present()`.
    public func compiledLineRan() {
        let shown = screen.presented.map { [$0.title, $0.message, $0.confirm?.title ?? nil] }
        if let shown, let alert = screen.presented, shown != lastDrawn {
            // Presented by Swift the learner compiled, maybe from a builder they wrote.
            lastPresenter = nil
            context.post("product", Self.picture(of: alert), source: "screen")
        }
        lastDrawn = shown
    }

    /// `screen.tapConfirm()`, as the real screen does it: with nothing presented it returns false and nothing runs.
    @discardableResult
    func tapConfirm(source: String) -> Bool {
        let shown = screen.presented
        if let shown { context.post("log", "tap \(Render.optional(shown.confirm?.title))", source: source) }
        let ran = screen.tapConfirm()
        context.post("log", "screen.tapConfirm() -> \(ran)", source: source)
        if !ran {
            context.post(
                "log", shown == nil ? BuilderText.nothingToTap.phrase : BuilderText.noActionRan.phrase, source: source)
        }
        if shown != nil { context.post("product", BuilderText.screenEmpty.phrase, source: source) }
        return ran
    }

    // MARK: short commands

    public lazy var commands: [CommandSpec] = [
        CommandSpec(
            "meat", [ArgumentSpec("meat", .choice(Meat.allCases.map(\.rawValue)))],
            summary: .verbatim("builder.setMeat(_:)"),
            .call { .call("builder", "setMeat", .value(.member(try $0.word(0)))) }),
        CommandSpec(
            "sauce",
            [
                ArgumentSpec("change", .choice(["add", "remove"])),
                ArgumentSpec("sauce", .choice(Sauces.named.map(\.name)), variadic: true),
            ],
            summary: .verbatim("builder.addSauces(_:), builder.removeSauces(_:)"),
            .call { a in
                .call(
                    "builder", try a.word(0) == "add" ? "addSauces" : "removeSauces",
                    .value(Self.options(try a.words(1))))
            }),
        CommandSpec(
            "topping",
            [
                ArgumentSpec("change", .choice(["add", "remove"])),
                ArgumentSpec("topping", .choice(Toppings.named.map(\.name)), variadic: true),
            ],
            summary: .verbatim("builder.addToppings(_:), builder.removeToppings(_:)"),
            .call { a in
                .call(
                    "builder", try a.word(0) == "add" ? "addToppings" : "removeToppings",
                    .value(Self.options(try a.words(1))))
            }),
        CommandSpec(
            "build", summary: .verbatim("let burger = builder.build()"),
            .call { _ in SwiftStatement.call("builder", "build").bound(to: "burger") }),
        CommandSpec(
            "show", summary: BuilderText.showSummary.phrase, changesState: false,
            .native { [unowned self] _ in
                if let lastBurger {
                    context.post("product", Self.picture(of: lastBurger), source: "builder")
                } else {
                    context.post("product", BuilderText.nothingBuilt.phrase, source: "builder")
                }
            }),
        CommandSpec(
            "title", [ArgumentSpec("text")], summary: .verbatim("alert.setTitle(_:)"),
            .call { .call("alert", "setTitle", .value(.string(try $0.word(0)))) }),
        CommandSpec(
            "message", [ArgumentSpec("text")], summary: .verbatim("alert.setMessage(_:)"),
            .call { .call("alert", "setMessage", .value(.string(try $0.word(0)))) }),
        CommandSpec(
            "button", [ArgumentSpec("title"), ArgumentSpec("prints", optional: true)],
            summary: .verbatim("alert.addConfirmAction(_:action:)"),
            .call { a in
                let title = try a.word(0)
                return .call(
                    "alert", "addConfirmAction", .value(.string(title)),
                    .trailing(.closure([try a.optionalWord(1) ?? "\(title) tapped"])))
            }),
        CommandSpec("present", summary: .verbatim("alert.present()"), .call { _ in .call("alert", "present") }),
        CommandSpec(
            "tap", [ArgumentSpec("button")], summary: BuilderText.tapSummary.phrase,
            .call { [unowned self] a in
                // A short command may refuse what Swift would allow: tapping a button that is not there. What runs is
                // the real call, so the code pane shows it like any other.
                let wanted = try a.word(0)
                guard let shown = screen.presented else { throw PlaygroundError(BuilderText.noAlertOnScreen.phrase) }
                let title = shown.confirm?.title ?? ""
                guard title == wanted else {
                    throw PlaygroundError(
                        BuilderText.alertHasNoButton(wanted)
                            + (title.isEmpty ? BuilderText.itsButtonHasNoTitle.phrase : BuilderText.itsButtonIs(title)))
                }
                return .call("screen", "tapConfirm")
            }),
    ]

    /// One option as `.name`, several as `[.a, .b]`, the way a learner would write them.
    static func options(_ names: [String]) -> SwiftValue {
        names.count == 1 ? .member(names[0]) : .array(names.map { .member($0) })
    }
}
