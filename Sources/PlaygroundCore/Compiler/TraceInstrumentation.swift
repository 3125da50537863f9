import PlaygroundBridge

/// The trace's view into the learner's own types: before a file of the learner's declarations (a line of them at the
/// prompt, a loaded file, a code exercise's file) is compiled, each method of each type it declares or extends gets,
/// at the top of its body, a call that records the method's call on `self` and its return (`PlaygroundBridge`'s
/// `__PatternsTrace`). A call the method makes is then recorded with the learner's object as its caller: `invoker ->
/// command.execute()`, `command -> builder.setMeat(.chicken)`.
///
/// Measured against the compiler's playground transform (`-Xfrontend -playground`), which reports each scope's entry
/// and exit by source range and each parameter and assignment by name: it never passes the receiver (the object to
/// name), it instruments every statement, closure and free function, and its selector would have to be read back
/// from the source ranges by this reader anyway. Inserting one statement per method gives the receiver, the selector
/// and the arguments directly, for methods only.
///
/// The learner's text keeps its places: the inserted statement sits between `#sourceLocation` lines of its own, and
/// the rest of the line after the body's brace is put back at its line and column, so swiftc's words name the
/// learner's file, line and column as if nothing were inserted; the line swiftc quotes is put back as typed
/// (``Instrumented/asTyped(_:)``).
enum TraceInstrumentation {
    /// The runtime's entry point, and the local each instrumented method keeps its call in: the playground's names,
    /// which learner code may not spell (a line or file that does is refused before it is compiled).
    static let entryPoint = "__PatternsTrace"
    static let local = "__patternsTraced"
    static let reservedNames = [entryPoint, local]
    /// The entry point as the inserted code reaches it: through the one name the Swift the playground writes
    /// imports from its bridge (``__PlaygroundBridge``), so that the learner's file sees nothing else of the bridge.
    static let qualifiedEntryPoint = __PlaygroundBridge.name + "." + entryPoint
    /// Where swiftc places the inserted statements.
    static let file = "patterns-trace"
    /// Part of a compiled file's cache key: a file compiled by another version of this instrumentation is compiled
    /// again.
    static let version = "trace-2"

    /// The first of the playground's names the text's code spells, if any.
    static func reservedName(in text: String) -> String? {
        let names = SwiftReader(text).names
        return reservedNames.first(where: names.contains)
    }

    /// A method of a learner's type: where its body opens, and what its call records.
    struct Method: Equatable {
        /// The byte offset just after the body's `{`.
        var bodyStart: Int
        /// The body holds no code.
        var isEmpty: Bool
        /// Where the body's one expression starts when the method returns its value without `return` (the statement
        /// before it would make it a statement): it gets a `return` in the blanks before it.
        var implicitReturn: Int? = nil
        /// `setMeat(_:)`.
        var selector: String
        /// What each argument is passed as: the parameter's name, or `{}` for a closure (never kept, shown as
        /// `{ … }`).
        var arguments: [String]
    }

    /// The text with its methods instrumented, and how to put swiftc's quotes of it back as typed.
    struct Instrumented {
        var source: String
        /// Each line whose start was blanked (the rest of a line after a body's brace), with the line as typed.
        var blankedLines: [String: String]

