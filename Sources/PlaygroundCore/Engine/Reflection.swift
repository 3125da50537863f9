/// The fields of a value a compiled line made, read from its stored properties.
public enum Reflection {
    static func fields(of value: Any?, objects: [LiveObject]) -> [StateField] {
        // A number, a Boolean, a character or a string (most of what a learner's variables hold): what the mirrors
        // below would find (no field, its own text), without them. The state of every variable is read after every
        // line, so this is what 150 variables cost.
        if let value, isPlain(value) {
            return [StateField("value", cut(shown(value, bare: true, limit: paneLimit)))]
        }
        return mirroredFields(of: value, objects: objects)
    }

    /// ``fields(of:objects:)`` for any value, from its mirror.
    static func mirroredFields(of value: Any?, objects: [LiveObject]) -> [StateField] {
        guard let value = unwrapped(value) else { return [StateField("value", .plain("nil"))] }
        if Swift.type(of: value) is AnyClass {
            let object = value as AnyObject
            if let same = objects.first(where: { ($0.instance()).map { $0 as AnyObject } === object }) {
                return [StateField("same object as", .plain(same.name))]
            }
        }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle != .enum, mirror.displayStyle != .collection, mirror.displayStyle != .set,
            mirror.displayStyle != .dictionary
        else {
            return [StateField("value", cut(shown(value, bare: true, limit: paneLimit)))]
        }
        // A subclass's stored properties come after its superclass's, as a debugger lists them.
        var levels: [Mirror] = []
        var level: Mirror? = mirror
        while let current = level { levels.insert(current, at: 0); level = current.superclassMirror }
        let children = levels.flatMap { Array($0.children) }.filter { !isHidden($0.label) }
        // Nothing the learner can name (no stored property, or only private storage such as a Task's): the value.
        guard !children.isEmpty else {
            return [StateField("value", cut(shown(value, bare: true, limit: paneLimit)))]
        }
        var fields: [StateField] = []
        for (index, child) in children.enumerated() {
            if index == 12 { fields.append(StateField("…", .plain("\(children.count - 12) more"))); break }
            // A tuple's elements are labelled `.0`, `.1` by the mirror: the field is `0`, so the log says `t.0`.
            let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
            fields.append(StateField(label, cut(describe(child.value, objects: objects))))
        }
        return fields
    }

    /// A stored property's value in the state pane: a lesson object by its name, anything else as ``display(_:)``
    /// shows it, except that an optional is its content or `nil`, here and inside (as a lesson object's optional
    /// field shows, and a debugger: `AlertAction(title: "OK", handler: (Function))`).
    static func describe(_ value: Any, objects: [LiveObject]) -> String {
        // The type's facts say what the value is without a mirror: an optional, an object, or a value (a mirror of a
        // value type, its own or the runtime's, is no object).
        let facts = TypeFacts.of(Swift.type(of: value))
        if facts.isOptional, let optional = value as? any OptionalValue {
            guard let inner = optional.wrappedValue else { return "nil" }
            return describe(inner, objects: objects)
        }
        if let object = object(in: value, facts: facts) {
            let same = objects.first { $0.instance().flatMap(Self.object(in:)) === object }
            if let same { return "same object as " + same.name }
        }
        return unqualified(shown(value, bare: true, limit: paneLimit))
    }

    /// The class instance a value is, looking through optionals (`Optional(kitchen)` is the kitchen); nil for a value
    /// of a value type, a closure, `nil`, or a class that shows itself as a struct (as its mirror says). The type's
    /// facts answer for nearly every value without a mirror.
    static func object(in value: Any) -> AnyObject? {
        object(in: value, facts: TypeFacts.of(Swift.type(of: value)))
    }

    private static func object(in value: Any, facts: TypeFacts) -> AnyObject? {
        if facts.isOptional, let optional = value as? any OptionalValue { return optional.wrappedValue.flatMap(object) }
        if facts.isPlainClass { return reference(value) ?? value as AnyObject }
        if !facts.isClass { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.flatMap { object(in: $0.value) } }
        return mirror.displayStyle == .class ? value as AnyObject : nil
    }

    /// An object's stored properties through its mirrors, its superclasses' first: what ``ObjectFields`` reads by
    /// layout, for a class it cannot read.
    static func mirroredFields(of instance: AnyObject) -> [Mirror.Child] {
        var levels: [Mirror] = []
        var level: Mirror? = Mirror(reflecting: instance)
        while let current = level {
            levels.insert(current, at: 0)
            level = current.superclassMirror
        }
        return levels.flatMap(\.children)
    }

    /// The value as the reference it is, when it holds a class instance as itself. It may be held as a class-bound
    /// existential (`any BurgerBuilding`: a reference and a witness table), whose type is still the class's.
    private static func reference(_ value: Any) -> AnyObject? {
        func reference<T>(_ instance: T) -> AnyObject? {
            T.self is AnyClass ? unsafeBitCast(instance, to: AnyObject.self) : nil
        }
        return _openExistential(value, do: reference)
    }

