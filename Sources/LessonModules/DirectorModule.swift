import CallRecording
import Patterns
import PlaygroundCore

/// The `director` lesson: the employee director and its recipes, one recipe into two builders, the nested
/// question-group builder, and builders with dependencies.
public final class DirectorModule: LessonModule {
    let context: ModuleContext
    let employee = Employee()
    /// The employee takes a fresh builder for every order, as the recipe in the article does.
    var burgerBuilder = HamburgerBuilder()
    var receiptBuilder = ReceiptBuilder()
    let group = QuestionGroupBuilder()
    /// The group is in the state pane once it differs from a new builder's (one empty question, no title) or built.
    var groupInUse: Bool { group.built != nil || groupParts != ["", "", "", ""] }
    /// What the builder holds now, part by part.
    var groupParts: [String] { [group.title] + group.questions.flatMap { [$0.prompt, $0.answer, $0.hint] } }
    /// What `group.build()` last returned, while the builder still holds the parts it was built from: a goal on
    /// `built` means a build after the last change.
    var builtGroup: QuestionGroup? {
        guard let built = group.built else { return nil }
        let parts = [built.title] + built.questions.flatMap { [$0.prompt, $0.answer, $0.hint ?? ""] }
        return parts == groupParts ? built : nil
    }
    var dependency = DependencyDemo()

    public init(context: ModuleContext) { self.context = context }
    public static let factory = ModuleFactory(name: "director", messages: DirectorText.allCases.map(\.phrase)) {
        DirectorModule(context: $0)
    }

    /// `with: receiptBuilder`: one of the lesson's builders, by name.
    struct BuilderName: ObjectArgument {
        static let swiftType = "BurgerBuilding"
        static let names = ["burgerBuilder", "receiptBuilder"]
        let name: String
    }

    // MARK: live objects

    public lazy var objects: [LiveObject] =
        [employeeObject.holding { [unowned self] in employee }, groupObject.holding { [unowned self] in group }]
        + builderObjects + [burgerBuilderObject, receiptBuilderObject]

    /// The builders the recipes drive, with their real API, as the state pane names them.
    lazy var burgerBuilderObject = LiveObject(
        name: "burgerBuilder", typeName: "HamburgerBuilder",
        methods: BuilderModule.hamburgerMethods(burgerBuilder, name: "burgerBuilder", context: context)
    )
    .holding { [unowned self] in burgerBuilder }
    lazy var receiptBuilderObject = LiveObject(
        name: "receiptBuilder", typeName: "ReceiptBuilder",
        methods: receiptMethods(receiptBuilder, name: "receiptBuilder")
    )
    .holding { [unowned self] in receiptBuilder }

    /// The real API of a `ReceiptBuilder`, on `receiptBuilder` or on one the learner made
    /// (`let order = ReceiptBuilder()`).
    func receiptMethods(_ builder: ReceiptBuilder, name: String) -> [Method] {
        LiveAPI.methods(of: builder) { api in
            api.call("setMeat", ReceiptBuilder.setMeat)
            api.call("addSauces", ReceiptBuilder.addSauces)
            api.call("addToppings", ReceiptBuilder.addToppings)
            api.thrown(BuilderModule.soldOut)
            api.method(
                Method("build", returns: .value("Receipt")) { [context] in
                    let receipt = builder.build()
                    context.post(
                        "log", "\(name).build() -> Receipt(total: \(Self.money(receipt.totalCents)))", source: name)
                    context.post("product", Self.picture(of: receipt), source: name)
                    // The receipt itself, so that `let receipt = order.build()` binds it.
                    return .object(LiveObject(name: "receipt", typeName: "Receipt", methods: []).holding { receipt })
                })
        }
    }

    static func fields(of receiptBuilder: ReceiptBuilder) -> [StateField] {
        [
            StateField("lines", .number(receiptBuilder.lines.count)),
            StateField("items", .plain(receiptBuilder.lines.map(\.item).joined(separator: ", "))),
            StateField("total", .plain(money(receiptBuilder.build().totalCents))),
        ]
    }

