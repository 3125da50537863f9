import Patterns
import PlaygroundCore

/// Forwards every call to a real builder and posts it to the log first: the director's calls, in order, as who
/// called whom. The director sees only the ``BurgerBuilding`` protocol, so it cannot tell the difference.
final class CallLoggingBuilder<Base: BurgerBuilding>: BurgerBuilding {
    let base: Base
    let name: String
    let log: (String) -> Void
    init(_ base: Base, name: String, log: @escaping (String) -> Void) {
        self.base = base
        self.name = name
        self.log = log
    }
    func setMeat(_ meat: Meat) throws {
        log("employee -> \(name): setMeat(.\(meat.rawValue))")
        do { try base.setMeat(meat) } catch {
            log("\(name) --x employee: throws soldOut(.\(meat.rawValue))")
            throw error
        }
    }
    func addSauces(_ sauces: Sauces) { log("employee -> \(name): addSauces(\(Render.options(sauces.names)))"); base.addSauces(sauces) }
    func addToppings(_ toppings: Toppings) { log("employee -> \(name): addToppings(\(Render.options(toppings.names)))"); base.addToppings(toppings) }
    func build() throws -> Base.Product {
        log("employee -> \(name): build()")
        let product = try base.build()
        log("\(name) --> employee: \(product is Hamburger ? String(describing: product) : "Receipt")")
        return product
    }
}

/// The `director` lesson: the employee director and its recipes, one recipe into two builders, the nested
/// question-group builder, and builders with dependencies.
public final class DirectorModule: LessonModule {
    let context: ModuleContext
    let employee = Employee()
    /// The employee takes a fresh builder for every order, as the recipe in the article does.
    var burgerBuilder = HamburgerBuilder()
    var receiptBuilder = ReceiptBuilder()
    let group = QuestionGroupBuilder()
    var groupInUse = false
    var lastGroup: QuestionGroup?
    var dependency = DependencyDemo()

    public init(context: ModuleContext) { self.context = context }
    public static let factory = ModuleFactory(name: "director") { DirectorModule(context: $0) }

    static let builderNames = ["burgerBuilder", "receiptBuilder"]

    // MARK: live objects

    public lazy var objects: [LiveObject] = [employeeObject, groupObject, treeObject]

    enum Recipe: String { case combo1, kittenSpecial }

    lazy var employeeObject: LiveObject = {
        let builderParam = Param("with", .object(type: "BurgerBuilding", names: Self.builderNames))
        return LiveObject(name: "employee", typeName: "Employee", methods: [
            Method("createCombo1", throws: true, returns: .value("Hamburger"), summary: "beef, secret sauce, lettuce, tomatoes, pickles") { [unowned self] _ in
                try make(.combo1, into: "burgerBuilder"); return .done
            },
            Method("createCombo1", [builderParam], throws: true, returns: .value("B.Product"), summary: "the same recipe into any builder") { [unowned self] a in
                try make(.combo1, into: a[0].text); return .done
            },
            Method("createKittenSpecial", throws: true, returns: .value("Hamburger"), summary: "kitten, mayonnaise, cheese (kitten is sold out)") { [unowned self] _ in
                try make(.kittenSpecial, into: "burgerBuilder"); return .done
            },
            Method("createKittenSpecial", [builderParam], throws: true, returns: .value("B.Product")) { [unowned self] a in
                try make(.kittenSpecial, into: a[0].text); return .done
            },
        ])
    }()

    func make(_ recipe: Recipe, into builderName: String) throws {
        let log = { [context] (line: String) in context.post("log", line, source: "employee") }
        do {
            if builderName == "receiptBuilder" {
                receiptBuilder = ReceiptBuilder()
                let proxy = CallLoggingBuilder(receiptBuilder, name: builderName, log: log)
                let receipt = recipe == .combo1 ? try employee.createCombo1(with: proxy) : try employee.createKittenSpecial(with: proxy)
                context.post("product", Self.picture(of: receipt), source: "receiptBuilder")
            } else {
                burgerBuilder = HamburgerBuilder()
                let proxy = CallLoggingBuilder(burgerBuilder, name: builderName, log: log)
                let burger = recipe == .combo1 ? try employee.createCombo1(with: proxy) : try employee.createKittenSpecial(with: proxy)
                context.post("product", BuilderModule.picture(of: burger), source: "burgerBuilder")
            }
        } catch HamburgerBuilder.Error.soldOut(let meat) {
            throw ThrownError("HamburgerBuilder.Error.soldOut(.\(meat.rawValue))", context.tr("Sorry, no {0} burgers here", meat.rawValue))
        }
    }

