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
        lines += [
            "",
            // Before the line, so that a brace the line leaves open cannot swallow them.
            "private func print(_ items: Any..., separator: String = \" \", terminator: String = \"\\n\") {",
            "    LineOutput.print(items, separator: separator, terminator: terminator)",
            "}",
            "private func debugPrint(_ items: Any..., separator: String = \" \", terminator: String = \"\\n\") {",
            "    LineOutput.debugPrint(items, separator: separator, terminator: terminator)",
            "}",
            "@discardableResult private func dump<T>(_ value: T, name: String? = nil, indent: Int = 0, maxDepth: Int = .max, maxItems: Int = .max) -> T {",
            "    var text = \"\"",
            "    Swift.dump(value, to: &text, name: name, indent: indent, maxDepth: maxDepth, maxItems: maxItems)",
            "    LineOutput.write(text)",
            "    return value",
            "}",
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
            switch item.kind {
            case .let: lines.append("    let \(name) = __context.value(\(quoted(name)), as: (\(item.type)).self)")
            case .var: lines.append("    var \(name) = __context.value(\(quoted(name)), as: (\(item.type)).self)")
            case .weakVar: lines.append("    weak var \(name) = __context.weakValue(\(quoted(name)), as: (\(item.type)).self)")
            }
        }
        lines.append("#sourceLocation(file: \(quoted(file)), line: 1)")
        lines.append(text)
        lines.append("#sourceLocation()")
        var stores: [(String, TopLevelNames.Kind)] = declared.names.map { ($0.name, $0.kind) }
        for item in visible where item.kind != .let && !redeclared.contains(item.name) { stores.append((item.name, item.kind)) }
        for (name, kind) in stores {
            lines.append(kind == .weakVar ? "    __context.storeWeak(\(quoted(name)), \(name))" : "    __context.store(\(quoted(name)), \(name))")
        }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    static func quoted(_ name: String) -> String { "\"" + name + "\"" }

    /// Whether a type name from the runtime can be written in a later line's source (not a type local to a line or
    /// private to a file).
    static func isWritable(_ type: String) -> Bool {
        !type.contains("unknown context") && !type.contains("(in ") && !type.contains("PatternsLine_")
    }
}
