#if canImport(Glibc)
import Glibc
#endif

/// Code exercises: a learner's file (or a lesson's starter or solution) compiled into a module of its own and loaded
/// into this process, so that compiled lines can use its types.
extension LineCompiler {
    /// Where compiled exercise files go: a library and a module per version of a file (the lines import it).
    var exerciseDirectory: String { cacheDirectory + "/exercises" }

    /// A learner's file (or a lesson's starter or solution) compiled into a module of its own, or the compiler's words.
    public enum ExerciseBuild: Equatable, Sendable {
        /// The module's name (`Exercise_…`), loaded into this process, and what the compiler warned about.
        case loaded(module: String, warnings: String)
        case rejected(String)
    }

    /// Compiles the Swift file at `path`, holding `text`, against `Patterns` into a library that this process loads,
    /// so that compiled lines can `@testable import` its types (a learner writes no `public`). Each version of a file
    /// is a module of its own, named by its hash: a changed file never meets the types of its earlier version.
    /// Diagnostics are swiftc's, naming the file and its lines.
    ///
    /// `fresh`: a module this process has not loaded before, whose statics and globals no code has touched yet (a
    /// library loaded again is the one already loaded, statics and all). The same file checked again is compiled
    /// again as `Exercise_<hash>_2`, `_3`, …, each kept for later sessions as the first is.
    /// The methods of the file's types are compiled instrumented for the trace (``TraceInstrumentation``); the
    /// callers refuse learner text that spells the playground's names first (``LineSource/refusePlaygroundNames``).
    public func compileExercise(_ text: String, path: String, fresh: Bool = false) throws -> ExerciseBuild {
        // `PATTERNS_UNTRACED` set: no instrumentation (to measure what it costs).
        let instrumenting = getenv("PATTERNS_UNTRACED") == nil
        let key = Self.hash(
            identity + "|" + languageMode.rawValue + "\n" + path + "\n" + text + "\n" + Self.outputShim + "\n"
                + (instrumenting ? TraceInstrumentation.version : "untraced"))
        var module = "Exercise_" + key
        var generation = 1
        while fresh, loadedExercises[module] != nil {
            generation += 1
            module = "Exercise_" + key + "_\(generation)"
        }
        if let warnings = loadedExercises[module] { return .loaded(module: module, warnings: warnings) }
        let base = exerciseDirectory + "/" + module
        try makeDirectory(exerciseDirectory)
        if let diagnostics = Self.read(base + ".err") { return .rejected(diagnostics) }
        var warnings = Self.read(base + ".warnings") ?? ""
        if access(base + ".so", R_OK) != 0 || access(exerciseDirectory + "/" + module + ".swiftmodule", R_OK) != 0 {
            // `print` in the learner's file reaches the panes, as in a line: the module's own `print` shadows Swift's.
            let shim = exerciseDirectory + "/PlaygroundOutput.swift"
            if Self.read(shim) != Self.outputShim, !Self.write(Self.outputShim, to: shim) {
                throw InternalError("cannot write '\(shim)'")
            }
            let temporary = base + ".\(getpid()).so"
            let traced = instrumenting ? TraceInstrumentation.instrument(text, file: path) : nil
            let tracedPath = base + ".\(getpid()).traced.swift"
            if let traced, !Self.write(traced.source, to: tracedPath) {
                throw InternalError("cannot write '\(tracedPath)'")
            }
            defer { unlink(tracedPath) }
            func arguments(_ source: String) -> [String] {
                [
                    swiftc, "-emit-library", "-emit-module", "-enable-testing", "-parse-as-library", "-swift-version",
                    languageMode.rawValue,
                    "-diagnostic-style", "llvm", "-Onone", "-module-name", module, "-I", modules, "-I",
                    exerciseDirectory,
                    "-emit-module-path", exerciseDirectory + "/" + module + ".swiftmodule",
                    // No source places in the module: a later line's note about this module's declaration would point
                    // at `repl:L:C` of an earlier line as if it were in the line typed now.
                    "-avoid-emit-module-source-info", "-o", temporary, source, shim,
                ]
            }
            var (status, output) = try runCompiler(arguments(traced == nil ? path : tracedPath))
            // A file swiftc refuses instrumented is compiled as written: its words are on the learner's text alone,
            // and should the instrumentation be what it refused (a method it cannot read), the file still runs, its
            // methods untraced.
            if status != 0, traced != nil {
                (status, output) = try runCompiler(arguments(path))
            } else if let traced {
                output = traced.asTyped(output)
            }
            let trimmed = Self.trimmedDiagnostics(output)
            guard status == 0 else {
                unlink(temporary)
                guard trimmed.contains(": error: ") || trimmed.hasPrefix("error: ") else {
                    throw InternalError(
                        "the compiler failed on '\(path)':\n"
                            + output.split(separator: "\n").prefix(6).joined(separator: "\n"))
                }
                if Self.isVerdict(output) { _ = Self.write(trimmed, to: base + ".err") }
                return .rejected(trimmed)
            }
            rename(temporary, base + ".so")
            warnings = trimmed
            _ = Self.write(warnings, to: base + ".warnings")
        }
        // Global: the lines' libraries resolve the learner's types from it.
        guard dlopen(base + ".so", RTLD_NOW | RTLD_GLOBAL) != nil else {
            throw InternalError("cannot load the compiled file '\(path)': \(Self.dlerrorText())")
        }
        loadedExercises[module] = warnings
        return .loaded(module: module, warnings: warnings)
    }

    /// swiftc's output for a file, without the driver's closing lines and trailing blank lines.
    static func trimmedDiagnostics(_ output: String) -> String {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.hasPrefix("error: emit-module command failed") && !$0.hasPrefix("error: compile command failed")
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Where a lesson's own starter or solution is written to be compiled like a learner's file.
    public func lessonFilePath(_ file: String, text: String) throws(InternalError) -> String {
        let folder = cacheDirectory + "/lesson-files/" + Self.hash(text)
        try makeDirectory(folder)
        let path = folder + "/" + file
        if Self.read(path) != text, !Self.write(text, to: path) { throw InternalError("cannot write '\(path)'") }
        return path
    }
}