    lazy var groupObject = LiveObject(name: "group", typeName: "QuestionGroupBuilder", methods: [
        Method("setTitle", [Param(nil, .string)], returns: .this, summary: "the group's title") { [unowned self] a in
            groupInUse = true; group.title = a[0].text; return .this
        },
        Method("addNewQuestion", summary: "add an empty question builder") { [unowned self] _ in
            groupInUse = true; group.addNewQuestion(); return .done
        },
        Method("removeQuestion", [Param("at", .int)], summary: "remove the question builder at an index") { [unowned self] a in
            groupInUse = true
            guard group.questions.indices.contains(a[0].int) else {
                throw ThrownError("Fatal error: Index out of range", context.tr("there is no question {0}; indices are 0..<{1}", String(a[0].int), String(group.questions.count)))
            }
            group.removeQuestion(at: a[0].int); return .done
        },
        Method("question", [Param(nil, .int)], returns: .object("QuestionBuilder"), summary: "the nested builder at an index") { [unowned self] a in
            groupInUse = true
            let index = a[0].int
            guard group.questions.indices.contains(index) else {
                throw ThrownError("Fatal error: Index out of range", context.tr("there is no question {0}; indices are 0..<{1}", String(index), String(group.questions.count)))
            }
            return .object(questionObject(group.questions[index]))
        },
        Method("build", throws: true, returns: .value("QuestionGroup"), summary: "build the group and every question in it") { [unowned self] _ in
            groupInUse = true
            do {
                let built = try group.build()
                lastGroup = built
                context.post("product", Self.picture(of: built), source: "group")
                context.post("log", "group.build() -> QuestionGroup(\(built.questions.count) questions)", source: "group")
            } catch {
                let name = Self.swiftName(of: error)
                context.post("product", Render.missingInputs, source: "group")
                throw ThrownError(name, Self.explain(error, context))
            }
            return .done
        },
    ])

    static func swiftName(of error: Error) -> String {
        error is QuestionBuilder.Error ? "QuestionBuilder.Error.\(error)" : "QuestionGroupBuilder.Error.\(error)"
    }

    static func explain(_ error: Error, _ context: ModuleContext) -> String {
        switch error {
        case QuestionGroupBuilder.Error.missingTitle: return context.tr("the group has no title")
        case QuestionGroupBuilder.Error.missingQuestions: return context.tr("the group has no questions")
        case QuestionBuilder.Error.missingPrompt: return context.tr("a question has no prompt")
        case QuestionBuilder.Error.missingAnswer: return context.tr("a question has no answer")
        default: return "\(error)"
        }
    }

    func questionObject(_ question: QuestionBuilder) -> LiveObject {
        LiveObject(name: "question", typeName: "QuestionBuilder", methods: [
            Method("setPrompt", [Param(nil, .string)], returns: .this) { a in question.prompt = a[0].text; return .this },
            Method("setAnswer", [Param(nil, .string)], returns: .this) { a in question.answer = a[0].text; return .this },
            Method("setHint", [Param(nil, .string)], returns: .this) { a in question.hint = a[0].text; return .this },
        ])
    }

    lazy var treeObject = LiveObject(name: "tree", typeName: "ScreenTree", methods: [
        Method("buildLeaky", [Param("name", .string)], summary: "the name travels through every builder") { [unowned self] a in
            dependency.run(.leaky, name: a[0].text, post: post); return .done
        },
        Method("buildWithMiddleStep", [Param("name", .string)], summary: "fix 1: a middle builder takes the name") { [unowned self] a in
            dependency.run(.middleStep, name: a[0].text, post: post); return .done
        },
        Method("buildWithDynamicChild", [Param("name", .string)], summary: "fix 2: a second builder for the child takes the name") { [unowned self] a in
            dependency.run(.dynamicChild, name: a[0].text, post: post); return .done
        },
    ])

    func post(_ topic: String, _ text: String) { context.post(topic, text, source: "tree") }

    // MARK: short commands

    public lazy var commands: [CommandSpec] = [
        CommandSpec("combo1", [ArgumentSpec("builder", .choice(["burger", "receipt"]), optional: true)],
                    summary: "employee.createCombo1(with:)", action: .swift { a in Self.recipeCall("createCombo1", a) }),
        CommandSpec("kitten-special", [ArgumentSpec("builder", .choice(["burger", "receipt"]), optional: true)],
                    summary: "employee.createKittenSpecial(with:)", action: .swift { a in Self.recipeCall("createKittenSpecial", a) }),
        CommandSpec("title", [ArgumentSpec("text")], summary: "group.setTitle(_:)", action: .swift { "group.setTitle(\(SwiftValue.string($0[0]).swiftSource))" }),
        CommandSpec("question", [ArgumentSpec("index", .int), ArgumentSpec("part", .choice(["prompt", "answer", "hint"])), ArgumentSpec("text")],
                    summary: "group.question(i).setPrompt/setAnswer/setHint(_:)",
                    action: .swift { a in "group.question(\(a[0])).set\(a[1].prefix(1).uppercased() + a[1].dropFirst())(\(SwiftValue.string(a[2]).swiftSource))" }),
        CommandSpec("add-question", summary: "group.addNewQuestion()", action: .swift { _ in "group.addNewQuestion()" }),
        CommandSpec("remove-question", [ArgumentSpec("index", .int)], summary: "group.removeQuestion(at:)", action: .swift { "group.removeQuestion(at: \($0[0]))" }),
        CommandSpec("save", summary: "build the question group: group.build()", action: .swift { _ in "let questionGroup = try group.build()" }),
        CommandSpec("greet", [ArgumentSpec("wiring", .choice(["leaky", "middle", "dynamic"])), ArgumentSpec("name")],
                    summary: "build the child screen with a run-time name",
                    action: .swift { a in
                        let method = ["leaky": "buildLeaky", "middle": "buildWithMiddleStep", "dynamic": "buildWithDynamicChild"][a[0]]!
                        return "tree.\(method)(name: \(SwiftValue.string(a[1]).swiftSource))"
                    }),
    ]

