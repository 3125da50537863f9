import LessonModules
import PlaygroundCore
import Testing

/// Careless and hostile input: every case gets one clear error, and the session is exactly as it was.
@Suite struct BadInputTests {
    /// One stand-in lesson for each module, named after it (the catalogue lists them by file name).
    static let modules = LessonModules.all.map(\.name).sorted()

    static let cases: [(input: String, error: String)] = [
        ("frobnicate", "unknown command 'frobnicate'; type 'help' for the list"),
        ("lod builder", "unknown command 'lod'; did you mean 'load'?"),
        ("meat", "'meat' needs <meat>; usage: meat <meat>"),
        ("meat beef tofu", "'meat' takes at most 1 argument(s), got 2; usage: meat <meat>"),
        ("meat pork", "'pork' is not a valid <meat>; expected one of: beef, chicken, kitten, tofu"),
        ("meat 🍔", "'🍔' is not a valid <meat>; expected one of: beef, chicken, kitten, tofu"),
        ("meat kitten", "HamburgerBuilder.Error.soldOut(.kitten) was thrown: kitten is sold out"),
        ("sauce add", "'sauce' needs <sauce>...; usage: sauce add|remove <sauce>..."),
        ("sauce mix mustard", "'mix' is not a valid <change>; expected one of: add, remove"),
        ("topping add bacon", "'bacon' is not a valid <topping>; expected one of: cheese, lettuce, pickles, tomatoes"),
        ("title \"abc", "unterminated \" quote starting at column 7"),
        ("title 'abc", "unterminated ' quote starting at column 7"),
        ("meat beef\\", "the line ends with a lone backslash"),
        (String(repeating: "x", count: 1_048_577), "line too long (1048577 bytes; the limit is 1048576)"),
        ("meat\u{7} beef", "the line holds control characters or escape sequences; type plain text"),
        ("\u{1B}[31mmeat beef", "the line holds control characters or escape sequences; type plain text"),
        ("meat beef\u{1B}]0;pwned\u{7}", "the line holds control characters or escape sequences; type plain text"),
        ("builder.setMeat(.beef", "expected ',' or ')' (column 22)"),
        ("builder.setMeat(.pork)", "type 'Meat' has no member 'pork'"),
        ("builder.setMeat(.chiken)", "type 'Meat' has no member 'chiken'; did you mean '.chicken'?"),
        ("burger.build()", "cannot find 'burger' in scope; live objects: builder, alert, buggyAlert, screen"),
        ("buidler.build()", "cannot find 'buidler' in scope; did you mean 'builder'?"),
        ("builder.fly()", "value of type 'HamburgerBuilder' has no member 'fly'"),
        ("builder.setMeat(meat: .beef)", "extraneous argument label 'meat:' in call; expected builder.setMeat(Meat)"),
        ("builder.setMeat()", "missing argument for parameter #1 in call; expected builder.setMeat(Meat)"),
        ("builder.setMeat(.beef, .tofu)", "extra argument in call; expected builder.setMeat(Meat)"),
        ("builder.setMeat(\"beef\")", "cannot convert value of type 'String' to expected argument type 'Meat'"),
        ("builder.setMeat(1)", "cannot convert value of type 'Int' to expected argument type 'Meat'"),
        ("builder.setMeat([.beef])", "cannot convert value [.beef] to expected argument type 'Meat'"),
        ("builder.addSauces([1])", "cannot convert value [1] to expected argument type 'Sauces'"),
        ("builder.addSauces([.mustard, .bbq])", "type 'Sauces' has no member 'bbq'"),
        ("builder.setMeat(beef)", "'beef' is not a value here; use a literal or a case such as .beef"),
        ("builder.setMeat(99999999999999999999)", "number '99999999999999999999' is too large (column 17)"),
        (
            "alert.addConfirmAction(\"OK\") { exit(0) }",
            "only print(\"...\") can run inside a closure here, not 'exit' (column 32)"
        ),
        (
            "alert.setTitle(\"\\(secret)\")",
            "string interpolation \\( ) is not supported here; write the text out (column 17)"
        ),
        ("alert.setTitle(\"\\q\")", "invalid escape sequence '\\q' in string (column 17)"),
        (
            "alert.addConfirmAction(\"OK\", handler: { })",
            "incorrect argument label in call (have 'handler:', expected 'action:')"
        ),
        ("builder.meat()", "'meat' is a property, not a method: write builder.meat without ()"),
        ("builder.build", "'build' is a method: call it as builder.build()"),
        ("builder.build().x()", "value of type 'Hamburger' has no member 'x'"),
        ("let = builder.build()", "expected a name after 'let' (column 5)"),
        ("try", "expected the name of a live object (column 4)"),
        ("goto 0", "there is no step 0; this lesson has 11"),
        ("goto 99", "there is no step 99; this lesson has 11"),
        ("goto -4", "there is no step -4; this lesson has 11"),
        ("goto 9223372036854775807", "there is no step 9223372036854775807; this lesson has 11"),
        ("goto -9223372036854775808", "there is no step -9223372036854775808; this lesson has 11"),
        ("goto 99999999999999999999", "'99999999999999999999' is not a number; usage: goto <step>"),
        ("goto two", "'two' is not a number; usage: goto <step>"),
        ("back", "this is the first step"),
        ("load nope", "unknown lesson 'nope'; lessons: " + modules.joined(separator: ", ")),
        ("load buildr", "unknown lesson 'buildr'; did you mean 'builder'?"),
        ("pane hide nope", "unknown pane 'nope'"),
        ("pane add a/b", "a pane name is up to 20 letters, digits, '-' or '_'"),
        ("pane add state", "pane 'state' already exists"),
        ("route log to nowhere", "unknown pane 'nowhere'"),
        ("route nosuch to log", "unknown topic 'nosuch'"),
        ("route log into log", "'into' is not a valid <to>; expected one of: to"),
        ("layout sideways", "'sideways' is not a valid <layout>; expected one of: stream, dashboard"),
        ("help nosuch", "no help for 'nosuch'"),
        ("tap Cancel", "no alert is on the screen; present() one first"),
        // Tapping is the screen's API, not the builder's (there is no invented AlertError either).
        ("alert.confirm()", "value of type 'AlertConcreteBuilder' has no member 'confirm'"),
        ("undo", "nothing to undo"),
        // The first link succeeds and changes the alert, the second fails: the whole line must be undone.
        ("alert.setTitle(\"Changed\").nosuch()", "value of type 'AlertConcreteBuilder' has no member 'nosuch'"),
        (
            "alert.setTitle(\"Changed\").setMessage(.oops)",
            "cannot convert value .oops to expected argument type 'String'"
        ),
    ]

