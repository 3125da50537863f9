import Foundation
import PlaygroundTestSupport
import Testing

/// The trace sees the learner's own types (issue 48, part 1): a Command-shaped invoker, command and receiver typed at
/// the prompt, as the trace draws them and as goals judge them; the real binary and the real compiler.
extension CodeExerciseTests {
    /// A `Command` protocol, a command that sets chicken on the builder it holds, and an invoker that runs one.
    static let commandTypes = [
        "protocol Command { func execute() }",
        "final class Chicken: Command { let builder: HamburgerBuilder; init(builder: HamburgerBuilder) { "
            + "self.builder = builder }; func execute() { try? builder.setMeat(.chicken) } }",
        "final class Invoker { let command: Command; init(command: Command) { self.command = command }; "
            + "func run() { command.execute() } }",
    ].joined(separator: "\n")

    /// The lines after the last `trace` command's heading.
    func traced(_ output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.lastIndex(where: { $0.hasSuffix("> trace") }) else { return [] }
        return Array(lines[(start + 2)...].prefix { $0.hasPrefix("  ") })
    }

    /// Calls made and received by the learner's objects are named as the learner knows them: the `let` holding the
    /// object, else its type with an article (a Korean type name too).
    @Test func theTraceNamesTheLearnersObjectsThroughACommand() throws {
        let result = try playground.runAsLearner(
            """
            load builder
            \(Self.commandTypes)
            let command = Chicken(builder: builder)
            let invoker = Invoker(command: command)
            invoker.run()
            trace
            final class 주문기 { func 주문(_ 명령: Command) -> Int { 명령.execute(); return 1 } }
            _ = 주문기().주문(Invoker(command: command).command)
            trace

            """, width: 200)
        #expect(
            result.output.contains(
                "> trace\nthe calls of the last line that called anything:\n  you -> invoker.run()\n"
                    + "    invoker -> command.execute()\n      command -> builder.setMeat(.chicken)\n"
            ),
            "\(result.output)")
        #expect(
            traced(result.output) == [
                "  you -> a 주문기.주문(command)", "    a 주문기 -> command.execute()",
                "      command -> builder.setMeat(.chicken)",
            ], "\(result.output)")
    }

    /// swiftc's words on a learner's method name the line and column as typed, and quote the line as typed: the
    /// instrumentation never shows. A warning comes from the instrumented compile (the class's call is traced); an
    /// error from the file as written.
    @Test func swiftcsWordsOnAnInstrumentedMethodArePlacedAndQuotedAsTyped() throws {
        let broken = "final class Broken { func run() -> Int { let text: String = 1; return 2 } }"
        let loud = "final class Loud { func run() -> Int { let unused = 1; return 2 } }"
        let result = try playground.runAsLearner(
            "load builder\n\(broken)\n\(loud)\n_ = Loud().run()\ntrace\n", width: 200)
        #expect(
            result.output.contains(
                "repl:1:61: error: cannot convert value of type 'Int' to specified type 'String'\n\(broken)\n"
                    + String(repeating: " ", count: 60) + "^"), "\(result.output)")
        #expect(
            result.output.contains(
                "repl:1:44: warning: initialization of immutable value 'unused' was never used; consider replacing "),
            "\(result.output)")
        #expect(
            result.output.contains("\n\(loud)\n" + String(repeating: " ", count: 39) + "~~~~^~~~~~"), "\(result.output)"
        )
        #expect(traced(result.output) == ["  you -> a Loud.run()"], "\(result.output)")
        #expect(!result.output.contains("__PatternsTrace") && !result.output.contains("patterns-trace"))
    }

    /// A lesson whose goal names the calls through the learner's invoker and command (as the instructor's Command
    /// lesson wanted to): met through the types, not met by calling the receiver or the command directly.
    @Test(arguments: [
        ("invoker.run()", nil),
        (
            "try builder.setMeat(.chicken)",
            "trace.has  expected you -> invoker.run(), actual no such call"
        ),
        ("command.execute()", "trace.has  expected invoker -> command.execute(), actual no such call"),
    ])
    func aGoalThroughTheLearnersTypes(line: String, difference: String?) throws {
        let (folder, environment) = try playground.learner(writing: nil)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lessons = folder + "/Lessons"
        try FileManager.default.createDirectory(atPath: lessons + "/en", withIntermediateDirectories: true)
        try """
        ---
        id: command
        title: Command
        summary: An invoker runs a command on its receiver.
        module: builder
        minutes: 5
        ---

        # Command

        An invoker runs a command; the command calls its receiver.

        ## Exercise: the invoker runs the command

        Declare an `Invoker` that runs a `Command` whose `execute()` sets chicken on the builder, and run it.

        ```goal
        builder.meat: .chicken
        trace.has: you -> invoker.run()
        trace.has: invoker -> command.execute()
        trace.has: command -> builder.setMeat(.chicken)
        ```

        > **Hint:** `invoker.run()`.
        """.write(toFile: lessons + "/en/command.md", atomically: true, encoding: .utf8)
        let result = try runPatterns(
            ["--width", "200", "--lessons", lessons],
            input: """
                load command
                \(Self.commandTypes)
                let command = Chicken(builder: builder)
                let invoker = Invoker(command: command)
                \(line)
                check

                """, environment: environment)
        let shown = verdict(result.output)
        if let difference {
            #expect(shown.hasPrefix("✗ not yet") && shown.contains(difference), "\(result.output)")
        } else {
            #expect(shown.hasPrefix("✓ goal met"), "\(result.output)")
        }
    }
}