    /// `let order = ReceiptBuilder()`, and `let b = RootBuilder()` and its siblings (the dependency example).
    public var initializers: [LiveInitializer] {
        [
            .making(
                "ReceiptBuilder", { ReceiptBuilder() }, methods: { [unowned self] in receiptMethods($0, name: $1) },
                fields: Self.fields(of:))
        ]
            + dependencyBuilders.filter { $0.wiring != .dynamicChild }.map { builder in
                LiveInitializer(builder.wiring.rawValue) { [unowned self] name, _ in
                    dependencyObject(builder, named: name)
                }
            }
    }

    /// The employee's recipes, by the name of the method that makes each.
    enum Recipe: String, CaseIterable { case createCombo1, createKittenSpecial }

    /// Who made what `receiptBuilder` holds: the employee, when its last order for this builder returned exactly the
    /// receipt the builder holds now; else calls of the learner's own, or nothing yet.
    var receiptBuiltBy: String {
        let order = employee.orders.last { order in
            order.builder === receiptBuilder
        }
        if let order, let receipt = order.product as? Receipt, receipt == receiptBuilder.build() {
            return "employee.\(order.recipe)"
        }
        return receiptBuilder.lines.isEmpty ? "-" : DirectorText.callsOfYourOwn.text(context.lang)
    }

    lazy var employeeObject = LiveObject(
        name: "employee", typeName: "Employee",
        methods: Recipe.allCases.map { recipe in
            Method(recipe.rawValue, "with", throws: true, returns: .value("B.Product")) {
                [unowned self] (builder: BuilderName) in
                try make(recipe, into: builder.name)
            }
        })

    func make(_ recipe: Recipe, into builderName: String) throws -> CallResult {
        // The log tells the employee's calls as they were recorded: the builder is the real one, as in Swift.
        let start = CallRecord.current?.total ?? 0
        var product: String?
        defer { logEmployeesCalls(since: start, product: product) }
        do {
            // The same builder every time, as in Swift: a second recipe adds to what the first one left.
            if builderName == "receiptBuilder" {
                let receipt = try cook(recipe, with: receiptBuilder)
                product = "Receipt"
                context.post("product", Self.picture(of: receipt), source: "receiptBuilder")
                // The product itself, so that `let receipt = try employee.createCombo1(with: receiptBuilder)` binds it.
                return .object(LiveObject(name: "receipt", typeName: "Receipt", methods: []).holding { receipt })
            } else {
                let burger = try cook(recipe, with: burgerBuilder)
                product = String(describing: burger)
                context.post("product", BuilderModule.picture(of: burger), source: "burgerBuilder")
                return .object(BuilderModule.burgerObject(burger))
            }
        } catch HamburgerBuilder.Error.soldOut(let meat) {
            throw ThrownError(
                "HamburgerBuilder.Error.soldOut(.\(meat.rawValue))", DirectorText.sorryNoBurgers(meat.rawValue),
                reflecting: HamburgerBuilder.Error.soldOut(meat))
        }
    }

    /// The employee's recipe, run into the builder by the real director.
    func cook<B: BurgerBuilding>(_ recipe: Recipe, with builder: B) throws -> B.Product {
        switch recipe {
        case .createCombo1: try employee.createCombo1(with: builder)
        case .createKittenSpecial: try employee.createKittenSpecial(with: builder)
        }
    }

    /// The employee's calls on its builder since `start`, in the log: who called whom, what was thrown back, what
    /// the builder returned.
    func logEmployeesCalls(since start: Int, product: String?) {
        guard let recorder = CallRecord.current else { return }
        for call in recorder.calls(from: start) where call.caller == "employee" {
            context.post("log", "employee -> \(call.callee): \(call.written)", source: "employee")
            if call.threw, call.method == "setMeat" {
                context.post(
                    "log", "\(call.callee) --x employee: throws soldOut(\(call.arguments.first ?? ""))",
                    source: "employee")
            } else if call.method == "build", !call.threw, let product {
                context.post("log", "\(call.callee) --> employee: \(product)", source: "employee")
            }
        }
    }