    public static func display(_ value: Any) -> String {
        unqualified(shown(value, bare: false, limit: displayLimit))
    }

    /// About how many characters of a value a state field holds and compares (the pane shows 70 columns of it, the
    /// log what changed): an array that changes only at its end still differs, and a huge one costs what a few do.
    static let paneLimit = 1_000
    /// About how many characters of a value a line's echo shows: `[0, 1, 2, …]` and the count beyond that.
    public static let displayLimit = 2_000

    /// ``display(_:)`` without the pass over the whole text that takes out the learner's module; `bare`: an optional
    /// as its content (the state pane's way), not `Optional(…)`. About `limit` characters: a collection is shown up
    /// to there, then `…` and its count, so that describing a million elements costs what describing a few does.
    static func shown(_ value: Any, bare: Bool, limit: Int = .max) -> String {
        // The commonest value, and its own text (what the branch below for a text of its own gives), without a mirror.
        // (The type itself: a cast would take a string out of an optional too.)
        if Swift.type(of: value) == String.self, let text = value as? String {
            let quoted = String(reflecting: text)
            return quoted.utf8.count > limit ? String(quoted.prefix(limit)) + "…" : quoted
        }
        // A number, a Boolean, a character: its own text, as the branch for a text of its own below gives it.
        // An Int, the commonest number, without the generic text's path (String(reflecting:) gives the same digits).
        let number = Swift.type(of: value) == Int.self ? value as? Int : nil
        if number != nil || plainTypes.contains(ObjectIdentifier(Swift.type(of: value))) {
            let text = number.map { String($0) } ?? String(reflecting: value)
            return text.utf8.count > limit ? String(text.prefix(limit)) + "…" : text
        }
        let facts = TypeFacts.of(Swift.type(of: value))
        // First: a cast of an optional to a protocol below would look inside it.
        if facts.isOptional, let optional = value as? any OptionalValue {
            guard let inner = optional.wrappedValue else { return "nil" }
            return bare
                ? shown(inner, bare: true, limit: limit) : "Optional(" + shown(inner, bare: false, limit: limit) + ")"
        }
        // A closure: its type's text (`(Function)`), without the mirror and the casts that search for conformances.
        if facts.isFunction {
            let text = TypeFacts.functionText(value)
            return text.utf8.count > limit ? String(text.prefix(limit)) + "…" : text
        }
        // A plain struct: its fields read by its type's layout, as its mirror gives them (the `.struct` case below).
        if let layout = facts.structFields, let all = layout.children(of: value) {
            let children = all.filter { !isHidden($0.label) }
            if !children.isEmpty { return facts.name + "(" + labelled(children, bare: bare, limit: limit) + ")" }
        }
        let mirror = Mirror(reflecting: value)
        let style = mirror.displayStyle
        if style == .optional {
            guard let inner = mirror.children.first?.value else { return "nil" }
            return bare
                ? shown(inner, bare: true, limit: limit) : "Optional(" + shown(inner, bare: false, limit: limit) + ")"
        }
        // A String, a number, a Range, a Date keeps its own text; the standard library's Array, Dictionary and Set
        // are written below as their own text is, each element shown by these rules.
        let container = style == .collection || style == .dictionary || style == .set
        // An Array, a Dictionary, a Set is shown element by element; another collection's own text is kept.
        if container ? !facts.name.hasPrefix("Swift.") : facts.hasOwnText {
            let text = String(reflecting: value)
            return text.utf8.count > limit ? String(text.prefix(limit)) + "…" : text
        }
        if facts.mayBeOptionSet, let options = optionSetNames(value) { return options }
        switch style {
        case .collection:
            return "[" + elements(mirror.children, of: value, bare: bare, limit: limit) + "]"
        case .set:
            return "Set([" + elements(mirror.children, of: value, bare: bare, limit: limit) + "])"
        case .dictionary:
            guard !mirror.children.isEmpty else { return "[:]" }
            return "[" + elements(mirror.children, of: value, bare: bare, limit: limit, pairs: true) + "]"
        case .tuple:
            return "(" + labelled(mirror.children, bare: bare, limit: limit) + ")"
        case .enum:
            // A case without a payload has no child; a payload of several values (or one labelled) is a tuple.
            guard let payload = mirror.children.first, let name = payload.label else {
                return "." + String(describing: value)
            }
            let inner = Mirror(reflecting: payload.value)
            let arguments =
                inner.displayStyle == .tuple
                ? labelled(inner.children, bare: bare, limit: limit) : shown(payload.value, bare: bare, limit: limit)
            return "." + name + "(" + arguments + ")"
        case .struct:
            var children: [Mirror.Child] = []
            for child in mirror.children where !isHidden(child.label) { children.append(child) }
            guard !children.isEmpty else {
                // Only private storage: the type, as a class instance shows; a struct with no properties as Swift.
                return mirror.children.isEmpty
                    ? String(reflecting: value) : LineRunner.shortTypeName(facts.name)
            }
            return facts.name + "(" + labelled(children, bare: bare, limit: limit) + ")"
        default:
            let text = String(reflecting: value)
            return text.utf8.count > limit ? String(text.prefix(limit)) + "…" : text
        }
    }

