/// Context-sensitive completion: what can come next at the cursor, given the session's commands, lessons, panes
/// and live objects. Pure: the terminal layer only inserts what this returns.
public enum Completer {
    /// - Returns: the word before the cursor that a candidate replaces, and the candidates that extend it.
    public static func complete(_ before: String, in session: Session) -> (word: String, candidates: [String]) {
        if let swift = completeSwift(before, in: session) { return swift }
        let endsWithSpace = before.hasSuffix(" ")
        let words = before.split(separator: " ").map(String.init)
        let word = endsWithSpace ? "" : (words.last ?? "")
        let done = endsWithSpace ? words : Array(words.dropLast())
        let pool: [String]
        if done.isEmpty {
            pool = session.lessons.commands.map(\.name) + session.lessons.liveObjects.map { $0.name + "." }
        } else if let command = session.command(named: done[0]) {
            let index = done.count - 1
            let spec: ArgumentSpec?
            if index < command.arguments.count {
                spec = command.arguments[index]
            } else {
                spec = command.arguments.last.flatMap { $0.variadic ? $0 : nil }
            }
            pool = spec.map { values(for: $0, in: session) } ?? []
        } else {
            pool = []
        }
        var seen: Set<String> = []
        let candidates = pool.filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
        return (word, candidates)
    }

    static func values(for spec: ArgumentSpec, in session: Session) -> [String] {
        switch spec.kind {
        case .choice(let values): return values
        case .text, .int: return []
        case .dynamic(.lessons): return session.catalog.ids
        case .dynamic(.panes): return session.mediator.panes.map(\.name)
        case .dynamic(.topics): return session.lessons.topics
        case .dynamic(.commands): return session.lessons.commands.map(\.name) + session.lessons.liveObjects.map(\.name)
        case .dynamic(.steps): return (1...max(1, session.lesson?.steps.count ?? 1)).map(String.init)
        }
    }

    /// `builder.se` -> methods; `builder.setMeat(.ch` -> cases of the parameter's type.
    static func completeSwift(_ before: String, in session: Session) -> (word: String, candidates: [String])? {
        let objects = session.lessons.liveObjects
        guard !objects.isEmpty else { return nil }
        var text = Substring(before)
        // `let name = `, `var name = ` or `_ = ` first, then `try `: what follows is the chain to complete.
        if text.hasPrefix("let ") || text.hasPrefix("var ") || text.hasPrefix("_ =") {
            guard let equals = text.firstIndex(of: "=") else { return nil }
            text = text[text.index(after: equals)...].drop { $0 == " " }
        }
        if text.hasPrefix("try ") { text = text.dropFirst(4).drop { $0 == " " } }
        let receiverName = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let object = objects.first(where: { $0.name == receiverName }),
            text.dropFirst(receiverName.count).first == "."
        else { return nil }
        // Inside an argument list: complete enum cases after "(." "[." ", .".
        if let dot = text.lastIndex(of: "."), dot > text.startIndex {
            let partial = String(text[text.index(after: dot)...])
            let beforeDot = text[..<dot].reversed().drop { $0 == " " }.first
            if partial.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), let b = beforeDot, "([,:".contains(b),
                let open = text[..<dot].lastIndex(of: "(")
            {
                let head = text[..<open]
                let methodName = String(head.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                let receiver = chainReceiver(
                    String(head.dropLast(methodName.count + 1)), start: object, objects: objects)
                if let method = receiver?.method(named: methodName) {
                    let argumentIndex = text[open...].filter { $0 == "," }.count
                    let param = argumentIndex < method.params.count ? method.params[argumentIndex] : method.params.first
                    let cases = param?.type.completions ?? []
                    return ("." + partial, cases.map { "." + $0 }.filter { $0.hasPrefix("." + partial) }.sorted())
                }
                return ("." + partial, [])
            }
            // A method name after a receiver: builder.se
            if partial.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                let receiver = chainReceiver(String(text[..<dot]), start: object, objects: objects)
                let names = (receiver?.methods ?? []).map { $0.isProperty ? $0.name : $0.name + "(" }
                return (partial, names.filter { $0.hasPrefix(partial) }.sorted())
            }
        }
        return nil
    }

    /// The object a chain like `alert.setTitle("x")` evaluates to, when every link returns `Self`.
    static func chainReceiver(_ chain: String, start: LiveObject, objects: [LiveObject]) -> LiveObject? {
        // Count the links after the receiver: every method must return Self for the chain to stay on `start`.
        guard let statement = try? SwiftCallParser.parse(chain + ".x") else { return start }
        for call in statement.calls.dropLast() {
            guard let method = start.method(named: call.name), method.returns == .this else { return nil }
        }
        return start
    }
}
