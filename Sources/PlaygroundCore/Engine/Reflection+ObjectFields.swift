/// A class instance's stored properties (its superclasses' first, as a mirror and its `superclassMirror`s list them),
/// read by the class's layout instead of a mirror: the state pane reads every declared lesson object after every
/// change, and a mirror looks each field's type up again by its mangled name each time (about 20,000 instructions for
/// a three-field object). The layout is worked out once per class, from the runtime's own field records. A class
/// with a `weak`, `unowned` or unmanaged property is not read this way: such a field is not stored as its type says,
/// and only the mirror reads it right.
struct ObjectFields: @unchecked Sendable {  // Metatypes, read only.
    /// The class.
    let type: AnyClass
    let fields: [StructFields.Field]

    /// The layout of `type`, or nil when it is no class, has no stored property, or has one not held strongly.
    static func of(_ type: Any.Type) -> ObjectFields? {
        guard let type = type as? AnyClass else { return nil }
        var fields: [StructFields.Field] = []
        for index in 0..<recursiveFieldCount(type) {
            var record = FieldRecord()
            let fieldType = recursiveFieldType(type, index: index, record: &record)
            defer { record.free?(record.name) }
            guard record.isStrong, let name = record.name else { return nil }
            fields.append(
                StructFields.Field(
                    label: String(cString: name), offset: recursiveFieldOffset(type, index: index), type: fieldType))
        }
        return fields.isEmpty ? nil : ObjectFields(type: type, fields: fields)
    }

    /// Each field of `instance` (of exactly this class), labelled and ordered as its mirrors give them.
    func children(of instance: AnyObject) -> [Mirror.Child]? {
        guard Swift.type(of: instance) == type else { return nil }
        return withExtendedLifetime(instance) {
            let base = UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())
            return fields.map { (label: $0.label, value: Self.load($0.type, from: base + $0.offset)) }
        }
    }

    /// A copy of the value of type `type` stored at `address`.
    private static func load<Field>(_ type: Field.Type, from address: UnsafeRawPointer) -> Any {
        address.load(as: Field.self)
    }
}

/// What the runtime tells of one stored property (its `FieldReflectionMetadata`): the name, who frees it, whether the
/// property holds its value strongly, whether it is a `var`.
private struct FieldRecord {
    var name: UnsafePointer<CChar>?
    var free: (@convention(c) (UnsafePointer<CChar>?) -> Void)?
    var isStrong = false
    var isVar = false
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func recursiveFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func recursiveFieldType(_ type: Any.Type, index: Int, record: UnsafeMutablePointer<FieldRecord>) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func recursiveFieldOffset(_ type: Any.Type, index: Int) -> Int
