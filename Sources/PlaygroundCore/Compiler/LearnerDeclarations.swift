#if canImport(Glibc)
import Glibc
#endif

/// What the learner declared at the prompt (types, functions, extensions, protocols, typealiases, operators,
/// imports), kept as the Swift REPL keeps it: every later line sees it.
///
/// The declarations typed so far are one file, compiled as a code exercise's file is (`LineCompiler.compileExercise`:
/// a module of its own, named by its text, loaded into this process) that later lines `@testable import`. A
/// redefinition replaces the older declaration of that name (a function only when its signature is the same: another
/// signature is an overload); objects made before it keep the older type, in the older module, which stays loaded.
final class LearnerDeclarations {
    struct Entry: Equatable {
        var text: String
        /// The names it declares (types, typealiases, protocols, functions, operators); an extension declares none.
        var names: [String]
        /// A function's signature as written, for telling a redefinition from an overload.
        var signatures: [String]
    }

    private(set) var entries: [Entry] = []
    /// The module the declarations are in now, when there are any.
    private(set) var module: String?

    static let keywords: Set<String> = [
        "struct", "class", "enum", "protocol", "extension", "func", "typealias", "actor", "import", "operator",
        "precedencegroup",
    ]
    static let modifiers: Set<String> = [
        "final", "public", "private", "fileprivate", "internal", "open", "indirect", "infix", "prefix", "postfix",
        "nonisolated", "static",
    ]

    /// The line's top-level statements, when every one of them is a declaration this keeps (nil otherwise: a line
    /// that also does something keeps its declarations to itself, as a function body would).
    static func declarations(in text: String) -> [Substring]? {
        let segments = topLevelStatements(text)
        guard !segments.isEmpty else { return nil }
        for segment in segments where !isDeclaration(segment) { return nil }
        return segments
    }

    static func isDeclaration(_ segment: Substring) -> Bool {
        var words = segment.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "(" || $0 == "{" || $0 == ":" })[
            ...]
        // Attributes first (`@MainActor`, `@available(...)`: its arguments end up as words of their own).
        while let first = words.first, first.hasPrefix("@") || first.hasSuffix(")") || first.hasSuffix(",") {
            words = words.dropFirst()
        }
        while let first = words.first, modifiers.contains(String(first)) { words = words.dropFirst() }
        guard let keyword = words.first else { return false }
        return keywords.contains(String(keyword))
    }

    /// The name a declaration statement declares (nil for an extension or an import) and a function's signature.
    static func declared(_ segment: Substring) -> (name: String?, signature: String?) {
        let words = segment.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard let index = words.firstIndex(where: { keywords.contains(String($0)) }) else { return (nil, nil) }
        let keyword = words[index]
        guard keyword != "extension", keyword != "import", index + 1 < words.count else { return (nil, nil) }
        var name = words[index + 1]
        if let cut = name.firstIndex(where: { "(<:{".contains($0) }), cut > name.startIndex { name = name[..<cut] }
        guard keyword == "func" else { return (String(name), nil) }
        let head = segment.prefix { $0 != "{" }.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(
            separator: " ")
        return (String(name), head)
    }

    /// The top-level statements of a line: split at `;` and line ends outside brackets, strings and comments.
    static func topLevelStatements(_ text: String) -> [Substring] {
        var segments: [Substring] = []
        var depth = 0
        var start = text.startIndex
        var index = text.startIndex
        var inString = false
        func cut(_ end: String.Index) {
            let piece = text[start..<end].drop { $0 == " " || $0 == "\n" }
            let trimmed = piece.reversed().drop { $0 == " " || $0 == "\n" }.count
            if trimmed > 0 { segments.append(piece.prefix(trimmed)) }
        }
        while index < text.endIndex {
            let c = text[index]
            let next = text.index(after: index)
            if inString {
                if c == "\\" && next < text.endIndex { index = text.index(after: next); continue }
                if c == "\"" { inString = false }
                index = next
                continue
            }
            switch c {
            case "/" where next < text.endIndex && text[next] == "/":
                cut(index)
                while index < text.endIndex && text[index] != "\n" { index = text.index(after: index) }
                start = index
                continue
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case ";" where depth == 0, "\n" where depth == 0:
                cut(index)
                start = next
            default: break
            }
            index = next
        }
        cut(text.endIndex)
        return segments
    }

    /// The entries with `text` added: what it redefines replaced. Also the names replaced.
    func adding(_ text: String) -> (entries: [Entry], replaced: [String]) {
        let segments = Self.declarations(in: text) ?? []
        let declared = segments.map(Self.declared)
        let entry = Entry(text: text, names: declared.compactMap(\.name), signatures: declared.compactMap(\.signature))
        var replaced: [String] = []
        var kept: [Entry] = []
        for old in entries {
            let clash = old.names.filter { name in
                guard entry.names.contains(name) else { return false }
                // A function of another signature is an overload, not a redefinition.
                let oldFunctions = old.signatures.filter { $0.contains(" " + name) || $0.contains(" " + name + "(") }
                let newFunctions = entry.signatures.filter { $0.contains(" " + name) || $0.contains(" " + name + "(") }
                if !oldFunctions.isEmpty && !newFunctions.isEmpty {
                    return !Set(oldFunctions).isDisjoint(with: newFunctions)
                }
                return true
            }
            if clash.isEmpty { kept.append(old) } else { replaced += clash }
        }
        return (kept + [entry], replaced)
    }

    /// Makes `entries` the declarations, in `module`.
    func use(_ entries: [Entry], module: String?) {
        self.entries = entries
        self.module = module
    }

    /// The file the declarations are compiled from: the newest entry in the learner's own place (`repl:`), the
    /// earlier ones as `earlier:`, imports exported so that lines see what the learner imported.
    static func source(_ entries: [Entry]) -> String {
        var lines = ["import Patterns"]
        for (offset, entry) in entries.enumerated() {
            let file = offset == entries.count - 1 ? LineSource.file : "earlier"
            lines.append("#sourceLocation(file: \"\(file)\", line: 1)")
            var text = entry.text
            // `import Foundation` at the prompt is for every later line: the module passes it on.
            for segment in topLevelStatements(entry.text) where segment.hasPrefix("import ") {
                text = text.replacingOccurrences(of: String(segment), with: "@_exported " + segment)
            }
            lines.append(text)
        }
        lines.append("#sourceLocation()")
        return lines.joined(separator: "\n") + "\n"
    }
}
