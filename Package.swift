// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "patterns",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "patterns", targets: ["PatternsCLI"]),
        .library(name: "Patterns", targets: ["Patterns"]),
        .library(name: "PlaygroundCore", targets: ["PlaygroundCore"]),
        .library(name: "LessonModules", targets: ["LessonModules"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The executable: argument parsing, TTY or pipe, exit codes. The only target that touches the terminal.
        .executableTarget(
            name: "PatternsCLI",
            dependencies: [
                "PlaygroundCore", "LessonModules", "Terminal", "Patterns",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["EmbedLessonsPlugin"]
        ),
        // Lesson model and parser, command parsing, session, mediator, renderers. Never prints.
        .target(
            name: "PlaygroundCore",
            dependencies: ["PlaygroundBridge"],
            // Compiled lines are libraries loaded into this process: their references to Patterns and the bridge
            // resolve to the executable's own definitions, which it must therefore export.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
        // What a compiled line sees of the playground: the live objects by name, and where `print` writes.
        .target(name: "PlaygroundBridge"),
        // The design patterns themselves: plain Swift, knows nothing of the playground.
        .target(name: "Patterns"),
        // One module per lesson: wraps live objects from Patterns, declares commands and panes.
        .target(name: "LessonModules", dependencies: ["PlaygroundCore", "Patterns", "PlaygroundBridge"]),
        // libedit line reader, history, completion, signals, window size.
        .target(name: "Terminal", dependencies: ["CEditLine"]),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Writes Lessons/ into a Swift source file so the binary carries its lessons.
        .executableTarget(name: "EmbedLessonsTool"),
        .plugin(
            name: "EmbedLessonsPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedLessonsTool"],
            path: "Sources/EmbedLessonsPlugin"
        ),
        // Helpers used only by tests: transcript diffs, a pseudo-terminal driver.
        .target(name: "PlaygroundTestSupport", dependencies: ["CEditLine", "PlaygroundCore"]),

        .testTarget(name: "PlaygroundCoreTests", dependencies: ["PlaygroundCore", "PlaygroundTestSupport"], exclude: ["FuzzRegressions"]),
        .testTarget(name: "PatternsTests", dependencies: ["Patterns"]),
        .testTarget(name: "LessonModulesTests", dependencies: ["LessonModules", "PlaygroundCore", "PlaygroundTestSupport"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["PatternsCLI", "PlaygroundTestSupport"], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
