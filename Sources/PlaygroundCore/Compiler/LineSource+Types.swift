/// Types in a line's source: the runtime's names of the session's values, written as Swift declares them.
extension LineSource {
    /// A type as the runtime names it, with Swift's sugar for optionals, arrays and dictionaries
    /// (`Swift.Optional<Patterns.Cell>` → `Patterns.Cell?`): what the compiler prints of a variable declared with it,
    /// as it prints the type it infers.
    static func sugared(_ type: String) -> String {
        let sugars: [(prefix: String, make: ([String]) -> String?)] = [
            ("Swift.Optional<", { $0.count == 1 ? (needsParentheses($0[0]) ? "(\($0[0]))?" : $0[0] + "?") : nil }),
            ("Swift.Array<", { $0.count == 1 ? "[\($0[0])]" : nil }),
            ("Swift.Dictionary<", { $0.count == 2 ? "[\($0[0]): \($0[1])]" : nil }),
        ]
        var out = ""
        var rest = Substring(type)
        scan: while !rest.isEmpty {
            for (prefix, make) in sugars where rest.hasPrefix(prefix) {
                let inside = rest.dropFirst(prefix.count)
                guard let (arguments, after) = genericArguments(inside), let made = make(arguments.map(sugared))
                else { break }
                out += made
                rest = after
                continue scan
            }
            out.append(rest.removeFirst())
        }
        return out
    }

    /// The comma-separated arguments up to the `>` that closes them, and what follows it.
    fileprivate static func genericArguments(_ text: Substring) -> ([String], Substring)? {
        var depth = 0
        var arguments: [String] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            let next = text.index(after: index)
            if c == "-", next < text.endIndex, text[next] == ">" {
                index = text.index(after: next)
                continue
            }
            switch c {
            case "<", "(", "[": depth += 1
            case ")", "]": depth -= 1
            case ">" where depth == 0:
                arguments.append(String(text[start..<index].drop { $0 == " " }))
                return (arguments, text[next...])
            case ">": depth -= 1
            case "," where depth == 0:
                arguments.append(String(text[start..<index].drop { $0 == " " }))
                start = next
            default: break
            }
            index = next
        }
        return nil
    }

    fileprivate static func needsParentheses(_ type: String) -> Bool {
        type.contains("->") || type.hasPrefix("any ") || type.hasPrefix("some ") || type.contains(" & ")
    }

    /// Whether a type name from the runtime can be written in a later line's source (not a type local to a line or
    /// private to a file).
    static func isWritable(_ type: String) -> Bool {
        !isLocal(type) && isSpellable(type)
    }

    /// The runtime's name of a type as Swift source where the two differ only in how a constrained existential's
    /// primary associated types are written: `any Swift.Collection<Self.Swift.Collection.Element == Swift.Int>` is
    /// `any Swift.Collection<Swift.Int>` (the runtime names each argument by the associated type it constrains, in
    /// the order of the protocol's primary associated types).
    static func spelling(_ type: String) -> String {
        let type = withoutImportedCModule(type)
        guard type.contains(" == ") else { return type }
        var out = ""
        var rest = Substring(type)
        while let range = rest.firstRange(of: "Self.") {
            let before = rest[..<range.lowerBound]
            out += before
            // Only an argument's constraint: `<Self.….Element == T` or `, Self.….Element == T`.
            guard before.hasSuffix("<") || before.hasSuffix(", "),
                let equals = rest[range.lowerBound...].firstRange(
                    of: " == ")
            else { return type }
            let constrained = rest[range.lowerBound..<equals.lowerBound]
            guard !constrained.contains(where: { "<>, ".contains($0) }) else { return type }
            rest = rest[equals.upperBound...]
        }
        return out + rest
    }

    /// The runtime qualifies a type imported from C with the module `__C` (`__C._IO_FILE` for what `fopen` returns),
    /// which Swift source cannot name: the type is written unqualified, as the line that made it wrote it.
    static func withoutImportedCModule(_ type: String) -> String {
        guard type.contains("__C.") else { return type }
        var out = ""
        var rest = Substring(type)
        while let range = rest.firstRange(of: "__C.") {
            out += rest[..<range.lowerBound]
            // Only the module at the start of a name, not `__C.` ending some longer identifier.
            let startsName = out.last.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
            if !startsName { out += rest[range] }
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    /// A type declared inside a line (or its function): gone with the line.
    static func isLocal(_ type: String) -> Bool {
        type.contains("unknown context") || type.contains("(in ") || type.contains("PatternsLine_")
    }

    /// Whether the runtime's name of a type is also Swift source for it. The runtime names some types in words Swift
    /// does not parse: a constrained existential (`any Swift.Collection<Self.Swift.Collection.Element == Swift.Int>`),
    /// an opaque type (`<<opaque return type of …>>`). Such a binding is never pasted into a later line.
    static func isSpellable(_ type: String) -> Bool {
        !type.contains("Self.") && !type.contains(" == ") && !type.contains("<<") && !type.contains("some ")
            && !type.contains(" where ") && !type.isEmpty
    }
}
