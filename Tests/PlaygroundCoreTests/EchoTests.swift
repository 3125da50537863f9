import Testing

@testable import PlaygroundCore

/// Which part of a line a REPL shows the value of: the last top-level statement, found by a scan that knows strings
/// (with interpolations holding quotes and `;`), comments and brackets, and never a statement that starts with a
/// keyword; and where the generated source puts it, so that swiftc's places are the learner's.
struct EchoTests {
    func shown(_ line: String) -> String? { LineSource.expressionToShow(line).map { String(line[$0]) } }

    @Test func theLastStatementIsShown() {
        #expect(shown("builder.sauces.contains(.mustard)") == "builder.sauces.contains(.mustard)")
        #expect(shown("try? builder.build(); builder.sauces.isEmpty  // done") == "builder.sauces.isEmpty")
        #expect(shown("print(\"a;b\"); \"x;\\(\"y;\")\".count;") == "\"x;\\(\"y;\")\".count")
        #expect(shown("n + 1 /* a; b */") == "n + 1")
        #expect(shown("[1, 2].map { $0; 1 }") == "[1, 2].map { $0; 1 }")
        #expect(shown("print(1)") == "print(1)")
    }

    @Test func aDeclarationAStatementKeywordOrADiscardShowsNothing() {
        #expect(shown("let x = 1 + 1") == nil)
        #expect(shown("if true { 1 + 1 }") == nil)
        #expect(shown("for m in Meat.allCases { m.rawValue }") == nil)
        #expect(shown("// only a comment") == nil)
        #expect(shown("_ = builder.build()") == nil)
        #expect(shown("throw Oops()") == nil)
        #expect(shown("@MainActor func f() {}") == nil)
    }

    /// The line is compiled twice in one file: as written, in `repl`, and with its last statement in the closure
    /// whose value is shown, in `repl-shown`, at its own line and column (padded with spaces).
    @Test func theShownCopyKeepsItsPlace() {
        let text = "let a = 2\nlet b = 3; a *\n  b"
        let source = LineSource.make(text, visible: [], declared: TopLevelNames(text))
        let plain = """
            #sourceLocation(file: "repl", line: 1)
            let a = 2
            let b = 3; a *
              b
            #sourceLocation()
            """
        let shown = """
            #sourceLocation(file: "repl-shown", line: 1)
            let a = 2
            let b = 3; 
            #sourceLocation()
                try __context.show { () throws in
            #sourceLocation(file: "repl-shown", line: 2)
                       a *
              b
            #sourceLocation()
                }
            """
        #expect(source.contains(plain))
        #expect(source.contains(shown))
        #expect(source.contains("@_cdecl(\"patterns_compiled_line_shown\")"))
        #expect(
            !LineSource.make(text, visible: [], declared: TopLevelNames(text), showing: false).contains("repl-shown"))
    }

    @Test func swiftcsPlaceIsReadInTheLearnersText() throws {
        let text = "let a = 2\nlet b = 3; a *\n  b"
        let range = try #require(LineSource.expressionToShow(text))
        #expect(LineSource.place(2, 12, isIn: range, of: text))
        #expect(LineSource.place(3, 3, isIn: range, of: text))
        #expect(!LineSource.place(2, 1, isIn: range, of: text))
        #expect(!LineSource.place(1, 5, isIn: range, of: text))
    }
}
