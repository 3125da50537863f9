import ArgumentParser
import FoundationEssentials
import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// `patterns class serve`: runs the class server, a separate program (`patterns-class`, next to this one) so that
/// the learner's build never compiles a server.
struct ClassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class",
        abstract: "Run a live class: 'patterns class serve [--port 7070] [--host 127.0.0.1] [--data DIR]'.",
        discussion: "The server is the program patterns-class; build it with 'swift build --product patterns-class'."
    )

    @Argument(parsing: .captureForPassthrough, help: "serve, and its options (see 'patterns-class serve --help').")
    var arguments: [String] = []

    func run() throws {
        let lang = Lang.detect(flag: nil, environment: ProcessInfo.processInfo.environment)
        let server = Self.serverPath()
        guard access(server, X_OK) == 0 else {
            Output.error(CoreText.error.text(lang, ClassText.serverBinaryMissing.text(lang, server)))
            throw ExitCode(1)
        }
        let argv = [server] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(server, &cArguments)
        let reason = String(
            decoding: Array(UnsafeBufferPointer(start: strerror(errno), count: Int(strlen(strerror(errno))))).map {
                UInt8(bitPattern: $0)
            }, as: UTF8.self)
        Output.error("error: cannot run '\(server)': \(reason)")
        throw ExitCode(1)
    }

    /// `patterns-class` in the folder of this executable (`PATTERNS_CLASS_SERVER` overrides it).
    static func serverPath() -> String {
        if let path = ProcessInfo.processInfo.environment["PATTERNS_CLASS_SERVER"], !path.isEmpty { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me =
            n > 0
            ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let folder = me.contains("/") ? String(me[..<me.lastIndex(of: "/")!]) : "."
        return folder + "/patterns-class"
    }
}
