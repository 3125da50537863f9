#if canImport(Glibc)
import Glibc
#endif
import PlaygroundBridge

/// The Swift compiler as the playground's second engine: a line the built-in interpreter does not run is compiled
/// into a small shared library against the `Patterns` module this program was built with, loaded into the running
/// process, tried once in a forked copy of the process (a trap, a crash or an endless loop there leaves the session
/// and its live objects untouched), and then run on the live objects.
///
/// Libraries and the compiler's answers are cached by the generated source, which holds the line and the names and
/// types of everything it sees: in memory for the session, and on disk (`${XDG_CACHE_HOME:-~/.cache}/patterns/lines`)
/// for the next one, keyed also by the modules' files, so a rebuilt playground never loads a stale library.
public final class LineCompiler {
    public let swiftc: String
    /// The folder with `Patterns.swiftmodule` and `PlaygroundBridge.swiftmodule` (beside the executable).
    public let modules: String
    let cacheDirectory: String
    /// What the cache key mixes in beside the source: the compiler and the modules' sizes and times.
    let identity: String
    /// How long a line may run in the dry run before it is stopped.
    public var timeLimit: Double = 5
    /// Asked while a line runs in the dry run or the compiler runs: true stops it (Ctrl-C).
    public var interrupted: () -> Bool = { false }
    /// How long the compiler may judge one line or file before it is stopped (`PATTERNS_COMPILE_TIME_LIMIT`).
    public var compileTimeLimit: Double = 20
    /// Told when the compiler starts (its process group) and ends, for the line's time limit.
    public var onPhase: ((LinePhase) -> Void)?
    /// Said once by the front end: the cache folder could not be used and a private one stands in.
    public var cacheWarning: Phrase?

    typealias Entry = @convention(c) (UnsafeMutableRawPointer) -> Void
    private var loaded: [String: Entry] = [:]
    private var rejected: [String: String] = [:]

    /// Why compiled Swift is not available in this process.
    public enum Unavailable: Error, Equatable, Sendable {
        case turnedOff
        case noCompiler
        case noModules(String)
        case notExported
        /// This binary carries its own copy of the Swift runtime (`--static-swift-stdlib`): a compiled line would
        /// bring a second one, and values crossing between them are garbage.
        case staticRuntime
    }

    init(swiftc: String, modules: String, cacheDirectory: String, identity: String) {
        self.swiftc = swiftc
        self.modules = modules
        self.cacheDirectory = cacheDirectory
        self.identity = identity
    }