    lazy var groupObject = LiveObject(
        name: "group", typeName: "QuestionGroupBuilder",
        methods: LiveAPI.methods(of: group) { api in
            api.call("setTitle", QuestionGroupBuilder.setTitle)
            api.call("addNewQuestion", QuestionGroupBuilder.addNewQuestion)
            // The real method ignores an index that is not there.
            api.call("removeQuestion", "at", QuestionGroupBuilder.removeQuestion)
            api.method(
                Method("question", returns: .object("QuestionBuilder")) { [unowned self] (index: Int) in
                    guard group.questions.indices.contains(index) else { throw noQuestion(index) }
                    return .object(Self.questionObject(group.question(index)))
                })
            api.method(
                Method("build", throws: true, returns: .value("QuestionGroup")) { [unowned self] in
                    do {
                        let built = try group.build()
                        context.post("product", Self.picture(of: built), source: "group")
                        context.post(
                            "log", "group.build() -> QuestionGroup(\(built.questions.count) questions)",
                            source: "group")
                        // The group itself, so that `let questionGroup = try group.build()` binds it.
                        return .object(
                            LiveObject(name: "questionGroup", typeName: "QuestionGroup", methods: []).holding { built })
                    } catch {
                        context.post("product", Render.missingInputs, source: "group")
                        throw ThrownError(Self.swiftName(of: error), Self.explain(error), reflecting: error)
                    }
                })
        })

    /// `question(_:)` subscripts an array: an index outside it traps.
    func noQuestion(_ index: Int) -> Trap {
        Trap(
            message: "Fatal error: Index out of range",
            explanation: DirectorText.noQuestion(String(index), String(group.questions.count)))
    }

    static func swiftName(of error: Error) -> String {
        error is QuestionBuilder.Error ? "QuestionBuilder.Error.\(error)" : "QuestionGroupBuilder.Error.\(error)"
    }

    static func explain(_ error: Error) -> Phrase {
        switch error {
        case QuestionGroupBuilder.Error.missingTitle: return DirectorText.groupHasNoTitle.phrase
        case QuestionGroupBuilder.Error.missingQuestions: return DirectorText.groupHasNoQuestions.phrase
        case QuestionBuilder.Error.missingPrompt: return DirectorText.questionHasNoPrompt.phrase
        case QuestionBuilder.Error.missingAnswer: return DirectorText.questionHasNoAnswer.phrase
        default: return .verbatim("\(error)")
        }
    }

    /// A question being built, with its real fluent steps (the director's group and the delegate's quiz screen).
    static func questionObject(_ question: QuestionBuilder) -> LiveObject {
        LiveObject(
            name: "question", typeName: "QuestionBuilder",
            methods: LiveAPI.methods(of: question) { api in
                api.call("setPrompt", QuestionBuilder.setPrompt)
                api.call("setAnswer", QuestionBuilder.setAnswer)
                api.call("setHint", QuestionBuilder.setHint)
            }
        ).holding { question }
    }

    /// The three real builders of the dependency example, each with its own `build(name:)`: each is a new one
    /// whenever a compiled line asks for it, as the builders keep nothing.
    var dependencyBuilders: [DependencyBuilder] {
        [
            ("rootBuilder", .leaky, { RootBuilder() }),
            ("nameStepBuilder", .middleStep, { NameStepBuilder() }),
            ("dynamicNameBuilder", .dynamicChild, { ChildDynamicNameBuilder(dependency: StaticParentComponent()) }),
        ]
    }

