import LessonModules
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// Each command's whole effect on the live objects, asserted: an unasserted change fails.
@Suite struct ModuleStoreTests {
    @Test func builderFieldsChangeOnlyAsTheCommandsSay() {
        var store = ModuleTestStore(RepositoryLessons.loaded("builder"))
        store.send("meat chicken") { $0["builder.meat"] = ".chicken" }
        store.send("sauce add mustard ketchup") { $0["builder.sauces"] = "[.mustard, .ketchup]" }
        store.send("builder.addToppings([.cheese, .pickles])") { $0["builder.toppings"] = "[.cheese, .pickles]" }
        store.send("meat kitten", succeeds: false)
        store.send("build")
        store.send("undo")  // undoes the build, which changed no field
        store.send("undo") { $0["builder.toppings"] = "[]" }
        store.send("alert.setTitle(\"Hi\")") {
            $0["alert.title"] = "\"Hi\""
            $0["alert.message"] = "nil"
            $0["alert.confirmAction"] = "nil"
            $0["screen.presented"] = "nil"
            $0["screen.lastTap"] = "nil"
        }
        store.send("reset") {
            $0 = ["builder.meat": ".beef", "builder.sauces": "[]", "builder.toppings": "[]"]
        }
    }

    @Test func mediatorPagesAndRoutes() {
        var store = ModuleTestStore(RepositoryLessons.loaded("mediator"))
        store.send("hide red") {
            $0["pager.lastSender"] = "red"
            $0["pager.lastDelivery"] = "1 page(s)"
        }
        store.send("page add green") {
            $0["pager.pages"] = "red, blue, green"
            $0["pager.receivers"] = "2"
            $0["pager.linksWithout"] = "3"
            $0["pager.linksWith"] = "3"
        }
        store.send("page add green", succeeds: false)
        store.send("pane add notes")
        store.send("route log to notes") { $0["routes.log"] = "notes" }
        store.send("undo") { $0["routes.log"] = "log" }
    }

    @Test func anAddedSenderIsALiveObjectThatTalksThroughThePager() {
        var store = ModuleTestStore(RepositoryLessons.loaded("mediator"))
        // A page made inside the call has no name in Swift's scope: `teal` is nothing yet.
        store.send(#"pager.add(SenderPage(name: "note"))"#) {
            $0["pager.pages"] = "red, blue, note"
            $0["pager.linksWithout"] = "3"
            $0["pager.linksWith"] = "3"
        }
        store.send("note.viewDidDisappear()", succeeds: false)
        store.send("undo") {
            $0["pager.pages"] = "red, blue"
            $0["pager.linksWithout"] = "1"
            $0["pager.linksWith"] = "2"
        }
        store.send(#"let teal = SenderPage(name: "teal")"#)
        store.send("pager.add(teal)") {
            $0["pager.pages"] = "red, blue, teal"
            $0["pager.linksWithout"] = "3"
            $0["pager.linksWith"] = "3"
        }
        store.send("teal.viewDidDisappear()") {
            $0["pager.lastSender"] = "teal"
            $0["pager.lastDelivery"] = "1 page(s)"
        }
        // A receiver has no viewDidDisappear: the Swift error, and nothing changes.
        store.send("hide blue", succeeds: false)
    }

    @Test func aClosureCapturingSelfLeaksAndWeakSelfDoesNot() {
        var store = ModuleTestStore(RepositoryLessons.loaded("delegate"))
        store.send("closures strongSelf") { $0["board.listener"] = "closures capturing self" }
        store.send("type 0 0 X") {
            $0["board.filled"] = "1"
            $0["board.typed"] = "[0,0] \"X\""
            $0["board.lastHeard"] = "\"X at [0,0]\""
        }
        // The closures keep the controller: released by the lesson, alive all the same.
        store.send("release controller") { $0["board.controller"] = "released" }
        store.send("reset") {
            $0["board.controller"] = "held by the lesson"
            $0["board.listener"] = "delegate (weak)"
            $0["board.filled"] = "0"
            $0["board.typed"] = "-"
            $0["board.lastHeard"] = "\"\""
        }
        store.send("board.listenThroughClosures(capturing: .weakSelf)") {
            $0["board.listener"] = "closures capturing [weak self]"
        }
        store.send("release controller") {
            $0["board.controller"] = "released"
            $0["memory.alive"] = "none"
            $0["memory.deinits"] = "26"
        }
    }

    @Test func theHubTellsEveryListener() {
        var store = ModuleTestStore(RepositoryLessons.loaded("delegate"))
        store.send("hub") {
            $0["board.listener"] = "hub"
            $0["hub.listeners"] = "2"
        }
        store.send("board.listenThroughHub(hub)")  // registering again changes nothing
        store.send("type 3 3 M") {
            $0["board.filled"] = "1"
            $0["board.typed"] = "[3,3] \"M\""
            $0["board.lastHeard"] = "\"M at [3,3]\""
            $0["hub.counterHeard"] = "1"
        }
    }

    @Test func aReceiptBuilderMadeByTheLearnerHasTheRealAPI() {
        var store = ModuleTestStore(RepositoryLessons.loaded("director"))
        store.send("let order = ReceiptBuilder()") {
            $0["order.lines"] = "0"
            $0["order.items"] = ""
            $0["order.total"] = "0.00"
        }
        store.send("try order.setMeat(.tofu)") {
            $0["order.lines"] = "1"
            $0["order.items"] = "tofu patty"
            $0["order.total"] = "5.00"
        }
        store.send("try order.setMeat(.kitten)", succeeds: false)
        store.send("order.addSauces([.ketchup, .mustard])") {
            $0["order.lines"] = "3"
            $0["order.items"] = "tofu patty, mustard sauce, ketchup sauce"
            $0["order.total"] = "5.60"
        }
    }

    @Test func delegateMemoryIsRealARC() {
        var store = ModuleTestStore(RepositoryLessons.loaded("delegate"))
        store.send("type 2 3 A") {
            $0["board.filled"] = "1"
            $0["board.typed"] = "[2,3] \"A\""
            $0["board.lastHeard"] = "\"A at [2,3]\""
        }
        store.send("release controller") {
            $0["board.controller"] = "released"
            $0["memory.alive"] = "none"
            $0["memory.deinits"] = "26"
            $0["board.filled"] = "0"
            $0["board.typed"] = "-"
            // The board is gone: nothing it heard is left to read.
            $0["board.lastHeard"] = "\"\""
        }
    }
}

/// A module of the shape "Adding a pattern" describes, driven both ways (`Scripts/swift-check` type-checks the README's
/// own example as written).
final class Lamp {
    private(set) var isOn = false
    private(set) var brightness = 0
    func switchOn() { isOn = true }
    func setBrightness(_ level: Int) { brightness = max(0, min(10, level)) }
}

final class LampModule: LessonModule {
    let lamp = Lamp()
    init(context: ModuleContext) {}
    static let factory = ModuleFactory(name: "lamp") { LampModule(context: $0) }