    /// A session at step 1 of the builder lesson, with nothing in its journal.
    func fresh() -> Session {
        let session = makeSession()
        session.options.render.width = 400
        let catalog = LessonCatalog(
            sources: Self.modules.map { id in
                LessonSource(
                    path: "\(id).md", lang: "en",
                    text: "---\nid: \(id)\ntitle: T\nmodule: \(id)\n---\n" + (1...11).map { "## S\($0)\n" }.joined(),
                    isBuiltIn: true)
            }, modules: LessonModules.names)
        let real = Session(catalog: catalog, modules: LessonModules.all, options: session.options)
        real.execute("load builder")
        _ = real.takeOutput()
        return real
    }

    @Test func everyBadInputGetsOneClearErrorAndChangesNothing() {
        #expect(Self.cases.count >= 40)
        for (input, error) in Self.cases {
            let session = fresh()
            let state = session.lessons.liveObjects.isEmpty ? "" : session.run("state")
            let ok = session.execute(input)
            let output = session.takeOutput()
            let errorLines = output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
            #expect(!ok, "\(input.prefix(60)) should fail")
            #expect(errorLines == ["error: " + error[...]], "input: \(input.prefix(60))\noutput:\n\(output)")
            #expect(session.lessons.journalCommands.isEmpty, "\(input.prefix(60)) changed the journal")
            #expect(session.stepIndex == 0)
            #expect(session.run("state") == state, "\(input.prefix(60)) changed the live objects")
        }
    }
}
