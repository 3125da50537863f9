import Testing

@testable import PlaygroundCore

/// A plain struct is read field by field from its type's layout (``StructFields``), giving what its mirror gives; a
/// struct that holds an object (which may be `weak` or `unowned`) or an existential is read through its mirror.
struct StructFieldsTests {
    enum Meat: String { case beef, tofu }
    enum Shape {
        case circle(radius: Double)
        case named(String)
    }
    struct Action {
        var title: String?
        var handler: (@Sendable () -> Void)?
    }
    struct Alert {
        var title: String?
        var message: String?
        var confirm: Action?
        var meat: Meat = .tofu
        var shape: Shape = .named("round")
        var pair = (1, "two")
        var counts: [Int] = [1, 2]
        private var _hidden = 0
        lazy var later = 3
        init(title: String?, message: String?, confirm: Action?) {
            self.title = title
            self.message = message
            self.confirm = confirm
        }
    }
    struct Pair<T> {
        var first: T
        var second: T
    }
    final class Thing {}
    struct Holder {
        weak var weakThing: Thing?
        unowned var owner: Thing
        var n = 1
    }
    struct Described {
        var any: Any = 1
        var error: (any Error)? = nil
    }

    /// Each child as label and text: what the state pane and the trace make of it.
    static func texts(_ children: some Collection<Mirror.Child>) -> [String] {
        children.map { ($0.label ?? "-") + ": " + Reflection.display($0.value) }
    }

    @Test func aPlainStructGivesWhatItsMirrorGives() throws {
        let values: [Any] = [
            Alert(title: "Hi", message: nil, confirm: Action(title: "OK", handler: { print("tapped") })),
            Alert(title: nil, message: "There", confirm: nil),
            Action(title: nil, handler: nil),
            Pair(first: "a", second: "b"),
            Pair(first: Meat.beef, second: .tofu),
            Pair(first: Pair(first: 1, second: 2), second: Pair(first: 3, second: 4)),
        ]
        for value in values {
            let layout = try #require(StructFields.of(type(of: value)), "\(type(of: value)) is read by its layout")
            let children = try #require(layout.children(of: value))
            #expect(Self.texts(children) == Self.texts(Mirror(reflecting: value).children))
        }
        // The whole text, as a traced call shows an alert it was given.
        let alert = Alert(title: "Hi", message: nil, confirm: Action(title: "OK", handler: {}))
        #expect(
            Reflection.display(alert).hasSuffix(
                #"Alert(title: Optional("Hi"), message: nil, confirm: Optional("#
                    + #"PlaygroundCoreTests.StructFieldsTests.Action("#
                    + #"title: Optional("OK"), handler: Optional((Function)))), meat: .tofu, shape: .named("round"), "#
                    + #"pair: (1, "two"), counts: [1, 2])"#), "\(Reflection.display(alert))")
    }

    protocol Titled {}
    protocol Building: AnyObject {}
    final class Builder: Building {}

    /// A value that went through an existential on its way into `Any` (as a learner's `let b: any P` is read): a
    /// struct is read as itself, and an object held as a class-bound existential (a reference and a witness table)
    /// is no plain reference: it is found by a cast (this trapped in `unsafeBitCast` in the director lesson).
    @Test func aValueHeldAsAnExistentialIsNotReadAsItsBytes() throws {
        func held<T>(_ value: T) -> Any { value }
        let big = Alert(title: "Hi", message: "There", confirm: Action(title: "OK", handler: nil))
        let asExistential: any Titled = TitledAlert(alert: big)
        let value = held(asExistential)
        let layout = try #require(StructFields.of(type(of: value)))
        if let children = layout.children(of: value) {
            #expect(Self.texts(children) == Self.texts(Mirror(reflecting: value).children))
        }
        #expect(Reflection.display(value) == Reflection.display(TitledAlert(alert: big)))
        let builder = Builder()
        let object = held(builder as any Building)
        #expect(Reflection.object(in: object) === builder, "the instance, found by a cast")
        #expect(Reflection.object(in: held(builder)) === builder)
    }

    struct TitledAlert: Titled { var alert: Alert }

    @Test func aStructThatHoldsAnObjectOrAnExistentialIsReadThroughItsMirror() {
        #expect(StructFields.of(Holder.self) == nil)
        #expect(StructFields.of(Described.self) == nil)
        #expect(StructFields.of(Pair<Thing>.self) == nil)
        #expect(StructFields.of(Thing.self) == nil, "a class")
        #expect(StructFields.of(Meat.self) == nil, "an enum")
        let owner = Thing()
        var thing: Thing? = Thing()
        let holder = Holder(weakThing: thing, owner: owner)
        thing = nil
        #expect(Reflection.display(holder).contains("weakThing: nil"), "\(Reflection.display(holder))")
        withExtendedLifetime(owner) {}
    }
}
