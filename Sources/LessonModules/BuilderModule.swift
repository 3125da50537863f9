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
    /// What the last tap on the alert now presented did: nil before any tap, else whether an action ran and what it
    /// printed. Presenting another alert clears it (that alert has not been tapped).
    var lastTap: (ran: Bool, printed: [String])?
    /// What the running action prints, collected during a tap.
    var printedDuringTap: [String] = []
    /// Which alert object presented what the screen shows (or showed before its tap).
    var lastPresenter: String?

    public init(context: ModuleContext) {
        self.context = context
        alertBuilder = AlertConcreteBuilder(screen: screen)
        buggyBuilder = BuggyAlertBuilder(screen: screen)
    }

    public static let factory = ModuleFactory(name: "builder", messages: BuilderText.allCases.map(\.phrase)) { BuilderModule(context: $0) }

    // MARK: live objects

    public lazy var objects: [LiveObject] = [builderObject, alertObject(named: "alert", alertBuilder), alertObject(named: "buggyAlert", buggyBuilder),
                                             screenObject]

    /// The screen both alert builders present on (`Screen`): tapping is its real API, not the builders'.
    lazy var screenObject = LiveObject(name: "screen", typeName: "Screen", methods: [
        Method("tapConfirm", returns: .value("Bool")) { [unowned self] in tapConfirm(source: "screen"); return .done },
    ])

    lazy var builderObject = LiveObject(name: "builder", typeName: "HamburgerBuilder", methods: builderMethods(builder, name: "builder"))

    /// `let b2 = HamburgerBuilder()`: a second real builder, with the same API, in the state pane under its name.
    public var initializers: [LiveInitializer] {
        [LiveInitializer("HamburgerBuilder") { [unowned self] name, _ in
            let made = HamburgerBuilder()
            return LiveObject(name: name, typeName: "HamburgerBuilder", methods: builderMethods(made, name: name)) { Self.fields(of: made) }
        }]
    }

    /// The real API of a `HamburgerBuilder`, on `builder` or on one the learner made; building remembers the burger
    /// for `show`.
    func builderMethods(_ builder: HamburgerBuilder, name: String) -> [Method] {
        Self.hamburgerMethods(builder, name: name, context: context) { [unowned self] in lastBurger = $0 }
    }

    /// The real API of any lesson's `HamburgerBuilder`: its changes, its product in the product pane and the log,
    /// and the built burger as a value with read-only parts (`let burger = builder.build()`, then `burger.meat`).
    static func hamburgerMethods(_ builder: HamburgerBuilder, name: String, context: ModuleContext,
                                 built: @escaping (Hamburger) -> Void = { _ in }) -> [Method] {
        [
            Method("setMeat", throws: true) { (meat: Meat) in try setMeat(meat, on: builder); return .done },
            Method("addSauces") { (sauces: Sauces) in builder.addSauces(sauces); return .done },
            Method("removeSauces") { (sauces: Sauces) in builder.removeSauces(sauces); return .done },
            Method("addToppings") { (toppings: Toppings) in builder.addToppings(toppings); return .done },
            Method("removeToppings") { (toppings: Toppings) in builder.removeToppings(toppings); return .done },
            Method("build", returns: .value("Hamburger")) {
                let burger = builder.build()
                built(burger)
                context.post("product", picture(of: burger), source: name)
                context.post("log", "\(name).build() -> \(burger)", source: name)
                return .object(burgerObject(burger))
            },
            Method(property: "meat", type: "Meat") { shown(builder.meat) },
            Method(property: "sauces", type: "Sauces") { shown(builder.sauces) },
            Method(property: "toppings", type: "Toppings") { shown(builder.toppings) },
        ]
    }

    /// `setMeat(_:)` on any burger builder, its sold-out error named as Swift prints it.
    static func setMeat(_ meat: Meat, on builder: some BurgerBuilding) throws {
        do { try builder.setMeat(meat) } catch HamburgerBuilder.Error.soldOut(let m) {
            throw ThrownError("HamburgerBuilder.Error.soldOut(.\(m.rawValue))", BuilderText.isSoldOut(m.rawValue))
        }
    }

    /// A `HamburgerBuilder`'s fields in the state pane.
    static func fields(of builder: HamburgerBuilder) -> [StateField] {
        [StateField("meat", .enumCase(builder.meat.rawValue)), StateField("sauces", .options(builder.sauces.names)),
         StateField("toppings", .options(builder.toppings.names))]
    }

    /// A built `Hamburger`: its parts, as properties.
    static func burgerObject(_ burger: Hamburger) -> LiveObject {
        LiveObject(name: "burger", typeName: "Hamburger", methods: [
            Method(property: "meat", type: "Meat") { shown(burger.meat) },
            Method(property: "sauces", type: "Sauces") { shown(burger.sauces) },
            Method(property: "toppings", type: "Toppings") { shown(burger.toppings) },
            Method(property: "description", type: "String") { ShownValue(source: SwiftValue.quoted(burger.description), printed: burger.description) },
        ])
    }

    /// As Swift writes the value, and as `print` prints it (an enum case by name, an option set by its raw value).
    static func shown(_ meat: Meat) -> ShownValue { ShownValue(source: "." + meat.rawValue, printed: meat.rawValue) }
    static func shown(_ sauces: Sauces) -> ShownValue {
        ShownValue(source: Render.options(sauces.names), printed: "Sauces(rawValue: \(sauces.rawValue))")
    }
    static func shown(_ toppings: Toppings) -> ShownValue {
        ShownValue(source: Render.options(toppings.names), printed: "Toppings(rawValue: \(toppings.rawValue))")
    }

    func alertObject(named name: String, _ alert: some AlertBuilding) -> LiveObject {
        let type = alert is BuggyAlertBuilder ? "BuggyAlertBuilder" : "AlertConcreteBuilder"
        return LiveObject(name: name, typeName: type, methods: [
            Method("setTitle", returns: .this) { [unowned self] (title: String) in
                alertsInUse.insert(name); alert.setTitle(title); return .this
            },
            Method("setMessage", returns: .this) { [unowned self] (message: String) in
                alertsInUse.insert(name); alert.setMessage(message); return .this
            },
            Method("addConfirmAction", (nil, "action"), returns: .this) { [unowned self] (title: String, action: PrintingClosure) in
                alertsInUse.insert(name)
                let context = self.context
                // The closure's print goes to the log pane: live objects never print.
                nonisolated(unsafe) let post = { [unowned self] in
                    for text in action.prints {
                        printedDuringTap.append(text)
                        context.post("log", text, source: "print")
                    }
                }
                alert.addConfirmAction(title, action: { post() })
                return .this
            },
            Method("present", returns: .value("Alert")) { [unowned self] in
                alertsInUse.insert(name)
                let shown = alert.present()
                lastTap = nil
                lastPresenter = name
                context.post("product", Self.picture(of: shown), source: name)
                context.post("log", "\(name).present() -> screen shows \(Render.optional(shown.title))", source: name)
                return .done
            },
        ])
    }

    /// `screen.tapConfirm()`, as the real screen does it: with nothing presented it returns false and nothing runs.
    func tapConfirm(source: String) {
        let shown = screen.presented
        if let shown { context.post("log", "tap \(Render.optional(shown.confirm?.title))", source: source) }
        printedDuringTap = []
        let ran = screen.tapConfirm()
        lastTap = (ran, printedDuringTap)
        context.post("log", "screen.tapConfirm() -> \(ran)", source: source)
        if !ran { context.post("log", shown == nil ? BuilderText.nothingToTap.phrase : BuilderText.noActionRan.phrase, source: source) }
        if shown != nil { context.post("product", BuilderText.screenEmpty.phrase, source: source) }
    }

    // MARK: short commands

    public lazy var commands: [CommandSpec] = [
        CommandSpec("meat", [ArgumentSpec("meat", .choice(Meat.allCases.map(\.rawValue)))], summary: .verbatim("builder.setMeat(_:)"),
                    .call { .call("builder", "setMeat", .value(.member(try $0.word(0)))) }),
        CommandSpec("sauce", [ArgumentSpec("change", .choice(["add", "remove"])), ArgumentSpec("sauce", .choice(Sauces.named.map(\.name)), variadic: true)],
                    summary: .verbatim("builder.addSauces(_:), builder.removeSauces(_:)"),
                    .call { a in .call("builder", try a.word(0) == "add" ? "addSauces" : "removeSauces", .value(Self.options(try a.words(1)))) }),
        CommandSpec("topping", [ArgumentSpec("change", .choice(["add", "remove"])), ArgumentSpec("topping", .choice(Toppings.named.map(\.name)), variadic: true)],
                    summary: .verbatim("builder.addToppings(_:), builder.removeToppings(_:)"),
                    .call { a in .call("builder", try a.word(0) == "add" ? "addToppings" : "removeToppings", .value(Self.options(try a.words(1)))) }),
        CommandSpec("build", summary: .verbatim("let burger = builder.build()"), .call { _ in SwiftStatement.call("builder", "build").bound(to: "burger") }),
        CommandSpec("show", summary: BuilderText.showSummary.phrase, changesState: false, .native { [unowned self] _ in
            if let lastBurger { context.post("product", Self.picture(of: lastBurger), source: "builder") }
            else { context.post("product", BuilderText.nothingBuilt.phrase, source: "builder") }
        }),
        CommandSpec("title", [ArgumentSpec("text")], summary: .verbatim("alert.setTitle(_:)"),
                    .call { .call("alert", "setTitle", .value(.string(try $0.word(0)))) }),
        CommandSpec("message", [ArgumentSpec("text")], summary: .verbatim("alert.setMessage(_:)"),
                    .call { .call("alert", "setMessage", .value(.string(try $0.word(0)))) }),
        CommandSpec("button", [ArgumentSpec("title"), ArgumentSpec("prints", optional: true)], summary: .verbatim("alert.addConfirmAction(_:action:)"),
                    .call { a in
                        let title = try a.word(0)
                        return .call("alert", "addConfirmAction", .value(.string(title)), .value(.closure([try a.optionalWord(1) ?? "\(title) tapped"])))
                    }),
        CommandSpec("present", summary: .verbatim("alert.present()"), .call { _ in .call("alert", "present") }),
        CommandSpec("tap", [ArgumentSpec("button")], summary: BuilderText.tapSummary.phrase, .call { [unowned self] a in
            // A short command may refuse what Swift would allow: tapping a button that is not there. What runs is
            // the real call, so the code pane shows it like any other.
            let wanted = try a.word(0)
            guard let shown = screen.presented else { throw PlaygroundError(BuilderText.noAlertOnScreen.phrase) }
            let title = shown.confirm?.title ?? ""
            guard title == wanted else {
                throw PlaygroundError(BuilderText.alertHasNoButton(wanted) + (title.isEmpty ? BuilderText.itsButtonHasNoTitle.phrase : BuilderText.itsButtonIs(title)))
            }
            return .call("screen", "tapConfirm")
        }),
    ]

    /// One option as `.name`, several as `[.a, .b]`, the way a learner would write them.
    static func options(_ names: [String]) -> SwiftValue {
        names.count == 1 ? .member(names[0]) : .array(names.map { .member($0) })
    }

    // MARK: state

    public func state() -> [StateGroup] {
        var groups = [StateGroup("builder", type: "HamburgerBuilder", Self.fields(of: builder))]
        if alertsInUse.contains("alert") {
            groups.append(alertState("alert", alertBuilder.title, alertBuilder.message, alertBuilder.confirmAction))
        }
        if alertsInUse.contains("buggyAlert") {
            groups.append(alertState("buggyAlert", buggyBuilder.title, buggyBuilder.message, buggyBuilder.confirmAction))
        }
        if !alertsInUse.isEmpty {
            groups.append(StateGroup("screen", type: "Screen", [
                StateField("presented", .plain(screen.presented.map { Render.optional($0.title) } ?? "nil")),
                StateField("lastTap", .plain(lastTap.map(Self.describe) ?? "nil")),
            ]))
        }
        return groups
    }

    /// `action ran, printed "deleted"`, `action ran`, `nothing ran`.
    static func describe(_ tap: (ran: Bool, printed: [String])) -> String {
        guard tap.ran else { return "nothing ran" }
        return tap.printed.isEmpty ? "action ran" : "action ran, printed " + tap.printed.map { StateValue.optionalString($0).display }.joined(separator: ", ")
    }

    func alertState(_ name: String, _ title: String?, _ message: String?, _ action: AlertAction?) -> StateGroup {
        let actionText = action.map { "AlertAction(title: " + Render.optional($0.title) + ", handler: " + ($0.handler == nil ? "nil" : "{ ... }") + ")" } ?? "nil"
        return StateGroup(name, type: name == "alert" ? "AlertConcreteBuilder" : "BuggyAlertBuilder",
                          [StateField("title", .optionalString(title)), StateField("message", .optionalString(message)),
                           StateField("confirmAction", .plain(actionText))])
    }

    public func explain(field: String, expected: String, actual: String) -> Phrase? {
        if field == "buggyAlert.confirmAction" || (field == "screen.lastTap" && lastPresenter == "buggyAlert" && buggyBuilder.confirmAction == nil) {
            return BuilderText.whyNoAction.phrase
        }
        if field == "screen.lastTap", lastTap?.ran == true {
            return BuilderText.whichActionRan.phrase
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

/// What the builder lesson's objects say, in English and Korean.
enum BuilderText: String, TextCatalog {
    case isSoldOut, noAlertOnScreen, nothingToTap, alertHasNoButton, itsButtonHasNoTitle, itsButtonIs, noActionRan, screenEmpty, nothingBuilt
    case showSummary, tapSummary, whyNoAction, whichActionRan

    var texts: (en: String, ko: String) {
        switch self {
        case .isSoldOut: ("{0} is sold out", "{0}은(는) 품절입니다")
        case .noAlertOnScreen: ("no alert is on the screen; present() one first", "화면에 알림창이 없습니다. 먼저 present() 하세요")
        case .nothingToTap: ("(no alert on the screen: nothing ran)", "(화면에 알림창이 없어 아무것도 실행되지 않았습니다)")
        case .alertHasNoButton: ("the alert on screen has no button '{0}'", "화면의 알림창에 '{0}' 버튼이 없습니다")
        case .itsButtonHasNoTitle: ("; its button has no title", ". 버튼에 제목이 없습니다")
        case .itsButtonIs: ("; its button is '{0}'", ". 버튼은 '{0}'입니다")
        case .noActionRan: ("(no action ran: the button has no handler)", "(실행된 동작 없음: 버튼에 핸들러가 없습니다)")
        case .screenEmpty: ("(the screen is empty)", "(화면이 비어 있습니다)")
        case .nothingBuilt: ("(nothing built yet: try 'build')", "(아직 만든 버거가 없습니다: 'build'를 해 보세요)")
        case .showSummary: ("show the last burger built", "마지막으로 만든 버거를 보여 줍니다")
        case .tapSummary: ("tap the button of the alert on screen: screen.tapConfirm()", "화면에 뜬 알림창의 버튼을 누릅니다: screen.tapConfirm()")
        case .whichActionRan:
            ("a tap runs the closure that was given to addConfirmAction: present the alert again with a closure that prints what the goal says",
             "버튼을 누르면 addConfirmAction에 넘긴 클로저가 실행됩니다. 목표대로 출력하는 클로저를 넘겨 알림창을 다시 띄우세요")
        case .whyNoAction:
            ("BuggyAlertBuilder.addConfirmAction writes `confirmAction?.title = title`, but confirmAction is nil: "
                + "optional chaining on nil does nothing, so no action was ever created. Create it: "
                + "`confirmAction = AlertAction(title: title, handler: action)`.",
             "BuggyAlertBuilder.addConfirmAction은 `confirmAction?.title = title`을 쓰지만 confirmAction이 nil입니다: "
                + "nil에 대한 옵셔널 체이닝은 아무 일도 하지 않으므로 액션은 한 번도 만들어지지 않았습니다. 먼저 만드세요: "
                + "`confirmAction = AlertAction(title: title, handler: action)`.")
        }
    }
}
