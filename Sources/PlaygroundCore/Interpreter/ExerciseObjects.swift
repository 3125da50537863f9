/// The instances of the learner's own classes (a code exercise's types), watched through weak references: what ARC
/// freed, what it keeps, and whether any name still reaches what it keeps. Nothing is simulated: an object is freed
/// when its weak reference reads `nil`.
final class ExerciseObjects {
    /// The learner's module (`Exercise_…`): only its classes are watched.
    let module: String
    private struct Watched {
        weak var object: AnyObject?
        let type: String
    }
    private var watched: [ObjectIdentifier: Watched] = [:]
    private var freed: [String: Int] = [:]
    /// The learner's class names, in the order first seen.
    private var types: [String] = []

    init(module: String) { self.module = module }

    /// The `arc` state group: for each of the learner's classes seen, how many are alive, how many of those no name
    /// reaches (kept alive by a cycle), and how many were freed. Nil before any was seen.
    func group(roots: [Any], reachability: Bool = true) -> StateGroup? {
        // The freed first: a new object may take a freed one's address.
        for (id, entry) in watched where entry.object == nil {
            freed[entry.type, default: 0] += 1
            watched[id] = nil
        }
        var reached = Set<ObjectIdentifier>()
        for root in roots { walk(root, depth: 0, reached: &reached) }
        guard !types.isEmpty else { return nil }
        let fields = types.map { type -> StateField in
            let alive = watched.filter { $0.value.type == type && $0.value.object != nil }
            let unreached = reachability ? alive.keys.filter { !reached.contains($0) }.count : 0
            let freedCount = freed[type] ?? 0
            var text: String
            if alive.isEmpty {
                text = freedCount == 1 ? "freed" : "freed ×\(freedCount)"
            } else {
                text = "\(alive.count) alive"
                if unreached > 0 { text += ", \(unreached) reached by no name" }
                if freedCount > 0 { text += ", \(freedCount) freed" }
            }
            return StateField(type, .plain(text))
        }
        return StateGroup(Self.groupName, type: "ARC", fields)
    }

    static let groupName = "arc"

    /// Follows stored properties, elements and optionals a few levels down from a root, watching every instance of
    /// the learner's classes on the way.
    private func walk(_ value: Any, depth: Int, reached: inout Set<ObjectIdentifier>) {
        guard depth < 6 else { return }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            let object = value as AnyObject
            let id = ObjectIdentifier(object)
            guard !reached.contains(id) else { return }
            reached.insert(id)
            let qualified = _typeName(Swift.type(of: object), qualified: true)
            if qualified.hasPrefix(module + "."), watched[id]?.object == nil {
                let type = String(qualified.dropFirst(module.count + 1))
                watched[id] = Watched(object: object, type: type)
                if !types.contains(type) { types.append(type) }
            }
        }
        var current: Mirror? = mirror
        while let level = current {
            for child in level.children.prefix(200) { walk(child.value, depth: depth + 1, reached: &reached) }
            current = level.superclassMirror
        }
    }
}
