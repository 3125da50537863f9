import PlaygroundBridge

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
            __PlaygroundBridge.importLine,
        ]
        // The learner's own file, compiled with testing on: its types need no `public`.
        lines += imports.map { "@testable import " + $0 }
        lines.append("")
        // Before the line, so that a brace the line leaves open cannot swallow them.
        lines += PrintShim.functions(access: "private ")
        // Top-level code may `await`: such a line is an async body, run to its end before the call returns.
        let reader = SwiftReader(text)
        let awaits = Self.awaits(reader)
        // The context's name is the playground's, never the learner's: one neither the line nor its names use (`let q
        // = __context` finds no such name, as swiftc would say; `let __context = 1` is the learner's own).
        var context = "__context"
        while reader.names.contains(context) || visible.contains(where: { $0.name == context }) { context += "_" }
        let shown = showing ? reader.expressionToShow.map(reader.range) : nil
        for (symbol, function) in [(entryPoint, "__patternsLine")]
            + (shown == nil ? [] : [(shownEntryPoint, "__patternsLineShown")])
        {
            lines += [
                "",
                "@_cdecl(\"\(symbol)\") public func \(function)Entry(_ context: UnsafeMutableRawPointer) {",
                "    let \(context) = Unmanaged<__PlaygroundBridge.LineContext>.fromOpaque(context)"
                    + ".takeUnretainedValue()",
                awaits
                    ? "    \(context).runAwaiting { _ = try await \(function)(\(context)) }"
                    : "    \(context).run { _ = try \(function)(\(context)) }",
                "}",
            ]
        }
        lines.append("")
        lines += body(
            text, "__patternsLine", visible: visible, declared: declared, awaits: awaits, shown: nil, context: context)
        if let shown {
            lines += body(
                text, "__patternsLineShown", visible: visible, declared: declared, awaits: awaits, shown: shown,
                context: context)
        }
        return lines.joined(separator: "\n")
    }

    static let shownEntryPoint = "patterns_compiled_line_shown"

    /// Names of the playground's own that learner code could otherwise reach: the one name the Swift around a line
    /// imports from the bridge, the modules beside `Patterns` in the folder lines are compiled against (the bridge,
    /// and the call record, whose own rule already refuses it to any module but the playground's), and the names the
    /// trace's instrumentation inserts into the learner's methods.
    static let playgroundNames =
        [__PlaygroundBridge.name, "PlaygroundBridge", "CallRecording"] + TraceInstrumentation.reservedNames

    /// Refuses learner code (a line, a file) that names one of ``playgroundNames``, in the playground's words.
    static func refusePlaygroundNames(in reader: SwiftReader) throws {
        let names = reader.names
        if let name = playgroundNames.first(where: names.contains) {
            throw PlaygroundError(EngineText.playgroundOwnName(name))
        }
    }

    /// What swiftc refuses of a main file's top-level code that the function around a line would not: `@main` on a
    /// type (a declarations line is compiled as a library of its own, which would have taken it silently), and a
    /// `}` closed once too often (it closed the function around the line: the compiler then spoke of a `return` the
    /// learner never wrote, or of the playground's own file). In swiftc's words, at the first.
    static func refuseWhatTopLevelCodeRefuses(in reader: SwiftReader) throws {
        let tokens = reader.tokens
        for item in reader.items {
            if item.kind == .stray, tokens.is(tokens.tokens[item.tokens.lowerBound], "}") {
                throw diagnostic("extraneous '}' at top level", at: tokens.tokens[item.tokens.lowerBound], in: tokens)
            }
            // An `#endif` or `#else` with no `#if` before it (what is left of a block the line before ended).
            let first = tokens.tokens[item.tokens.lowerBound]
            if first.kind == .pound, ["#endif", "#else", "#elseif"].contains(tokens.text(first)) {
                throw diagnostic("unexpected conditional compilation block terminator", at: first, in: tokens)
            }
            // Inside an `#if` block at the top level, a `}` closed once too often is as stray. A declaration at the
            // block's own level would end with the line (the block runs in the function around it), and a later
            // line would be told by the compiler that its name is not in scope: said in the playground's words.
            if item.keyword == "#if" {
                var depth = 0
                var declared: String?
                for index in item.tokens where tokens.tokens[index].kind != .pound {
                    let token = tokens.tokens[index]
                    if depth == 0, declared == nil, token.kind == .identifier,
                        SwiftKeywords.declarations.contains(tokens.name(token)),
                        let name = tokens.tokens[(index + 1)..<item.tokens.upperBound].first(where: {
                            $0.kind == .identifier
                        })
                    {
                        declared = tokens.name(name)
                    }
                    depth += SwiftReader.depthChange(token, in: tokens)
                    if depth < 0, tokens.is(token, "}") {
                        throw diagnostic("extraneous '}' at top level", at: token, in: tokens)
                    }
                    depth = max(depth, 0)
                }
                if let declared { throw PlaygroundError(EngineText.declaredInConditionalBlock(declared)) }
            }
            guard item.kind == .declaration else { continue }
            for index in item.tokens where tokens.tokens[index].kind == .attribute {
                guard tokens.text(tokens.tokens[index]) == "@main" else { continue }
                throw diagnostic(
                    "'main' attribute cannot be used in a module that contains top-level code",
                    at: tokens.tokens[index], in: tokens)
            }
        }
    }

    /// swiftc's error at a token of the line: its place, its words, the line it is on and a caret under it.
    private static func diagnostic(_ words: String, at token: SwiftTokens.Token, in tokens: SwiftTokens)
        -> CompilerDiagnostics
    {
        let before = tokens.bytes[..<token.start]
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lineEnd = tokens.bytes[token.start...].firstIndex(of: UInt8(ascii: "\n")) ?? tokens.bytes.count
        let column = token.start - lineStart + 1
        return CompilerDiagnostics(
            text: "\(file):\(line):\(column): error: \(words)\n"
                + String(decoding: tokens.bytes[lineStart..<lineEnd], as: UTF8.self) + "\n"
                + String(repeating: " ", count: column - 1) + "^")
    }

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
        shown: Range<String.Index>?, context: String = "__context"
    ) -> [String] {
        var lines = [
            "private func \(function)(_ \(context): __PlaygroundBridge.LineContext)" + (awaits ? " async" : "")
                + " throws -> __PlaygroundBridge.TopLevelCode {"
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
            case .let: lines.append("    let \(name) = \(context).value(\(quoted(name)), as: (\(type)).self)")
            case .var:
                // The variable itself, not a copy: reads and writes go to its storage, so closures that captured it
                // and its observers see them.
                lines += ["    let __variable_\(name) = \(context).variable(\(quoted(name)))"]
                lines += variableAccessors(name, type: type, storage: "__variable_\(name)", indent: "    ")
            case .weakVar:
                lines.append("    weak var \(name) = \(context).weakValue(\(quoted(name)), as: (\(type)).self)")
            }
        }
        if let range = shown {
            let before = text[..<range.lowerBound]
            let line = before.count(where: { $0 == "\n" }) + 1
            let column = before.utf8.count - (before.lastIndex(of: "\n").map { before[...$0].utf8.count } ?? 0)
            lines += [
                "#sourceLocation(file: \(quoted(shownFile)), line: 1)", String(before), "#sourceLocation()",
                "    try " + (awaits ? "await \(context).showAwaiting { () async" : "\(context).show { ()")
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
            // An `async let` is stored with its value, awaited: later lines `await` it as a value.
            case .let where declared.awaited.contains(name):
                lines += [
                    "    let __awaited_\(name) = await \(name)",
                    "    \(context).store(\(quoted(name)), __awaited_\(name))",
                ]
            case .let: lines.append("    \(context).store(\(quoted(name)), \(name))")
            // The line's own variable lives on as the storage every later line uses.
            case .var:
                // A plain stored variable gives its place too, for later lines to change it in place.
                let place = declared.inPlace.contains(name) ? ", at: withUnsafeMutablePointer(to: &\(name)) { $0 }" : ""
                lines.append(
                    "    \(context).storeVariable(\(quoted(name)), get: { \(name) }, set: { \(name) = $0 }\(place))")
            case .weakVar: lines.append("    \(context).storeWeak(\(quoted(name)), \(name))")
            }
        }
        lines += ["    return __PlaygroundBridge.TopLevelCode()", "}", ""]
        return lines
    }

    static func quoted(_ name: String) -> String { "\"" + name + "\"" }

    /// A session variable as a later line (or a file of declarations) sees it: read and written through its storage,
    /// and changed in place where the storage knows the variable's place (`a[i] = 2`, `a.append(3)` on a large array
    /// change it, not a copy of it); elsewhere changed on a copy written back, as a computed variable is.
    static func variableAccessors(
        _ name: String, type: String, storage: String, indent: String, modifier: String = ""
    ) -> [String] {
        let value = "\(storage).get() as! (\(type))"
        return [
            "\(indent)\(modifier)var \(name): \(sugared(type)) {",
            "\(indent)    get { \(value) }",
            "\(indent)    set { \(storage).set(newValue as Any) }",
            "\(indent)    _modify {",
            "\(indent)        if let place = \(storage).address(as: (\(type)).self) {",
            "\(indent)            let access = __PlaygroundBridge.TrackedAccess.begin(place)",
            "\(indent)            defer { __PlaygroundBridge.TrackedAccess.end(access) }",
            "\(indent)            yield &place.pointee",
            "\(indent)        } else {",
            "\(indent)            var value = \(value)",
            "\(indent)            defer { \(storage).set(value as Any) }",
            "\(indent)            yield &value",
            "\(indent)        }",
            "\(indent)    }",
            "\(indent)}",
        ]
    }

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
        let session = "__PlaygroundBridge.LineContext.session"
        let name = item.name
        let type = item.type == "()" ? "Swift.Void" : item.type
        if let getter = item.getter { return ["private var \(name): \(sugared(type)) { \(getter) }"] }
        switch item.kind {
        case .let:
            return [
                "private var \(name): \(sugared(type)) { \(session).value(\(quoted(name)), as: (\(type)).self) }"
            ]
        case .var:
            return variableAccessors(
                name, type: type, storage: "\(session).variable(\(quoted(name)))", indent: "", modifier: "private ")
        case .weakVar:
            return [
                "private var \(name): \(type)? { \(session).weakValue(\(quoted(name)), as: (\(type)).self) }"
            ]
        }
    }

    /// What Swift would refuse of the line as top-level code that a function body allows (`lazy var`), in swiftc's
    /// words for that code; and the line with the access modifiers top-level code may give a variable
    /// (`private var secret = 1`) blanked, which a function body would refuse.
    static func asTopLevelCode(_ text: String) -> (text: String, refused: String?) {
        var blanked: [Range<Int>] = []
        let reader = SwiftReader(text)
        let tokens = reader.tokens
        for item in reader.items where item.keyword == "let" || item.keyword == "var" {
            let first = tokens.tokens[item.tokens.lowerBound]
            if tokens.isWord(first, "lazy") {
                let before = text.utf8.prefix(first.start)
                let line = before.count(where: { $0 == 0x0A }) + 1
                let lineStart =
                    (before.lastIndex(of: 0x0A).map { before.distance(from: before.startIndex, to: $0) + 1 }) ?? 0
                let column = first.start - lineStart + 1
                let typed = String(decoding: tokens.bytes[lineStart...].prefix { $0 != 0x0A }, as: UTF8.self)
                return (
                    text,
                    "\(file):\(line):\(column): error: 'lazy' cannot be used on an already-lazy global\n\(typed)\n"
                        + String(repeating: " ", count: column - 1) + "^~~~~"
                )
            }
            for word: StaticString in ["private", "fileprivate", "public", "internal", "open", "package"]
            where tokens.isWord(first, word) && tokens.tokens[item.tokens.lowerBound + 1].kind == .identifier {
                blanked.append(first.start..<first.end)
            }
        }
        guard !blanked.isEmpty else { return (text, nil) }
        var bytes = Array(text.utf8)
        for range in blanked {
            bytes.replaceSubrange(range, with: repeatElement(UInt8(ascii: " "), count: range.count))
        }
        return (String(decoding: bytes, as: UTF8.self), nil)
    }

    /// Whether the line awaits: `await` in its code (not in a string or a comment), or an `async let`.
    static func awaits(_ text: String) -> Bool {
        awaits(SwiftReader(text))
    }

    static func awaits(_ reader: SwiftReader) -> Bool {
        reader.uses("await") || !TopLevelNames(reader).awaited.isEmpty
    }

    /// Every word a line may name something by, in its code, its strings' interpolations, or (more than needed, never
    /// less) its strings and comments: what decides which of the session's names and modules a compiled line is
    /// lent. Lending only those keeps a line's source, and its compile time, the same however many names there are.
    static func mentionedWords(_ text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The names a line's code uses (its interpolations' too), outside its strings and comments.
    static func codeWords(_ text: String) -> Set<String> {
        SwiftReader(text).names
    }

    /// The line's last top-level statement, when it is an expression whose value a REPL shows.
    static func expressionToShow(_ text: String) -> Range<String.Index>? {
        let reader = SwiftReader(text)
        return reader.expressionToShow.map(reader.range)
    }

}
