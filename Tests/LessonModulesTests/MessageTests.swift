import LessonModules
import Testing

@testable import PlaygroundCore

/// Every message the program says exists in English and Korean (the catalogs' switches make that a build error);
/// this checks the two say the same thing: the same arguments, and Korean that is Korean.
@Suite struct MessageTests {
    static func placeholders(_ text: String) -> Set<String> {
        var found: Set<String> = []
        let chars = Array(text)
        for i in chars.indices
        where chars[i] == "{" && i + 2 < chars.count && chars[i + 2] == "}" && chars[i + 1].isNumber {
            found.insert(String(chars[i...(i + 2)]))
        }
        return found
    }

    static func isKorean(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    /// Every message: the core's, then each lesson module's.
    static var all: [(name: String, en: String, ko: String)] {
        CoreText.allCases.map { ("CoreText.\($0)", $0.texts.en, $0.texts.ko) }
            + HandoutText.allCases.map { ("HandoutText.\($0)", $0.texts.en, $0.texts.ko) }
            + CodeText.allCases.map { ("CodeText.\($0)", $0.texts.en, $0.texts.ko) }
            + CLIText.allCases.map { ("CLIText.\($0)", $0.texts.en, $0.texts.ko) }
            + ClassText.allCases.map { ("ClassText.\($0)", $0.texts.en, $0.texts.ko) }
            + ClassNewsText.allCases.map { ("ClassNewsText.\($0)", $0.texts.en, $0.texts.ko) }
            + PredictText.allCases.map { ("PredictText.\($0)", $0.texts.en, $0.texts.ko) }
            + TraceText.allCases.map { ("TraceText.\($0)", $0.texts.en, $0.texts.ko) }
            + EngineText.allCases.map { ("EngineText.\($0)", $0.texts.en, $0.texts.ko) }
            + TrustText.allCases.map { ("TrustText.\($0)", $0.texts.en, $0.texts.ko) }
            + PromptText.allCases.map { ("PromptText.\($0)", $0.texts.en, $0.texts.ko) }
            + LessonModules.all.flatMap { factory in
                factory.messages.map { ("\(factory.name): \($0.text(.en))", $0.text(.en), $0.text(.ko)) }
            }
    }

    @Test func everyMessageIsInBothLanguagesWithTheSameArguments() {
        #expect(Self.all.count > 120)
        for message in Self.all {
            #expect(Self.placeholders(message.en) == Self.placeholders(message.ko), "\(message.name)")
            #expect(message.en != message.ko, "\(message.name) is not translated")
            #expect(Self.isKorean(message.ko), "\(message.name): '\(message.ko)' has no Korean")
            #expect(!Self.isKorean(message.en), "\(message.name): the English has Korean")
            // Korean prose does not join sentences with semicolons (the lessons review): a full stop, or a comma.
            #expect(!message.ko.contains("; "), "\(message.name): '\(message.ko)' joins Korean with a semicolon")
        }
    }

    /// Swift's own diagnostics keep the compiler's English in every language, by decision (SwiftDiagnostic's doc).
    @Test func swiftDiagnosticsStayInTheCompilersEnglish() {
        #expect(SwiftDiagnostic.isCompilerEnglish)
        for diagnostic in SwiftDiagnostic.allCases {
            #expect(diagnostic.texts.en == diagnostic.texts.ko)
            #expect(!Self.isKorean(diagnostic.texts.en))
        }
    }
}