    /// The compiler on PATH (or `PATTERNS_SWIFTC`; empty turns compiled Swift off) and the modules beside this
    /// executable, when this process exports its symbols to loaded libraries.
    public static func find(environment: [String: String]) -> Result<LineCompiler, Unavailable> {
        let swiftc: String
        if let chosen = environment["PATTERNS_SWIFTC"] {
            guard !chosen.isEmpty else { return .failure(.turnedOff) }
            swiftc = chosen
        } else {
            guard let found = (environment["PATH"] ?? "").split(separator: ":").map({ String($0) + "/swiftc" })
                .first(where: { access($0, X_OK) == 0 }) else { return .failure(.noCompiler) }
            swiftc = found
        }
        // One Swift runtime for the playground and its lines: the shared one, loaded by a dynamically linked build.
        guard dlopen("libswiftCore.so", RTLD_NOW | RTLD_NOLOAD) != nil else { return .failure(.staticRuntime) }
        guard let executable = realpath("/proc/self/exe", nil) else { return .failure(.noModules("?")) }
        let exePath = String(cString: executable)
        free(executable)
        let modules = String(exePath[..<(exePath.lastIndex(of: "/") ?? exePath.endIndex)]) + "/Modules"
        var identity = swiftc
        for file in ["Patterns.swiftmodule", "PlaygroundBridge.swiftmodule"] {
            var info = stat()
            guard stat(modules + "/" + file, &info) == 0 else { return .failure(.noModules(modules)) }
            identity += "|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        var info = stat()
        if stat(exePath, &info) == 0 { identity += "|\(info.st_mtim.tv_sec)" }
        // A library's references to Patterns and the bridge resolve to this process's own definitions.
        guard let me = dlopen(nil, RTLD_NOW), dlsym(me, "$s16PlaygroundBridge11LineContextCMa") != nil,
              dlsym(me, "$s8Patterns16HamburgerBuilderCMa") != nil else { return .failure(.notExported) }
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.cache" }
        let wanted = environment["PATTERNS_LINE_CACHE"] ?? cacheHome.map { $0 + "/patterns/lines" }
        let (cache, warning) = usableCache(wanted, temporaryRoot: environment["TMPDIR"] ?? "/tmp")
        let compiler = LineCompiler(swiftc: swiftc, modules: modules, cacheDirectory: cache, identity: identity)
        compiler.cacheWarning = warning
        return .success(compiler)
    }

    /// The cache folder if it is the user's own and can be written (libraries in it are loaded into this process),
    /// else a private folder made for this session, and the warning that says so.
    static func usableCache(_ wanted: String?, temporaryRoot: String) -> (String, Phrase?) {
        var reason = "HOME is not set"
        if let wanted {
            var info = stat()
            do {
                try makeDirectory(wanted, mode: 0o700)
                if stat(wanted, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                    reason = "not a folder"
                } else if info.st_uid != geteuid() {
                    reason = "owned by another user"
                } else if info.st_mode & 0o022 != 0 {
                    reason = "others can write to it"
                } else if access(wanted, W_OK | X_OK) != 0 {
                    reason = "it cannot be written"
                } else {
                    return (wanted, nil)
                }
            } catch {
                reason = "it cannot be made"
            }
        }
        var template = Array((temporaryRoot + "/patterns-lines-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
        let folder = made ?? (wanted ?? temporaryRoot + "/patterns-lines")
        return (folder, EngineText.cacheFallback(wanted ?? "~/.cache/patterns/lines", reason, folder))
    }

    // MARK: - Compiling

    /// A compiled line ready to run, or the compiler's diagnostics for it.
    enum Compiled {
        case ready(Entry)
        case rejected(String)
    }

    /// Compiles `source` (or takes it from a cache). Diagnostics are those in the learner's text (`repl:`), in the
    /// compiler's words and layout.
    ///
    /// `echo` makes, from the column of a warning that the line's value is unused, the source that shows that value
    /// (`LineSource.echoing`): a line that is an expression runs that way, as a REPL prints what it evaluates. Both are
    /// cached under the line's own source, so the choice is made once.
    func compile(_ source: String, echo: (([Int]) -> String?)? = nil) throws -> Compiled {
        let key = key(for: source)
        if let entry = loaded[key] { return .ready(entry) }
        if let diagnostics = rejected[key] { return .rejected(diagnostics) }
        let base = cacheDirectory + "/" + key
        if let entry = load(base + ".so") {
            loaded[key] = entry
            return .ready(entry)
        }
        if let diagnostics = Self.read(base + ".err") {
            rejected[key] = diagnostics
            return .rejected(diagnostics)
        }
        try makeDirectory(cacheDirectory)
        // This process's own files until the library is renamed into place: sessions side by side compiling the same
        // line never read or remove each other's.
        let sourcePath = base + ".\(getpid()).swift"
        guard Self.write(source, to: sourcePath) else { throw InternalError("cannot write '\(sourcePath)'") }
        defer { unlink(sourcePath) }
        let temporary = base + ".\(getpid()).so"
        func arguments(_ path: String, _ output: String) -> [String] {
            [swiftc, "-emit-library", "-swift-version", "6", "-diagnostic-style", "llvm",
             "-Onone", "-module-name", "PatternsLine_" + key, "-I", modules, "-I", exerciseDirectory, "-o", output, path]
        }
        let (status, output) = try runCompiler(arguments(sourcePath, temporary))
        if status == 0 {
            if let echo, case let columns = Self.unusedValueColumns(output), !columns.isEmpty, let echoed = echo(columns) {
                // The same line, its value shown. Should Swift refuse that form, the line runs as it was.
                let echoedPath = base + ".\(getpid()).echo.swift"
                let echoedLibrary = base + ".\(getpid()).echo.so"
                if Self.write(echoed, to: echoedPath), try runCompiler(arguments(echoedPath, echoedLibrary)).0 == 0 {
                    rename(echoedLibrary, temporary)
                }
                unlink(echoedPath)
                unlink(echoedLibrary)
            }
            rename(temporary, base + ".so")
            guard let entry = load(base + ".so") else { throw InternalError("cannot load the compiled line: \(Self.dlerrorText())") }
            loaded[key] = entry
            return .ready(entry)
        }
        unlink(temporary)
        let diagnostics = Self.learnerDiagnostics(output)
        guard !diagnostics.isEmpty else {
            throw InternalError("the compiler failed outside the line:\n" + output.split(separator: "\n").prefix(6).joined(separator: "\n"))
        }
        // Only the compiler's verdict on the source is kept: a failure of the moment (a module it could not read, a
        // full disk) is said this time and tried again next time.
        if Self.isVerdict(output) { _ = Self.write(diagnostics, to: base + ".err") }
        rejected[key] = diagnostics
        return .rejected(diagnostics)
    }

    /// A line's cache key: its generated source, and the compiler and the modules it was compiled with, so a
    /// library built by another compiler or against other modules is never loaded.
    func key(for source: String) -> String { Self.hash(identity + "\n" + source) }

    // MARK: - Exercise files

    /// Where compiled exercise files go: a library and a module per version of a file (the lines import it).
    var exerciseDirectory: String { cacheDirectory + "/exercises" }

    /// A learner's file (or a lesson's starter or solution) compiled into a module of its own, or the compiler's words.
    public enum ExerciseBuild: Equatable, Sendable {
        /// The module's name (`Exercise_…`), loaded into this process, and what the compiler warned about.
        case loaded(module: String, warnings: String)
        case rejected(String)
    }
    private var loadedExercises: [String: String] = [:]

    /// Compiles the Swift file at `path`, holding `text`, against `Patterns` into a library that this process loads,
    /// so that compiled lines can `@testable import` its types (a learner writes no `public`). Each version of a file is
    /// a module of its own, named by its hash: a changed file never meets the types of its earlier version.
    /// Diagnostics are swiftc's, naming the file and its lines.
    public func compileExercise(_ text: String, path: String) throws -> ExerciseBuild {
        let key = Self.hash(identity + "\n" + path + "\n" + text + "\n" + Self.outputShim)
        let module = "Exercise_" + key
        if let warnings = loadedExercises[module] { return .loaded(module: module, warnings: warnings) }
        let base = exerciseDirectory + "/" + module
        try makeDirectory(exerciseDirectory)
        if let diagnostics = Self.read(base + ".err") { return .rejected(diagnostics) }
        var warnings = Self.read(base + ".warnings") ?? ""
        if access(base + ".so", R_OK) != 0 || access(exerciseDirectory + "/" + module + ".swiftmodule", R_OK) != 0 {
            // `print` in the learner's file reaches the panes, as in a line: the module's own `print` shadows Swift's.
            let shim = exerciseDirectory + "/PlaygroundOutput.swift"
            if Self.read(shim) != Self.outputShim, !Self.write(Self.outputShim, to: shim) { throw InternalError("cannot write '\(shim)'") }
            let temporary = base + ".\(getpid()).so"
            let arguments = [swiftc, "-emit-library", "-emit-module", "-enable-testing", "-parse-as-library", "-swift-version", "6",
                             "-diagnostic-style", "llvm", "-Onone", "-module-name", module, "-I", modules,
                             "-emit-module-path", exerciseDirectory + "/" + module + ".swiftmodule", "-o", temporary, path, shim]
            let (status, output) = try runCompiler(arguments)
            let trimmed = Self.trimmedDiagnostics(output)
            guard status == 0 else {
                unlink(temporary)
                guard trimmed.contains(": error: ") || trimmed.hasPrefix("error: ") else {
                    throw InternalError("the compiler failed on '\(path)':\n" + output.split(separator: "\n").prefix(6).joined(separator: "\n"))
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

    /// Compiled into every exercise module beside the learner's file: what it prints goes where compiled lines'
    /// prints go.
    static let outputShim = PrintShim.exerciseFile

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

    /// The columns of swiftc's warnings that a value in the line is unused (`repl:1:25: warning: result of call to
    /// 'contains(_:)' is unused`), in UTF-8 bytes from 1.
    static func unusedValueColumns(_ output: String) -> [Int] {
        var columns: [Int] = []
        for line in output.split(separator: "\n") where line.hasPrefix(LineSource.file + ":1:") {
            guard let range = line.firstRange(of: ": warning: "), line[range.upperBound...].contains(" is unused") else { continue }
            let place = line[..<range.lowerBound].split(separator: ":")
            if place.count == 3, let column = Int(place[2]) { columns.append(column) }
        }
        return columns
    }

    /// The errors located in the learner's text, each with the source line and caret swiftc prints after it, and the
    /// notes that follow them; those in the generated code around it (notes on the playground's declarations) and
    /// warnings (about the code the playground puts around the line, or a value a REPL shows) are left out.
    static func learnerDiagnostics(_ output: String) -> String {
        var kept: [Substring] = []
        var keeping = false
        var afterError = false
        var skipCaret = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let range = line.firstRange(of: ": error: ") ?? line.firstRange(of: ": note: ") ?? line.firstRange(of: ": warning: "),
               !line[..<range.lowerBound].contains(" ") {
                let kind = line[range]
                if kind == ": error: " { afterError = true } else if kind == ": warning: " { afterError = false }
                keeping = line.hasPrefix(LineSource.file + ":") && afterError
            } else if line.hasPrefix("error: ") || line.hasPrefix("<unknown>:") {
                keeping = false
            }
            // An error at the end of the line (`1 +`) is placed on the line after it: the playground's own, which is
            // not quoted.
            if line == "#sourceLocation()" { skipCaret = true; continue }
            if skipCaret { skipCaret = false; if line.allSatisfy({ $0 == " " || $0 == "^" || $0 == "~" }) { continue } }
            if keeping { kept.append(line) }
        }
        while kept.last?.isEmpty == true { kept.removeLast() }
        if kept.isEmpty {
            // An error Swift places outside the line (a brace it leaves open or closes too often): its words, without
            // the generated file's place.
            for line in output.split(separator: "\n") {
                guard let range = line.firstRange(of: ": error: "), !line[..<range.lowerBound].contains(" ") else { continue }
                let message = "error: " + line[range.upperBound...]
                if !kept.contains(message[...]) { kept.append(message[...]) }
            }
            // The brace is what the learner can fix: its error first, as the compiler gives it for a file of its own.
            let braces = kept.filter { $0.contains("'}'") }
            kept = braces + kept.filter { !$0.contains("'}'") }
        }
        return kept.joined(separator: "\n")
    }

    private func load(_ path: String) -> Entry? {
        guard access(path, R_OK) == 0, let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL),
              let symbol = dlsym(handle, LineSource.entryPoint) else { return nil }
        return unsafeBitCast(symbol, to: Entry.self)
    }

    // MARK: - Running

    /// Runs the line in this process, on the live objects.
    func run(_ entry: Entry, _ context: LineContext) {
        entry(Unmanaged.passUnretained(context).toOpaque())
    }

    // MARK: - Helpers

    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// FNV-1a, 64 bits, as 16 hex digits.
    static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func dlerrorText() -> String { dlerror().map { String(cString: $0) } ?? "?" }

    func makeDirectory(_ path: String) throws(InternalError) { try Self.makeDirectory(path, mode: 0o700) }

    /// A folder and its parents, as `mkdir -p` makes them (new ones with `mode`).
    static func makeDirectory(_ path: String, mode: mode_t) throws(InternalError) {
        var built = ""
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, mode) != 0 && errno != EEXIST { throw InternalError("cannot make the folder '\(built)'") }
        }
    }

    static func read(_ path: String) -> String? {
        // A cache entry that is not a regular file (a named pipe would block the open, /dev/zero never ends) is no entry.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) -> Bool {
        let temporary = path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return false }
        var text = text
        let ok = text.withUTF8 { Glibc.write(fd, $0.baseAddress, $0.count) == $0.count }
        close(fd)
        return ok && rename(temporary, path) == 0
    }

    /// Runs the compiler under its time limit, Ctrl-C and the line's phases.
    func runCompiler(_ arguments: [String]) throws -> (Int32, String) {
        let ended = Subprocess.run(arguments, limit: compileTimeLimit, interrupted: interrupted) { [onPhase] group in
            onPhase?(.compiling(group: group))
        }
        onPhase?(.running)
        switch ended {
        case .exited(let status, let output): return (status, output)
        case .timedOut: throw LineStopped(stop: .compilerTimedOut(seconds: compileTimeLimit))
        case .interrupted: throw LineStopped(stop: .interrupted)
        case .failed(let why): throw InternalError(why)
        }
    }

    /// Whether swiftc's output is its verdict on the source (every error placed in a file it read), not a failure
    /// of the moment (`error: error opening input file`, `<unknown>:0: error: …`), which is never cached.
    static func isVerdict(_ output: String) -> Bool {
        !output.split(separator: "\n").contains { $0.hasPrefix("error: ") || $0.hasPrefix("<unknown>:") }
    }
}
