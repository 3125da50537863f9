import PlaygroundCore
import Testing

/// When the prompt goes on at the next line: while a bracket, a brace, a parenthesis, a multi-line string or a block
/// comment is open; never for a one-line string left open or a bracket closed too often (the compiler says why).
struct SwiftInputTests {
    @Test(arguments: [
        "for m in Meat.allCases {",
        "final class Counter {\n    var n = 0",
        "builder.addSauces([.mustard,",
        "print(",
        "let text = \"\"\"\nhello",
        "let raw = #\"\"\"\nsays \"\"\" inside",
        "print(\"a \\(f(1,\n",
        "/* a comment\nstill",
        "let f = { (x: Int) in",
    ])
    func goesOn(_ text: String) {
        #expect(SwiftInput.isOpen(text), "\(text.debugDescription)")
    }

    @Test(arguments: [
        "for m in Meat.allCases {\n    print(m)\n}",
        "print(\"{ not a brace\")",
        "print(\"a \\(f(1)) b\")",
        "let text = \"\"\"\nhello\n\"\"\"",
        "let raw = #\"a \\( \"# + \"(\"",
        "print(\"unterminated",
        "foo())",
        "}",
        "x // a comment with {",
        "/* closed { */ x",
        "meat chicken",
    ])
    func ends(_ text: String) {
        #expect(!SwiftInput.isOpen(text), "\(text.debugDescription)")
    }

    @Test func aBlockIsNumberedAsItWasTyped() {
        #expect(
            SwiftInput.numbered("for m in Meat.allCases {\n    print(m)\n}")
                == "for m in Meat.allCases {\n  2.     print(m)\n  3. }")
        #expect(SwiftInput.numbered("one line") == "one line")
        #expect(SwiftInput.continuationPrompt(2) == "  2. " && SwiftInput.continuationPrompt(12) == " 12. ")
    }
}
