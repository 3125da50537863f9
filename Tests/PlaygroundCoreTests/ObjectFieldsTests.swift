import Testing

@testable import PlaygroundCore

/// A declared lesson object is read field by field from its class's layout (``ObjectFields``), giving what its
/// mirrors give (its superclasses' fields first); a class with a `weak` or `unowned` property is left to the mirror.
struct ObjectFieldsTests {
    protocol Policy: AnyObject {}
    final class Half: Policy { var percent = 50 }
    class Shop {
        var name = "corner"
        private var _hidden = 1
    }
    final class Cart: Shop {
        var policy: any Policy = Half()
        var items: [String] = ["mug"]
        var note: String?
        var last: Half?
        lazy var total = 3
        var onCheckout: (Int) -> Void = { _ in }
    }
    final class Screen {
        weak var delegate: Half?
        var title = "home"
    }
    final class Owned {
        unowned var owner: Half
        init(owner: Half) { self.owner = owner }
    }
    final class Nothing {}

    /// The label and text of each field, as the state pane shows it.
    static func texts(_ children: some Collection<Mirror.Child>) -> [String] {
        children.map { ($0.label ?? "-") + ": " + Reflection.display($0.value) }
    }

    @Test func aPlainObjectGivesWhatItsMirrorsGive() throws {
        let cart = Cart()
        let layout = try #require(ObjectFields.of(Cart.self))
        #expect(Self.texts(try #require(layout.children(of: cart))) == Self.texts(Reflection.mirroredFields(of: cart)))
        // Changed, then read again: the layout reads the object as it is now, not as it was.
        let other = Half()
        cart.items.append("case")
        cart.note = "gift"
        cart.last = other
        cart.policy = other
        _ = cart.total
        let now = try #require(layout.children(of: cart))
        #expect(Self.texts(now) == Self.texts(Reflection.mirroredFields(of: cart)))
        #expect(
            now.map(\.label) == [
                "name", "_hidden", "policy", "items", "note", "last", "$__lazy_storage_$_total",
                "onCheckout",
            ])
        let policy = now[2].value as AnyObject
        #expect(ObjectIdentifier(policy) == ObjectIdentifier(other), "the policy is the object itself")
        // An instance of another class is not read with this one's layout.
        #expect(layout.children(of: Half()) == nil)
    }

    @Test func anObjectWithAWeakOrUnownedPropertyIsLeftToItsMirror() {
        #expect(ObjectFields.of(Screen.self) == nil)
        #expect(ObjectFields.of(Owned.self) == nil)
        #expect(ObjectFields.of(Nothing.self) == nil, "nothing to read")
        #expect(ObjectFields.of(Int.self) == nil, "no class")
        // Its state is still read right, through the mirror.
        let half = Half()
        let screen = Screen()
        screen.delegate = half
        let fields = DeclaredModule.storedFields(of: screen, among: [])
        #expect(fields.map(\.name) == ["delegate", "title"])
        #expect(fields.last?.value == .plain("\"home\""))
    }
}

/// A declared object's field keeps its text with the value it was described from (``FieldTexts``): the same value is
/// not described again, a changed one is, and a value that is no number, string or array of them never is kept.
struct FieldTextsTests {
    final class Thing {}

    @Test func aFieldIsDescribedAgainOnlyWhenItsValueChanged() {
        let texts = FieldTexts<String>()
        var described: [String] = []
        func text(_ label: String, _ value: Any) -> String {
            texts.text(label, value) { value in
                described.append(label)
                return Reflection.display(value)
            }
        }
        #expect(text("items", ["mug"]) == #"["mug"]"#)
        #expect(text("items", ["mug"]) == #"["mug"]"#)
        #expect(text("items", ["mug", "case"]) == #"["mug", "case"]"#)
        #expect(text("total", 12) == "12")
        #expect(text("total", 12) == "12")
        #expect(text("total", 40) == "40")
        #expect(text("total", "40") == #""40""#, "another type, though the same digits")
        #expect(described == ["items", "items", "total", "total", "total"])
        // An object is described each time: what its text says may change while it stays the same object.
        let thing = Thing()
        _ = text("owner", thing)
        _ = text("owner", thing)
        #expect(described.suffix(2) == ["owner", "owner"])
    }
}
