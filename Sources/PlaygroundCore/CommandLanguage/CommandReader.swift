/// Reads a line into a ``Command``: sanitising, the Swift-call parser or the short-command tokenizer, lookup with
/// "did you mean", and argument checking into typed values. Knows nothing of what commands do.
public struct CommandReader {
    /// The lesson's commands (they win a name clash) and the global ones, kept apart: the global ones are shared by
    /// every reader of a session, and a new module (undo, reset) makes a new reader.
    let moduleCommands: [CommandSpec]
    let global: CommandTable
    /// Names of live objects (for "did you mean" after an unknown word).
    public var objectNames: [String]

    /// The longest input taken (1 MiB): a pasted block arrives whole, and what bounds the work is the compile limit,
    /// not a byte count; past this the input is surely no Swift a learner means to run.
    public static let maximumLineLength = 1 << 20

    /// The commands that can be typed now: the lesson's first, then the global ones.
    public var commands: [CommandSpec] { moduleCommands + global.commands }

    public init(module: [CommandSpec], global: CommandTable, objectNames: [String]) {
        moduleCommands = module
        self.global = global
        self.objectNames = objectNames
    }

    /// The line checked (length, control characters) and trimmed; nil for a blank line or a comment.
    public static func clean(_ line: String) throws -> String? {
        if line.utf8.count > Self.maximumLineLength {
            throw PlaygroundError(
                CoreText.lineTooLongBytesTheLimit(String(line.utf8.count), String(Self.maximumLineLength)))
        }
        let untabbed = line.utf8.contains(0x09) ? line.replacingOccurrences(of: "\t", with: " ") : line
        let cleaned = TextSanitizer.clean(untabbed)
        guard cleaned == untabbed else { throw PlaygroundError(CoreText.theLineHoldsControlCharactersOr.phrase) }
        let trimmed = cleaned.trimmed
        if trimmed.isEmpty || trimmed.hasPrefix("//") || isHashComment(trimmed) { return nil }
        return trimmed
    }

    /// `# a note` is a comment; `#if DEBUG`, `#warning("x")`, `#sourceLocation(…)` are Swift (before, every line
    /// that began with `#` was taken for a comment, and an `#if` block at the prompt vanished without a word).
    static func isHashComment(_ trimmed: String) -> Bool {
        guard trimmed.utf8.first == UInt8(ascii: "#") else { return false }
        guard let next = trimmed.utf8.dropFirst().first else { return true }
        let isWordStart =
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(next)
            || next == UInt8(ascii: "_")
        return !isWordStart
    }

