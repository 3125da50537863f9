import PlaygroundCore

/// swift-argument-parser's error text, put into the program's own words: its first line becomes `error: ...` from
/// the message catalogue (``CLIText``, ``CoreText/error``) in the program's language, as every other error is; the
/// usage lines it adds stay (they are the command's syntax), and its closing "See '... --help'" line is translated.
/// Errors the program throws itself (validation, files) already carry catalogue text and only get the prefix.
enum CommandLineErrors {
    static func translate(_ message: String, lang: Lang) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first else { return message }
        let body = first.hasPrefix("Error: ") ? String(first.dropFirst("Error: ".count)) : first
        lines[0] = CoreText.error.text(lang, phrase(for: body).text(lang))
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("See '"), trimmed.hasSuffix("' for more information."),
                let end = trimmed.firstRange(of: "' for more information.")
            {
                let command = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<end.lowerBound]
                lines[index] = String(line.prefix { $0 == " " }) + CLIText.seeHelp.text(lang, String(command))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The parser's sentence as a catalogue phrase, when it is one of the shapes it writes.
    static func phrase(for body: String) -> Phrase {
        let shapes: [(String, CLIText)] = [
            ("Missing expected argument '", .missingArgument), ("Unknown option '", .unknownOption),
            ("Unexpected argument '", .unexpectedArgument),
        ]
        for (start, text) in shapes where body.hasPrefix(start) {
            let rest = body.dropFirst(start.count)
            guard let close = rest.firstIndex(of: "'") else { break }
            var phrase = text(String(rest[..<close]))
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(". Did you mean '"), let end = after.dropFirst(16).firstIndex(of: "'") {
                phrase += CoreText.andDidYouMean(String(after.dropFirst(16)[..<end]))
            } else if !after.isEmpty {
                phrase += .verbatim(String(after))
            }
            return phrase
        }
        if body.hasPrefix("The value '"), let middle = body.firstRange(of: "' is invalid for '") {
            let value = body[body.index(body.startIndex, offsetBy: 11)..<middle.lowerBound]
            let rest = body[middle.upperBound...]
            if let close = rest.firstIndex(of: "'") {
                return CLIText.invalidValue(String(value), String(rest[..<close]))
                    + .verbatim(String(rest[rest.index(after: close)...]))
            }
        }
        return .verbatim(body)
    }

    /// `--lang X` or `--lang=X` anywhere on the command line, read before parsing so the parser's errors are in it.
    static func langFlag(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument.hasPrefix("--lang=") { return String(argument.dropFirst("--lang=".count)) }
            if argument == "--lang", index + 1 < arguments.count { return arguments[index + 1] }
        }
        return nil
    }
}
