import Testing

@testable import PlaygroundCore

/// A value a compiled line made is shown as the lesson's own objects show theirs (`.beef`, `[.mustard]`, `"text"`),
/// never in the runtime's raw words (`Patterns.Meat.beef`, `Sauces(rawValue: 2)`, `_task: (Opaque Value)`).
struct ReflectionTests {
    enum Meat: String { case beef, tofu }
    enum Shape {
        case circle(radius: Double)
        case rect(Double, h: Double)
        case dot(Meat)
        case none
    }
    struct Sauces: OptionSetArgument {
        let rawValue: Int
        static let mustard = Sauces(rawValue: 1)
        static let ketchup = Sauces(rawValue: 2)
        static let named: [(name: String, value: Sauces)] = [("mustard", .mustard), ("ketchup", .ketchup)]
    }
    /// An option set the playground knows no names for: Swift's words.
    struct Flags: OptionSet { let rawValue: Int }
    struct Order {
        var meat: Meat = .tofu
        var sauces: Sauces = [.ketchup]
        var note: String? = "no onions"
        private var _secret = 1
        lazy var total = 3
    }
    struct Storage { private var _box = 0 }
    struct Action {
        var title: String? = "OK"
        var meats: [Meat?] = [nil, .beef]
    }
    struct Nothing {}
    struct Named: CustomStringConvertible {
        var meat: Meat = .beef
        var description: String { "a named thing" }
    }
    final class Kitchen {}

    /// How Swift names the types of this file.
    static let here = "PlaygroundCoreTests.ReflectionTests."

