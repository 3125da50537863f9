import Foundation
import PlaygroundTestSupport
import Testing

/// Lines swiftc takes, each typed as a learner would (each line on its own), that the playground refused while its
/// scanners disagreed about how to read them (shared/reviews/learner-5.md problems 5, 7 and 13): each now runs as
/// the same lines run in a file, and what swiftc refuses is refused in its words.
@Suite(.serialized) struct ReaderRefusalsTests {
    let cache = NSTemporaryDirectory() + "patterns-reader-\(getpid())"

    func run(_ input: String) throws -> ProcessResult {
        let state = NSTemporaryDirectory() + "patterns-reader-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        return try runPatterns(
            ["--width", "200"], input: input,
            environment: [
                "PATH": toolchainPath(), "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state,
                "PATTERNS_LINE_TIME_LIMIT": "5",
            ])
    }

    /// `@main` at the prompt: the lines are a main file's top-level code, where swiftc refuses it; a line of
    /// declarations, compiled as a library of its own, took it silently.
    @Test func theMainAttributeIsRefusedAsSwiftcRefusesItBesideTopLevelCode() throws {
        let result = try run("load builder\n@MainActor @main struct App { static func main() {} }\nprint(1)\n")
        #expect(
            answer(to: "@MainActor @main struct App { static func main() {} }", in: result.output) == """
                repl:1:12: error: 'main' attribute cannot be used in a module that contains top-level code
                @MainActor @main struct App { static func main() {} }
                           ^
                """, "\(result.output)")
        #expect(answer(to: "print(1)", in: result.output).hasSuffix("\n1"), "\(result.output)")
    }

    /// A `}` closed once too often: swiftc's first error on the same main file (checked with swiftc 6.3). Before, the
    /// brace closed the function around the line, and the compiler spoke of a `return` the learner never wrote, or
    /// of a line in the playground's own file of declarations; a line of Swift after it runs.
    @Test func aStrayClosingBraceIsRefusedAsSwiftcRefusesIt() throws {
        let result = try run("load builder\nprint(\"a\") }\n} ; print(\"outside\") ; func zz() {\nprint(2)\n")
        #expect(
            answer(to: "print(\"a\") }", in: result.output) == """
                repl:1:12: error: extraneous '}' at top level
                print("a") }
                           ^
                """, "\(result.output)")
        #expect(
            answer(to: "} ; print(\"outside\") ; func zz() {", in: result.output) == """
                repl:1:1: error: extraneous '}' at top level
                } ; print("outside") ; func zz() {
                ^
                """, "\(result.output)")
        #expect(answer(to: "print(2)", in: result.output).hasSuffix("\n2"), "\(result.output)")
    }

    /// A line that begins with `#` and a word is Swift (`#if`, `#warning`), not the command language's comment (`# a
    /// note`): an `#if` block at the prompt vanished without a word. It runs now, as in a main file (checked with
    /// swiftc 6.3.1: `release`, the warning, and each error below at the same place); what it declares is refused
    /// in the playground's words, as no later line could see it.
    @Test func anIfBlockAtThePromptRunsAndSaysWhatItCannotKeep() throws {
        let result = try run(
            """
            load builder
            # a note, not Swift
            #if DEBUG
            print("debug")
            #else
            print("release")
            #endif
            #if os(Linux)
            var z = 1
            #endif
            #if true
            print(1) }
            #endif
            #warning("careful")
            print("end")

            """)
        let output = result.output
        #expect(answer(to: "#if DEBUG", in: output).hasSuffix("── log ─────────────────────\nrelease"), "\(output)")
        let refused = answer(to: "#if os(Linux)", in: output).split(separator: "\n").filter { !$0.hasPrefix(" ") }
            .joined(separator: " ")
        #expect(
            refused
                == "error: not run: `z` is declared inside `#if` at the prompt, and the playground keeps nothing an "
                + "`#if` declares for later lines: declare it outside the `#if` (a variable before it, set inside it)",
            "\(output)")
        #expect(
            answer(to: "#if true", in: output)
                .hasSuffix("repl:2:10: error: extraneous '}' at top level\nprint(1) }\n         ^"), "\(output)")
        #expect(
            answer(to: "#endif", in: output)
                == "repl:1:1: error: unexpected conditional compilation block terminator\n#endif\n^", "\(output)")
        #expect(answer(to: "#warning(\"careful\")", in: output).contains("warning: careful"), "\(output)")
        #expect(!output.contains("a note, not Swift\n──"), "\(output)")
        #expect(answer(to: "print(\"end\")", in: output).hasSuffix("\nend"), "\(output)")
    }

    /// The names inside an interpolation are names the function uses (swiftc: the function prints the meat).
    @Test func aFunctionThatInterpolatesALiveObjectIsDefined() throws {
        let result = try run(
            """
            load builder
            func show2() { print("meat: \\(builder.meat)") }
            show2()

            """)
        #expect(!result.output.contains("error"), "\(result.output)")
        #expect(answer(to: "show2()", in: result.output).hasSuffix("meat: beef"), "\(result.output)")
    }

    /// A comma between generic arguments is part of the type, not a second name.
    @Test func aTypeAnnotationWithACommaInItsGenericArgumentsIsOneBinding() throws {
        let result = try run(
            """
            load builder
            let pair: Dictionary<String, Int> = [:]
            let r: Result<Int, Error> = .success(3)
            let kp: KeyPath<HamburgerBuilder, Meat> = \\.meat
            let e2: Result<Int, any Error> = Result.success(4)
            print(pair.count, try r.get(), builder[keyPath: kp], try e2.get())

            """)
        #expect(!result.output.contains("error"), "\(result.output)")
        #expect(
            answer(to: "print(pair.count, try r.get(), builder[keyPath: kp], try e2.get())", in: result.output)
                .hasSuffix("0 3 beef 4"), "\(result.output)")
    }

    /// A block comment over two lines, then a declaration: the declaration is the line's.
    @Test func aDeclarationAfterABlockCommentOverLinesIsKept() throws {
        let result = try run(
            """
            load builder
            /* a block
               comment */ let afterComment = 1
            print(afterComment)

            """)
        #expect(!result.output.contains("error"), "\(result.output)")
        #expect(answer(to: "print(afterComment)", in: result.output).hasSuffix("\n1"), "\(result.output)")
    }

    /// `async let` is Swift, not a command; its value is there for later lines to await.
    @Test func asyncLetIsSwift() throws {
        let result = try run(
            """
            load builder
            func slowDouble(_ n: Int) async -> Int { n * 2 }
            async let d1 = slowDouble(2)
            print(await d1)

            """)
        #expect(!result.output.contains("unknown command"), "\(result.output)")
        #expect(!result.output.contains("error"), "\(result.output)")
        #expect(answer(to: "print(await d1)", in: result.output).hasSuffix("\n4"), "\(result.output)")
    }

    /// The playground's own names cannot be typed: `__context` is unknown, as swiftc says, and free for the learner.
    @Test func thePlaygroundsOwnContextCannotBeNamed() throws {
        let result = try run(
            """
            load builder
            let q = __context
            let __context = 1
            print(__context + 1)
            print(builder.meat)

            """)
        #expect(
            answer(to: "let q = __context", in: result.output).contains("error: cannot find '__context' in scope"),
            "\(result.output)")
        #expect(answer(to: "let __context = 1", in: result.output).contains("__context: Int"), "\(result.output)")
        #expect(answer(to: "print(__context + 1)", in: result.output).hasSuffix("\n2"), "\(result.output)")
        #expect(answer(to: "print(builder.meat)", in: result.output).hasSuffix("\nbeef"), "\(result.output)")
    }

    /// Nothing of the playground's bridge is in a line's sight: its types are not found, as swiftc would not find
    /// them; a learner's own type of the same name is theirs; and the one name the Swift around a line imports is
    /// refused in the playground's words, in a statement and in a declaration alike.
    @Test func thePlaygroundsBridgeCannotBeNamed() throws {
        let result = try run(
            """
            load builder
            print(LineOutput.self)
            print(LineContext.session)
            struct LineContext { var a = 1 }
            print(LineContext().a)
            struct TopLevelCode { var b = 2 }
            print(TopLevelCode().b)
            let w = __PlaygroundBridge.LineOutput.self
            func hush() { __PlaygroundBridge.LineOutput.write = { _ in } }
            import PlaygroundBridge
            import CallRecording
            print("still heard")

            """)
        #expect(
            answer(to: "print(LineOutput.self)", in: result.output).contains(
                "error: cannot find 'LineOutput' in scope"), "\(result.output)")
        #expect(
            answer(to: "print(LineContext.session)", in: result.output).contains(
                "error: cannot find 'LineContext' in scope"), "\(result.output)")
        #expect(answer(to: "print(LineContext().a)", in: result.output).hasSuffix("\n1"), "\(result.output)")
        #expect(answer(to: "print(TopLevelCode().b)", in: result.output).hasSuffix("\n2"), "\(result.output)")
        for line in [
            "let w = __PlaygroundBridge.LineOutput.self",
            "func hush() { __PlaygroundBridge.LineOutput.write = { _ in } }",
            "import PlaygroundBridge", "import CallRecording",
        ] {
            #expect(
                answer(to: line, in: result.output).contains(
                    "is a name of the playground's own, not of Swift's"), "\(result.output)")
        }
        #expect(
            answer(to: "print(\"still heard\")", in: result.output).hasSuffix("\nstill heard"), "\(result.output)")
    }

    /// Input of any length a learner can paste: a 5,000-byte line and an 18 KB array literal over 2,003 lines.
    @Test func longLinesAndPastedBlocksAreTakenWhole() throws {
        let long = "let fiveK = \"" + String(repeating: "b", count: 5000) + "\".count"
        let array = "let big = [\n" + (0..<2003).map { "    \($0)," }.joined(separator: "\n") + "\n]"
        #expect(array.utf8.count > 18_000)
        let result = try run("load builder\n\(long)\nprint(fiveK)\n\(array)\nprint(big.count, big.last!)\n")
        #expect(!result.output.contains("too long"), "\(result.output.suffix(2000))")
        #expect(answer(to: "print(fiveK)", in: result.output).hasSuffix("\n5000"), "\(result.output.suffix(2000))")
        #expect(
            answer(to: "print(big.count, big.last!)", in: result.output).hasSuffix("\n2003 2002"),
            "\(result.output.suffix(2000))")
    }
}
