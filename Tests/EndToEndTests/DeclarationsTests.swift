import Foundation
import PlaygroundTestSupport
import Testing

/// What a learner declares at the prompt lasts, as in the Swift REPL: types, functions, extensions and protocols
/// are there for every later line, drive the lesson's objects, show in `state`, and go with `undo` of their own line.
@Suite(.serialized) struct DeclarationsTests {
    let playground = TestPlayground("declarations")

    func run(_ input: String) throws -> ProcessResult { try playground.run(input) }

    @Test func aStructAFunctionAndAnExtensionLastForLaterLines() throws {
        let result = try run(
            """
            load builder
            struct Combo { let name: String }
            let c = Combo(name: "lunch")
            func twice(_ n: Int) -> Int { n * 2 }
            print(twice(21))
            extension HamburgerBuilder { var isVegan: Bool { meat == .tofu } }
            meat tofu
            builder.isVegan

            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            answer(to: "let c = Combo(name: \"lunch\")", in: result.output) == """
                ── code ────────────────────
                let c = Combo(name: "lunch")
                ── log ─────────────────────
                c.name: "lunch"
                ── state ───────────────────
                c: Combo
                * name: "lunch"
                (unchanged: builder; 'state' shows every object)
                """, "\(result.output)")
        #expect(answer(to: "print(twice(21))", in: result.output).hasSuffix("42"))
        #expect(answer(to: "builder.isVegan", in: result.output).hasSuffix("true"), "\(result.output)")
    }

    @Test func aBuilderTheLearnerWroteIsDrivenByTheLessonsDirector() throws {
        let result = try run(
            """
            load director
            final class CountingBuilder: BurgerBuilding {
                var steps = 0
                func setMeat(_ meat: Meat) throws { steps += 1 }
                func addSauces(_ sauces: Sauces) { steps += 1 }
                func addToppings(_ toppings: Toppings) { steps += 1 }
                func build() throws -> Int { steps }
            }
            try employee.createCombo1(with: CountingBuilder())

            """)
        #expect(
            answer(to: "try employee.createCombo1(with: CountingBuilder())", in: result.output).hasSuffix("3"),
            "\(result.output)")
    }

    /// A function declared at the prompt reads a computed name of the lesson (`board` is `controller!`): the names
    /// its getter reads come with it.
    @Test func aDeclaredFunctionReadsAComputedName() throws {
        let result = try run(
            "load delegate\nboard.cell(0, 4).endEditing(\"B\")\nfunc heard() -> Int { board.received.count }\n"
                + "print(heard())\n")
        #expect(answer(to: "print(heard())", in: result.output).hasSuffix("1"), "\(result.output)")
    }

    @Test func anObserverTheLearnerWroteSignsUpAndIsTold() throws {
        let result = try run(
            """
            load observer
            final class Tally: HubObserver {
                let name = "tally"
                var heard = 0
                func hub(_ hub: NotificationHub, didPost notification: HubNotification) { heard += 1 }
            }
            let tally = Tally()
            hub.addObserver(tally, for: .scoreChanged)
            try game.addPoints(5)
            print(tally.heard)
            state

            """)
        #expect(answer(to: "print(tally.heard)", in: result.output).hasSuffix("1"), "\(result.output)")
        #expect(
            answer(to: "state", in: result.output).contains("tally: Tally\n  name:  \"tally\"\n  heard: 1"),
            "\(result.output)")
    }

    @Test func aRedefinitionWinsAndSaysWhatUsesTheOldOne() throws {
        let result = try run(
            """
            load builder
            struct Burger { let size: Int }
            let small = Burger(size: 1)
            struct Burger { let size: Int; let name: String }
            let big = Burger(size: 3, name: "big")
            print(big.name)

            """)
        #expect(
            answer(to: "struct Burger { let size: Int; let name: String }", in: result.output).contains(
                "Burger redefined; 1 live object(s) still use the old Burger, which later lines cannot name: small"),
            "\(result.output)")
        #expect(answer(to: "print(big.name)", in: result.output).hasSuffix("big"), "\(result.output)")
    }

    @Test func undoTakesADeclarationBackOnlyWithItsOwnLine() throws {
        let result = try run(
            """
            load builder
            func twice(_ n: Int) -> Int { n * 2 }
            meat tofu
            undo
            print(twice(2))
            undo
            print(twice(3))

            """)
        #expect(answer(to: "print(twice(2))", in: result.output).hasSuffix("4"), "\(result.output)")
        #expect(
            answer(to: "print(twice(3))", in: result.output).contains("error: cannot find 'twice' in scope"),
            "\(result.output)")
    }

    /// An error type declared at the prompt is named as Swift names a top-level type.
    @Test func aThrownErrorOfTheLearnersTypeIsNamedAsWritten() throws {
        let result = try run("load builder\nstruct Oops: Error {}\nthrow Oops()\n")
        #expect(
            answer(to: "throw Oops()", in: result.output) == """
                ── code ────────────────────
                throw Oops()
                error: Oops() was thrown and not caught; the live objects are as they were before the line
                """, "\(result.output)")
    }

    /// A declaration the compiler rejects gets its words, pointing into the line, and the earlier ones stay.
    @Test func aRejectedDeclarationLeavesTheEarlierOnes() throws {
        let result = try run("load builder\nstruct Y { let b: Int }\nstruct X { let a: Nope }\nprint(Y(b: 1).b)\n")
        #expect(
            answer(to: "struct X { let a: Nope }", in: result.output) == """
                repl:1:19: error: cannot find type 'Nope' in scope
                struct X { let a: Nope }
                                  ^~~~
                """, "\(result.output)")
        #expect(answer(to: "print(Y(b: 1).b)", in: result.output).hasSuffix("1"), "\(result.output)")
    }
}
