import PlaygroundBridge

#if canImport(Glibc)
import Glibc
#endif

/// What the learner declared at the prompt (types, functions, extensions, protocols, typealiases, operators,
/// imports), kept as the Swift REPL keeps it: every later line sees it.
///
/// Each line of declarations is a module of its own (compiled as a code exercise's file is, by
/// `LineCompiler.compileExercise`, and loaded into this process) that imports the earlier ones, so a new line costs
/// the same however many came before. A later line `@testable import`s those it may need and what each was compiled
/// against, so every `internal` member is as visible as in one file (an inherited property, an enum's cases, a
/// result builder's `buildBlock`); a name declared again is taken from its newest module by a scoped import
/// (`@testable import struct Exercise_….Burger`), which Swift prefers to the older one: the newest type wins, and
/// the newest function of each signature, beside the overloads of other signatures. Objects made before a
/// redefinition keep the older type, in the older module, which stays loaded.
final class LearnerDeclarations {
    struct Entry: Equatable {
        var text: String
        /// The names it declares (types, typealiases, protocols, functions, operators); an extension declares none.
        var names: [String]
        /// A function's signature as written, for telling a redefinition from an overload.
        var signatures: [String]
        /// How a scoped import names each declared name's kind (`struct`, `func`, …); nil where it cannot (operators).
        var kinds: [String: String] = [:]
        /// The module it was compiled into.
        var module = ""
        /// Earlier lines compiled again with it, before it: the types an extension of this line makes conform to a
        /// protocol whose requirements Swift synthesises only in the type's own file (`extension Point: Equatable
        /// {}`). Empty for every other line: a conformance is added where the type is, for its existing values too.
        var earlier: [String] = []
        /// The declaration modules it was compiled against, and theirs: a line that imports it imports them too.
        var dependencies: [String] = []
    }

    private(set) var entries: [Entry] = []

    /// Every name declared at the prompt.
    var names: Set<String> { Set(entries.flatMap(\.names)) }

    /// The modules of the declarations, oldest first.
    var modules: [String] { entries.map(\.module) }

    /// What a new line imports (each after `@testable import `): the declaration modules it may need, and for a name
    /// declared in more than one, its newest declaration by a scoped import.
    ///
    /// A module is needed when the line names one of its declarations (`words`, the line's code words), when a type
    /// the line is lent comes from it (`types`), or when it declares nothing by name that a line could use (an
    /// extension, a conformance, an import, an operator): so a line loads only what it uses, and costs the same
    /// however many declarations came before.
    func imports(words: Set<String>, types: [String]) -> [String] {
        var needed: [String] = []
        for entry in entries {
            let named = entry.names.filter { $0.first.map { $0.isLetter || $0 == "_" } == true }
            // An extension's members are found by member names the line need not spell as a declared name.
            let extends = (entry.earlier + [entry.text]).contains { Self.codeHasExtension($0) }
            if named.count < entry.names.count || named.isEmpty || extends || named.contains(where: words.contains)
                || types.contains(where: { $0.contains(entry.module + ".") })
            {
                needed.append(entry.module)
            }
        }
        // What a needed module was compiled against comes with it, as testable as in one file: a class's inherited
        // members, an enum's cases reached through another line's function, a result builder's `buildBlock`.
        let closure = Set(needed + entries.filter { needed.contains($0.module) }.flatMap(\.dependencies))
        needed = modules.filter(closure.contains)
        return needed + scopedImports(words: words, among: Set(needed))
    }

    /// For a name declared in more than one module, the scoped imports that make the newest declaration win (Swift
    /// prefers a scoped import to a whole module's): a type's newest module; for a function, the newest module of
    /// each signature, so that a redefined function and its later overloads stand side by side.
    func scopedImports(words: Set<String>, among needed: Set<String>) -> [String] {
        var count: [String: Int] = [:]
        var kinds: [String: String] = [:]
        // The newest module of each name's type, or of each signature of a function of that name.
        var newest: [String: [String: String]] = [:]
        for entry in entries {
            for name in entry.names {
                count[name, default: 0] += 1
                guard let kind = entry.kinds[name] else { continue }
                kinds[name] = kind
                let signatures = kind == "func" ? entry.signatures.filter { Self.signature($0, declares: name) } : []
                if signatures.isEmpty || kind != "func" {
                    newest[name] = ["": entry.module]
                } else {
                    newest[name, default: [:]].removeValue(forKey: "")
                    for signature in signatures { newest[name, default: [:]][signature] = entry.module }
                }
            }
        }
        var scoped: [String] = []
        for name in newest.keys.sorted() where count[name, default: 0] > 1 && words.contains(name) {
            guard let kind = kinds[name], let bySignature = newest[name] else { continue }
            let modules = Set(bySignature.values)
            for module in self.modules where modules.contains(module) && needed.contains(module) {
                scoped.append(kind + " " + module + "." + name)
            }
        }
        return scoped
    }

