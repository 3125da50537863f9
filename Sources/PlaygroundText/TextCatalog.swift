/// A table of messages, each declared once with its English and Korean text side by side. A catalog is an enum whose
/// `texts` switch the compiler checks for completeness, so a message without a translation does not build.
/// `{0}`, `{1}`... mark the arguments.
public protocol TextCatalog: CaseIterable, Sendable {
    var texts: (en: String, ko: String) { get }
    /// Swift's own diagnostics keep the compiler's English in every language (see ``SwiftDiagnostic``).
    static var isCompilerEnglish: Bool { get }
}

extension TextCatalog {
    public static var isCompilerEnglish: Bool { false }

    /// The message with its arguments, not yet in any language.
    public func callAsFunction(_ arguments: String...) -> Phrase { Phrase(texts, arguments) }
    public var phrase: Phrase { Phrase(texts, []) }

    public func text(_ lang: Lang, _ arguments: String...) -> String { Phrase(texts, arguments).text(lang) }
}

/// A message and its arguments: what errors and answers carry until one place turns them into text in the session's
/// language. Phrases concatenate (`unknownCommand + didYouMean`).
public struct Phrase: Sendable, Equatable {
    var parts: [Part]

    struct Part: Sendable, Equatable {
        var en: String
        var ko: String
        var arguments: [String]
    }

    public init(_ texts: (en: String, ko: String), _ arguments: [String]) {
        parts = [Part(en: texts.en, ko: texts.ko, arguments: arguments)]
    }

    /// Whether the phrase is one message of a catalog (its first part), and with which arguments.
    public func arguments(ifMessage message: some TextCatalog) -> [String]? {
        guard let first = parts.first, first.en == message.texts.en else { return nil }
        return first.arguments
    }

    /// Text that is the same in every language (a name, Swift source, a number).
    public static func verbatim(_ text: String) -> Phrase { Phrase((text, text), []) }

    public static func + (a: Phrase, b: Phrase) -> Phrase {
        var joined = a
        joined.parts += b.parts
        return joined
    }

    public static func += (a: inout Phrase, b: Phrase) { a.parts += b.parts }

    /// The one place a message becomes text.
    public func text(_ lang: Lang) -> String {
        if parts.count == 1 {
            return lang == .ko
                ? KoreanParticles.choose(Self.fill(parts[0].ko, parts[0].arguments))
                : Self.fill(parts[0].en, parts[0].arguments)
        }
        var out = ""
        for part in parts {
            out +=
                lang == .ko
                ? KoreanParticles.choose(Self.fill(part.ko, part.arguments)) : Self.fill(part.en, part.arguments)
        }
        return out
    }

    /// Replaces `{n}` (one digit) by the nth argument, in one pass over the bytes, written into one buffer and made
    /// a String once.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return template }
        var template = template
        return template.withUTF8 { utf8 in
            var out = TextBuffer(capacity: utf8.count + 32)
            var i = 0, literalStart = 0
            while i < utf8.count {
                if utf8[i] == UInt8(ascii: "{"), i + 2 < utf8.count, utf8[i + 2] == UInt8(ascii: "}"),
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[i + 1]),
                    Int(utf8[i + 1] - UInt8(ascii: "0")) < arguments.count
                {
                    out.write(UnsafeBufferPointer(rebasing: utf8[literalStart..<i]))
                    out.write(arguments[Int(utf8[i + 1] - UInt8(ascii: "0"))])
                    i += 3
                    literalStart = i
                } else {
                    i += 1
                }
            }
            out.write(UnsafeBufferPointer(rebasing: utf8[literalStart...]))
            return out.string
        }
    }
}

/// An error the learner sees: a phrase rendered in the session's language where it is shown.
public struct PlaygroundError: Error, Equatable, Sendable, CustomStringConvertible {
    public var phrase: Phrase
    public init(_ phrase: Phrase) { self.phrase = phrase }
    public func text(_ lang: Lang) -> String { phrase.text(lang) }
    /// English, for reports of internal errors and test failures.
    public var description: String { phrase.text(.en) }
}

/// A broken promise inside the playground (a replay that failed, a module that handed back the wrong value): never
/// the learner's fault, always a bug that tests must catch.
public struct InternalError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Korean particles chosen by the word before them, as a person writes them: `닭고기는`, `kitten은`, not `은(는)`.
/// A template writes both forms, `은(는)`, `이(가)`, `을(를)`, `과(와)`; the first goes after a final consonant.
package enum KoreanParticles {
    static let pairs: [(both: String, consonant: String, vowel: String)] = [
        ("은(는)", "은", "는"), ("이(가)", "이", "가"),
        ("을(를)", "을", "를"), ("과(와)", "과", "와"),
    ]

    package static func choose(_ text: String) -> String {
        guard text.contains("(") else { return text }
        var out: [Character] = []
        let chars = Array(text)
        var i = 0
        scanning: while i < chars.count {
            if chars[i] != "(" || i + 2 >= chars.count || chars[i + 2] != ")" || i == 0 {
                out.append(chars[i]); i += 1; continue
            }
            for pair in pairs {
                let both = Array(pair.both)  // e.g. 은 ( 는 )
                guard let last = out.last, last == both[0], chars[i + 1] == both[2] else { continue }
                out.removeLast()
                // The word before the particle, past a closing quote: `'kitten'은(는)`.
                let before = out.last { $0 != "'" && $0 != "\"" && $0 != "’" && $0 != ">" }
                out.append(contentsOf: before.map(endsWithConsonant) == true ? pair.consonant : pair.vowel)
                i += 3
                continue scanning
            }
            out.append(chars[i]); i += 1
        }
        return String(out)
    }

    /// Whether a word's last sound is a consonant: a Hangul syllable with a final consonant, a digit read in Korean
    /// (일, 삼, 육, 칠, 팔, 영), or a Latin letter that ends a word on a consonant sound.
    static func endsWithConsonant(_ c: Character) -> Bool {
        if let scalar = c.unicodeScalars.first, (0xAC00...0xD7A3).contains(scalar.value) {
            return (scalar.value - 0xAC00) % 28 != 0
        }
        if let digit = c.wholeNumberValue, c.isASCII { return [0, 1, 3, 6, 7, 8].contains(digit) }
        return "lmnbdgkptLMNBDGKPT".contains(c)
    }
}