    @Test func aValueIsShownAsTheLessonsObjectsShowTheirs() {
        let here = Self.here
        let shown: [(Any, String)] = [
            (Meat.beef, ".beef"),
            (Shape.circle(radius: 2), ".circle(radius: 2.0)"),
            (Shape.rect(1, h: 2), ".rect(1.0, h: 2.0)"),
            (Shape.dot(.tofu), ".dot(.tofu)"),
            (Shape.none, ".none"),
            (Sauces([.mustard, .ketchup]), "[.mustard, .ketchup]"),
            (Sauces(), "[]"),
            (Sauces(rawValue: 4), here + "Sauces(rawValue: 4)"),
            (Flags(rawValue: 2), here + "Flags(rawValue: 2)"),
            ("a \"quoted\"\ttext", #""a \"quoted\"\ttext""#),
            (Optional(Meat.tofu) as Any, "Optional(.tofu)"),
            (Meat?.none as Any, "nil"),
            (Optional(Optional(1)) as Any, "Optional(Optional(1))"),
            ([Meat.beef, .tofu], "[.beef, .tofu]"),
            ([Sauces.mustard, []], "[[.mustard], []]"),
            ([String](), "[]"),
            (["a": Meat.beef], #"["a": .beef]"#),
            ([String: Int](), "[:]"),
            (Set([Meat.tofu]), "Set([.tofu])"),
            ((a: 1, "b", Meat.beef), #"(a: 1, "b", .beef)"#),
            (Order(), here + #"Order(meat: .tofu, sauces: [.ketchup], note: Optional("no onions"))"#),
            (Storage(), here + "Storage"),
            (Task { 6 * 7 }, "Task<Int, Never>"),
            (Nothing(), here + "Nothing()"),
            (Named(), "a named thing"),
            (1..<3, "Range(1..<3)"),
            (2.5, "2.5"),
            (Kitchen(), here + "Kitchen"),
        ]
        for (value, expected) in shown {
            let actual = Reflection.display(value)
            #expect(actual == expected, "\(String(reflecting: value))")
        }
    }

    struct Button {
        var title: String? = "OK"
        var tap: (@Sendable () -> Void)? = {}
    }
    final class Mirrored: CustomReflectable {
        var customMirror: Mirror { Mirror(self, children: ["x": 1], displayStyle: .struct) }
    }

    /// A closure is shown by its type alone, where it stands (a field, an optional, a tuple, an array), without a
    /// mirror of it; and a value is an object when it is a class instance with the runtime's mirror.
    @Test func closuresAndObjectsAreKnownByTheirType() {
        let here = Self.here
        let closure: @Sendable () -> Void = {}
        let shown: [(Any, String)] = [
            (closure, "(Function)"),
            ({ (x: Int) in x } as (Int) -> Int, "(Function)"),
            (Button(), here + #"Button(title: Optional("OK"), tap: Optional((Function)))"#),
            ((1, closure), "(1, (Function))"),
            ([closure], "[(Function)]"),
        ]
        for (value, expected) in shown { #expect(Reflection.display(value) == expected) }
        #expect(TypeFacts.namesAFunction("(Swift.Int) -> Swift.String"))
        #expect(TypeFacts.namesAFunction("@Sendable () -> ()"))
        #expect(!TypeFacts.namesAFunction("(Swift.Int, () -> ())"))
        #expect(!TypeFacts.namesAFunction("Swift.Array<() -> ()>"))
        #expect(!TypeFacts.namesAFunction("Swift.Dictionary<Swift.String, Swift.Int>"))
        #expect(Reflection.object(in: Kitchen()) != nil)
        #expect(Reflection.object(in: Optional(Kitchen()) as Any) != nil)
        #expect(Reflection.object(in: Order()) == nil)
        #expect(Reflection.object(in: closure) == nil)
        #expect(Reflection.object(in: Kitchen?.none as Any) == nil)
        // A class that shows itself as a struct is not taken for an object (as its mirror says).
        #expect(Reflection.object(in: Mirrored()) == nil)
        let kitchen = Kitchen()
        #expect(Reflection.object(in: Optional(kitchen) as Any) === kitchen, "the instance itself, not a box")
        #expect(Reflection.object(in: kitchen) === kitchen)
    }

    /// The module the playground made of the learner's file is no name the learner wrote.
    @Test func theLearnersModuleIsLeftOut() {
        #expect(Reflection.unqualified("Exercise_0123456789abcdef.Point(x: 1)") == "Point(x: 1)")
        // The same file loaded again in the session (a second `check`): a module of its own, no name either.
        #expect(Reflection.unqualified("Exercise_0123456789abcdef_2.Point") == "Point")
        #expect(Reflection.unqualified("[Exercise_0123456789abcdef_12.A, Exercise_0123456789abcdef.B]") == "[A, B]")
        #expect(Reflection.unqualified("Exercise_0123456789abcdef_x.A") == "Exercise_0123456789abcdef_x.A")
    }

    /// The state pane lists the stored properties a learner can name, each shown by the same rules (an optional
    /// property as its content, as a lesson object's optional field); with none to list, the value itself.
    @Test func theFieldsAreTheNameableStoredProperties() {
        #expect(
            Reflection.fields(of: Order(), objects: []) == [
                StateField("meat", .plain(".tofu")), StateField("sauces", .plain("[.ketchup]")),
                StateField("note", .plain(#""no onions""#)),
            ])
        // An optional is its content here, inside a struct or an array too: as the lesson's objects show theirs.
        #expect(
            Reflection.describe(Action(), objects: []) == Self.here + #"Action(title: "OK", meats: [nil, .beef])"#)
        #expect(Reflection.fields(of: Action(), objects: []).map(\.value.display) == [#""OK""#, "[nil, .beef]"])
        #expect(
            Reflection.display(Action()) == Self.here + #"Action(title: Optional("OK"), meats: [nil, Optional(.beef)])"#
        )
        #expect(Reflection.fields(of: Task { 6 * 7 }, objects: []) == [StateField("value", .plain("Task<Int, Never>"))])
        #expect(Reflection.fields(of: Storage(), objects: []) == [StateField("value", .plain(Self.here + "Storage"))])
        #expect(Reflection.fields(of: Shape.dot(.beef), objects: []) == [StateField("value", .plain(".dot(.beef)"))])
        #expect(Reflection.fields(of: Meat?.none, objects: []) == [StateField("value", .plain("nil"))])
    }

    /// A number, a Boolean, a character or a string is read without a mirror (the state of every variable is read
    /// after every line): what the mirrors would make of it, to the character, optionals left to them.
    @Test func plainValuesAreReadAsTheMirrorsReadThem() {
        let values: [Any] = [
            42, -7, Int8(-3), UInt8(200), Int16(5), UInt64.max, Int64.min, 3.25, Double.infinity, Float(0.1), true,
            false, Character("é"), "", "say \"hi\"\n", String(repeating: "long ", count: 40), 1e300,
        ]
        for value in values {
            #expect(Reflection.isPlain(value), "\(type(of: value))")
            #expect(
                Reflection.fields(of: value, objects: []) == Reflection.mirroredFields(of: value, objects: []),
                "\(type(of: value)) \(value)")
            #expect(!LineRunner.mayNameObjects(value))
        }
        for value in [Int?.some(1), String?.none, [1, 2], Meat.beef] as [Any] {
            #expect(!Reflection.isPlain(value), "\(type(of: value))")
        }
        #expect(Reflection.fields(of: Int?.some(5), objects: []) == [StateField("value", .plain("5"))])
    }
}
