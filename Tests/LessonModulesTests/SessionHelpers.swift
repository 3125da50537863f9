import Foundation
import LessonModules
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// A session over the real lesson modules and a small lesson per module, rendering at width 80 without colour.
func makeSession(lang: Lang = .en) -> Session {
    let lessons = LessonModules.all.map { factory in
        LessonSource(
            path: "t/\(factory.name).md", lang: "en",
            text: """
                ---
                id: \(factory.name)
                title: T
                module: \(factory.name)
                ---
                ## One
                text
                ## Two
                ```goal
                builder.meat: .chicken
                ```
                > **Hint:** first hint
                > **Hint** (when builder.meat: .tofu): tofu is not chicken
                > **Hint:** last hint
                ```patterns
                > meat chicken
                ```
                """, isBuiltIn: true)
    }
    let catalog = LessonCatalog(sources: lessons, modules: LessonModules.names)
    return Session(
        catalog: catalog, modules: LessonModules.all,
        options: SessionOptions(render: RenderOptions(width: 80), lang: lang))
}

/// The compiler on this test process's PATH, its compiled lines kept in `patterns-<cache>-<pid>` (nil: no toolchain,
/// and a test that needs one passes without running).
func lineCompiler(cache: String) -> LineCompiler? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folder = NSTemporaryDirectory() + "patterns-\(cache)-\(getpid())"
    guard case .success(let compiler) = LineCompiler.find(environment: ["PATH": path, "PATTERNS_LINE_CACHE": folder])
    else { return nil }
    return compiler
}

extension Session {
    /// Runs lines and returns everything rendered.
    func run(_ lines: String...) -> String {
        var out = ""
        for line in lines {
            execute(line)
            out += takeOutput()
        }
        return out
    }
}

func expectSame(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let diff = transcriptDiff(expected: expected, actual: actual) {
        Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
}
