import Testing

@testable import PlaygroundCore

/// Which part of a line a REPL shows the value of: the last top-level statement, found by a scan that knows strings
/// (with interpolations holding quotes and `;`), comments and brackets; only when swiftc's "is unused" warning
/// points into it, and never for a statement that starts with a keyword.
struct EchoTests {
    func echo(_ line: String, at column: Int) -> String? { LineSource.echoing(line, warningColumn: column) }

    @Test func theLastStatementIsWrapped() {
        #expect(
            echo("builder.sauces.contains(.mustard)", at: 25) == "__context.show(builder.sauces.contains(.mustard)\n)")
        #expect(
            echo("try? builder.build(); builder.sauces.isEmpty  // done", at: 38)
                == "try? builder.build(); __context.show(builder.sauces.isEmpty\n)  // done")
        #expect(
            echo("print(\"a;b\"); \"x;\\(\"y;\")\".count;", at: 25)
                == "print(\"a;b\"); __context.show(\"x;\\(\"y;\")\".count\n);")
        #expect(echo("n + 1 /* a; b */", at: 3) == "__context.show(n + 1\n) /* a; b */")
        #expect(echo("[1, 2].map { $0; 1 }", at: 8) == "__context.show([1, 2].map { $0; 1 }\n)")
    }

    @Test func aWarningElsewhereOrAStatementKeywordShowsNothing() {
        // The unused value is the first statement's, not the last one's.
        #expect(echo("builder.sauces.isEmpty; print(1)", at: 16) == nil)
        #expect(echo("let x = 1 + 1", at: 11) == nil)
        #expect(echo("if true { 1 + 1 }", at: 13) == nil)
        #expect(echo("for m in Meat.allCases { m.rawValue }", at: 28) == nil)
        #expect(echo("// only a comment", at: 1) == nil)
    }
}
