import Foundation
import PlaygroundTestSupport
import Testing

/// A block of Swift over several lines arrives as one input, as at the Swift REPL: typed at a terminal (with a
/// continuation prompt, Ctrl-C abandoning it), pasted (bracketed paste), piped, or written in a lesson's transcript.
@Suite(.serialized) struct MultiLineInputTests {
    let playground = TestPlayground("multiline", lineTimeLimit: nil, homeInState: true)

    func environment() -> [String: String] { playground.environment() }

    @Test func aPipedBlockRunsWholeAndIsShownAsTyped() throws {
        let result = try runPatterns(
            ["--width", "100"],
            input: """
                load builder
                for m in Meat.allCases {
                    print(m)
                }
                let text = \"\"\"
                  hello
                  \"\"\"
                print(text)

                """, environment: environment())
        let answer = result.output[try #require(result.output.range(of: "builder 1/12> for m")).lowerBound...]
        #expect(
            String(answer) == """
                builder 1/12> for m in Meat.allCases {
                  2.     print(m)
                  3. }
                ── code ────────────────────
                for m in Meat.allCases {
                    print(m)
                }
                ── log ─────────────────────
                beef
                chicken
                kitten
                tofu
                builder 1/12> let text = \"\"\"
                  2.   hello
                  3.   \"\"\"
                ── code ────────────────────
                let text = \"\"\"
                  hello
                  \"\"\"
                ── log ─────────────────────
                text.value: "hello"
                ── state ───────────────────
                text: String
                * value: "hello"
                (unchanged: builder; 'state' shows every object)
                builder 1/12> print(text)
                ── code ────────────────────
                print(text)
                ── log ─────────────────────
                hello

                """)
    }

    @Test func aLessonCanShowABlockAndTestItsOutput() throws {
        let folder = NSTemporaryDirectory() + "patterns-multiline-lessons-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lesson = """
            ---
            id: loop
            title: Loop
            summary: A block over several lines.
            module: builder
            minutes: 5
            ---

            # Loop

            A loop.

            ## One

            Every meat.

            ```patterns
            > for m in Meat.allCases {
            >     print(m)
            > }
            ```

            """
        try lesson.write(toFile: folder + "/loop.md", atomically: true, encoding: .utf8)
        let updated = try runPatterns(
            ["test", "--lessons", folder, "--trust-lessons", "--update", "loop"],
            environment: environment())
        #expect(updated.status == 0, "\(updated.output)\(updated.error)")
        let written = try String(contentsOfFile: folder + "/loop.md", encoding: .utf8)
        #expect(
            written.hasSuffix(
                """
                ```patterns
                > for m in Meat.allCases {
                >     print(m)
                > }
                ── code ────────────────────
                for m in Meat.allCases {
                    print(m)
                }
                ── log ─────────────────────
                beef
                chicken
                kitten
                tofu
                ```

                """), "\(written)")
        let tested = try runPatterns(
            ["test", "--lessons", folder, "--trust-lessons", "loop"], environment: environment())
        #expect(tested.status == 0 && tested.output.hasSuffix("1 passed, 0 failed\n"), "\(tested.output)")
    }

    @Test func atATerminalABlockGoesOnCtrlCAbandonsItAndAPasteArrivesWhole() throws {
        let terminal = try PseudoTerminal(
            patternsBinary(), arguments: ["--width", "100"], environment: environment(),
            columns: 100, rows: 300)
        #expect(terminal.waitFor("patterns> "))
        terminal.send("load builder\r")
        #expect(terminal.waitFor("builder 1/12> "))
        var mark = terminal.transcript.count
        terminal.send("for m in Meat.allCases {\r")
        #expect(terminal.waitFor("  2. ", after: mark))
        terminal.send("print(m)\r")
        #expect(terminal.waitFor("  3. ", after: mark))
        terminal.send("}\r")
        #expect(terminal.waitFor("tofu", after: mark), "\(terminal.plainText.suffix(500))")
        #expect(terminal.waitFor("builder 1/12> ", after: mark))
        // Ctrl-C leaves the block: nothing of it runs.
        mark = terminal.transcript.count
        terminal.send("builder.addSauces([.mustard,\r")
        #expect(terminal.waitFor("  2. ", after: mark))
        terminal.send("\u{3}")
        #expect(terminal.waitFor("builder 1/12> ", after: mark))
        // An eight-line class pasted (bracketed paste) is one input, run when it arrives.
        mark = terminal.transcript.count
        terminal.send(
            "\u{1B}[200~final class Counter {\r    var n = 0\r    func tick() { n += 1 }\r}\r"
                + "let counter = Counter()\rcounter.tick()\rcounter.tick()\rprint(\"ticks:\", counter.n)\r\u{1B}[201~")
        #expect(terminal.waitFor("ticks: 2", after: mark), "\(terminal.plainText.suffix(800))")
        #expect(terminal.waitFor("builder 1/12> ", after: mark))
        #expect(!PseudoTerminal.stripEscapes(String(terminal.transcript.dropFirst(mark))).contains("error"))
        // History keeps the block as one entry.
        mark = terminal.transcript.count
        terminal.send("\u{1B}[A")
        // The block recalled, drawn whole.
        #expect(terminal.waitFor("counter.n)", after: mark), "\(terminal.plainText.suffix(800))")
        terminal.settle()
        terminal.send("\r")
        #expect(terminal.waitFor("ticks: 2", after: mark), "\(terminal.plainText.suffix(800))")
        mark = terminal.transcript.count
        terminal.send("builder.sauces\r")
        #expect(terminal.waitFor("[]", after: mark), "the abandoned block added nothing")
        // Ctrl-D once the prompt reads keys again (typed while the line ran, the line discipline would take it).
        #expect(terminal.waitFor("builder 1/12> ", after: mark + 16))
        #expect(terminal.waitForKeys())
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }
}
