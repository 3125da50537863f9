import Foundation
import PlaygroundTestSupport
import Testing

/// Korean lessons and interface, and the parity check between languages.
@Suite struct KoreanTests {
    /// Every lesson has a Korean twin (`patterns test` holds them to it) and runs in Korean under its Korean title.
    @Test(arguments: BuiltInLessons.ids)
    func everyLessonRunsInKorean(lesson: String) throws {
        let korean = try #require(
            BuiltInLessons.catalog.lessons.first { $0.id == lesson && $0.lang == "ko" }, "\(lesson) has no Korean twin")
        let title = korean.title
        let result = try runPatterns(["run", lesson, "--lang", "ko"])
        #expect(result.status == 0)
        #expect(result.output.contains(title), "\(result.output.prefix(300))")
        #expect(result.output.contains("1/"))
    }

    @Test func koreanLocalePicksKoreanWithoutTheFlag() throws {
        let result = try runPatterns(["run", "builder", "--to", "1"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(result.output.contains("빌더 패턴 · 1/12단계 · 빌더와 만나기"), "\(result.output.prefix(300))")
    }

    @Test func unknownCommandGetsAKoreanErrorNamingIt() throws {
        let result = try runPatterns(["--lang", "ko"], input: "frobnicate\n")
        #expect(result.output == "patterns> frobnicate\n오류: 알 수 없는 명령 'frobnicate'. 'help'로 명령 목록을 볼 수 있습니다\n")
    }

    @Test func removingAStepFromAKoreanLessonFailsWithFileAndLine() throws {
        let folder = NSTemporaryDirectory() + "patterns-parity-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for lang in ["en", "ko"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(lang)", withIntermediateDirectories: true)
            var text = try String(
                contentsOf: root.appendingPathComponent("Lessons/\(lang)/04-delegate.md"), encoding: .utf8)
            if lang == "ko" {
                // Drop the last step ("함정, 그리고 정리").
                text = String(text[..<(try #require(text.range(of: "## 함정, 그리고 정리"))).lowerBound])
            }
            try text.write(toFile: "\(folder)/\(lang)/04-delegate.md", atomically: true, encoding: .utf8)
        }
        let result = try runPatterns(["test", "delegate", "--lessons", folder])
        #expect(result.status == 1)
        #expect(result.output.contains("FAIL \(folder)/ko/04-delegate.md:"), "\(result.output)")
        #expect(
            result.output.contains("has 11 steps, \(folder)/en/04-delegate.md has 12: step 12 ('Pitfalls, and recap'"))
    }
}