    /// Whether a function's signature (`func greet(_ name: String) -> String`) declares `name`.
    static func signature(_ signature: String, declares name: String) -> Bool {
        signature.contains(" " + name + "(") || signature.contains(" " + name + "<") || signature.hasSuffix(" " + name)
    }

    /// The line's top-level statements, when every one of them is a declaration this keeps (nil otherwise: a line
    /// that also does something keeps its declarations to itself, as a function body would).
    static func declarations(in text: String) -> [Substring]? {
        let reader = SwiftReader(text)
        guard !reader.items.isEmpty, reader.items.allSatisfy(isKept) else { return nil }
        return reader.items.map(reader.substring)
    }

    /// A declaration every later line sees: a type, a function, an extension, an import, an operator…
    static func isKept(_ item: SwiftReader.Item) -> Bool {
        item.kind == .declaration && item.keyword.map(SwiftKeywords.kept.contains) == true
    }

    /// The name a declaration declares (nil for an extension or an import), a function's signature (its head as
    /// written, blanks made single spaces), and the kind a scoped import names it by.
    static func declared(_ item: SwiftReader.Item, in reader: SwiftReader) -> (
        name: String?, signature: String?, kind: String?
    ) {
        let tokens = reader.tokens
        let head = SwiftReader.firstWord(item.tokens.lowerBound, item.tokens.upperBound, in: tokens)
        guard let keyword = item.keyword, keyword != "extension", keyword != "import",
            let at = tokens.tokens[(head + 1)..<item.tokens.upperBound].firstIndex(where: { $0.kind != .newline })
        else { return (nil, nil, nil) }
        let nameToken = tokens.tokens[at]
        let name = nameToken.kind == .identifier ? tokens.name(nameToken) : tokens.text(nameToken)
        let kind = SwiftKeywords.importKinds[keyword]
        guard keyword == "func" else { return (name, nil, kind) }
        // The head: to the body's brace.
        var end = item.end
        var depth = 0
        for token in tokens.tokens[at..<item.tokens.upperBound] {
            if depth == 0, token.kind == .punctuation, tokens.bytes[token.start] == UInt8(ascii: "{") {
                end = token.start
                break
            }
            depth += SwiftReader.depthChange(token, in: tokens)
        }
        let signature = String(decoding: tokens.bytes[item.start..<end], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        // An operator function cannot be imported by name: it stays as Swift finds it.
        return (name, signature, nameToken.kind == .identifier ? kind : nil)
    }

    /// The entries with `text` added: what it redefines replaced. Also the names replaced.
    /// A line that both declares and does something (`extension HamburgerBuilder { … }; print(builder.isVegan)`),
    /// in two: its declarations, which last as a line of declarations does, and its statements, which then run. Each
    /// keeps the other's place blank, so that what swiftc says of either points into the line as typed. Nil for a
    /// line with no declaration or nothing else.
    static func split(_ text: String) -> (declarations: String, statements: String)? {
        let reader = SwiftReader(text)
        let declarations = reader.items.filter(isKept).map(reader.substring)
        guard !declarations.isEmpty, declarations.count < reader.items.count else { return nil }
        let statements = reader.items.filter { !isKept($0) }.map(reader.substring)
        return (blanking(statements, in: text), blanking(declarations, in: text))
    }

    /// `text` with the segments (and the `;` after each) in spaces, line ends kept: the same lines and columns.
    static func blanking(_ segments: [Substring], in text: String) -> String {
        var out = ""
        var index = text.startIndex
        for segment in segments {
            out += text[index..<segment.startIndex]
            var end = segment.endIndex
            var after = end
            while after < text.endIndex, text[after] == " " { after = text.index(after: after) }
            if after < text.endIndex, text[after] == ";" { end = text.index(after: after) }
            for character in text[segment.startIndex..<end] {
                out += character == "\n" ? "\n" : String(repeating: " ", count: character.utf8.count)
            }
            index = end
        }
        return out + text[index...]
    }

    /// A new entry for `text`, and the names it declares again: each with the module that declared it before.
    /// `synthesised`: the line's conformances need the type's own file (Swift synthesises `==`, `hash(into:)`,
    /// `allCases` or `Codable` only there), so the types it extends are compiled again with it: a redefinition.
    func adding(_ text: String, synthesised: Bool = false) -> (entry: Entry, replaced: [(name: String, module: String)])
    {
        let reader = SwiftReader(text)
        let declared = Self.declarations(in: text) == nil ? [] : reader.items.map { Self.declared($0, in: reader) }
        var entry = Entry(text: text, names: declared.compactMap(\.name), signatures: declared.compactMap(\.signature))
        for item in declared {
            if let name = item.name, let kind = item.kind { entry.kinds[name] = kind }
        }
        for companion in synthesised ? companions(of: text) : [] {
            for earlier in companion.earlier + [companion.text] where !entry.earlier.contains(earlier) {
                entry.earlier.append(earlier)
            }
            for name in companion.names where !entry.names.contains(name) { entry.names.append(name) }
            entry.signatures += companion.signatures.filter { !entry.signatures.contains($0) }
            entry.kinds.merge(companion.kinds) { own, _ in own }
        }
        var replaced: [(name: String, module: String)] = []
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
            replaced += clash.map { ($0, old.module) }
        }
        return (entry, replaced)
    }

