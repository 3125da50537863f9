// swift-tools-version: 6.1
// The playground's benchmarks, a package of their own so that the main build stays light.
// Run from this folder: `swift package benchmark` (see ../README.md, Performance).
import PackageDescription

let package = Package(
    name: "PlaygroundBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "patterns", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The lessons and the mix of commands, shared by the benchmark and the instruction counter.
        .target(
            name: "BenchmarkMix",
            dependencies: [.product(name: "PlaygroundCore", package: "patterns")],
            path: "Sources/BenchmarkMix"
        ),
        // The mix alone, for `Scripts/count-instructions` (valgrind's counts are steady where wall clock is not).
        .executableTarget(
            name: "MixedCommands",
            dependencies: [
                "BenchmarkMix",
                .product(name: "PlaygroundCore", package: "patterns"),
                .product(name: "LessonModules", package: "patterns"),
            ],
            path: "Sources/MixedCommands"
        ),
        .executableTarget(
            name: "PlaygroundBenchmarks",
            dependencies: [
                "BenchmarkMix",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PlaygroundCore", package: "patterns"),
                .product(name: "LessonModules", package: "patterns"),
            ],
            path: "Benchmarks/PlaygroundBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
