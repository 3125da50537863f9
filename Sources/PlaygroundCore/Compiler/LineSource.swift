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
        /// A binding the learner made (a line may declare its name again), not a lesson's object.
        var isLearners = false
        /// A computed name's getter (`controller!`): declared after the names it reads.
        var getter: String? = nil
    }

    /// The file holds the line twice when its last statement may be an expression: as written
    /// (`patterns_compiled_line`), and with that statement's value kept for the session to show
    /// (`patterns_compiled_line_shown`, its text placed in `repl-shown`). swiftc compiles both in one run; its words on
    /// the first decide, as for the line alone, and the second runs only when they say the value is unused: what a
    /// REPL shows.
    static func make(
        _ text: String, visible: [Visible], declared: TopLevelNames, imports: [String] = [], showing: Bool = true
    ) -> String {
        var lines = [
            "import Patterns",
            "import PlaygroundBridge",
        ]
        // The learner's own file, compiled with testing on: its types need no `public`.
        lines += imports.map { "@testable import " + $0 }
        lines.append("")
        // Before the line, so that a brace the line leaves open cannot swallow them.
        lines += PrintShim.functions(access: "private ")
        // Top-level code may `await`: such a line is an async body, run to its end before the call returns.
        let awaits = Self.awaits(text)
        let shown = showing ? expressionToShow(text) : nil
        for (symbol, function) in [(entryPoint, "__patternsLine")]
            + (shown == nil ? [] : [(shownEntryPoint, "__patternsLineShown")])
        {
            lines += [
                "",
                "@_cdecl(\"\(symbol)\") public func \(function)Entry(_ context: UnsafeMutableRawPointer) {",
                "    let __context = Unmanaged<LineContext>.fromOpaque(context).takeUnretainedValue()",
                awaits
                    ? "    __context.runAwaiting { _ = try await \(function)(__context) }"
                    : "    __context.run { _ = try \(function)(__context) }",
                "}",
            ]
        }
        lines.append("")
        lines += body(text, "__patternsLine", visible: visible, declared: declared, awaits: awaits, shown: nil)
        if let shown {
            lines += body(
                text, "__patternsLineShown", visible: visible, declared: declared, awaits: awaits, shown: shown)
        }
        return lines.joined(separator: "\n")
    }

    static let shownEntryPoint = "patterns_compiled_line_shown"

    /// Whether swiftc's place (line and column, UTF-8 bytes, from 1) is inside `range` of the text.
    static func place(_ line: Int, _ column: Int, isIn range: Range<String.Index>, of text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return false }
        let offset = lines.prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 } + column - 1
        let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        let end = text.utf8.distance(from: text.startIndex, to: range.upperBound)
        return offset >= start && offset < end
    }
    /// Where the second copy of a line is placed: swiftc's words on it are never the learner's.
    static let shownFile = "repl-shown"

    /// A function holding the line: the names it sees declared before it, the bindings it leaves stored after it;
    /// `shown`, the statement whose value is kept.
    static func body(
        _ text: String, _ function: String, visible: [Visible], declared: TopLevelNames, awaits: Bool,
        shown: Range<String.Index>?
    ) -> [String] {
        let c = contextName(text)
        var lines = [
            "private func \(function)(_ \(c): LineContext)" + (awaits ? " async" : "")
                + " throws -> TopLevelCode {"
        ]
        // A name the line declares again is the line's own from here on (the newest wins, as in the Swift REPL); a
        // lesson's own object stays, as a name declared in the same file would.
        let redeclared = Set(declared.names.map(\.name))
        // A computed name comes after the names its getter reads.
        let ordered = visible.filter { $0.getter == nil } + visible.filter { $0.getter != nil }
        for item in ordered where !(item.isLearners && redeclared.contains(item.name)) {
            let name = item.name
            // `()` in an expression is the empty tuple's value, not its type.
            let type = item.type == "()" ? "Swift.Void" : item.type
            if let getter = item.getter {
                lines.append("    var \(name): \(sugared(type)) { \(getter) }")
                continue
            }
            switch item.kind {
            case .let: lines.append("    let \(name) = \(c).value(\(quoted(name)), as: (\(type)).self)")
            case .var:
                // The variable itself, not a copy: reads and writes go to its storage, so closures that captured it
                // and its observers see them.
                lines += [
                    "    let __variable_\(name) = \(c).variable(\(quoted(name)))",
                    "    var \(name): \(sugared(type)) {",
                    "        get { __variable_\(name).get() as! (\(type)) }",
                    "        set { __variable_\(name).set(newValue as Any) }",
                    "    }",
                ]
            case .weakVar:
                lines.append("    weak var \(name) = \(c).weakValue(\(quoted(name)), as: (\(type)).self)")
            }
        }
        if let range = shown {
            let before = text[..<range.lowerBound]
            let line = before.count(where: { $0 == "\n" }) + 1
            let column = before.utf8.count - (before.lastIndex(of: "\n").map { before[...$0].utf8.count } ?? 0)
            lines += [
                "#sourceLocation(file: \(quoted(shownFile)), line: 1)", String(before), "#sourceLocation()",
                "    try " + (awaits ? "await \(c).showAwaiting { () async" : "\(c).show { ()")
                    + " throws in",
                "#sourceLocation(file: \(quoted(shownFile)), line: \(line))",
                String(repeating: " ", count: column) + text[range], "#sourceLocation()", "    }",
            ]
        } else {
            lines += ["#sourceLocation(file: \(quoted(file)), line: 1)", text, "#sourceLocation()"]
        }
        for item in declared.names {
            let name = item.name
            switch item.kind {
            case .let: lines.append("    \(c).store(\(quoted(name)), \(name))")
            // The line's own variable lives on as the storage every later line uses.
            case .var:
                lines.append("    \(c).storeVariable(\(quoted(name)), get: { \(name) }, set: { \(name) = $0 })")
            case .weakVar: lines.append("    \(c).storeWeak(\(quoted(name)), \(name))")
            }
        }
        lines += ["    return TopLevelCode()", "}", ""]
        return lines
    }

    /// The name the line's function gives the context it is lent, and the prefix of a variable's storage: a name
    /// made from the line's own text, so that it neither meets a name the line declares (`let __context = 1`) nor
    /// answers one the line uses (`let q = __context` is "cannot find '__context' in scope", as in swiftc).
    static func contextName(_ text: String) -> String { "__context_" + LineCompiler.hash(text) }

    static func quoted(_ name: String) -> String { "\"" + name + "\"" }

    /// swiftc's words with each line it quotes from `compiled` (the line with a part blanked) quoted as `typed`.
    static func quoting(_ diagnostics: String, typed: String, compiled: String) -> String {
        guard typed != compiled else { return diagnostics }
        let typedLines = typed.split(separator: "\n", omittingEmptySubsequences: false)
        let compiledLines = compiled.split(separator: "\n", omittingEmptySubsequences: false)
        var replacing: [Substring: Substring] = [:]
        for (typed, compiled) in zip(typedLines, compiledLines) where typed != compiled { replacing[compiled] = typed }
        return diagnostics.split(separator: "\n", omittingEmptySubsequences: false).map { replacing[$0] ?? $0 }
            .joined(separator: "\n")
    }

    /// A name of the session in a file of declarations: read, and written, through the session's newest line.
    static func sessionName(_ item: Visible) -> [String] {
        let name = item.name
        let type = item.type == "()" ? "Swift.Void" : item.type
        if let getter = item.getter { return ["private var \(name): \(sugared(type)) { \(getter) }"] }
        switch item.kind {
        case .let:
            return [
                "private var \(name): \(sugared(type)) { LineContext.session.value(\(quoted(name)), as: "
                    + "(\(type)).self) }"
            ]
        case .var:
            return [
                "private var \(name): \(sugared(type)) {",
                "    get { LineContext.session.variable(\(quoted(name))).get() as! (\(type)) }",
                "    set { LineContext.session.variable(\(quoted(name))).set(newValue as Any) }",
                "}",
            ]
        case .weakVar:
            return [
                "private var \(name): \(type)? { LineContext.session.weakValue(\(quoted(name)), as: (\(type)).self) }"
            ]
        }
    }

    /// What Swift would refuse of the line as top-level code that a function body allows (`lazy var`), in swiftc's
    /// words for that code; and the line with the access modifiers top-level code may give a variable
    /// (`private var secret = 1`) blanked, which a function body would refuse.
    static func asTopLevelCode(_ text: String) -> (text: String, refused: String?) {
        var blanked: [Range<Int>] = []
        for segment in LearnerDeclarations.topLevelStatements(text) {
            let words = segment.split(separator: " ", maxSplits: 2)
            guard words.count > 1 else { continue }
            let before = text[..<segment.startIndex]
            let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            let start = text.utf8.distance(from: text.startIndex, to: segment.startIndex)
            if words[0] == "lazy", words[1] == "var" {
                let line = before.count(where: { $0 == "\n" }) + 1
                let column = text.utf8.distance(from: lineStart, to: segment.startIndex) + 1
                let typed = text[lineStart...].prefix { $0 != "\n" }
                return (
                    text,
                    "\(file):\(line):\(column): error: 'lazy' cannot be used on an already-lazy global\n\(typed)\n"
                        + String(repeating: " ", count: column - 1) + "^~~~~"
                )
            }
            if words.count == 3, ["private", "fileprivate", "public", "internal", "open"].contains(String(words[0])),
                ["var", "let", "lazy", "weak", "unowned"].contains(String(words[1]))
            {
                blanked.append(start..<(start + words[0].utf8.count))
            }
        }
        guard !blanked.isEmpty else { return (text, nil) }
        var bytes = Array(text.utf8)
        for range in blanked {
            bytes.replaceSubrange(range, with: repeatElement(UInt8(ascii: " "), count: range.count))
        }
        return (String(decoding: bytes, as: UTF8.self), nil)
    }

    /// Whether the line uses `await` (a word of its code, not of a string or a comment).
    static func awaits(_ text: String) -> Bool {
        codeWords(text).contains("await")
    }

    /// Every word a line may name something by, in its code, its strings' interpolations, or (more than needed, never
    /// less) its strings and comments: what decides which of the session's names and modules a compiled line is
    /// lent. Lending only those keeps a line's source, and its compile time, the same however many names there are.
    static func mentionedWords(_ text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The words of a line's code, outside its strings and comments: a light scan, not a parser.
    static func codeWords(_ text: String) -> Set<String> {
        var words = Set<String>()
        var word = ""
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            let next = text.index(after: index)
            if inString {
                if c == "\\", next < text.endIndex {
                    index = text.index(after: next)
                    continue
                }
                if c == "\"" { inString = false }
                index = next
                continue
            }
            if c.isLetter || c.isNumber || c == "_" {
                word.append(c)
                index = next
                continue
            }
            if !word.isEmpty { words.insert(word) }
            word = ""
            if c == "\"" {
                inString = true
            } else if c == "/", next < text.endIndex, text[next] == "/" {
                index = text[next...].firstIndex(of: "\n") ?? text.endIndex
                continue
            } else if c == "/", next < text.endIndex, text[next] == "*" {
                index = text[next...].firstRange(of: "*/")?.upperBound ?? text.endIndex
                continue
            }
            index = next
        }
        if !word.isEmpty { words.insert(word) }
        return words
    }

    /// The line's last statement, when it may be an expression whose value a REPL shows: not a declaration, a
    /// statement keyword, an attribute, a directive or a `_ =`.
    static func expressionToShow(_ text: String) -> Range<String.Index>? {
        guard let range = lastStatement(text) else { return nil }
        let statement = text[range]
        let first = statement.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !statementKeywords.contains(String(first)), statement.first != "@", statement.first != "#",
            statement.first != "}", statement.first != ")", statement.first != "]",
            !(first == "_" && statement.dropFirst().drop(while: { $0 == " " }).first == "=")
        else { return nil }
        return range
    }

    static let statementKeywords: Set<String> = [
        "let", "var", "if", "guard", "for", "while", "repeat", "do", "switch", "return", "throw", "defer", "break",
        "continue", "func", "class", "struct", "enum", "protocol", "extension", "actor", "typealias", "import", "weak",
        "unowned", "lazy", "private", "fileprivate", "public", "internal", "static", "final", "open", "nonisolated",
        "case", "default", "else", "catch", "in", "where", "operator", "infix", "prefix", "postfix", "indirect",
        "precedencegroup", "associatedtype", "init", "deinit", "subscript", "mutating", "nonmutating", "consuming",
        "borrowing", "macro", "fallthrough",
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

}
