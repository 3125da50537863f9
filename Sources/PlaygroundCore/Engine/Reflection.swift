/// The fields of a value a compiled line made, read from its stored properties.
public enum Reflection {
    static func fields(of value: Any?, objects: [LiveObject]) -> [StateField] {
        guard let value = unwrapped(value) else { return [StateField("value", .plain("nil"))] }
        if Swift.type(of: value) is AnyClass {
            let object = value as AnyObject
            if let same = objects.first(where: { ($0.instance()).map { $0 as AnyObject } === object }) {
                return [StateField("same object as", .plain(same.name))]
            }
        }
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty, mirror.displayStyle != .enum, mirror.displayStyle != .collection,
            mirror.displayStyle != .set, mirror.displayStyle != .dictionary
        else {
            return [StateField("value", .plain(cut(String(reflecting: value))))]
        }
        // A subclass's stored properties come after its superclass's, as a debugger lists them.
        var levels: [Mirror] = []
        var level: Mirror? = mirror
        while let current = level { levels.insert(current, at: 0); level = current.superclassMirror }
        let children = levels.flatMap { Array($0.children) }
        var fields: [StateField] = []
        for (index, child) in children.enumerated() {
            if index == 12 { fields.append(StateField("…", .plain("\(children.count - 12) more"))); break }
            // A tuple's elements are labelled `.0`, `.1` by the mirror: the field is `0`, so the log says `t.0`.
            let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
            fields.append(StateField(label, .plain(cut(describe(child.value, objects: objects)))))
        }
        return fields
    }

    /// A stored property's value as a debugger shows it: an optional's content or `nil`, a lesson object by its
    /// name, a plain struct by its properties; anything else as `debugPrint` prints it.
    static func describe(_ value: Any, objects: [LiveObject], depth: Int = 0) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let inner = mirror.children.first?.value else { return "nil" }
            return describe(inner, objects: objects, depth: depth)
        case .class:
            let object = value as AnyObject
            if let same = objects.first(where: { ($0.instance()).map { $0 as AnyObject } === object }) {
                return "same object as " + same.name
            }
            return String(reflecting: value)
        case .struct
        where depth < 2 && !mirror.children.isEmpty && !(value is any CustomDebugStringConvertible)
            && !(value is any CustomStringConvertible):
            let fields = mirror.children.map {
                ($0.label.map { $0 + ": " } ?? "") + describe($0.value, objects: objects, depth: depth + 1)
            }
            return String(reflecting: Swift.type(of: value)) + "(" + fields.joined(separator: ", ") + ")"
        default:
            return String(reflecting: value)
        }
    }

    /// The value inside any number of Optionals (a compiled line's `var` of an Optional type arrives as `Any?`).
    public static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.map { unwrapped($0.value) } ?? nil }
        return value
    }

    /// A type or a value as the runtime writes it, without the module the playground made of the learner's file
    /// (`Exercise_<hash>.`): a name the learner never wrote.
    public static func unqualified(_ text: String) -> String {
        var out = text
        while let range = out.firstRange(of: "Exercise_") {
            let rest = out[range.upperBound...]
            let digits = rest.prefix { $0.isHexDigit }
            guard digits.count == 16, rest.dropFirst(16).first == "." else { break }
            out.removeSubrange(range.lowerBound...out.index(range.upperBound, offsetBy: 16))
        }
        return out
    }

    static func cut(_ text: String) -> String {
        let line = unqualified(text).replacingOccurrences(of: "\n", with: " ")
        return line.count > 70 ? String(line.prefix(69)) + "…" : line
    }
}
