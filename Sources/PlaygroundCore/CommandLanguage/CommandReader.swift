/// Reads a line into a ``Command``: sanitising, the Swift-call parser or the short-command tokenizer, lookup with
/// "did you mean", and argument checking into typed values. Knows nothing of what commands do.
public struct CommandReader {
    /// The commands that can be typed now: the lesson's first, then the global ones.
    public var commands: [CommandSpec]
    /// Names of live objects (for "did you mean" after an unknown word).
    public var objectNames: [String]

    public static let maximumLineLength = 4096

    public init(commands: [CommandSpec], objectNames: [String]) {
        self.commands = commands
        self.objectNames = objectNames
    }

    /// The command a line holds, or nil for a blank line or a comment.
    public func read(_ line: String) throws -> Command? {
        if line.utf8.count > Self.maximumLineLength {
            throw PlaygroundError(CoreText.lineTooLongBytesTheLimit(String(line.utf8.count), String(Self.maximumLineLength)))
        }
        let untabbed = line.utf8.contains(0x09) ? line.replacingOccurrences(of: "\t", with: " ") : line
        let cleaned = TextSanitizer.clean(untabbed)
        guard cleaned == untabbed else { throw PlaygroundError(CoreText.theLineHoldsControlCharactersOr.phrase) }
        let trimmed = cleaned.trimmed
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") { return nil }
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
        }
    }

    public func command(named name: String) -> CommandSpec? {
        let lower = name.lowercased()
        return commands.first { $0.matches(lower) }
    }

    var allNames: [String] { commands.flatMap { [$0.name] + $0.aliases } + objectNames }

    /// Counts, choices and numbers checked; each word typed by its spec.
    func check(_ words: [String], of command: CommandSpec) throws -> Arguments {
        if words.count < command.requiredCount {
            throw PlaygroundError(CoreText.needsUsage(command.name, command.arguments[words.count].usage, command.usage))
        }
        if let maximum = command.maximumCount, words.count > maximum {
            throw PlaygroundError(CoreText.takesAtMostArgumentSGot(command.name, String(maximum), String(words.count), command.usage))
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
                guard let number = Int(word) else { throw PlaygroundError(CoreText.isNotANumberUsage(word, command.usage)) }
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