    static func recipeCall(_ method: String, _ a: [String]) -> String {
        a.first == "receipt" ? "employee.\(method)(with: receiptBuilder)" : "employee.\(method)()"
    }

    // MARK: state

    public func state() -> [StateGroup] {
        var groups = [
            StateGroup("burgerBuilder", type: "HamburgerBuilder", [
                ("meat", "." + burgerBuilder.meat.rawValue),
                ("sauces", Render.options(burgerBuilder.sauces.names)),
                ("toppings", Render.options(burgerBuilder.toppings.names)),
            ]),
            StateGroup("receiptBuilder", type: "ReceiptBuilder", [
                ("lines", String(receiptBuilder.lines.count)),
                ("total", Self.money(receiptBuilder.build().totalCents)),
            ]),
        ]
        if groupInUse {
            var fields: [(String, String)] = [("title", SwiftValue.string(group.title).swiftSource), ("questions", String(group.questions.count))]
            for (i, q) in group.questions.enumerated() {
                fields.append(("q\(i)", "prompt: \(SwiftValue.string(q.prompt).swiftSource), answer: \(SwiftValue.string(q.answer).swiftSource), hint: \(SwiftValue.string(q.hint).swiftSource)"))
            }
            fields.append(("built", lastGroup.map { "\"\($0.title)\"" } ?? "nil"))
            groups.append(StateGroup("group", type: "QuestionGroupBuilder", fields))
        }
        if let last = dependency.last {
            groups.append(StateGroup("tree", type: "ScreenTree", [
                ("wiring", last.wiring.rawValue),
                ("greeting", SwiftValue.string(last.greeting).swiftSource),
                ("buildersTakingName", String(last.takingName.count)),
            ]))
        }
        return groups
    }

    static func money(_ cents: Int) -> String {
        "\(cents / 100)." + (cents % 100 < 10 ? "0" : "") + "\(cents % 100)"
    }

    static func picture(of receipt: Receipt) -> String {
        let width = 28
        var lines = [Render.centred("RECEIPT", width: width)]
        for line in receipt.lines {
            let price = money(line.cents)
            lines.append(DisplayWidth.pad(line.item, to: width - price.count) + price)
        }
        lines.append(String(repeating: "-", count: width))
        let total = money(receipt.totalCents)
        lines.append(DisplayWidth.pad("TOTAL", to: width - total.count) + total)
        return lines.joined(separator: "\n")
    }

    static func picture(of group: QuestionGroup) -> String {
        var lines = ["QuestionGroup \"\(group.title)\""]
        for (i, q) in group.questions.enumerated() {
            lines.append("  \(i + 1). \(q.prompt)  → \(q.answer)" + (q.hint.map { "  (hint: \($0))" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}

/// Runs one of the three wirings of the dependency example and says which builders had to take the name.
struct DependencyDemo {
    enum Wiring: String { case leaky, middleStep, dynamicChild }
    struct Outcome { var wiring: Wiring; var greeting: String; var takingName: [String] }
    var last: Outcome?

    mutating func run(_ wiring: Wiring, name: String, post: (String, String) -> Void) {
        let quoted = SwiftValue.string(name).swiftSource
        let child: Child
        let calls: [String]
        let taking: [String]
        switch wiring {
        case .leaky:
            child = RootBuilder().build(name: name)
            calls = ["RootBuilder.build(name: \(quoted))", "  ParentBuilder.build(name: \(quoted))",
                     "    ParentComponent(name: \(quoted)) satisfies ChildDependency", "      ChildBuilder.build()"]
            taking = ["RootBuilder.build(name:)", "ParentBuilder.build(name:)"]
        case .middleStep:
            child = NameStepBuilder().build(name: name)
            calls = ["RootBuilder.build()", "  ParentBuilder.build()", "    NameStepBuilder.build(name: \(quoted))",
                     "      NameStepComponent satisfies ChildDependency", "        ChildBuilder.build()"]
            taking = ["NameStepBuilder.build(name:)"]
        case .dynamicChild:
            child = ChildDynamicNameBuilder(dependency: StaticParentComponent()).build(name: name)
            calls = ["RootBuilder.build()", "  ParentBuilder.build()", "    ChildDynamicNameBuilder.build(name: \(quoted))",
                     "      ChildBuilder.build()"]
            taking = ["ChildDynamicNameBuilder.build(name:)"]
        }
        last = Outcome(wiring: wiring, greeting: child.greeting, takingName: taking)
        post("log", calls.joined(separator: "\n"))
        post("product", "Child screen: \(child.greeting)\nbuilders whose build takes the name: " + taking.joined(separator: ", "))
    }
}
