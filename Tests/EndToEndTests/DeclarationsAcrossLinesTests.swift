import Foundation
import PlaygroundTestSupport
import Testing

/// Swift typed at the prompt, a line at a time, runs as swiftc runs the same lines in one file: every `internal`
/// member of an earlier line is visible, a conformance is added to the values made before it, the newest function of
/// a signature wins beside its overloads, and what a lesson command drops of the learner's Swift is said.
@Suite(.serialized) struct DeclarationsAcrossLinesTests {
    let playground = TestPlayground("across-lines")

    func run(_ input: String, lang: String = "en") throws -> ProcessResult {
        try playground.run(input, arguments: ["--lang", lang])
    }

    /// A line whose function or type uses a variable the same line declares runs as the same line of a main file
    /// does (before, the declarations were compiled before the variable, and "cannot find 'p' in scope" came in the
    /// compiler's words). The function lasts for later lines; the variable is the learner's, in the state pane; an
    /// error in the declaration is said of the line as typed, and the variable before it is gone with the line.
    @Test func aDeclarationUsesAVariableOfItsOwnLine() throws {
        let result = try run(
            """
            load builder
            var p: [Int] = []; func f() { p.append(1) }; f()
            f(); print(p)
            var r = 2; struct R { var v: Int { r * 3 } }; print(R().v)
            var s = 1; func h() -> Int { s + undefinedName }; h()
            print(s)
            func k() -> Int { w }; print("first"); var w = 4; print(k())
            func g() -> Int { 5 }; let u = g(); func q() -> Int { u + 1 }; print(q())

            """)
        // A function before the variable it uses, as swiftc runs the same line (each checked with swiftc: `first`,
        // `4`; `6`): the statements up to that variable run first, then the declarations, then the rest.
        #expect(
            answer(to: "func k() -> Int { w }; print(\"first\"); var w = 4; print(k())", in: result.output)
                .contains("── log ─────────────────────\nfirst\n4\n"), "\(result.output)")
        #expect(
            answer(to: "func g() -> Int { 5 }; let u = g(); func q() -> Int { u + 1 }; print(q())", in: result.output)
                .contains("── log ─────────────────────\n6\n"), "\(result.output)")
        #expect(
            answer(to: "var p: [Int] = []; func f() { p.append(1) }; f()", in: result.output) == """
                ── code ────────────────────
                var p: [Int] = []; func f() { p.append(1) }; f()
                ── log ─────────────────────
                p.value: [1]
                ── state ───────────────────
                p: Array<Int>
                * value: [1]
                (unchanged: builder; 'state' shows every object)
                """, "\(result.output)")
        #expect(answer(to: "f(); print(p)", in: result.output).contains("[1, 1]\n"), "\(result.output)")
        #expect(
            answer(to: "var r = 2; struct R { var v: Int { r * 3 } }; print(R().v)", in: result.output)
                .contains("── log ─────────────────────\n6\n"), "\(result.output)")
        #expect(
            answer(to: "var s = 1; func h() -> Int { s + undefinedName }; h()", in: result.output).hasSuffix(
                """
                repl:1:34: error: cannot find 'undefinedName' in scope
                var s = 1; func h() -> Int { s + undefinedName }; h()
                                                 ^~~~~~~~~~~~~
                """), "\(result.output)")
        #expect(answer(to: "print(s)", in: result.output).contains("cannot find 's' in scope"), "\(result.output)")
    }

    /// A later line, or a function declared at the prompt, changes a learner's variable in place, as a main file
    /// changes its global: one element of a large array, not a copy of it (before, each `a[i] = 2` copied the whole
    /// array, so a loop over a 100 MB array was stopped as "used more than 300 MB" or "an endless loop?"). Counted
    /// by a copy-on-write type that counts its copies: 100 before, here the one copy a line's first change makes
    /// while the state pane still holds the value from before the line (swiftc: 0). A variable with observers is
    /// still written through them. A change in place is tracked, as a global's is: a second one while it lasts traps.
    @Test func aLaterLineChangesAVariableInPlace() throws {
        let result = try run(
            """
            load builder
            final class Buffer { nonisolated(unsafe) static var copies = 0; var items: [Int]; \
            init(_ items: [Int]) { self.items = items } }
            struct Ledger { var buffer = Buffer([0]); mutating func write(_ v: Int) { \
            if !isKnownUniquelyReferenced(&buffer) { Buffer.copies += 1; buffer = Buffer(buffer.items) }; \
            buffer.items[0] = v } }
            var ledger = Ledger()
            for i in 0..<100 { ledger.write(i) }; print("line:", Buffer.copies, ledger.buffer.items)
            func fill() { for i in 0..<100 { ledger.write(i + 1) } }
            Buffer.copies = 0; fill(); print("function:", Buffer.copies, ledger.buffer.items)
            guard var kept = Optional(Ledger()) else { fatalError() }
            Buffer.copies = 0; for i in 0..<100 { kept.write(i) }; print("guard var:", Buffer.copies)
            var watched = Ledger() { didSet { print("didSet") } }
            watched.write(5); watched.write(6); print(watched.buffer.items)
            var xs = [1, 2, 3]
            xs.withUnsafeMutableBufferPointer { _ in xs.append(4) }
            print("xs", xs)

            """)
        let printed = result.output.split(separator: "\n").filter { line in
            ["line:", "function:", "guard var:", "didSet", "["].contains { line.hasPrefix($0) }
        }
        #expect(
            printed == ["line: 1 [99]", "function: 1 [100]", "guard var: 1", "didSet", "didSet", "[6]"],
            "\(result.output)")
        // Changed in place, a variable is still tracked as a main file's global is: a second change while the first
        // lasts traps in the runtime's words (swiftc 6.3.1: the same words), and the line is not kept.
        let conflict = answer(to: "xs.withUnsafeMutableBufferPointer { _ in xs.append(4) }", in: result.output)
        #expect(
            conflict.hasPrefix("Simultaneous accesses to 0x")
                && conflict.contains(", but modification requires exclusive access.\n(a trap: "), "\(result.output)")
        #expect(answer(to: "print(\"xs\", xs)", in: result.output).hasSuffix("\nxs [1, 2, 3]"), "\(result.output)")
    }

    @Test func aSubclassOnALaterLineInheritsInternalMembers() throws {
        let result = try run("load builder\nclass Foo { var x = 1 }\nclass Bar: Foo {}\nprint(Bar().x)\n")
        #expect(answer(to: "print(Bar().x)", in: result.output).hasSuffix("1"), "\(result.output)")
        #expect(!result.output.contains("inaccessible"), "\(result.output)")
    }

    @Test func aProtocolExtensionsDefaultOnAnEarlierLineMakesALessonTypeConform() throws {
        let result = try run(
            """
            load builder
            protocol Describable { func describe() -> String }
            extension Describable { func describe() -> String { "default" } }
            extension HamburgerBuilder: Describable {}
            print(builder.describe())

            """)
        #expect(answer(to: "print(builder.describe())", in: result.output).hasSuffix("default"), "\(result.output)")
        #expect(!result.output.contains("does not conform"), "\(result.output)")
        // In one file the protocol is the learner's own: swiftc says nothing of a retroactive conformance.
        #expect(!result.output.contains("@retroactive"), "\(result.output)")
    }

    @Test func anIndirectEnumsCasesReachAFunctionOfAnotherLine() throws {
        let result = try run(
            """
            load builder
            indirect enum Tree { case leaf(Int), node(Tree, Tree) }
            func total(_ t: Tree) -> Int { switch t { case .leaf(let n): n; case .node(let l, let r): \
            total(l) + total(r) } }
            print(total(.node(.leaf(1), .node(.leaf(2), .leaf(3)))))

            """)
        #expect(
            answer(to: "print(total(.node(.leaf(1), .node(.leaf(2), .leaf(3)))))", in: result.output).hasSuffix("6"),
            "\(result.output)")
    }

    @Test func aResultBuilderAndAPropertyWrapperDeclaredAtThePrompt() throws {
        let result = try run(
            """
            load builder
            @resultBuilder enum Lines { static func buildBlock(_ c: String...) -> [String] { c } }
            func lines(@Lines _ b: () -> [String]) -> [String] { b() }
            print(lines { "a"; "b" })
            @propertyWrapper struct Doubled { private var value = 0; \
            var wrappedValue: Int { get { value } set { value = newValue * 2 } } }
            struct Box { @Doubled var n: Int }
            var box = Box(); box.n = 4; print(box.n)

            """)
        #expect(
            answer(to: "print(lines { \"a\"; \"b\" })", in: result.output).hasSuffix("[\"a\", \"b\"]"),
            "\(result.output)")
        #expect(
            answer(to: "var box = Box(); box.n = 4; print(box.n)", in: result.output).contains(
                "── log ─────────────────────\n8\n"),
            "\(result.output)")
    }

    @Test func aConformanceOnTheLearnersTypeReachesTheValuesMadeBefore() throws {
        let result = try run(
            """
            load builder
            struct Point { var x: Int }
            var p = Point(x: 1)
            extension Point: Equatable {}
            print(p == p)
            class Foo { var x = 1 }
            let foo = Foo()
            extension Foo: CustomStringConvertible { var description: String { "Foo(\\(x))" } }
            print(foo)

            """)
        #expect(answer(to: "print(p == p)", in: result.output).hasSuffix("true"), "\(result.output)")
        #expect(answer(to: "print(foo)", in: result.output).hasSuffix("Foo(1)"), "\(result.output)")
        #expect(!result.output.contains("Exercise_"), "\(result.output)")
        #expect(!result.output.contains("redefined"), "\(result.output)")
    }

    @Test func theNewestFunctionOfASignatureWinsBesideItsOverloads() throws {
        let result = try run(
            """
            load builder
            func greet(_ name: String) -> String { "Hello, \\(name)" }
            func greet(_ name: String) -> String { "Hi, \\(name)" }
            func greet(_ count: Int) -> String { "Hi x\\(count)" }
            print(greet("Bo"), greet(2))

            """)
        #expect(
            answer(to: "print(greet(\"Bo\"), greet(2))", in: result.output).hasSuffix("Hi, Bo Hi x2"),
            "\(result.output)")
    }

    @Test func aBindingBehindAnExistentialIsUsableLater() throws {
        let result = try run("load builder\nlet c: any Collection<Int> = [1, 2]\nprint(c.count)\n")
        #expect(answer(to: "print(c.count)", in: result.output).hasSuffix("2"), "\(result.output)")
    }

    /// What swiftc says of the code the playground writes around a line names what the learner never wrote: the
    /// playground says it in its own words instead (or the line runs, once the reader splits it as Swift does).
    @Test func aGeneratedNameIsNeverShown() throws {
        let line = "let r: Result<Int, any Error> = .success(3)"
        let result = try run("load builder\n\(line)\n")
        let answer = answer(to: line, in: result.output)
        #expect(!answer.contains("Storage") && !answer.contains("__"), "\(result.output)")
    }

    /// The name the playground lends a line its context by is none the learner can meet: declared, it is the
    /// learner's own; used, it is not found, as in swiftc.
    @Test func thePlaygroundsOwnContextNameCannotBeTyped() throws {
        let result = try run("load builder\nlet q = __context\nlet __context = 1\nprint(__context + 1)\n")
        #expect(
            answer(to: "let q = __context", in: result.output).contains("cannot find '__context' in scope"),
            "\(result.output)")
        #expect(answer(to: "print(__context + 1)", in: result.output).hasSuffix("2"), "\(result.output)")
    }

    /// swiftc refuses a closure inside the parentheses without its label: so does the playground, in swiftc's words.
    @Test func aClosureInsideTheParenthesesNeedsItsLabel() throws {
        let result = try run(
            """
            load builder
            alert.addConfirmAction("OK", { print("tapped") })
            alert.addConfirmAction("OK") { print("tapped") }

            """)
        #expect(
            answer(to: "alert.addConfirmAction(\"OK\", { print(\"tapped\") })", in: result.output).contains(
                "missing argument label 'action:' in call"), "\(result.output)")
        #expect(
            !answer(to: "alert.addConfirmAction(\"OK\") { print(\"tapped\") }", in: result.output).contains("error"),
            "\(result.output)")
    }

    @Test func restartGotoAndLoadSayWhatOfTheLearnersSwiftTheyDrop() throws {
        let result = try run(
            """
            load builder
            struct Combo { let name: String }
            var counter = 1
            restart
            func note() -> Int { 2 }
            let kept = 3
            goto 2
            var again = 4
            load director

            """)
        #expect(
            answer(to: "restart", in: result.output).contains(
                "gone with the live objects, as in a fresh program: your declarations Combo; your variables counter"),
            "\(result.output)")
        #expect(
            answer(to: "goto 2", in: result.output).contains(
                "gone with the live objects, as in a fresh program: your declarations note; your variables kept"),
            "\(result.output)")
        #expect(
            answer(to: "load director", in: result.output).contains(
                "gone with the live objects, as in a fresh program: your variables again"),
            "\(result.output)")
        let korean = try run("load builder\nvar counter = 1\nrestart\n", lang: "ko")
        #expect(
            answer(to: "restart", in: korean.output).contains("라이브 객체와 함께 사라졌습니다(새 프로그램처럼): 직접 만든 변수 counter"),
            "\(korean.output)")
    }

    /// A value whose type comes from C (`fopen` gives `UnsafeMutablePointer<FILE>?`) is usable on later lines: the
    /// runtime names its type `__C._IO_FILE`, which no source may write.
    @Test func aValueOfACTypeIsUsableOnLaterLines() throws {
        let result = try run(
            """
            load builder
            import Glibc
            let file = fopen("/dev/null", "r")
            print(fclose(file))

            """)
        #expect(answer(to: "print(fclose(file))", in: result.output).hasSuffix("0"), "\(result.output)")
        #expect(!result.output.contains("__C"), "\(result.output)")
    }

    /// An import that fails is placed and quoted as typed, as swiftc places it in a file: never the `@_exported` the
    /// playground adds so that later lines see what the learner imported.
    @Test func aMissingModuleIsNamedWhereTheLearnerTypedIt() throws {
        let result = try run("load builder\nimport NoSuchKit\nimport Foundation; import Nowhere\n")
        #expect(
            result.output.contains("repl:1:8: error: no such module 'NoSuchKit'\nimport NoSuchKit\n       ^"),
            "\(result.output)")
        #expect(
            result.output.contains(
                "repl:1:27: error: no such module 'Nowhere'\nimport Foundation; import Nowhere\n"
                    + String(repeating: " ", count: 26) + "^"),
            "\(result.output)")
        #expect(!result.output.contains("@_exported"), "\(result.output)")
    }
}
