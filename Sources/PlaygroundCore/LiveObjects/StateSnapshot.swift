/// One field's value as a typed snapshot: compared as a value, turned into text only for the state pane and goals.
public enum StateValue: Equatable, Sendable {
    /// Shown as it is (`held by the lesson`, `red, blue`).
    case plain(String)
    /// A value wider than a field's 70 columns, as reflection describes it on one line: compared whole, shown cut
    /// (the state pane and goals see its first 69 columns and `…`; the change log, what changed). Made by
    /// ``described(_:)``, which keeps a value that fits `.plain`.
    case long(String)
    /// A stack's elements, bottom first, each as the playground shows it: compared whole; shown in the field's width
    /// by cutting its bottom (`[…, Erase(3), Shout()]`), since its top, the end, is where elements come and go.
    case stack([String])
    case number(Int)
    /// Shown as a Swift string literal: `"Swift basics"`.
    case string(String)
    /// `nil` or a string literal.
    case optionalString(String?)
    /// An enum case: `.chicken`.
    case enumCase(String)
    /// An option set: `[.mustard, .ketchup]`, `[]`.
    case options([String])

    /// What the state pane shows and goals compare with.
    public var display: String {
        switch self {
        case .plain(let text): return text
        case .long(let text): return String(text.prefix(Self.width - 1)) + "…"
        case .stack(let elements):
            var shown = elements[...]
            var text = "[" + shown.joined(separator: ", ") + "]"
            while text.count > Self.width - 2, shown.count > 1 {
                shown = shown.dropFirst()
                text = "[…, " + shown.joined(separator: ", ") + "]"
            }
            return text
        case .enumCase(let name): return "." + name
        default:
            var out = TextBuffer(capacity: 32)
            write(to: &out)
            return out.string
        }
    }

    /// The value whole, as the change log elides it where the pane shows two values the same: ``display`` but for
    /// a ``long(_:)`` value or a ``stack(_:)``.
    public var whole: String {
        switch self {
        case .long(let text): return text
        case .stack(let elements): return "[" + elements.joined(separator: ", ") + "]"
        default: return display
        }
    }

    /// The columns of a field in the state pane: a wider value is ``long(_:)``.
    public static let width = 70

    /// A described value as a field holds it: `.plain` when it fits ``width``, else ``long(_:)``, compared whole.
    public static func described(_ text: String) -> StateValue {
        text.count > width ? .long(text) : .plain(text)
    }

    /// Appends ``display`` to `out`, without making it first.
    func write(to out: inout TextBuffer) {
        switch self {
        case .plain(let text): out.write(text)
        case .long, .stack: out.write(display)
        case .number(let n): out.write(String(n))
        case .string(let text): out.write(SwiftValue.quoted(text))
        case .optionalString(let text): out.write(text.map(SwiftValue.quoted) ?? "nil")
        case .enumCase(let name):
            out.write(byte: UInt8(ascii: "."))
            out.write(name)
        case .options(let names):
            out.write(byte: UInt8(ascii: "["))
            for (index, name) in names.enumerated() {
                out.write(index == 0 ? "." : ", .")
                out.write(name)
            }
            out.write(byte: UInt8(ascii: "]"))
        }
    }
}

/// A field of a live object in the state pane.
public struct StateField: Equatable, Sendable {
    public var name: String
    public var value: StateValue
    public init(_ name: String, _ value: StateValue) {
        self.name = name
        self.value = value
    }
}

/// The live objects' fields, grouped by object, as the state pane shows them and goals compare them.
public struct StateGroup: Equatable, Sendable {
    /// The object's name; field keys are `name.field`.
    public var object: String
    public var type: String
    public var fields: [StateField]

    public init(_ object: String, type: String, _ fields: [StateField]) {
        self.object = object
        self.type = type
        self.fields = fields
    }

    /// e.g. `builder: HamburgerBuilder`.
    public var title: String { "\(object): \(type)" }

    /// The value at `object.field`, if there is one.
    public static func value(at key: String, in groups: [StateGroup]) -> StateValue? {
        guard let dot = key.firstIndex(of: ".") else { return nil }
        let object = key[..<dot], field = key[key.index(after: dot)...]
        return groups.first { $0.object == object }?.fields.first { $0.name == field }?.value
    }
}

/// A field that changed between two snapshots.
public struct StateChange: Equatable, Sendable {
    public var key: String
    public var old: StateValue?
    public var new: StateValue?
}

extension Array where Element == StateGroup {
    /// The fields of `self` that differ from `before`, in the order of `self`, compared as values: no text is built
    /// unless something changed. Each group is found in `before` by its name at once (a variable added or taken
    /// back shifts every group after it): what it costs grows with the objects, not with their square.
    public func changes(since before: [StateGroup]) -> [StateChange] {
        var out: [StateChange] = []
        var lookedUp: [String: Int]?
        func position(of object: String) -> Int? {
            if lookedUp == nil {
                lookedUp = Dictionary(before.indices.map { (before[$0].object, $0) }, uniquingKeysWith: { a, _ in a })
            }
            return lookedUp![object]
        }
        for (index, group) in enumerated() {
            let old =
                index < before.count && before[index].object == group.object
                ? before[index] : position(of: group.object).map { before[$0] }
            // A group a module kept from the last state (its parts did not change) shares the fields' storage: equal
            // without a look at them. Both arrays are alive here, so one address is one buffer.
            if let old, old.fields.count == group.fields.count,
                old.fields.withUnsafeBufferPointer({ $0.baseAddress })
                    == group.fields.withUnsafeBufferPointer({ $0.baseAddress })
            {
                continue
            }
            for (f, field) in group.fields.enumerated() {
                let oldValue: StateValue?
                if let old, f < old.fields.count, old.fields[f].name == field.name {
                    oldValue = old.fields[f].value
                } else {
                    oldValue = old?.fields.first { $0.name == field.name }?.value
                }
                if oldValue != field.value {
                    out.append(StateChange(key: group.object + "." + field.name, old: oldValue, new: field.value))
                }
            }
        }
        // An object no longer there (a binding `undo` took back): its fields, gone.
        var present: Set<String>?
        for (index, old) in before.enumerated() {
            if index < count && self[index].object == old.object { continue }
            if present == nil { present = Set(map(\.object)) }
            if present!.contains(old.object) { continue }
            for field in old.fields {
                out.append(StateChange(key: old.object + "." + field.name, old: field.value, new: nil))
            }
        }
        return out
    }
}
