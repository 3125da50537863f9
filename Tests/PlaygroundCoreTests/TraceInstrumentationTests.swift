import Testing

@testable import PlaygroundCore

/// The trace's instrumentation of the learner's own types: which methods get the entry call, with which selector and
/// arguments, and that the learner's text keeps its places.
struct TraceInstrumentationTests {
    func methods(_ text: String) -> [String] {
        var found: [TraceInstrumentation.Method] = []
        TraceInstrumentation.collect(SwiftReader(text), base: 0, inType: false, into: &found)
        return found.map { $0.selector + " " + $0.arguments.joined(separator: ", ") + ($0.isEmpty ? " (empty)" : "") }
    }

    @Test func theMethodsOfTypesAndExtensionsAreFoundNotFreeFunctionsStaticsOrInitializers() {
        let text = """
            protocol Command { func execute() }
            func free() { print(1) }
            final class Combo: Command {
                let builder: HamburgerBuilder
                init(builder: HamburgerBuilder) { self.builder = builder }
                static func make() -> Combo { Combo(builder: HamburgerBuilder()) }
                class func kind() -> String { "combo" }
                func execute() { try? builder.setMeat(.chicken) }
                private func send(message text: String, from sender: AnyObject, _ count: Int = 1) {}
                func each(_ body: (Int) -> Void, then: @escaping () -> Void) { body(1) }
                struct Inner { mutating func `default`(_ x: Int) { print(x) } }
            }
            extension Combo { func undo() {
                print("undo") } }
            """
        #expect(
            methods(text) == [
                "execute() ", "send(message:from:_:) text, sender, count (empty)", "each(_:then:) {}, {}",
                "default(_:) x", "undo() ",
            ])
    }

    @Test func theLearnersTextKeepsItsLinesAndColumnsAndSwiftcsQuoteIsAsTyped() throws {
        let text = "final class A {\n    func f(_ x: Int) -> Int { let y: String = x; return 1 }\n}\n"
        let traced = try #require(TraceInstrumentation.instrument(text, file: "A.swift"))
        let lines = traced.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.prefix(2) == [
                "import enum PlaygroundBridge.__PlaygroundBridge", "#sourceLocation(file: \"A.swift\", line: 1)",
            ])
        #expect(lines.contains("#sourceLocation(file: \"A.swift\", line: 2)"))
        // The rest of line 2 after the brace, at its own column.
        let rest = try #require(lines.first { $0.hasSuffix("let y: String = x; return 1 }") })
        #expect(rest.prefix { $0 == " " }.count == "    func f(_ x: Int) -> Int { ".utf8.count)
        #expect(
            traced.source.contains(
                "__PlaygroundBridge.__PatternsTrace.enter(self, \"f(_:)\", x); defer { __patternsTraced.leave() }"))
        let said = "A.swift:2:46: error: cannot convert\n\(rest)\n" + String(repeating: " ", count: 45) + "^"
        #expect(traced.asTyped(said).contains("\n    func f(_ x: Int) -> Int { let y: String = x; return 1 }\n"))
        // A warning on the inserted statement is the playground's, never shown.
        #expect(
            traced.asTyped("patterns-trace:1:5: warning: x\nquoted\n    ^\nA.swift:1:1: error: y")
                == "A.swift:1:1: error: y")
    }

    @Test func theRestOfALineIsPlacedWhereItsDirectiveSaysAndKoreanNamesKeepTheirBytes() throws {
        let text =
            "import Patterns\n#sourceLocation(file: \"repl\", line: 1)\n"
            + "final class 커피 { func 주문(_ 잔: Int) { print(잔) } }\n#sourceLocation()\n"
        let traced = try #require(TraceInstrumentation.instrument(text, file: "Declarations.swift"))
        #expect(
            traced.source.contains(
                "#sourceLocation(file: \"repl\", line: 1)\n"
                    + String(repeating: " ", count: "final class 커피 { func 주문(_ 잔: Int) {".utf8.count) + " print(잔) } }"
            ))
        #expect(traced.source.contains("enter(self, \"주문(_:)\", 잔)"))
    }

    /// Two methods on one line: swiftc's quote of either part of it is the line as typed.
    @Test func aLineOfTwoMethodsIsQuotedAsTyped() throws {
        let line = "final class B { func f() { print(1) }; func g() -> Int { 2 } }"
        let traced = try #require(TraceInstrumentation.instrument(line + "\n", file: "repl"))
        let compiled = traced.source.split(separator: "\n").map(String.init)
        let parts = compiled.filter { $0.hasPrefix(" ") }
        #expect(parts.count == 2, "\(traced.source)")
        #expect(parts.allSatisfy { traced.asTyped($0) == line }, "\(traced.source)")
        // The one expression `g` returns gets its `return`, in the blanks before the brace.
        #expect(parts.last?.hasSuffix("return  2 } }") == true, "\(traced.source)")
    }

    @Test func thePlaygroundsNamesAreReservedInCodeNotInStrings() {
        #expect(TraceInstrumentation.reservedName(in: "__PatternsTrace.enter(builder, \"setMeat(_:)\")") != nil)
        #expect(TraceInstrumentation.reservedName(in: "let `__patternsTraced` = 1") == "__patternsTraced")
        #expect(TraceInstrumentation.reservedName(in: "print(\"__PatternsTrace\") // __patternsTraced") == nil)
    }
}