    /// Whether a clean line is Swift rather than a command: it starts with a Swift keyword or a name of the live
    /// objects, or it is not a list of plain words (`meta chicken` stays a mistyped command with a suggestion).
    /// `wordsAreSwift`: a single word that is no command is Swift (when a compiler can judge it in a lesson).
    public func isSwift(_ trimmed: String, wordsAreSwift: Bool = false, isName: (String) -> Bool) -> Bool {
        if SwiftCallParser.looksLikeSwift(trimmed) { return true }
        // `class Foo {`, `class Bar: Base {`: a declaration, not the `class` command (whose words hold no brace).
        if Self.isTypeDeclaration(trimmed) { return true }
        // `step += 1`, `follow = 2`: an assignment, whatever the name; no command reads like one.
        if Self.isAssignment(trimmed) { return true }
        // A command's name as typed, hyphens and all (`kitten-special`, `remove-question 0`).
        if command(named: String(trimmed.prefix { $0 != " " })) != nil { return false }
        let first = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !first.isEmpty else { return true }
        let word = String(first)
        if SwiftKeywords.startsSwift(word) || isName(word) { return true }
        if command(named: word) != nil { return false }
        let rest = trimmed.dropFirst(first.count)
        guard let next = rest.first else {
            guard wordsAreSwift else { return false }
            // One word that is no command: Swift (`x`, `tapped` → "cannot find 'x' in scope"), unless it is a near miss
            // of a command's name of more than one letter (`hlep`), which gets "did you mean 'help'?".
            let names = commands.flatMap { [$0.name] + $0.aliases }.filter { $0.count > 1 }
            return Suggest.closest(to: word, in: names) == nil
        }
        if next == " " {
            let after = rest.drop { $0 == " " }
            return !(after.first.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "'" || $0 == "\"" } ?? true)
        }
        return true
    }

    /// `name = …`, `name += …` (any assignment operator, as Swift's tokens read it): Swift, never a command's words.
    public static func isAssignment(_ trimmed: String) -> Bool {
        // Most commands hold no `=`: no tokens needed.
        guard trimmed.utf8.contains(UInt8(ascii: "=")) else { return false }
        let tokens = SwiftTokens(trimmed)
        let all = tokens.tokens
        guard all.count >= 2, all[0].kind == .identifier, all[1].kind == .operator else { return false }
        return ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="].contains(tokens.text(all[1]))
    }

    /// A line that declares a type with a keyword a command may share (`class`): the keyword, a name, then `{`,
    /// `:` or `<` (generic parameters); `class http://HOST:PORT/CODE` is the command (a URL is no superclass).
    public static func isTypeDeclaration(_ trimmed: String) -> Bool {
        let keywords = ["class", "struct", "enum", "actor", "protocol"]
        guard keywords.contains(where: { trimmed.hasPrefix($0) }) else { return false }
        let tokens = SwiftTokens(trimmed)
        let all = tokens.tokens
        guard all.count >= 3, all[0].kind == .identifier, all[1].kind == .identifier,
            keywords.contains(tokens.text(all[0])),
            tokens.bytes[all[1].start] != UInt8(ascii: "`")
        else { return false }
        let next = all[2]
        let byte = tokens.bytes[next.start]
        if next.kind == .punctuation, byte == UInt8(ascii: "{") { return true }
        if next.kind == .punctuation, byte == UInt8(ascii: ":") {
            return next.end == tokens.bytes.count || tokens.bytes[next.end] != UInt8(ascii: "/")
        }
        return next.kind == .operator && byte == UInt8(ascii: "<")
    }

    /// The command a line holds, or nil for a blank line or a comment.
    public func read(_ line: String) throws -> Command? {
        guard let trimmed = try Self.clean(line) else { return nil }
        return try read(clean: trimmed)
    }

    /// The command a line that ``clean(_:)`` has checked and trimmed holds.
    func read(clean trimmed: String) throws -> Command? {
        if SwiftCallParser.looksLikeSwift(trimmed) {
            do {
                return .call(try SwiftCallParser.parse(trimmed))
            } catch {
                throw PlaygroundError(CoreText.atColumn(error.message, String(error.column)))
            }
        }
        let words: [String]
        do {
            words = try Tokenizer.split(trimmed)
        } catch .unterminatedQuote(let quote, let column) {
            throw PlaygroundError(CoreText.unterminatedQuoteStartingAtColumn(String(quote), String(column)))
        } catch .trailingBackslash {
            throw PlaygroundError(CoreText.theLineEndsWithALone.phrase)
        }
        guard let name = words.first else { return nil }
        guard let spec = command(named: name) else {
            var message = CoreText.unknownCommand(name)
            if let suggestion = Suggest.closest(to: name, in: allNames) {
                message += CoreText.andDidYouMean(suggestion)
            } else {
                message += CoreText.andTypeHelpForTheList.phrase
            }
            throw PlaygroundError(message)
        }
        let arguments = try check(Array(words.dropFirst()), of: spec)
        switch spec.meaning {
        case .global(let make): return .global(try make(arguments))
        case .call(let make): return .call(try make(arguments))
        case .native: return .native(name: spec.name, arguments, changesState: spec.changesState)
        case .swift(let make): return try read(clean: try make(arguments))
        }
    }

    /// The Swift a short command that is a spelling of Swift makes of its words; nil for any other line.
    func spelledSwift(clean trimmed: String) throws -> String? {
        guard !SwiftCallParser.looksLikeSwift(trimmed), let name = trimmed.split(separator: " ").first,
            let spec = moduleCommands.first(where: { $0.matches(name.lowercased()) }),
            case .swift(let make) = spec.meaning
        else { return nil }
        let words: [String]
        do { words = try Tokenizer.split(trimmed) } catch { return nil }
        return try make(try check(Array(words.dropFirst()), of: spec))
    }

    public func command(named name: String) -> CommandSpec? {
        let key = name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) ? name.lowercased() : name
        // A module has a score of commands and gets a new reader after every undo: looking through them costs less
        // than indexing them each time.
        if let spec = moduleCommands.first(where: { $0.name == key || $0.aliases.contains(key) }) { return spec }
        return global.index[key].map { global.commands[$0] }
    }

    /// Every name that can start a line, for "did you mean".
    var allNames: [String] {
        var names: [String] = []
        for spec in moduleCommands { names.append(spec.name); names.append(contentsOf: spec.aliases) }
        for spec in global.commands { names.append(spec.name); names.append(contentsOf: spec.aliases) }
        return names + objectNames
    }

    /// Counts, choices and numbers checked; each word typed by its spec.
    func check(_ words: [String], of command: CommandSpec) throws -> Arguments {
        if words.count < command.requiredCount {
            throw PlaygroundError(
                CoreText.needsUsage(command.name, command.arguments[words.count].usage, command.usage))
        }
        if let maximum = command.maximumCount, words.count > maximum {
            throw PlaygroundError(
                CoreText.takesAtMostArgumentSGot(command.name, String(maximum), String(words.count), command.usage))
        }
        var values: [Arguments.Value] = []
        for (index, spec) in command.arguments.enumerated() where index < words.count {
            if spec.variadic {
                let rest = Array(words[index...])
                for word in rest { try checkChoice(word, spec) }
                values.append(.words(rest))
                break
            }
            let word = words[index]
            try checkChoice(word, spec)
            if spec.isNumber {
                guard let number = Int(word) else {
                    throw PlaygroundError(CoreText.isNotANumberUsage(word, command.usage))
                }
                values.append(.number(number))
            } else {
                values.append(.word(word))
            }
        }
        return Arguments(values)
    }

    func checkChoice(_ word: String, _ spec: ArgumentSpec) throws {
        guard case .choice(let values) = spec.kind, !values.contains(word) else { return }
        var message = CoreText.isNotAValidExpectedOne(word, spec.name, values.joined(separator: ", "))
        if let s = Suggest.closest(to: word, in: values) { message += CoreText.andDidYouMean(s) }
        throw PlaygroundError(message)
    }
}

/// Commands with an index of their names and aliases (lowercased), built once: the global commands of a session.
public struct CommandTable {
    public let commands: [CommandSpec]
    let index: [String: Int]

    public init(_ commands: [CommandSpec]) {
        self.commands = commands
        index = Self.index(commands)
    }

    /// Each name and alias to the first command that has it.
    static func index(_ commands: [CommandSpec]) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(commands.count * 2)
        for (i, spec) in commands.enumerated() {
            if index[spec.name] == nil { index[spec.name] = i }
            for alias in spec.aliases where index[alias] == nil { index[alias] = i }
        }
        return index
    }
}
