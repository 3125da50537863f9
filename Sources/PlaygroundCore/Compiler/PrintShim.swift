import PlaygroundBridge

/// The one `print` shim: Swift source for `print`, `debugPrint` and `dump` that send their text where the playground
/// shows compiled code's output (``LineOutput``), not to the terminal. A compiled line declares them `private`, before
/// its own text; a code exercise's module compiles them, as a file of their own, beside the learner's file.
enum PrintShim {
    /// The three functions, one source line each, declared with `access` (`"private "` or `""`).
    static func functions(access: String) -> [String] {
        let items = "(_ items: Any..., separator: String = \" \", terminator: String = \"\\n\") {"
        let dump =
            "(_ value: T, name: String? = nil, indent: Int = 0, maxDepth: Int = .max, maxItems: Int = .max)"
            + " -> T {"
        return [
            access + "func print" + items,
            "    __PlaygroundBridge.LineOutput.print(items, separator: separator, terminator: terminator)",
            "}",
            access + "func debugPrint" + items,
            "    __PlaygroundBridge.LineOutput.debugPrint(items, separator: separator, terminator: terminator)",
            "}",
            "@discardableResult " + access + "func dump<T>" + dump,
            "    var text = \"\"",
            "    Swift.dump(value, to: &text, name: name, indent: indent, maxDepth: maxDepth, maxItems: maxItems)",
            "    __PlaygroundBridge.LineOutput.write(text)",
            "    return value",
            "}",
        ]
    }

    /// The file compiled into every exercise module: its `print` shadows Swift's in the learner's file.
    static let exerciseFile =
        ([__PlaygroundBridge.importLine, ""] + functions(access: "") + [""]).joined(separator: "\n")
}
