/// The texts of one declared object's fields, each kept with the value it was described from: the state is read after
/// every change, most fields have not changed, and describing a value costs far more than comparing it. Only values
/// whose text is a function of the value alone and whose equality is the standard library's are kept (numbers,
/// Booleans, strings, and arrays of them); any other value, an object above all (its text may name the object, or
/// the learner's variable that holds it), is described each time.
final class FieldTexts<Text> {
    private var kept: [String: (value: Any, text: Text)] = [:]

    /// The text of the field `label` now holding `value`: the kept one when the value is the same, else `describe`'s.
    func text(_ label: String, _ value: Any, describe: (Any) -> Text) -> Text {
        let type = Swift.type(of: value)
        // The same type itself (not what a cast would make of it), then equal.
        if let old = kept[label], Swift.type(of: old.value) == type, Self.equal(old.value, value, type) == true {
            return old.text
        }
        let text = describe(value)
        if Self.equal(value, value, type) != nil { kept[label] = (value, text) }
        return text
    }

    /// Whether two values of `type` are equal, for the types whose texts are kept; nil for any other type.
    private static func equal(_ a: Any, _ b: Any, _ type: Any.Type) -> Bool? {
        if type == Int.self { return a as? Int == b as? Int }
        if type == String.self { return a as? String == b as? String }
        if type == Bool.self { return a as? Bool == b as? Bool }
        if type == Double.self { return a as? Double == b as? Double }
        if type == [String].self { return a as? [String] == b as? [String] }
        if type == [Int].self { return a as? [Int] == b as? [Int] }
        return nil
    }
}
