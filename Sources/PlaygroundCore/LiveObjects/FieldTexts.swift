/// The texts of one declared object's fields, each kept with the value it was described from: the state is read after
/// every change, most fields have not changed, and describing a value costs far more than comparing it. Only values
/// whose text is a function of the value alone and whose equality is the standard library's are kept (numbers,
/// Booleans, strings, and arrays of them); any other value, an object above all (its text may name the object, or
/// the learner's variable that holds it), is described each time.
final class FieldTexts<Text> {
    private var kept: [String: (value: Any, text: Text)] = [:]

    /// The text of the field `label` now holding `value`: the kept one when the value is the same, else `describe`'s.
    func text(_ label: String, _ value: Any, describe: (Any) -> Text) -> Text {
        if let old = kept[label], Self.same(old.value, value) { return old.text }
        let text = describe(value)
        if Self.keepable(value) { kept[label] = (value, text) }
        return text
    }

    private static func keepable(_ value: Any) -> Bool {
        let type = Swift.type(of: value)
        return KeptKind.all.contains { $0.type == type }
    }

    /// Whether two values are of the same kept type and equal (the type itself, not what a cast would make of it).
    static func same(_ a: Any, _ b: Any) -> Bool {
        let type = Swift.type(of: a)
        guard type == Swift.type(of: b), let kind = KeptKind.all.first(where: { $0.type == type }) else { return false }
        return kind.equal(a, b)
    }
}

/// A type whose values ``FieldTexts`` keeps texts for, with its equality.
private struct KeptKind: Sendable {
    let type: Any.Type
    let equal: @Sendable (Any, Any) -> Bool

    init<T: Equatable>(_ type: T.Type) {
        self.type = type
        equal = { $0 as? T == $1 as? T }
    }

    static let all = [
        KeptKind(Int.self), KeptKind(String.self), KeptKind(Bool.self), KeptKind(Double.self),
        KeptKind([String].self), KeptKind([Int].self),
    ]
}
