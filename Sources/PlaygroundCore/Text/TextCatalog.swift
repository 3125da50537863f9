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
        if parts.count == 1 { return Self.fill(lang == .ko ? parts[0].ko : parts[0].en, parts[0].arguments) }
        var out = ""
        for part in parts { out += Self.fill(lang == .ko ? part.ko : part.en, part.arguments) }
        return out
    }

    /// Replaces `{n}` (one digit) by the nth argument, in one pass over the bytes.
    static func fill(_ template: String, _ arguments: [String]) -> String {
        guard !arguments.isEmpty else { return template }
        var out = ""
        let utf8 = Array(template.utf8)
        var i = 0, literalStart = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "{"), i + 2 < utf8.count, utf8[i + 2] == UInt8(ascii: "}"),
               (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[i + 1]), Int(utf8[i + 1] - UInt8(ascii: "0")) < arguments.count {
                out += String(decoding: utf8[literalStart..<i], as: UTF8.self)
                out += arguments[Int(utf8[i + 1] - UInt8(ascii: "0"))]
                i += 3
                literalStart = i
            } else {
                i += 1
            }
        }
        out += String(decoding: utf8[literalStart...], as: UTF8.self)
        return out
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
