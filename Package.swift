// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "patterns",
    // Linux only: each line runs in a forked copy of the playground kept alive by Linux's process controls
    // (prctl: the parent-death signal, the child subreaper; /proc). Elsewhere the build stops with one sentence
    // (Sources/PatternsCLI/Platform.swift).
    products: [
        .executable(name: "patterns", targets: ["PatternsCLI"]),
        .library(name: "Patterns", targets: ["Patterns"]),
        .library(name: "PlaygroundCore", targets: ["PlaygroundCore"]),
        .library(name: "LessonModules", targets: ["LessonModules"]),
        // The class server (`patterns class serve` runs it): built only when asked for, so the learner's
        // `swift run patterns` never compiles its server library or SQLite layer.
        .executable(name: "patterns-class", targets: ["ClassServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only the class server uses these two (see the patterns-class product).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The executable: argument parsing, TTY or pipe, exit codes. The only target that touches the terminal.
        .executableTarget(
            name: "PatternsCLI",
            dependencies: [
                "PlaygroundCore", "LessonModules", "Terminal", "Patterns", "ClassWire", "CPosix",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["EmbedLessonsPlugin"]
        ),
        // Lesson model and parser, command parsing, session, mediator, renderers. Never prints. It re-exports its
        // two small rooms below (Sources/PlaygroundCore/Exports.swift).
        .target(
            name: "PlaygroundCore",
            // CallRecording: the types record who called whom, and the session reads it.
            dependencies: [
                "PlaygroundBridge", "PlaygroundText", "PlaygroundProcesses", "CPosix", "Patterns", "CallRecording",
            ],
            // Compiled lines are libraries loaded into this process: their references to Patterns and the bridge
            // resolve to the executable's own definitions, which it must therefore export.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
        // The text catalogues (every message in English and Korean), `Lang` and `Phrase`, display widths: what the
        // REPL and the class server both say. Knows nothing else.
        .target(name: "PlaygroundText"),
        // The one process layer: every fork (and the rules a fork without exec keeps), pipe, wait and pty spawn of
        // the REPL and of the class server's seats.
        .target(name: "PlaygroundProcesses", dependencies: ["CPosix", "CPlaygroundHost"]),
        // What a compiled line sees of the playground: the live objects by name, and where `print` writes.
        // Also the entry points of the trace's instrumentation of the learner's own methods (`TracedCall`).
        .target(name: "PlaygroundBridge", dependencies: ["CallRecording"]),
        // The design patterns themselves: plain Swift, knows nothing of the playground but the call record, which it
        // imports `internal`ly (its clients never see it).
        .target(name: "Patterns", dependencies: ["CallRecording"]),
        // Who called whom: written by the Patterns types, read by the session. Learner code is compiled against the
        // same module folder, so the compiler refuses any module but these to import it: a learner's line or file
        // can neither write the trace nor read it (`import CallRecording` is refused, and `@testable import Patterns`
        // does not show it).
        .target(
            name: "CallRecording",
            swiftSettings: [
                .unsafeFlags(
                    [
                        "Patterns", "PlaygroundCore", "LessonModules", "PlaygroundBridge", "PlaygroundCoreTests",
                    ].flatMap {
                        ["-Xfrontend", "-allowable-client", "-Xfrontend", $0]
                    })
            ]
        ),
        // One module per lesson: wraps live objects from Patterns, declares commands and panes.
        .target(
            name: "LessonModules", dependencies: ["PlaygroundCore", "Patterns", "PlaygroundBridge", "CallRecording"]),
        // prctl for the processes that run learner code and the compiler (Swift cannot call a variadic C function).
        .systemLibrary(name: "CPosix"),
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
        // A live class: what the REPL and the class server say to each other, and a small HTTP/1.1 client over
        // POSIX sockets (no libcurl, no FoundationNetworking in the learner's binary).
        .target(name: "ClassWire"),
        // The class server: HTTP and WebSocket (FlyingFox), the class kept in SQLite (GRDB), the board.
        .target(
            name: "ClassServerCore",
            dependencies: [
                "ClassWire", "PlaygroundText", "PlaygroundProcesses", .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The pseudo-terminal and spawn calls PlaygroundProcesses needs for a program on a terminal of its own (ioctl
        // is variadic in C).
        .target(name: "CPlaygroundHost"),
        .executableTarget(
            name: "ClassServer",
            dependencies: [
                "ClassServerCore", "PlaygroundText", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // FlyingFox's proxy handler uses URLSession: a build with the Swift runtime linked in
            // (--static-swift-stdlib) links FoundationNetworking statically, which needs libcurl named
            // (libcurl4-openssl-dev).
            linkerSettings: [.linkedLibrary("curl", .when(platforms: [.linux]))]
        ),
        // The class server for tests that move the room's clock (a file moves it), in a process of its own: in the
        // test process its tasks waited on the shared pool behind the suites that block (Sources/ClassTestServer).
        .executableTarget(name: "ClassTestServer", dependencies: ["ClassServerCore", "PlaygroundText"]),
        // Helpers used only by tests: transcript diffs, a pseudo-terminal driver, the built binaries run as tests run
        // them (piped, on a terminal, the class server), waits on events with deadlines.
        .target(
            name: "PlaygroundTestSupport",
            dependencies: ["CEditLine", "PlaygroundCore", "ClassServerCore", "ClassWire"]),

        .testTarget(
            name: "PlaygroundCoreTests", dependencies: ["PlaygroundCore", "PlaygroundTestSupport", "CallRecording"],
            exclude: ["FuzzRegressions"]),
        .testTarget(name: "PatternsTests", dependencies: ["Patterns"]),
        .testTarget(
            name: "LessonModulesTests", dependencies: ["LessonModules", "PlaygroundCore", "PlaygroundTestSupport"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["PatternsCLI", "PlaygroundTestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "ClassServerTests",
            dependencies: [
                "ClassServerCore", "ClassWire", "PlaygroundCore", "ClassServer", "PatternsCLI", "PlaygroundTestSupport",
                "ClassTestServer",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
