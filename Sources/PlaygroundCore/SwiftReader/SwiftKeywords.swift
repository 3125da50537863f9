/// The one keyword table of the playground's reading of Swift: which words start a declaration, a statement or an
/// expression, which are modifiers, and which declarations a line of declarations keeps for later lines.
public enum SwiftKeywords {
    /// Words that start a declaration (after its attributes and modifiers).
    public static let declarations: Set<String> = [
        "let", "var", "func", "struct", "class", "enum", "protocol", "extension", "actor", "typealias", "import",
        "operator", "precedencegroup", "init", "deinit", "subscript", "associatedtype", "macro", "case",
    ]

    /// Declarations a line of only declarations keeps for every later line (a `let` or `var` at the prompt is a
    /// statement of the line's code, stored as a binding).
    public static let kept: Set<String> = [
        "struct", "class", "enum", "protocol", "extension", "func", "typealias", "actor", "import", "operator",
        "precedencegroup",
    ]

    /// How a scoped import names a kept declaration's kind (an actor is imported as a class).
    public static let importKinds: [String: String] = [
        "struct": "struct", "class": "class", "enum": "enum", "protocol": "protocol", "typealias": "typealias",
        "func": "func", "actor": "class",
    ]

    /// Words that start a statement that is no declaration and no expression.
    public static let statements: Set<String> = [
        "if", "guard", "for", "while", "repeat", "do", "switch", "return", "throw", "defer", "break", "continue",
        "fallthrough", "discard",
    ]

    /// Words before a declaration's keyword (`private`, `static`, `weak`…). `class` before `func`/`var` is one too,
    /// and `async` before `let`; `unowned(safe)` and `private(set)` take a parenthesis.
    public static let modifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "package", "static", "final", "lazy", "weak",
        "unowned", "override", "required", "convenience", "dynamic", "mutating", "nonmutating", "optional",
        "indirect", "prefix", "postfix", "infix", "nonisolated", "distributed", "consuming", "borrowing", "isolated",
        "__consuming", "async",
    ]

    /// Words that start an expression and are never a command's name.
    public static let expressions: Set<String> = [
        "try", "await", "true", "false", "nil", "self", "Self", "super", "_", "consume", "copy", "each", "repeat",
        "any", "some",
    ]

    /// Functions of the standard library a line often starts with (`print x` is Swift mistyped, not a command).
    public static let libraryFunctions: Set<String> = [
        "print", "debugPrint", "dump", "assert", "precondition", "fatalError", "assertionFailure",
        "preconditionFailure",
    ]

    /// Whether a line that starts with this word is Swift, never a command: a keyword, but not one of the contextual
    /// words a learner may mean as English (`some`, `any`, `optional`…), which stay a mistyped command's.
    public static func startsSwift(_ word: String) -> Bool {
        guard !english.contains(word) else { return false }
        return declarations.contains(word) || statements.contains(word) || modifiers.contains(word)
            || expressions.contains(word) || libraryFunctions.contains(word)
    }

    static let english: Set<String> = [
        "optional", "required", "dynamic", "each", "copy", "consume", "any", "some", "discard", "package", "isolated",
        "distributed", "borrowing", "consuming", "macro", "case",
    ]
}
