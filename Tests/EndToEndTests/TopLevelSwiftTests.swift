import Foundation
import PlaygroundTestSupport
import Testing

/// A line at the prompt is top-level Swift of a main file, as `swift repl` and swiftc have it: its variables are
/// storage that later lines and closures share, their observers fire, `await` works, `return` is refused; swiftc's
/// warnings about the learner's own line are shown, in the language mode swiftc uses unless `--swift-version` says;
/// an expression's value is shown, compiled once with the line. Whole answers of the real binary, toolchain on PATH.
@Suite(.serialized) struct TopLevelSwiftTests {
    let playground = TestPlayground("top-level")

    func run(_ input: String, arguments: [String] = [], cache: String? = nil) throws -> ProcessResult {
        try playground.run(input, arguments: arguments, extra: cache.map { ["XDG_CACHE_HOME": $0] } ?? [:])
    }

    @Test func aClosureSharesTheVariableItCapturedAndObserversFire() throws {
        let result = try run(
            """
            load builder
            var n = 0
            let inc = { n += 1 }
            inc(); inc()
            print(n)
            var w = 1 { didSet { print("now", w) } }
            w = 5
            var k = 10; let bump = { k += 5 }
            bump()
            print(k)

            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            answer(to: "print(n)", in: result.output)
                == "── code ────────────────────\nprint(n)\n── log ─────────────────────\n2")
        #expect(
            answer(to: "w = 5", in: result.output) == """
                ── code ────────────────────
                w = 5
                ── log ─────────────────────
                now 5
                w.value: 1 → 5
                ── state ───────────────────
                w: Int
                * value: 5
                (unchanged: builder, inc, n; 'state' shows every object)
                """, "\(result.output)")
        #expect(answer(to: "print(k)", in: result.output).hasSuffix("── log ─────────────────────\n15"))
    }

    @Test func awaitAtTheTopLevelAndImportFoundation() throws {
        let result = try run(
            """
            load builder
            import Foundation
            String(format: "%.1f", 2.5)
            let t = Task { 6 * 7 }
            print(await t.value)
            await t.value

            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(answer(to: "print(await t.value)", in: result.output).hasSuffix("── log ─────────────────────\n42"))
        #expect(answer(to: "await t.value", in: result.output) == "── code ────────────────────\nawait t.value\n42")
        #expect(answer(to: "String(format: \"%.1f\", 2.5)", in: result.output).hasSuffix("\n\"2.5\""))
    }

    /// swiftc refuses `return` in top-level code, in a block of it too; a closure's own `return` is its own.
    @Test func returnOutsideAFunctionIsRefusedAsSwiftcRefusesIt() throws {
        let result = try run(
            """
            load builder
            return
            if true { return }
            return 5
            if true { return 7 }
            let f = { () -> Int in return 3 }

            """)
        #expect(
            answer(to: "return", in: result.output) == """
                repl:1:1: error: return invalid outside of a func
                return
                ^
                """, "\(result.output)")
        #expect(
            answer(to: "if true { return }", in: result.output) == """
                repl:1:11: error: return invalid outside of a func
                if true { return }
                          ^
                """)
        // A value returned is refused at the `return` too, not at the value.
        #expect(
            answer(to: "return 5", in: result.output) == """
                repl:1:1: error: return invalid outside of a func
                return 5
                ^
                """, "\(result.output)")
        #expect(
            answer(to: "if true { return 7 }", in: result.output) == """
                repl:1:11: error: return invalid outside of a func
                if true { return 7 }
                          ^
                """, "\(result.output)")
        #expect(answer(to: "let f = { () -> Int in return 3 }", in: result.output).contains("f: () -> Int"))
    }

    /// swiftc's warning about the learner's own line, with its notes; never what only the function around the line
    /// earns (a top-level variable is never "never mutated").
    @Test func swiftcsWarningsAboutTheLineAreShown() throws {
        let result = try run(
            """
            load builder
            weak var gone = HamburgerBuilder(soldOutMeats: [])
            var never = 1

            """)
        #expect(
            answer(to: "weak var gone = HamburgerBuilder(soldOutMeats: [])", in: result.output) == """
                ── code ────────────────────
                weak var gone = HamburgerBuilder(soldOutMeats: [])
                ── log ─────────────────────
                repl:1:15: warning: instance will be immediately deallocated because variable 'gone' is 'weak'
                weak var gone = HamburgerBuilder(soldOutMeats: [])
                              ^ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                repl:1:15: note: a strong reference is required to prevent the instance from being deallocated
                weak var gone = HamburgerBuilder(soldOutMeats: [])
                              ^ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                repl:1:10: note: 'gone' declared here
                weak var gone = HamburgerBuilder(soldOutMeats: [])
                         ^
                repl:1:17: warning: weak reference will always be nil because the referenced object is deallocated here
                weak var gone = HamburgerBuilder(soldOutMeats: [])
                                ^
                gone.value: nil
                ── state ───────────────────
                gone: HamburgerBuilder?
                * value: nil
                (unchanged: builder; 'state' shows every object)
                """, "\(result.output)")
        #expect(!answer(to: "var never = 1", in: result.output).contains("warning"))
    }

    /// Swift 5, swiftc's default, warns of a mutation in a closure that may run concurrently; `--swift-version 6`
    /// refuses it, and the playground says once which mode judged it.
    @Test func theLanguageModeIsSwiftcsDefaultUnlessAsked() throws {
        let input = """
            load builder
            goto 11
            var taps = 0
            alert.setTitle("Count").addConfirmAction("OK") { taps += 1 }.present()
            alert.setTitle("Again").addConfirmAction("OK") { taps += 2 }.present()

            """
        let line = "alert.setTitle(\"Count\").addConfirmAction(\"OK\") { taps += 1 }.present()"
        let byDefault = try run(input)
        #expect(
            answer(to: line, in: byDefault.output).contains("screen.presented: nil → \"Count\""), "\(byDefault.output)")
        #expect(answer(to: line, in: byDefault.output).contains("this is an error in the Swift 6 language mode"))
        let six = try run(input, arguments: ["--swift-version", "6"])
        let note =
            "(judged in the Swift 6 language mode, as --swift-version 6 asks: in Swift 5, swiftc's default, this is a "
            + "warning)"
        #expect(
            answer(to: line, in: six.output) == """
                ── log ─────────────────────
                \(note)
                repl:1:50: error: mutation of captured var 'taps' in concurrently-executing code \
                [#SendableClosureCaptures]
                alert.setTitle("Count").addConfirmAction("OK") { taps += 1 }.present()
                                                                 ^
                """, "\(six.output)")
        #expect(six.output.components(separatedBy: note).count == 2, "said once: \(six.output)")
        let wrong = try run("", arguments: ["--swift-version", "4"])
        #expect(wrong.status == 64 && wrong.error.contains("--swift-version must be 5 or 6"), "\(wrong.error)")
    }

    /// An expression's value is shown from one run of the compiler: the line's cache holds one library for it.
    @Test func anExpressionIsCompiledOnce() throws {
        let cache = NSTemporaryDirectory() + "patterns-top-level-once-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try run("load builder\nbuilder.sauces.contains(.mustard)\n", cache: cache)
        #expect(
            answer(to: "builder.sauces.contains(.mustard)", in: result.output)
                == "── code ────────────────────\nbuilder.sauces.contains(.mustard)\nfalse", "\(result.output)")
        let libraries = try FileManager.default.contentsOfDirectory(atPath: cache + "/patterns/lines").filter {
            $0.hasSuffix(".so")
        }
        #expect(libraries.count == 1, "\(libraries)")
    }

    /// A name declared again: the newest type and same-signature function win, another signature stays an
    /// overload, and the objects made before keep the older type; the learner is told.
    @Test func aRedefinitionFollowsTheSwiftREPL() throws {
        let result = try run(
            """
            load builder
            struct Combo { let name: String }
            let c = Combo(name: "lunch")
            struct Combo { let name: String; let size: Int }
            let d = Combo(name: "dinner", size: 2)
            c.name
            func greet() -> String { "one" }
            func greet(_ n: Int) -> String { "one \\(n)" }
            func greet() -> String { "two" }
            greet() + greet(5)

            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            answer(to: "struct Combo { let name: String; let size: Int }", in: result.output) == """
                ── code ────────────────────
                struct Combo { let name: String; let size: Int }
                ── log ─────────────────────
                Combo redefined; 1 live object(s) still use the old Combo, which later lines cannot name: c
                """, "\(result.output)")
        #expect(answer(to: "let d = Combo(name: \"dinner\", size: 2)", in: result.output).contains("* size: 2"))
        #expect(answer(to: "c.name", in: result.output).hasSuffix("\n\"lunch\""))
        #expect(answer(to: "greet() + greet(5)", in: result.output).hasSuffix("\n\"twoone 5\""), "\(result.output)")
    }

    /// Declarations in a line that also does something are at file scope, as in a main file: they last, and what
    /// swiftc says of the line quotes it as typed.
    @Test func declarationsInALineThatAlsoDoesSomethingLast() throws {
        let result = try run(
            """
            load builder
            extension HamburgerBuilder { var isVegan: Bool { meat == .tofu } }; print(builder.isVegan)
            builder.isVegan
            struct E: Error {}; throw E()
            struct Q { let a: Int }; let q = Q(a: "x")

            """)
        #expect(
            answer(
                to: "extension HamburgerBuilder { var isVegan: Bool { meat == .tofu } }; print(builder.isVegan)",
                in: result.output
            ).hasSuffix("── log ─────────────────────\nfalse"), "\(result.output)")
        #expect(answer(to: "builder.isVegan", in: result.output).hasSuffix("\nfalse"))
        #expect(
            answer(to: "struct E: Error {}; throw E()", in: result.output).hasSuffix(
                "error: E() was thrown and not caught; the live objects are as they were before the line"))
        #expect(
            answer(to: "struct Q { let a: Int }; let q = Q(a: \"x\")", in: result.output) == """
                repl:1:39: error: cannot convert value of type 'String' to expected argument type 'Int'
                struct Q { let a: Int }; let q = Q(a: "x")
                                                      ^
                """, "\(result.output)")
    }

    /// A function declared at the prompt uses the lesson's objects and the learner's variables, as a function of a
    /// main file uses its globals; operators, `private var` and `lazy var` are as top-level code has them.
    @Test func aDeclaredFunctionSeesTheSessionsNames() throws {
        let result = try run(
            """
            load builder
            func addMustard() { builder.addSauces(.mustard) }
            addMustard()
            var n = 0
            func bump() { n += 1 }
            bump(); bump()
            n
            infix operator +++
            func +++ (l: Int, r: Int) -> Int { l * 10 + r }
            1 +++ 2
            private var secret = 1
            lazy var lz = 3

            """)
        // The last line is refused: a pipe ends with status 1.
        #expect(result.status == 1, "\(result.output)")
        #expect(answer(to: "addMustard()", in: result.output).contains("builder.sauces: [] → [.mustard]"))
        #expect(answer(to: "n", in: result.output) == "── code ────────────────────\nn\n2", "\(result.output)")
        #expect(answer(to: "1 +++ 2", in: result.output).hasSuffix("\n12"))
        #expect(answer(to: "private var secret = 1", in: result.output).contains("secret.value: 1"))
        #expect(
            answer(to: "lazy var lz = 3", in: result.output) == """
                repl:1:1: error: 'lazy' cannot be used on an already-lazy global
                lazy var lz = 3
                ^~~~~
                """)
    }

    /// A line's tasks run on the line's thread, once the rest of the line has run: the same every time, and the
    /// lines after it (Foundation's first use, a replay of a line that slept) never meet a half-copied pool of
    /// threads or a timer thread that is not there.
    @Test func tasksRunInTheLineAndTheLinesAfterThemGoOn() throws {
        for _ in 0..<3 {
            let result = try run(
                """
                load builder
                print(await Task { 1 }.value)
                var q = 1
                q = 5
                Task { print("later") }; print("first")
                import Foundation
                String(format: "%.1f", 2.5)
                try await Task.sleep(nanoseconds: 10_000_000); print("slept")
                try await Task.sleep(for: .milliseconds(10)); q += 1
                q = 9
                undo
                try await Task.sleep(nanoseconds: 100_000_000)
                try builder.setMeat(.kitten)

                """)
            // The kitten is sold out: a pipe ends with status 1.
            #expect(result.status == 1, "\(result.output)")
            #expect(answer(to: "q = 5", in: result.output).contains("q.value: 1 → 5"), "\(result.output)")
            // A failed line is rolled back by a replay, which tries the line that slept (a look) in a copy first.
            #expect(
                answer(to: "try builder.setMeat(.kitten)", in: result.output).hasSuffix(
                    "error: HamburgerBuilder.Error.soldOut(.kitten) was thrown: kitten is sold out"), "\(result.output)"
            )
            #expect(
                answer(to: "Task { print(\"later\") }; print(\"first\")", in: result.output).hasSuffix("first\nlater"))
            #expect(answer(to: "String(format: \"%.1f\", 2.5)", in: result.output).hasSuffix("\n\"2.5\""))
            #expect(
                answer(to: "try await Task.sleep(nanoseconds: 10_000_000); print(\"slept\")", in: result.output)
                    .hasSuffix("slept"))
            #expect(
                answer(to: "try await Task.sleep(for: .milliseconds(10)); q += 1", in: result.output).contains(
                    "q.value: 5 → 6"))
            // `undo` replays the lines before it, the one that slept too, in a copy of the process.
            #expect(
                answer(to: "undo", in: result.output).hasSuffix(
                    "* value: 6\n(unchanged: builder; 'state' shows every object)\nundid: q = 9"),
                "\(result.output)")
        }
    }

    /// A plain extension extends the type where it is: objects, subclasses and functions made before it see it. So does
    /// one that adds a conformance; one Swift synthesises (`Equatable` with no `==`) is compiled with the type's own
    /// declaration, where Swift allows it.
    @Test func extensionsReachWhatWasMadeBefore() throws {
        let result = try run(
            """
            load builder
            struct W { var n = 1 }
            var w = W()
            extension W { func h() -> Int { n * 10 } }
            w.h()
            class Foo { func base() -> Int { 0 } }
            class Bar: Foo {}
            func take(_ f: Foo) -> Int { f.base() }
            extension Foo { func hi() -> Int { 1 } }
            Bar().hi() + take(Bar())
            protocol Greeter { func greet() -> String }
            extension HamburgerBuilder: Greeter { func greet() -> String { "hi" } }
            builder.greet()
            struct S { var v = 1 }
            extension S: Equatable {}
            S() == S()

            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(answer(to: "w.h()", in: result.output).hasSuffix("\n10"), "\(result.output)")
        #expect(answer(to: "Bar().hi() + take(Bar())", in: result.output).hasSuffix("\n1"))
        #expect(answer(to: "builder.greet()", in: result.output).hasSuffix("\n\"hi\""))
        #expect(answer(to: "S() == S()", in: result.output).hasSuffix("\ntrue"))
    }

    /// `step += 1`, `follow = 2`: a learner's variable may share a command's name; an assignment is Swift.
    /// A warning about a function's own local variable is swiftc's, and shown.
    @Test func anAssignmentIsSwiftWhateverTheName() throws {
        let result = try run(
            """
            load builder
            var step = 0
            step += 1
            var follow = 1
            follow = 2
            func f() { var a = 1; print(a) }

            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(answer(to: "step += 1", in: result.output).contains("step.value: 0 → 1"), "\(result.output)")
        #expect(answer(to: "follow = 2", in: result.output).contains("follow.value: 1 → 2"))
        #expect(
            answer(to: "func f() { var a = 1; print(a) }", in: result.output).contains(
                "repl:1:16: warning: variable 'a' was never mutated; consider changing to 'let' constant"))
    }

    /// A failed line is rolled back by a replay, which tries a line that slept (a look) in a copy first: the sleep is
    /// timed by the playground's queue, so the copy needs no timer thread of the runtime's that it never inherited.
    @Test func aReplayOfALineThatSleptGoesOn() throws {
        for _ in 0..<2 {
            let result = try run(
                """
                load builder
                try await Task.sleep(nanoseconds: 100_000_000)
                try builder.setMeat(.kitten)

                """)
            #expect(
                answer(to: "try builder.setMeat(.kitten)", in: result.output).hasSuffix(
                    "error: HamburgerBuilder.Error.soldOut(.kitten) was thrown: kitten is sold out"), "\(result.output)"
            )
        }
    }
}