        /// swiftc's words on the instrumented source as on the text: a quoted line as typed, and nothing said of
        /// the inserted statements (a warning there is the playground's, not the learner's).
        func asTyped(_ diagnostics: String) -> String {
            var out: [Substring] = []
            var skipping = false
            for line in diagnostics.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(TraceInstrumentation.file + ":") {
                    skipping = true
                    continue
                }
                // A diagnostic's quoted line and caret follow it; the next place ends them.
                if skipping, !line.contains(": warning: "), !line.contains(": error: "), !line.contains(": note: ") {
                    continue
                }
                skipping = false
                if let typed = blankedLines[String(line)] { out.append(Substring(typed)) } else { out.append(line) }
            }
            return out.joined(separator: "\n")
        }
    }

    /// The text compiled as `file`, each method of the learner's types instrumented; nil when it declares none.
    static func instrument(_ text: String, file: String) -> Instrumented? {
        let reader = SwiftReader(text)
        var methods: [Method] = []
        collect(reader, base: 0, inType: false, into: &methods)
        guard !methods.isEmpty else { return nil }
        let bytes = reader.tokens.bytes
        let places = SourcePlaces(reader, file: file)
        // The entry points' module, which a learner's file does not import (a line or a file of declarations does).
        var source = __PlaygroundBridge.importLine + "\n#sourceLocation(file: \(quoted(file)), line: 1)\n"
        // Where each line whose start was blanked begins in the source, with the line as typed.
        var blankedStarts: [(at: Int, typed: String)] = []
        var from = 0
        for method in methods.sorted(by: { $0.bodyStart < $1.bodyStart }) {
            source += String(decoding: bytes[from..<method.bodyStart], as: UTF8.self)
            let (placeFile, line) = places.place(at: method.bodyStart)
            let lineStart = bytes[..<method.bodyStart].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let lineEnd = bytes[method.bodyStart...].firstIndex(of: 0x0A) ?? bytes.count
            var padding = String(repeating: " ", count: method.bodyStart - lineStart)
            let call =
                "\(qualifiedEntryPoint).enter("
                + (["self", quoted(method.selector)] + method.arguments).joined(separator: ", ")
                + ")"
            let statement =
                method.isEmpty ? call + ".leave()" : "let \(local) = \(call); defer { \(local).leave() }"
            source += "\n#sourceLocation(file: \(quoted(Self.file)), line: 1)\n"
            // The expression a method returns without `return`: `return` in the blanks before it, on its own line
            // (the brace's line: in the place of the text up to the brace).
            var returnAt: Int?
            if let start = method.implicitReturn {
                let startLine = bytes[..<start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                if startLine == lineStart, padding.utf8.count >= returned.utf8.count {
                    padding = String(padding.dropLast(returned.utf8.count)) + returned
                } else if startLine > method.bodyStart, start - startLine >= returned.utf8.count,
                    bytes[startLine..<start].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
                {
                    returnAt = startLine
                }
            }
            source += statement + "\n#sourceLocation(file: \(quoted(placeFile)), line: \(line))\n"
            blankedStarts.append((source.utf8.count, String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)))
            source += padding
            from = method.bodyStart
            if let returnAt, let start = method.implicitReturn {
                source += String(decoding: bytes[from..<returnAt], as: UTF8.self)
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                blankedStarts.append((source.utf8.count, String(decoding: bytes[returnAt..<end], as: UTF8.self)))
                source += String(repeating: " ", count: start - returnAt - returned.utf8.count) + returned
                from = start
            }
        }
        source += String(decoding: bytes[from...], as: UTF8.self)
        // The blanked lines as compiled (up to the next inserted statement, should the line hold more methods).
        let compiled = Array(source.utf8)
        var blanked: [String: String] = [:]
        for (at, typed) in blankedStarts {
            let end = compiled[at...].firstIndex(of: 0x0A) ?? compiled.count
            blanked[String(decoding: compiled[at..<end], as: UTF8.self)] = typed
        }
        return Instrumented(source: source, blankedLines: blanked)
    }

    private static let returned = "return "

    static func quoted(_ text: String) -> String {
        "\"" + String(text.flatMap { $0 == "\\" || $0 == "\"" ? "\\" + String($0) : String($0) }) + "\""
    }

    /// The methods of the types the reader's items declare or extend (nested types too), offsets from `base`.
    /// `inType`: the items are a type's members. A static method (no object to name), an initializer and a
    /// function outside a type are left as they are.
    static func collect(_ reader: SwiftReader, base: Int, inType: Bool, into methods: inout [Method]) {
        let tokens = reader.tokens
        let all = tokens.tokens
        for item in reader.items where item.kind == .declaration {
            guard let keyword = item.keyword, let last = item.tokens.last, tokens.is(all[last], "}") else { continue }
            let head = SwiftReader.firstWord(item.tokens.lowerBound, item.tokens.upperBound, in: tokens)
            guard head < item.tokens.upperBound else { continue }
            switch keyword {
            case "class", "struct", "enum", "actor", "extension":
                guard let open = firstOpening("{", in: (head + 1)..<last, of: tokens) else { continue }
                let start = all[open].end
                let body = String(decoding: tokens.bytes[start..<all[last].start], as: UTF8.self)
                collect(SwiftReader(body), base: base + start, inType: true, into: &methods)
            case "func" where inType:
                let modifiers = all[item.tokens.lowerBound..<head]
                guard !modifiers.contains(where: { tokens.isWord($0, "static") || tokens.isWord($0, "class") }),
                    let method = method(item, head: head, last: last, in: tokens)
                else { continue }
                var placed = method
                placed.bodyStart += base
                placed.implicitReturn = method.implicitReturn.map { base + $0 }
                methods.append(placed)
            default: continue
            }
        }
    }

    /// A method's body and call, read from its declaration (`func` at `head`, the body's `}` at `last`).
    static func method(_ item: SwiftReader.Item, head: Int, last: Int, in tokens: SwiftTokens) -> Method? {
        let all = tokens.tokens
        guard let at = all[(head + 1)..<last].firstIndex(where: { $0.kind != .newline }),
            all[at].kind == .identifier,
            let open = firstOpening("(", in: (at + 1)..<last, of: tokens),
            let close = closing(open, of: tokens),
            let body = firstOpening("{", in: (close + 1)..<last, of: tokens)
        else { return nil }
        var labels: [String] = []
        var arguments: [String] = []
        for parameter in split((open + 1)..<close, of: tokens) {
            let colon = parameter.first { tokens.is(all[$0], ":") } ?? parameter.upperBound
            let words = all[parameter.lowerBound..<colon].filter { $0.kind == .identifier }
            guard let first = words.first else { return nil }
            let name = words.count > 1 ? words[1] : first
            labels.append(tokens.name(first))
            let isClosure = all[colon..<parameter.upperBound].contains { tokens.is($0, "->") }
            arguments.append(isClosure ? "{}" : tokens.isWord(name, "_") ? "()" : tokens.text(name))
        }
        let selector = tokens.name(all[at]) + "(" + labels.map { $0 + ":" }.joined() + ")"
        let isEmpty = !all[(body + 1)..<last].contains { $0.kind != .newline }
        var method = Method(bodyStart: all[body].end, isEmpty: isEmpty, selector: selector, arguments: arguments)
        // A method with a result whose body is one expression (an `if` or `switch` without `return`) returns it.
        let returnsValue = all[(close + 1)..<body].contains { tokens.is($0, "->") }
        let inside = SwiftReader(String(decoding: tokens.bytes[all[body].end..<all[last].start], as: UTF8.self))
        if returnsValue, inside.items.count == 1, let only = inside.items.first,
            only.kind == .expression
                || (only.kind == .statement && (only.keyword == "if" || only.keyword == "switch")
                    && !inside.uses("return"))
        {
            method.implicitReturn = all[body].end + only.start
        }
        return method
    }

    /// The first `(` or `{` at the range's own depth.
    static func firstOpening(_ bracket: StaticString, in range: Range<Int>, of tokens: SwiftTokens) -> Int? {
        var depth = 0
        for index in range {
            let token = tokens.tokens[index]
            if depth == 0, token.kind == .punctuation, tokens.is(token, bracket) { return index }
            depth += SwiftReader.depthChange(token, in: tokens)
            if depth < 0 { return nil }
        }
        return nil
    }

    /// The bracket that closes the one at `open`.
    static func closing(_ open: Int, of tokens: SwiftTokens) -> Int? {
        var depth = 0
        for index in open..<tokens.tokens.count {
            depth += SwiftReader.depthChange(tokens.tokens[index], in: tokens)
            if depth == 0 { return index }
        }
        return nil
    }

    /// The ranges between the commas at the range's own depth.
    static func split(_ range: Range<Int>, of tokens: SwiftTokens) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            let token = tokens.tokens[index]
            if depth == 0, token.kind == .punctuation, tokens.is(token, ",") {
                parts.append(start..<index)
                start = index + 1
            }
            depth += SwiftReader.depthChange(token, in: tokens)
        }
        if start < range.upperBound { parts.append(start..<range.upperBound) }
        return parts.filter { part in part.contains { tokens.tokens[$0].kind != .newline } }
    }
}