    /// The earlier entries a line's conformances belong with when Swift synthesises them: the newest that declares
    /// a type (not a protocol: it stays the one existing conformances name) an extension that adds a conformance
    /// names.
    func companions(of text: String) -> [Entry] {
        var found: [Int] = []
        let reader = SwiftReader(text)
        let tokens = reader.tokens
        for item in reader.items where item.keyword == "extension" {
            // The header's words, to the body's brace.
            let header = tokens.tokens[item.tokens].prefix {
                !($0.kind == .punctuation && tokens.bytes[$0.start] == UInt8(ascii: "{"))
            }
            // Only an extension that adds a conformance: a plain one extends the type where it is, for the objects
            // and functions made before it too.
            guard header.contains(where: { $0.kind == .punctuation && tokens.bytes[$0.start] == UInt8(ascii: ":") })
            else { continue }
            for token in header where token.kind == .identifier {
                let word = tokens.name(token)
                guard word != "extension", word != "where" else { continue }
                if let index = entries.lastIndex(where: { $0.names.contains(word) }), !found.contains(index),
                    entries[index].kinds[word] != "protocol"
                {
                    found.append(index)
                }
            }
        }
        return found.sorted().map { entries[$0] }
    }

    /// The declarations as a learner would name them, oldest first: each declared name; an extension or an import by
    /// its head (`extension Point: Equatable`, `import Foundation`).
    var described: [String] {
        var said: [String] = []
        for entry in entries {
            let reader = SwiftReader(entry.text)
            let heads =
                entry.names.isEmpty
                ? reader.items.map(reader.substring).map {
                    $0.prefix { $0 != "{" }.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
                } : entry.names
            for head in heads where !said.contains(head) { said.append(head) }
        }
        return said
    }

    /// The conformances a line's extensions add: each extended type with the protocols after its colon.
    static func conformances(in text: String) -> [(type: String, protocols: [String])] {
        var found: [(type: String, protocols: [String])] = []
        let reader = SwiftReader(text)
        for item in reader.items where item.kind == .declaration && item.keyword == "extension" {
            let header = reader.substring(item).prefix { $0 != "{" }
            guard let colon = header.firstIndex(of: ":") else { continue }
            let words = header[..<colon].split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard let keyword = words.firstIndex(of: "extension"), keyword + 1 < words.count else { continue }
            let list = header[header.index(after: colon)...].split(separator: " where ", maxSplits: 1).first ?? ""
            let protocols = list.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
            if !protocols.isEmpty { found.append((String(words[keyword + 1]), protocols)) }
        }
        return found
    }

    static func codeHasExtension(_ text: String) -> Bool {
        SwiftReader(text).items.contains { $0.kind == .declaration && $0.keyword == "extension" }
    }

