import PlaygroundBridge

#if canImport(Glibc)
import Glibc
#endif

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
    /// The language mode lines and files are judged in: swiftc's default (Swift 5) unless the user asks
    /// (`--swift-version 6`).
    public var languageMode: LanguageMode = .swift5

    public enum LanguageMode: String, CaseIterable, Sendable {
        case swift5 = "5"
        case swift6 = "6"
    }

    typealias Entry = @convention(c) (UnsafeMutableRawPointer) -> Void
    private var loaded: [String: Entry] = [:]
    private var rejected: [String: String] = [:]
    /// Exercise modules loaded into this process, and the compiler's warnings for each.
    var loadedExercises: [String: String] = [:]

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
            guard
                let found = (environment["PATH"] ?? "").split(separator: ":").map({ String($0) + "/swiftc" })
                    .first(where: { access($0, X_OK) == 0 })
            else { return .failure(.noCompiler) }
            swiftc = found
        }
        // One Swift runtime for the playground and its lines: the shared one, loaded by a dynamically linked build.
        guard dlopen("libswiftCore.so", RTLD_NOW | RTLD_NOLOAD) != nil else { return .failure(.staticRuntime) }
        guard let executable = realpath("/proc/self/exe", nil) else { return .failure(.noModules("?")) }
        let exePath = String(cString: executable)
        free(executable)
        let modules = String(exePath[..<(exePath.lastIndex(of: "/") ?? exePath.endIndex)]) + "/Modules"
        var identity = swiftc
        // Patterns loads the call record's module (CallRecording), which lines may not import but need beside it.
        for file in ["Patterns.swiftmodule", "PlaygroundBridge.swiftmodule", "CallRecording.swiftmodule"] {
            var info = stat()
            guard stat(modules + "/" + file, &info) == 0 else { return .failure(.noModules(modules)) }
            identity += "|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        var info = stat()
        if stat(exePath, &info) == 0 { identity += "|\(info.st_mtim.tv_sec)" }
        // A library's references to Patterns and the bridge resolve to this process's own definitions.
        guard let me = dlopen(nil, RTLD_NOW), dlsym(me, "$s16PlaygroundBridge11LineContextCMa") != nil,
            dlsym(me, "$s8Patterns16HamburgerBuilderCMa") != nil
        else { return .failure(.notExported) }
        let cacheHome =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
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
        /// The line's library, and what swiftc warns about the learner's own text.
        case ready(Entry, warnings: String)
        case rejected(String)
    }

    /// Compiles `source` (or takes it from a cache). Diagnostics are those in the learner's text (`repl:`), in the
    /// compiler's words and layout.
    ///
    /// A source that also holds the line's shown copy (`LineSource.make`) runs that copy when swiftc warns that a
    /// value is unused at a place `shows` accepts (the last statement): what a REPL prints, decided in the same run
    /// and cached with the library. Should only that copy fail, `withoutShown` is compiled instead.
    func compile(
        _ source: String, withoutShown: String? = nil, shows: ((Int, Int) -> Bool)? = nil,
        topLevel names: Set<String> = []
    ) throws -> Compiled {
        let key = key(for: source)
        let base = cacheDirectory + "/" + key
        if let entry = loaded[key] { return .ready(entry, warnings: Self.read(base + ".warnings") ?? "") }
        if let diagnostics = rejected[key] { return .rejected(diagnostics) }
        if let entry = load(base + ".so", shown: access(base + ".shown", F_OK) == 0) {
            loaded[key] = entry
            return .ready(entry, warnings: Self.read(base + ".warnings") ?? "")
        }
        if let diagnostics = Self.read(base + ".err") {
            if diagnostics == Self.onlyTheShownCopyFailed, let withoutShown {
                return try compile(withoutShown, topLevel: names)
            }
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
        let (status, output) = try runCompiler([
            swiftc, "-emit-library", "-swift-version", languageMode.rawValue, "-diagnostic-style", "llvm", "-Onone",
            "-module-name", "PatternsLine_" + key, "-I", modules, "-I", exerciseDirectory, "-o", temporary, sourcePath,
        ])
        if status == 0 {
            let unused = Self.unusedValuePlaces(output).filter { shows?($0.line, $0.column) == true }
            let shown = withoutShown != nil && !unused.isEmpty
            // The value a REPL shows is no warning.
            let warnings = Self.learnerWarnings(
                output, leavingOut: shown ? Set(unused.map { "\($0.line):\($0.column)" }) : [], topLevel: names)
            _ = Self.write(warnings, to: base + ".warnings")
            if shown { _ = Self.write("", to: base + ".shown") } else { unlink(base + ".shown") }
            rename(temporary, base + ".so")
            guard let entry = load(base + ".so", shown: shown) else {
                throw InternalError("cannot load the compiled line: \(Self.dlerrorText())")
            }
            loaded[key] = entry
            return .ready(entry, warnings: warnings)
        }
        unlink(temporary)
        let diagnostics = Self.learnerDiagnostics(output)
        if let withoutShown, !diagnostics.hasPrefix(LineSource.file + ":"),
            output.contains("\n" + LineSource.shownFile + ":") || output.hasPrefix(LineSource.shownFile + ":"),
            !output.contains("\n" + LineSource.file + ":")
        {
            if Self.isVerdict(output) { _ = Self.write(Self.onlyTheShownCopyFailed, to: base + ".err") }
            return try compile(withoutShown, topLevel: names)
        }
        guard !diagnostics.isEmpty else {
            throw InternalError(
                "the compiler failed outside the line:\n"
                    + output.split(separator: "\n").prefix(6).joined(separator: "\n"))
        }
        // Only the compiler's verdict on the source is kept: a failure of the moment (a module it could not read, a
        // full disk) is said this time and tried again next time.
        if Self.isVerdict(output) { _ = Self.write(diagnostics, to: base + ".err") }
        rejected[key] = diagnostics
        return .rejected(diagnostics)
    }

    /// What the cache keeps for a source whose shown copy alone Swift refused: the line is compiled without it.
    static let onlyTheShownCopyFailed = "(only the shown copy failed)"

    /// A line's cache key: its generated source, and the compiler and the modules it was compiled with, so a
    /// library built by another compiler or against other modules is never loaded.
    func key(for source: String) -> String { Self.hash(identity + "|" + languageMode.rawValue + "\n" + source) }

    /// Compiled into every exercise module beside the learner's file: what it prints goes where compiled lines'
    /// prints go.
    static let outputShim = PrintShim.exerciseFile

    private func load(_ path: String, shown: Bool = false) -> Entry? {
        guard access(path, R_OK) == 0, let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL),
            let symbol = dlsym(handle, shown ? LineSource.shownEntryPoint : LineSource.entryPoint)
        else { return nil }
        return unsafeBitCast(symbol, to: Entry.self)
    }

    // MARK: - Running

    /// Runs the line in this process, on the live objects.
    func run(_ entry: Entry, _ context: LineContext) {
        entry(Unmanaged.passUnretained(context).toOpaque())
        // A process the line's code forked, back from it: it ends here, before it could answer as the session.
        Processes.endIfForeign()
    }

    // MARK: - Helpers

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
        // A cache entry that is not a regular file (a named pipe would block the open, /dev/zero never ends) is no
        // entry.
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

}