    /// `1, 2, 3`: a collection's elements (a dictionary's as `key: value`) until about `limit` characters, then `…`
    /// and how many there are in all. Only the elements shown are visited.
    private static func elements(
        _ children: Mirror.Children, of value: Any, bare: Bool, limit: Int, pairs: Bool = false
    ) -> String {
        var out = ""
        for child in children {
            if !out.isEmpty { out += ", " }
            if out.utf8.count >= limit {
                let count = (value as? any Collection)?.count
                return out + "…" + (count.map { " (\($0) elements)" } ?? "")
            }
            let left = max(8, limit - out.utf8.count)
            let parts = pairs ? Array(Mirror(reflecting: child.value).children) : []
            // Counted as shown: without the learner's module (`Exercise_<hash>.`), which the pane leaves out.
            if parts.count == 2 {
                out +=
                    unqualified(shown(parts[0].value, bare: bare, limit: left)) + ": "
                    + unqualified(shown(parts[1].value, bare: bare, limit: left))
            } else {
                out += unqualified(shown(child.value, bare: bare, limit: left))
            }
        }
        return out
    }

    /// `a: 1, 2`: a tuple's or a struct's elements, each with its label unless it is a position (`.1`).
    private static func labelled(_ children: some Collection<Mirror.Child>, bare: Bool, limit: Int) -> String {
        var out = ""
        for child in children {
            if !out.isEmpty { out += ", " }
            if out.utf8.count >= limit { return out + "…" }
            let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 + ": " } ?? ""
            out += label + unqualified(shown(child.value, bare: bare, limit: max(8, limit - out.utf8.count)))
        }
        return out
    }

    /// A stored property the learner cannot name: private storage (`_task`) or a lazy property's
    /// (`$__lazy_storage_$_x`).
    static func isHidden(_ label: String?) -> Bool {
        guard let label else { return false }
        return label.hasPrefix("_") || label.hasPrefix("$__lazy_storage_$_")
    }

    /// `[.mustard, .ketchup]`, `[]`: an option set whose options the playground knows by name; nil for any other
    /// value, or a set with options none of the names covers (`Sauces(rawValue: 16)`).
    private static func optionSetNames(_ value: Any) -> String? {
        guard let options = value as? any OptionSetArgument else { return nil }
        return names(of: options)
    }

    private static func names<Options: OptionSetArgument>(of options: Options) -> String? {
        var rest = options
        var names: [String] = []
        for option in Options.named where options.contains(option.value) {
            names.append(option.name)
            rest.subtract(option.value)
        }
        return rest.isEmpty ? StateValue.options(names).display : nil
    }

    /// The standard library's plain values: the mirror of one has no child and no display style, and it has a text
    /// of its own. `String` is one too (``isPlain(_:)``), quoted where it is shown.
    static let plainTypes: Set<ObjectIdentifier> = Set(
        ([
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
            UInt64.self, Double.self, Float.self, Bool.self, Character.self,
        ] as [Any.Type]).map(ObjectIdentifier.init))

    /// Whether `value` is a plain value of the standard library (a number, a Boolean, a character, a string), itself,
    /// not inside an optional.
    static func isPlain(_ value: Any) -> Bool {
        let type = Swift.type(of: value)
        return type == String.self || plainTypes.contains(ObjectIdentifier(type))
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
        // Nearly every text has no such module in it: a search of its bytes says so before any other work.
        guard text.utf8.count >= 26, text.containsBytes(of: "Exercise_") else { return text }
        var out = text
        while let range = out.firstRange(of: "Exercise_") {
            let rest = out[range.upperBound...]
            let digits = rest.prefix { $0.isHexDigit }
            // A file loaded again in one session is `Exercise_<hash>_2`, `_3`, … (``LineCompiler/compileExercise``).
            let after = rest.dropFirst(16)
            let generation = after.first == "_" ? after.dropFirst().prefix { $0.isASCII && $0.isNumber } : ""
            let length = 16 + (generation.isEmpty ? 0 : 1 + generation.count)
            guard digits.count == 16, rest.dropFirst(length).first == "." else { break }
            out.removeSubrange(range.lowerBound...out.index(range.upperBound, offsetBy: length))
        }
        return out
    }

    /// A described value as a state field holds it, on one line: compared whole, cut only where it is shown
    /// (``StateValue/long(_:)``).
    static func cut(_ text: String) -> StateValue {
        StateValue.described(unqualified(text).replacingOccurrences(of: "\n", with: " "))
    }
}
