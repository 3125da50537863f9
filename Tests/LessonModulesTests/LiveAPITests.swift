import Patterns
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// The methods a module lists by reference (``LiveAPI``), outside a declared module too: fluent calls chain on, what
/// follows a call runs after it and not after a refusal, a lesson's errors are named its way, and a declared object
/// shows the fields it is given, in their order.
@Suite struct LiveAPITests {
    @Test func aFluentMethodRunsTheRealOneAndTheChainGoesOnFromItsObject() throws {
        let question = QuestionBuilder()
        let methods = LiveAPI.methods(of: question) { api in api.call("setPrompt", QuestionBuilder.setPrompt) }
        let setPrompt = try #require(methods.first)
        #expect(setPrompt.returns == .this)
        #expect(setPrompt.selector == "setPrompt(_:)")
        let result = try setPrompt.perform([.text("Why?")])
        guard case .this = result else {
            Issue.record("a fluent call gives \(result), not its own object")
            return
        }
        #expect(question.prompt == "Why?")
    }

    @Test func whatFollowsACallRunsAfterItAndAThrownErrorIsNamedTheLessonsWay() throws {
        let game = Game(hub: NotificationHub())
        var followed = 0
        let methods = LiveAPI.methods(of: game) { api in
            api.call("addPoints", Game.addPoints)
            api.after { followed += 1 }
            api.thrown { error in
                guard case Game.Error.invalidPoints(let n) = error else { return nil }
                return ThrownError("Game.Error.invalidPoints(\(n))", .verbatim("1 to 100"), changedNothing: true)
            }
        }
        let addPoints = try #require(methods.first)
        #expect(addPoints.throwsError)
        _ = try addPoints.perform([.int(5)])
        #expect(game.score == 5)
        #expect(followed == 1)
        #expect(throws: ThrownError("Game.Error.invalidPoints(500)", .verbatim("1 to 100"), changedNothing: true)) {
            _ = try addPoints.perform([.int(500)])
        }
        #expect(followed == 1, "nothing follows a call that threw")
    }

    @Test func aHandWrittenMethodIsListedAsItIs() throws {
        let methods = LiveAPI.methods(of: ScoreLabel()) { api in
            api.property("text", \.text)
            api.method(Method("wave") { .done })
        }
        #expect(methods.map(\.selector) == ["text", "wave()"])
        guard case .value(let shown) = try methods[0].perform([]) else {
            Issue.record("a property gives its value")
            return
        }
        #expect(shown == ShownValue(source: "\"Score: 0\"", printed: "Score: 0"))
    }

    struct Listener: ObjectArgument {
        static let swiftType = "HubObserver"
        static let names = ["label", "sound"]
        let name: String
    }

    @Test func anObjectArgumentTakesTheNamesItListsAsTheirType() throws {
        #expect(Listener.parameterType == .object(type: "HubObserver", names: ["label", "sound"]))
        #expect(try Listener(checked: .object("sound")).name == "sound")
        #expect(throws: InternalError.self) { _ = try Listener(checked: .text("sound")) }
    }

    @Test func aMethodThatTakesALessonObjectIsGivenTheInstanceItsNameStandsFor() throws {
        let hub = NotificationHub()
        let listeners = Named(HubObserver.self, ["label": ScoreLabel(), "sound": SoundPlayer()])
        let methods = LiveAPI.methods(of: hub) { api in
            api.call("addObserver", (nil, "for"), NotificationHub.addObserver, named: listeners)
            api.call("removeObserver", NotificationHub.removeObserver, named: listeners)
        }
        #expect(
            methods.map(\.signature) == ["addObserver(HubObserver, for: GameEvent)", "removeObserver(HubObserver)"])
        #expect(methods[1].params[0].type == .object(type: "HubObserver", names: ["label", "sound"]))
        _ = try methods[0].perform([.object("sound"), .cases(["gameOver"])])
        #expect(hub.observers(of: .gameOver).map(\.name) == ["sound"])
        #expect(throws: InternalError.self) { _ = try methods[1].perform([.object("nobody")]) }
        _ = try methods[1].perform([.object("sound")])
        #expect(hub.observers(of: .gameOver).isEmpty)
    }

    @Test func anInitializerMakesANewInstanceUnderTheLearnersNameEachTime() throws {
        let making = LiveInitializer.making(
            "ScoreLabel", { ScoreLabel() }, methods: { _, name in [Method(name) { .done }] },
            fields: { [StateField("text", .string($0.text))] })
        let first = try making.make("mine", []), second = try making.make("yours", [])
        #expect(first.name == "mine" && first.typeName == "ScoreLabel")
        #expect(first.methods.map(\.selector) == ["mine()"], "the methods are listed for the name")
        #expect(first.fields?() == [StateField("text", .string("Score: 0"))])
        let one = try #require(first.instance() as? ScoreLabel), other = try #require(second.instance() as? ScoreLabel)
        #expect(one !== other, "each is a new instance")
        #expect(first.instance() as? ScoreLabel === one, "and stays the one it made")
    }

    @Test func aDeclaredObjectShowsTheFieldsItIsGivenInTheirOrder() throws {
        let factory = DeclaredModule.factory("fields") { m in
            m.live("label", ScoreLabel(), fields: ["updates", "text", "noSuchField"])
        }
        let session = Session(
            catalog: LessonCatalog(
                sources: [
                    LessonSource(
                        path: "t/fields.md", lang: "en",
                        text: "---\nid: fields\ntitle: T\nmodule: fields\n---\n## One\ntext", isBuiltIn: true)
                ], modules: ["fields"]), modules: [factory],
            options: SessionOptions(render: RenderOptions(width: 80), lang: .en))
        _ = session.run("load fields")
        expectSame(
            session.run("state"),
            """
            ── state ───────────────────
            label: ScoreLabel
              updates: 0
              text:    "Score: 0"

            """)
    }
}
