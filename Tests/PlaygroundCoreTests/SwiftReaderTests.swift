import Testing

@testable import PlaygroundCore

/// The one reader of Swift: tokens (strings with nested interpolations, raw and multi-line strings, nested comments,
/// operators, attributes, `#if`, backticked names) and the questions answered from them.
struct SwiftReaderTests {
    func items(_ text: String) -> [String] {
        let reader = SwiftReader(text)
        return reader.items.map { String(reader.substring($0)) }
    }

    func kinds(_ text: String) -> [String] {
        SwiftReader(text).items.map { item in
            let kind = "\(item.kind)"
            return item.keyword.map { kind + " " + $0 } ?? kind
        }
    }

    @Test func theNamesOfAnInterpolationAreUsedAndTheWordsOfAStringAreNot() {
        let names = SwiftReader(#"func show2() { print("meat: \(builder.meat) \("x\(nested)")") } // comment"#).names
        #expect(names.isSuperset(of: ["func", "show2", "print", "builder", "meat", "nested"]))
        #expect(!names.contains("x") && !names.contains("comment"))
        #expect(SwiftReader("let s = #\"a \\(notCode) \\#(code)\"#").names.contains("code"))
        #expect(!SwiftReader("let s = #\"a \\(notCode) \\#(code)\"#").names.contains("notCode"))
        #expect(SwiftReader("let `class` = 1").names.contains("class"))
        #expect(!SwiftReader("/* a /* nested */ still await */ x").uses("await"))
        #expect(SwiftReader("print(\"\\(await f())\")").uses("await"))
    }

    @Test func aLineSplitsIntoItsTopLevelItemsAsSwiftsParserSplitsIt() {
        #expect(items("let a = 2\nlet b = 3; a *\n  b") == ["let a = 2", "let b = 3", "a *\n  b"])
        #expect(items("builder\n  .setMeat(.tofu)") == ["builder\n  .setMeat(.tofu)"])
        #expect(items("if x {\n} else {\n}\nprint(1)") == ["if x {\n} else {\n}", "print(1)"])
        #expect(
            items("@MainActor\nfinal class A {}\nstruct B {} struct C {}") == [
                "@MainActor\nfinal class A {}", "struct B {}", "struct C {}",
            ])
        #expect(items("print(\"a;b\"); \"x;\\(\"y;\")\".count;") == ["print(\"a;b\")", "\"x;\\(\"y;\")\".count"])
        #expect(items("let x = 1\n-x") == ["let x = 1", "-x"])
        #expect(items("#if DEBUG\nlet a = 1\n#endif\nlet b = 2") == ["#if DEBUG\nlet a = 1\n#endif", "let b = 2"])
        #expect(items("/* a block\n   comment */ let afterComment = 1") == ["let afterComment = 1"])
        #expect(items("repeat {\n} \nwhile false") == ["repeat {\n} \nwhile false"])
    }

    @Test func eachItemHasItsKind() {
        #expect(
            kinds("async let d = f(); _ = 1; outer: for i in x {}; @objc private(set) var v = 1") == [
                "declaration let", "expression", "statement for", "declaration var",
            ])
        #expect(
            kinds("open = true; open class A {}; class func f() {}") == [
                "expression", "declaration class", "declaration func",
            ])
    }

    @Test func aTypeAnnotationWithCommasDeclaresOneName() {
        let names = { (text: String) in TopLevelNames(text).names.map(\.name) }
        #expect(names("let pair: Dictionary<String, Int> = [:]") == ["pair"])
        #expect(names("let r: Result<Int, Error> = .success(3), s = 1") == ["r", "s"])
        #expect(names("let kp: KeyPath<HamburgerBuilder, Meat> = \\.meat") == ["kp"])
        #expect(names("var f: (Int, Int) -> Array<Array<Int>> = { _, _ in [] }, g = 2") == ["f", "g"])
        #expect(
            names("let (a, b) = (1, 2); guard let c = x, var d = y, d > 0 else { fatalError() }") == [
                "a", "b", "c", "d",
            ])
        #expect(names("/* a block\n   comment */ let afterComment = 1") == ["afterComment"])
        #expect(names("print(\"let no = 1\")") == [])
        #expect(TopLevelNames("async let d1 = slowDouble(2)").awaited == ["d1"])
        #expect(TopLevelNames("weak var w = board").names.map(\.kind) == [.weakVar])
    }

    @Test func stringsCommentsAndNumbersAreOneTokenEach() {
        let tokens = SwiftTokens("let t = (1, 2.5e-3); t.0.1 ... \"\"\"\n\\(x)\n\"\"\" `a b` @attr #if")
        let kinds = tokens.tokens.map(\.kind)
        #expect(kinds.filter { $0 == .number }.count == 4)
        #expect(kinds.contains(.attribute) && kinds.contains(.pound) && kinds.contains(.interpolationOpen))
        #expect(!tokens.openMultiLineString && !tokens.unterminatedString)
        #expect(SwiftTokens("let s = \"\"\"\nopen").openMultiLineString)
        #expect(SwiftTokens("/* /* */ open").openComment)
    }

    /// The call language's lexer reads the same tokens, and where the subset reads otherwise than Swift (a tuple
    /// index, `"""`, a number's letters, a block comment) it gives what the first lexer gave.
    @Test(arguments: [
        "t.0.1", "\"\"\"x\"\"\"", "1_000_x9é", "a /* c */ b", "0x1F", "1e-5", "#\"raw\"#", "x..<y", "a`b`",
        "print(\"\\(x)\")",
        "builder.setMeat(.beef) // note", "alert.setTitle(\"a\\u{41}\")", "f(1, 2.5, -3)", "x\ny", "@objc", "$0",
        "3..// note", "a?./* c */b",
    ])
    func theCallLexerReadsAsTheFirstOneDid(_ line: String) {
        let new = Result { () throws(SwiftCallParser.Error) in try SwiftCallParser.Lexer.tokenize(line) }
        let old = Result { () throws(SwiftCallParser.Error) in try ReferenceLexer.tokenize(line) }
        #expect(new == old, "\(line.debugDescription)")
    }
}
