// libFuzzer target: lesson files. Compiled together with Sources/PlaygroundCore by Scripts/fuzz.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLessonFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let lesson = try? LessonParser.parse(text, path: "fuzz.md", lang: "en") {
        _ = lesson.steps.map(\.commands)
        // Rewriting expected output in place must work on anything that parsed.
        let replacements = lesson.steps.flatMap(\.transcripts).map {
            (open: $0.openLine, close: $0.closeLine, lines: ["> x"])
        }
        _ = LessonTester.rewrite(text, replacements)
    }
    _ = LessonCatalog(
        sources: [LessonSource(path: "f.md", lang: "en", text: text, isBuiltIn: false)], modules: ["builder"])
    return 0
}