    /// Adds a compiled entry: later lines see it.
    func add(_ entry: Entry) {
        entries.append(entry)
    }

    /// The file a line of declarations is compiled from: the earlier declarations imported, the line in the
    /// learner's own place (`repl:`), its imports exported so that later lines see what the learner imported.
    func source(_ entry: Entry, imports: [String], sees names: [LineSource.Visible]) -> String {
        var lines = ["import Patterns", __PlaygroundBridge.importLine] + imports.map { "@testable import " + $0 }
        // The session's names (`builder`, a variable a line made), as the function bodies that use them find them
        // when they run: private to the file, so later lines and declarations never meet them.
        for item in names where !entry.names.contains(item.name) {
            lines += LineSource.sessionName(item)
        }
        // `import Foundation` at the prompt is for every later line: the module passes it on.
        for earlier in entry.earlier {
            lines += ["#sourceLocation(file: \"earlier\", line: 1)", Self.exporting(earlier)]
        }
        lines += [
            "#sourceLocation(file: \"\(LineSource.file)\", line: 1)", Self.exporting(entry.text), "#sourceLocation()",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension LearnerDeclarations {
    static let exportMark = "@_exported "

    /// Where `exporting` puts its mark in `text`: for each line (from 1), the UTF-8 columns (from 1) of the imports
    /// it marks, as typed.
    static func importColumns(_ text: String) -> [Int: [Int]] {
        let reader = SwiftReader(text)
        var columns: [Int: [Int]] = [:]
        for item in reader.items where item.keyword == "import" {
            let before = text[..<reader.range(item).lowerBound]
            let line = before.count(where: { $0 == "\n" }) + 1
            let column = before.utf8.count - (before.lastIndex(of: "\n").map { before[...$0].utf8.count } ?? 0) + 1
            columns[line, default: []].append(column)
        }
        return columns
    }

    /// The text with each import exported (`@_exported import Foundation`): a module of declarations passes on what
    /// the learner imported to every later line.
    static func exporting(_ text: String) -> String {
        let reader = SwiftReader(text)
        var out = ""
        var from = text.startIndex
        for item in reader.items where item.keyword == "import" {
            let start = reader.range(item).lowerBound
            out += text[from..<start] + exportMark
            from = start
        }
        return out + text[from...]
    }

    /// swiftc's words on an exported text, placed and quoted as the learner typed it: `repl:1:8: error: no such
    /// module 'Foo'` over `import Foo`, never the mark the playground added (`repl:1:19:` over `@_exported import
    /// Foo`).
    static func asTyped(_ diagnostics: String, typed: String) -> String {
        let marks = importColumns(typed)
        guard !marks.isEmpty else { return diagnostics }
        let typedLines = typed.split(separator: "\n", omittingEmptySubsequences: false)
        let width = exportMark.utf8.count
        var out: [Substring] = []
        // The shift of the last place named: its quoted line and caret follow it.
        var shift = 0
        var quoted: (compiled: String, typed: Substring)?
        for line in diagnostics.split(separator: "\n", omittingEmptySubsequences: false) {
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            if parts.count == 4, parts[0] == LineSource.file, let row = Int(parts[1]), let column = Int(parts[2]),
                let columns = marks[row], row <= typedLines.count
            {
                // Each mark before the place moves it right by the mark's width; a place on a mark is the import's.
                shift = 0
                for (index, typedColumn) in columns.enumerated() {
                    let markAt = typedColumn + width * index
                    if column >= markAt + width {
                        shift += width
                    } else if column >= markAt {
                        shift = column - typedColumn
                        break
                    }
                }
                quoted = (exporting(String(typedLines[row - 1])), typedLines[row - 1])
                out.append("\(parts[0]):\(row):\(column - shift):" + parts[3])
                continue
            }
            if let (compiled, typedLine) = quoted, line == compiled {
                out.append(typedLine)
                continue
            }
            if quoted != nil, !line.isEmpty, line.allSatisfy({ " ^~".contains($0) }) {
                let spaces = line.prefix { $0 == " " }.count
                out.append(line.dropFirst(min(shift, spaces)))
                quoted = nil
                continue
            }
            out.append(line)
        }
        return out.joined(separator: "\n")
    }
}

extension Substring {
    /// Without the spaces and line ends at either end.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }
}
