import PlaygroundBridge

/// The bindings compiled lines leave: live objects that read the value (or its storage) each time.
extension LineRunner {
    /// A variable's storage as a compiled line reads and writes it: a lesson's variable through its module
    /// (`controller = nil` releases the controller), a variable a compiled line declared through that line's own
    /// variable, any other through a box that becomes its storage.
    static func storage(of object: LiveObject, holding value: Any) -> LineContext.Storage {
        if let storage = object.storage as? LineContext.Storage { return storage }
        if let assign = object.assign {
            let read = object.instance
            return LineContext.Storage(get: { read() as Any }, set: { try? assign($0) })
        }
        var box = value
        let storage = LineContext.Storage(get: { box }, set: { box = $0 })
        object.instance = { storage.get() }
        object.assign = { storage.set($0 as Any) }
        object.storage = storage
        return storage
    }

    /// A binding a compiled line made: its real value (or a weak reference), its fields read by reflection.
    static func binding(_ stored: LineContext.Stored, kind: TopLevelNames.Kind, in workspace: Workspace) -> LiveObject {
        let shortType = Self.shortTypeName(stored.type)
        let value = stored.value
        let object: LiveObject
        if stored.isWeak {
            let box = WeakBox(value.map { $0 as AnyObject })
            let name = stored.name
            object = LiveObject(name: stored.name, typeName: shortType + "?", methods: []) { [weak workspace] in
                Reflection.fields(
                    of: box.object,
                    objects: (workspace?.module.objects ?? [])
                        + (workspace?.boundReceivers ?? []).filter { $0.name != name && $0.kind != .weakVar })
            }
            object.instance = { box.object }
        } else {
            object = valueBinding(stored.name, stored.value, storage: stored.storage, type: stored.type, in: workspace)
        }
        object.swiftType = stored.type
        object.kind = kind
        return object
    }

    /// A binding that holds its value (a `let`), or reads and writes its storage (a `var`).
    static func valueBinding(
        _ name: String, _ value: Any?, storage: LineContext.Storage?, type: String, in workspace: Workspace
    ) -> LiveObject {
        // A variable is read from its storage each time: what later lines and closures did to it shows.
        let read: () -> Any? = storage.map { storage in { storage.get() } } ?? { value }
        let object = LiveObject(name: name, typeName: Self.shortTypeName(type), methods: []) { [weak workspace] in
            // A second name for an object the state shows already (`let b: any BurgerBuilding = order`) is said as
            // that: the lesson's objects and the learner's other bindings.
            // A weak variable is a second name, never the first: `green` is not "same object as weakGreen".
            // Only a value that can name them is given them: the state of many plain variables costs each its own.
            let value = read()
            guard Self.mayNameObjects(value) else { return Reflection.fields(of: value, objects: []) }
            return Reflection.fields(
                of: value,
                objects: (workspace?.module.objects ?? [])
                    + (workspace?.boundReceivers ?? []).filter { $0.name != name && $0.kind != .weakVar })
        }
        object.instance = read
        if let storage {
            object.assign = { storage.set($0 as Any) }
            object.storage = storage
        }
        return object
    }

    /// `Patterns.HamburgerBuilder` → `HamburgerBuilder`, `Swift.Optional<Swift.Int>` → `Optional<Int>`.
    static func shortTypeName(_ type: String) -> String {
        Reflection.unqualified(
            type.replacingOccurrences(of: "Swift.", with: "").replacingOccurrences(of: "Patterns.", with: ""))
    }

    /// Whether the state of a value can name another object (`same object as`, a field that holds a lesson's
    /// object): a class instance, or a value with stored properties. A number, a string, an enum case or a
    /// collection is shown as itself (``Reflection/fields(of:objects:)``).
    static func mayNameObjects(_ value: Any?) -> Bool {
        guard let value else { return false }
        if Reflection.isPlain(value) { return false }
        if Swift.type(of: value) is AnyClass { return true }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.map { mayNameObjects($0.value) } ?? false }
        guard let style = mirror.displayStyle else { return !mirror.children.isEmpty }
        return ![.enum, .collection, .set, .dictionary].contains(style) && !mirror.children.isEmpty
    }
}
