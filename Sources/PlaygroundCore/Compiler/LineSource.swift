/// The Swift file a compiled line becomes: the learner's text in a throwing function, after the live objects and
/// bindings it can see are declared with their static types, and before the bindings it leaves are stored back.
///
/// `#sourceLocation` makes the compiler name the learner's own text (`repl:1:27: error: …`). `print` and
/// `debugPrint` are the program's, so their text reaches the panes.
enum LineSource {
    static let file = "repl"
    static let entryPoint = "patterns_compiled_line"

    /// Something the line can see, as the session lends it.
    struct Visible: Equatable {
        var name: String
        /// A Swift type, qualified (`Patterns.HamburgerBuilder`, `Swift.Optional<Patterns.GameBoardController>`).
        var type: String
        var kind: TopLevelNames.Kind
    }

    static func make(_ text: String, visible: [Visible], declared: TopLevelNames, imports: [String] = []) -> String {
        var lines = [
            "import Patterns",
            "import PlaygroundBridge",
        ]
        // The learner's own file, compiled with testing on: its types need no `public`.
        lines += imports.map { "@testable import " + $0 }
        lines.append("")
        // Before the line, so that a brace the line leaves open cannot swallow them.
        lines += PrintShim.functions(access: "private ")
        lines += [
            "",
            "@_cdecl(\"\(entryPoint)\") public func __patternsEntry(_ context: UnsafeMutableRawPointer) {",
            "    let __context = Unmanaged<LineContext>.fromOpaque(context).takeUnretainedValue()",
            "    __context.run { try __patternsLine(__context) }",
            "}",
            "",
            "private func __patternsLine(_ __context: LineContext) throws {",
        ]
        let redeclared = Set(declared.names.map(\.name))
        for item in visible {
            let name = item.name
            // `()` in an expression is the empty tuple's value, not its type.
            let item = item.type == "()" ? Visible(name: item.name, type: "Swift.Void", kind: item.kind) : item
            switch item.kind {
            case .let: lines.append("    let \(name) = __context.value(\(quoted(name)), as: (\(item.type)).self)")
            case .var: lines.append("    var \(name) = __context.value(\(quoted(name)), as: (\(item.type)).self)")
            case .weakVar:
                lines.append("    weak var \(name) = __context.weakValue(\(quoted(name)), as: (\(item.type)).self)")
            }
        }
        lines.append("#sourceLocation(file: \(quoted(file)), line: 1)")
        lines.append(text)
        lines.append("#sourceLocation()")
        var stores: [(String, TopLevelNames.Kind)] = declared.names.map { ($0.name, $0.kind) }
        for item in visible where item.kind != .let && !redeclared.contains(item.name) {
            stores.append((item.name, item.kind))
        }
        for (name, kind) in stores {
            lines.append(
                kind == .weakVar
                    ? "    __context.storeWeak(\(quoted(name)), \(name))"
                    : "    __context.store(\(quoted(name)), \(name))")
        }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    static func quoted(_ name: String) -> String { "\"" + name + "\"" }

    /// The line with its last statement's value shown (`__context.show(…)`), for a line whose last statement is an
    /// expression whose result Swift reports unused at `column` (swiftc's column, 1-based, in UTF-8 bytes): what a
    /// REPL prints. Nil when the warning is about another part of the line or the statement is not an expression.
    static func echoing(_ text: String, warningColumn column: Int) -> String? {
        guard let range = lastStatement(text) else { return nil }
        let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound) + 1
        let end = text.utf8.distance(from: text.startIndex, to: range.upperBound)
        guard column >= start, column <= end else { return nil }
        let statement = text[range]
        // A declaration, a statement keyword, an attribute or a directive is no expression.
        let first = statement.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !statementKeywords.contains(String(first)), statement.first != "@", statement.first != "#" else {
            return nil
        }
        // The newline keeps a comment after the statement from swallowing the parenthesis.
        return String(text[..<range.lowerBound]) + "__context.show(" + statement + "\n)"
            + String(text[range.upperBound...])
    }

    static let statementKeywords: Set<String> = [
        "let", "var", "if", "guard", "for", "while", "repeat", "do", "switch", "return", "throw", "defer", "break",
        "continue", "func", "class", "struct", "enum", "protocol", "extension", "actor", "typealias", "import", "weak",
        "unowned", "lazy", "private", "fileprivate", "public", "internal", "static", "final", "open", "nonisolated",
    ]

    /// The last top-level statement of a line (after its last top-level `;`), without the spaces, `;` and comment
    /// around it: a light scan of strings (with interpolations), comments and brackets, not a parser.
    static func lastStatement(_ text: String) -> Range<String.Index>? {
        var current: (start: String.Index, end: String.Index?) = (text.startIndex, nil)
        var last: Range<String.Index>?
        func close() {
            guard let end = current.end else { return }
            var lower = current.start
            while lower < end, text[lower].isWhitespace { lower = text.index(after: lower) }
            if lower < end { last = lower..<end }
        }
        var depth = 0
        // For each string being read: nil while in its text, else the bracket depth its interpolation opened at.
        var strings: [Int?] = []
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            let next = text.index(after: index)
            if let top = strings.last, top == nil {
                // A string's text: an escape, an interpolation, or its end.
                if c == "\\", next < text.endIndex {
                    if text[next] == "(" {
                        strings[strings.count - 1] = depth
                        depth += 1
                    }
                    index = text.index(after: next)
                } else {
                    if c == "\"" { strings.removeLast() }
                    index = next
                }
                current.end = index
                continue
            }
            switch c {
            case "/" where next < text.endIndex && text[next] == "/":
                index = text.endIndex
                continue
            case "/" where next < text.endIndex && text[next] == "*":
                index = text[next...].firstRange(of: "*/")?.upperBound ?? text.endIndex
                continue
            case ";" where depth == 0 && strings.isEmpty:
                close()
                current = (next, nil)
                index = next
                continue
            case "\"":
                strings.append(nil)
            case "(", "[", "{":
                depth += 1
            case ")", "]", "}":
                depth = max(0, depth - 1)
                // The end of an interpolation: back in its string's text.
                if let top = strings.last, let opened = top, depth == opened { strings[strings.count - 1] = nil }
            default:
                break
            }
            if !c.isWhitespace { current.end = next }
            index = next
        }
        close()
        return last
    }

    /// Whether a type name from the runtime can be written in a later line's source (not a type local to a line or
    /// private to a file).
    static func isWritable(_ type: String) -> Bool {
        !isLocal(type) && isSpellable(type)
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
