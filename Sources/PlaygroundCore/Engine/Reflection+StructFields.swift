@_spi(Reflection) import Swift

/// A plain struct's stored properties, read off a value by the type's layout instead of a mirror: a mirror looks
/// each field's type up again by its mangled name, for every value (about 10,000 instructions a field), while the
/// layout is worked out once per type. Only for a struct whose every field can be read as its type: none holds a
/// class instance or an existential, directly or in an optional, because a `weak` or `unowned` one is stored
/// otherwise and only the mirror reads it right. Any other type is shown through its mirror, as before.
struct StructFields: @unchecked Sendable {  // Metatypes, read only.
    struct Field {
        var label: String
        var offset: Int
        var type: Any.Type
    }

    /// The struct.
    let type: Any.Type
    let fields: [Field]

    /// The layout of `type`, or nil when it is no struct, has no stored property, or has one that cannot be read
    /// this way.
    static func of(_ type: Any.Type) -> StructFields? {
        guard kind(of: type) == .struct else { return nil }
        var fields: [Field] = []
        let readAll = _forEachField(of: type) { name, offset, fieldType, _ in
            guard readable(fieldType) else { return false }
            fields.append(Field(label: String(cString: name), offset: offset, type: fieldType))
            return true
        }
        return readAll && !fields.isEmpty ? StructFields(type: type, fields: fields) : nil
    }

    /// A value, a closure, or an optional of one: stored as its type says.
    private static func readable(_ type: Any.Type) -> Bool {
        switch kind(of: type) {
        case .struct, .enum, .tuple, .function: return true
        case .optional: return (type as? any OptionalValue.Type).map { readable($0.wrappedType) } ?? false
        default: return false
        }
    }

    /// What the runtime's metadata says a type is (a struct, an enum, an optional, a class…): the runtime's own
    /// entry point, which the standard library's `_MetadataKind` reads too.
    private static func kind(of type: Any.Type) -> _MetadataKind? { _MetadataKind(rawValue: metadataKind(type)) }

    /// Each field of `value` (of the type this layout is of), labelled as a mirror labels it, in the same order; nil
    /// when the value is held as an existential (`any P`: a container, not the struct's bytes).
    func children(of value: Any) -> [Mirror.Child]? {
        func read<Value>(_ value: Value) -> [Mirror.Child]? {
            guard Value.self == type else { return nil }
            return withUnsafeBytes(of: value) { bytes in
                guard let base = bytes.baseAddress else { return [] }
                return fields.map { (label: $0.label, value: Self.load($0.type, from: base + $0.offset)) }
            }
        }
        return _openExistential(value, do: read)
    }

    /// A copy of the value of type `type` stored at `address`.
    private static func load<Field>(_ type: Field.Type, from address: UnsafeRawPointer) -> Any {
        address.load(as: Field.self)
    }
}

@_silgen_name("swift_getMetadataKind")
private func metadataKind(_ type: Any.Type) -> UInt