    /// A builder of the example: its name in the lesson, its wiring (which names its type), and a new one.
    typealias DependencyBuilder = (name: String, wiring: DependencyDemo.Wiring, make: () -> Any)

    lazy var builderObjects = dependencyBuilders.map { dependencyObject($0, named: $0.name) }

    func dependencyObject(_ builder: DependencyBuilder, named name: String) -> LiveObject {
        LiveObject(
            name: name, typeName: builder.wiring.rawValue,
            methods: [
                Method("build", "name", returns: .value("Child")) { [unowned self] (child: String) in
                    greet(builder.wiring, child)
                }
            ]
        ).holding(builder.make)
    }

    func greet(_ wiring: DependencyDemo.Wiring, _ name: String) -> CallResult {
        let child = dependency.run(wiring, name: name, lang: context.lang) { [context] topic, text in
            context.post(topic, text, source: "child")
        }
        // The built `Child`: `let child = rootBuilder.build(name: "Mina")`, then `child.greeting`.
        let methods = LiveAPI.methods(of: child) { api in api.property("greeting", \.greeting) }
        return .object(LiveObject(name: "child", typeName: "Child", methods: methods).holding { child })
    }

    // MARK: short commands

    public lazy var commands: [CommandSpec] = [
        CommandSpec(
            "combo1", [ArgumentSpec("builder", .choice(["burger", "receipt"]), optional: true)],
            summary: .verbatim("employee.createCombo1(with:)"),
            .swift { "try employee.createCombo1(with: \(try Self.builderName($0)))" }),
        CommandSpec(
            "kitten-special", [ArgumentSpec("builder", .choice(["burger", "receipt"]), optional: true)],
            summary: .verbatim("employee.createKittenSpecial(with:)"),
            .swift { "try employee.createKittenSpecial(with: \(try Self.builderName($0)))" }),
        CommandSpec(
            "title", [ArgumentSpec("text")], summary: .verbatim("group.setTitle(_:)"),
            .swift { "group.setTitle(\(SwiftValue.quoted(try $0.word(0))))" }),
        CommandSpec(
            "question",
            [
                ArgumentSpec("index", .int), ArgumentSpec("part", .choice(["prompt", "answer", "hint"])),
                ArgumentSpec("text"),
            ],
            summary: .verbatim("group.question(_:).setPrompt(_:), .setAnswer(_:), .setHint(_:)"),
            .swift { a in
                let part = try a.word(1)
                return "group.question(\(try a.number(0))).set\(part.prefix(1).uppercased() + part.dropFirst())("
                    + SwiftValue.quoted(try a.word(2)) + ")"
            }),
        CommandSpec(
            "add-question", summary: .verbatim("group.addNewQuestion()"), .swift { _ in "group.addNewQuestion()" }),
        CommandSpec(
            "remove-question", [ArgumentSpec("index", .int)], summary: .verbatim("group.removeQuestion(at:)"),
            .swift { "group.removeQuestion(at: \(try $0.number(0)))" }),
        CommandSpec(
            "save", summary: .verbatim("let questionGroup = try group.build()"),
            .swift { _ in "let questionGroup = try group.build()" }),
        CommandSpec(
            "greet", [ArgumentSpec("wiring", .choice(["leaky", "middle", "dynamic"])), ArgumentSpec("name")],
            summary: .verbatim("let child = rootBuilder / nameStepBuilder / dynamicNameBuilder .build(name:)"),
            .swift { a in
                let builder =
                    ["leaky": "rootBuilder", "middle": "nameStepBuilder"][try a.word(0)] ?? "dynamicNameBuilder"
                return "let child = \(builder).build(name: \(SwiftValue.quoted(try a.word(1))))"
            }),
    ]

    /// The builder a recipe drives: the real director takes it, so `with:` is never left out.
    static func builderName(_ a: Arguments) throws -> String {
        try a.optionalWord(0) == "receipt" ? "receiptBuilder" : "burgerBuilder"
    }
}