    lazy var objects = [
        LiveObject(
            name: "lamp", typeName: "Lamp",
            methods: [
                Method("setBrightness") { [unowned self] (level: Int) in
                    lamp.setBrightness(level); return .done
                },
                Method("switchOn") { [unowned self] in
                    lamp.switchOn(); return .done
                },
            ])
    ]
    lazy var commands = [
        CommandSpec(
            "bright", [ArgumentSpec("level", .int)], summary: .verbatim("lamp.setBrightness(_:)"),
            .call { .call("lamp", "setBrightness", .value(.int(try $0.number(0)))) })
    ]
    func state() -> [StateGroup] {
        [
            StateGroup(
                "lamp", type: "Lamp",
                [
                    StateField("isOn", .plain(lamp.isOn ? "true" : "false")),
                    StateField("brightness", .number(lamp.brightness)),
                ])
        ]
    }
}

@Suite struct AddingAPatternTests {
    @Test func theReadmeModuleWorksBothWays() {
        let catalog = LessonCatalog(
            sources: [
                LessonSource(
                    path: "lamp.md", lang: "en", text: "---\nid: lamp\ntitle: Lamp\nmodule: lamp\n---\n## One\n",
                    isBuiltIn: false)
            ], modules: ["lamp"])
        let session = Session(catalog: catalog, modules: [LampModule.factory])
        session.execute("load lamp")
        _ = session.takeOutput()
        var store = ModuleTestStore(session)
        store.send("bright 3") { $0["lamp.brightness"] = "3" }
        store.send("lamp.switchOn()") { $0["lamp.isOn"] = "true" }
        store.send("lamp.setBrightness(\"high\")", succeeds: false)
        store.send("bright 99999999999999999999", succeeds: false)
        #expect(
            session.run("bright 7") == """
                ── code ────────────────────
                lamp.setBrightness(7)
                ── log ─────────────────────
                lamp.brightness: 3 → 7
                ── state ───────────────────
                lamp: Lamp
                  isOn:       true
                * brightness: 7

                """)
    }
}

@Suite struct DirectorBuiltField {
    /// `group.built` is a build after the last change: changing the builder clears it (a goal on it cannot be met by
    /// an old build).
    @Test func aChangeAfterTheBuildClearsBuilt() {
        var store = ModuleTestStore(RepositoryLessons.loaded("director"))
        store.send("group.setTitle(\"Quiz\")") {
            $0["group.title"] = "\"Quiz\""
            $0["group.questions"] = "1"
            $0["group.q0"] = #"prompt: "", answer: "", hint: """#
            $0["group.built"] = "nil"
        }
        store.send(#"group.question(0).setPrompt("p").setAnswer("a")"#) {
            $0["group.q0"] = #"prompt: "p", answer: "a", hint: """#
        }
        store.send("save") { $0["group.built"] = "\"Quiz\"" }
        store.send("add-question") {
            $0["group.questions"] = "2"
            $0["group.q1"] = #"prompt: "", answer: "", hint: """#
            $0["group.built"] = "nil"
        }
        store.send("remove-question 1") {
            $0["group.questions"] = "1"
            $0["group.q1"] = nil
            $0["group.built"] = "\"Quiz\""
        }
    }

    /// A page called directly has heard something, but the mediator delivered nothing: `lastDelivery` counts only what
    /// the pager brought, however the call is spelled.
    @Test func aDirectCallIsNotAMediatorDelivery() {
        var store = ModuleTestStore(RepositoryLessons.loaded("mediator"))
        store.send("blue.receive(message: \"direct\")")
        store.send("hide red") {
            $0["pager.lastSender"] = "red"
            $0["pager.lastDelivery"] = "1 page(s)"
        }
        store.send("blue.receive(message: \"again\")")
        store.send("page add green") {
            $0["pager.pages"] = "red, blue, green"
            $0["pager.receivers"] = "2"
            $0["pager.linksWithout"] = "3"
            $0["pager.linksWith"] = "3"
        }
        store.send("red.viewDidDisappear()") { $0["pager.lastDelivery"] = "2 page(s)" }
    }
}
