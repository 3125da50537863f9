import Foundation
import Testing

@testable import PlaygroundCore

/// Every input that once crashed or hung a fuzz target (Scripts/fuzz) is replayed here through the same calls.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [URL] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "FuzzRegressions/\(target)")
        return ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    @Test func commandLineInputs() throws {
        let files = Self.inputs("commandline")
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: file)
            let line = String(decoding: bytes, as: UTF8.self)
            _ = try? Tokenizer.split(line)
            _ = try? SwiftCallParser.parse(line)
            for width in 1...40 { _ = DisplayWidth.wrap(TextSanitizer.clean(line), width: width) }
        }
    }

    @Test func lessonFileInputs() throws {
        for file in Self.inputs("lessonfile") {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            if let lesson = try? LessonParser.parse(text, path: "f.md", lang: "en") {
                let replacements = lesson.steps.flatMap(\.transcripts).map {
                    (open: $0.openLine, close: $0.closeLine, lines: ["> x"])
                }
                _ = LessonTester.rewrite(text, replacements)
            }
        }
    }
}