/// Where swiftc places a byte of a text compiled as `file`: its `#sourceLocation` lines followed.
struct SourcePlaces {
    /// Each directive: the line (from 1) it is on, and the file and line it names for the line after it (nil: the
    /// file's own places again).
    private var directives: [(line: Int, file: String?, named: Int)] = []
    private let lineStarts: [Int]
    private let file: String

    init(_ reader: SwiftReader, file: String) {
        self.file = file
        let bytes = reader.tokens.bytes
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        let all = reader.tokens.tokens
        for (index, token) in all.enumerated() where token.kind == .pound && reader.tokens.is(token, "#sourceLocation")
        {
            let line = lineStarts.lastIndex(where: { $0 <= token.start }).map { $0 + 1 } ?? 1
            // `(file: "name", line: 7)`: the string's text and the number, or `()`.
            let after = all[(index + 1)...].prefix { !reader.tokens.is($0, ")") }
            let named = after.first { $0.kind == .stringText }.map(reader.tokens.text)
            let number = after.last { $0.kind == .number }.flatMap { Int(reader.tokens.text($0)) }
            directives.append((line, named, number ?? 1))
        }
    }

    /// The file and line swiftc gives the byte at `offset`.
    func place(at offset: Int) -> (file: String, line: Int) {
        let line = lineStarts.lastIndex(where: { $0 <= offset }).map { $0 + 1 } ?? 1
        guard let directive = directives.last(where: { $0.line < line }), let named = directive.file else {
            return (file, line)
        }
        return (named, directive.named + line - directive.line - 1)
    }
}
