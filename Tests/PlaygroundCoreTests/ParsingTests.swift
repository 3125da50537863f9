import Testing

@testable import PlaygroundCore

@Suite struct TokenizerTests {
    @Test(arguments: [
        ("meat chicken", ["meat", "chicken"]),
        ("  title   \"Hello world\" ", ["title", "Hello world"]),
        ("title 'it''s'", ["title", "its"]),
        (#"title "say \"hi\"""#, ["title", #"say "hi""#]),
        (#"a\ b c"#, ["a b", "c"]),
        ("button 확인 \"안녕 👋\"", ["button", "확인", "안녕 👋"]),
        ("x \"\"", ["x", ""]),
    ])
    func splits(line: String, words: [String]) throws {
        #expect(try Tokenizer.split(line) == words)
    }

    @Test func unterminatedQuoteNamesTheColumn() {
        #expect(throws: Tokenizer.Error.unterminatedQuote("\"", column: 7)) { try Tokenizer.split("title \"Hello") }
        #expect(throws: Tokenizer.Error.trailingBackslash) { try Tokenizer.split("title x\\") }
    }
}

@Suite struct SwiftCallParserTests {
    @Test func parsesEnumCaseArgument() throws {
        let statement = try SwiftCallParser.parse("builder.setMeat(.chicken)")
        #expect(
            statement
                == SwiftStatement(
                    binding: nil, tryMark: .none, receiver: "builder",
                    calls: [
                        SwiftCall(
                            name: "setMeat", arguments: [SwiftArgument(label: nil, value: .member("chicken"))],
                            hasParens: true, column: 9)
                    ]))
    }

    @Test func parsesTryMarksAndAssignments() throws {
        #expect(try SwiftCallParser.parse("try? builder.setMeat(.kitten)").tryMark == .optional)
        #expect(try SwiftCallParser.parse("_ = try! builder.setMeat(.kitten)").tryMark == .forced)
        #expect(try SwiftCallParser.parse("builder.build()").tryMark == .none)
        let assignment = try SwiftCallParser.parse("builder.meat = .tofu")
        #expect(assignment.assignment == .member("tofu") && assignment.calls.map(\.name) == ["meat"])
        #expect(
            SwiftCallParser.looksLikeSwift("try? builder.build()")
                && SwiftCallParser.looksLikeSwift("try! builder.build()"))
    }

    @Test func parsesArraysLabelsTryLetAndTrailingClosures() throws {
        let s = try SwiftCallParser.parse(
            #"let x = try alert.setTitle("Hi \"you\"").addConfirmAction("OK", action: { print("a"); print("b") "#
                + #"}).present()"#
        )
        #expect(s.binding == "x")
        #expect(s.tryMark == .plain)
        #expect(s.calls.map(\.name) == ["setTitle", "addConfirmAction", "present"])
        #expect(s.calls[0].arguments[0].value == .string(#"Hi "you""#))
        #expect(s.calls[1].arguments[1] == SwiftArgument(label: "action", value: .closure(["a", "b"])))
        let t = try SwiftCallParser.parse(#"alert.addConfirmAction("OK") { print("tapped") }.present()"#)
        #expect(t.calls[0].arguments.count == 2)
        #expect(t.calls[0].arguments[1].value == .closure(["tapped"]))
        let u = try SwiftCallParser.parse("builder.addSauces([.mustard, .ketchup,])")
        #expect(u.calls[0].arguments[0].value == .array([.member("mustard"), .member("ketchup")]))
        let v = try SwiftCallParser.parse("board.cell(2, -3).endEditing(\"A\")")
        #expect(v.calls[0].arguments.map(\.value) == [.int(2), .int(-3)])
    }

    @Test(arguments: [
        ("builder.setMeat(.chicken", "expected ',' or ')'", 25),
        ("builder.", "expected a method name after '.'", 9),
        ("builder.setTitle(\"x)", "unterminated string literal", 18),
        ("builder.setTitle(\"\\(x)\")", "string interpolation \\( ) is not supported here; write the text out", 19),
        (
            "alert.addConfirmAction(\"OK\") { exit(0) }",
            "only print(\"...\") can run inside a closure here, not 'exit'", 32
        ),
        ("builder.set@", "unexpected character '@'", 12),
        ("builder.x(99999999999999999999)", "number '99999999999999999999' is too large", 11),
    ])
    func reportsErrorsWithColumns(line: String, message: String, column: Int) {
        #expect(throws: SwiftCallParser.Error(message: message, column: column)) { try SwiftCallParser.parse(line) }
    }

    @Test func tellsSwiftFromShortCommands() {
        #expect(SwiftCallParser.looksLikeSwift("builder.setMeat(.beef)"))
        #expect(SwiftCallParser.looksLikeSwift("let b = try builder.build()"))
        #expect(!SwiftCallParser.looksLikeSwift("meat beef"))
        #expect(!SwiftCallParser.looksLikeSwift("title \"a.b\""))
    }

    @Test func valuesRenderBackAsSwift() {
        #expect(SwiftValue.array([.member("a"), .string("q\"\n")]).swiftSource == #"[.a, "q\"\n"]"#)
        #expect(SwiftValue.closure(["hi"]).swiftSource == #"{ print("hi") }"#)
    }
}

@Suite struct SuggestTests {
    @Test func suggestsCloseNamesOnly() {
        #expect(Suggest.closest(to: "lod", in: ["load", "lessons", "next"]) == "load")
        #expect(Suggest.closest(to: "hlep", in: ["help", "hint"]) == "help")
        #expect(Suggest.closest(to: "zzzz", in: ["load", "next"]) == nil)
        #expect(Suggest.distance("kitten", "sitting") == 3)
    }
}

@Suite struct StringsTests {
    @Test func argumentsFillTheirPlacesInEitherLanguage() {
        #expect(CoreText.unknownCommand.text(.en, "x") == "unknown command 'x'")
        #expect(CoreText.unknownCommand.text(.ko, "x") == "알 수 없는 명령 'x'")
        #expect(Phrase(("{1} then {0} and {0}", ""), ["a", "b"]).text(.en) == "b then a and a")
        #expect(Phrase(("{5} stays, {x} stays", ""), ["a"]).text(.en) == "{5} stays, {x} stays")
        #expect((CoreText.unknownCommand("x") + CoreText.andDidYouMean("y")).text(.ko) == "알 수 없는 명령 'x'. 혹시 'y'인가요?")
        #expect(Lang.detect(flag: nil, environment: ["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(Lang.detect(flag: nil, environment: ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"]) == .en)
        #expect(Lang.detect(flag: "ko", environment: [:]) == .ko)
    }
}

/// Korean particles follow the word before them, as a person writes them.
@Suite struct KoreanParticleTests {
    @Test(arguments: [
        ("닭고기은(는) 품절입니다", "닭고기는 품절입니다"),
        ("소고기은(는)", "소고기는"),
        ("두부을(를)", "두부를"),
        ("kitten은(는)", "kitten은"),
        ("'tofu'은(는)", "'tofu'는"),
        ("'3'은(는)", "'3'은"),
        ("'2'이(가)", "'2'가"),
        ("<meat>이(가) 필요합니다", "<meat>이 필요합니다"),
        ("\"Swift basics\"을(를) 만들었습니다", "\"Swift basics\"를 만들었습니다"),
        ("괄호(는) 그대로", "괄호(는) 그대로"),
    ])
    func choosesTheForm(template: String, expected: String) {
        #expect(KoreanParticles.choose(template) == expected)
    }
}
