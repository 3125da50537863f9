import Patterns
import Testing

@testable import PlaygroundCore

/// An argument the interpreter makes in the call (``Made``): the initializers a module lists are what it checks and
/// completes, in their order; the one named makes a real instance the real method is given; one a learner's name
/// holds is found by that name, and a name that holds none runs nothing.
@Suite struct MadeArgumentTests {
    /// A module with an editor whose `run(_:)` takes a command the interpreter makes, and the learner's names.
    /// (Unchecked: the factory's closure is `@Sendable`, and each fixture lives on its own test's thread only.)
    final class Fixture: @unchecked Sendable {
        let document = TextDocument()
        let editor = TextEditor()
        var learner: [(name: String, value: Any)] = []
        var changes = 0
        let inDocument = Param("in", .object(type: "TextDocument", names: ["document"]))
        lazy var context: ModuleContext = {
            let context = ModuleContext(mediator: Mediator(), lang: .en)
            context.lendNames = { [unowned self] in learner }
            return context
        }()
        lazy var module: LessonModule = DeclaredModule.factory("made") { [unowned self] m in
            let commands = m.makes(
                EditCommand.self,
                Maker("TypeText", nil, holding: [inDocument]) { (text: String) in TypeText(text, in: self.document) },
                Maker("Shout", holding: [inDocument]) { Shout(in: self.document) })
            m.live("editor", editor) { api in api.call("run", TextEditor.run, made: commands) }
            m.afterChange { self.changes += 1 }
        }.make(context)

        var run: Method { module.objects[0].method(named: "run")! }
    }

    @Test func theInitializersListedAreWhatTheParameterTakesInTheirOrder() {
        let fixture = Fixture()
        #expect(fixture.run.signature == "run(EditCommand)")
        #expect(
            fixture.run.params[0].type
                == .instance(
                    type: "EditCommand",
                    initializers: [
                        Initializer("TypeText", [Param(nil, .string), fixture.inDocument]),
                        Initializer("Shout", [fixture.inDocument]),
                    ]))
        #expect(fixture.run.params[0].type.completions == ["TypeText(", "Shout("])
    }

    @Test func theInitializerNamedMakesARealInstanceTheRealMethodIsGiven() throws {
        let fixture = Fixture()
        _ = try fixture.run.perform([.constructed(type: "TypeText", [.text("Hi"), .object("document")])])
        _ = try fixture.run.perform([.constructed(type: "Shout", [.object("document")])])
        #expect(fixture.document.text == "HI")
        #expect(fixture.editor.undoStack.map { String(describing: $0) } == [#"TypeText("Hi")"#, "Shout()"])
        #expect(fixture.changes == 2, "what follows a change runs after each call")
        #expect(throws: InternalError.self) {
            _ = try fixture.run.perform([.constructed(type: "Erase", [.int(1), .object("document")])])
        }
        #expect(fixture.editor.undoStack.count == 2, "an initializer the module does not list makes nothing")
    }

    @Test func aLearnersNameGivesWhatItHoldsNowAndANameHoldingNoneRunsNothing() throws {
        let fixture = Fixture()
        let mine = TypeText("yo", in: fixture.document)
        fixture.learner = [("count", 3), ("mine", mine)]
        _ = try fixture.run.perform([.object("mine")])
        #expect(fixture.editor.undoStack.first === mine)
        #expect(fixture.document.text == "yo")
        _ = try fixture.run.perform([.object("count")])
        _ = try fixture.run.perform([.object("gone")])
        #expect(fixture.editor.undoStack.count == 1, "a name that holds no command runs none")
        #expect(fixture.document.text == "yo")
    }
}
