#if canImport(Glibc)
import Glibc
#endif

/// What swiftc prints, read: the learner's diagnostics and warnings, whether an answer is a verdict on the source;
/// and the compiler run under the line's limits.
extension LineCompiler {
    /// The places (line and column of the learner's text) of swiftc's warnings that a value is unused
    /// (`repl:1:25: warning: result of call to 'contains(_:)' is unused`), columns in UTF-8 bytes from 1.
    static func unusedValuePlaces(_ output: String) -> [(line: Int, column: Int)] {
        var places: [(line: Int, column: Int)] = []
        for line in output.split(separator: "\n") where line.hasPrefix(LineSource.file + ":") {
            guard let range = line.firstRange(of: ": warning: "), line[range.upperBound...].contains(" is unused")
            else { continue }
            let place = line[..<range.lowerBound].split(separator: ":")
            if place.count == 3, let row = Int(place[1]), let column = Int(place[2]) {
                places.append((row, column))
            }
        }
        return places
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
            if let range = line.firstRange(of: ": error: ") ?? line.firstRange(of: ": note: ")
                ?? line.firstRange(of: ": warning: "),
                !line[..<range.lowerBound].contains(" ")
            {
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
            if keeping { kept.append(Self.topLevelReturn(line)) }
        }
        while kept.last?.isEmpty == true { kept.removeLast() }
        Self.placeReturnsAtTheirKeyword(&kept)
        if kept.isEmpty {
            // An error Swift places outside the line (a brace it leaves open or closes too often): its words, without
            // the generated file's place.
            for line in output.split(separator: "\n") {
                guard let range = line.firstRange(of: ": error: "), !line[..<range.lowerBound].contains(" ") else {
                    continue
                }
                let message = "error: " + line[range.upperBound...]
                if !kept.contains(message[...]) { kept.append(message[...]) }
            }
            // The brace is what the learner can fix, and all the compiler says of a file of its own with that brace:
            // what follows from it is about the playground's code after it.
            let braces = kept.filter { $0.contains("'}'") }
            if !braces.isEmpty { kept = braces }
        }
        return kept.joined(separator: "\n")
    }

    /// swiftc's warnings about the learner's own text, each with its source line, caret and notes, as swiftc prints
    /// them; those that only the function around the line earns (a top-level variable is storage, never "never
    /// mutated" or "never used") and those about the playground's code are left out.
    ///
    /// `own`: the names the learner declared at the prompt. Each line of declarations is a module of its own, so a
    /// conformance of the learner's type, or to the learner's protocol, joins two imported declarations; in one file
    /// they are the learner's own and swiftc says nothing of it.
    static func learnerWarnings(
        _ output: String, leavingOut places: Set<String> = [], topLevel names: Set<String>? = nil,
        own: Set<String> = []
    ) -> String {
        var blocks: [[Substring]] = []
        var keeping = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let range = line.firstRange(of: ": error: ") ?? line.firstRange(of: ": note: ")
                ?? line.firstRange(of: ": warning: "),
                !line[..<range.lowerBound].contains(" ")
            {
                if line[range] == ": warning: " {
                    let message = line[range.upperBound...]
                    let place = line[..<range.lowerBound].dropFirst(LineSource.file.count + 1)
                    keeping =
                        line.hasPrefix(LineSource.file + ":") && !places.contains(String(place))
                        && !isFunctionBodyWarning(message, topLevel: names) && !joinsOwn(message, own: own)
                    if keeping { blocks.append([]) }
                } else if line[range] == ": error: " {
                    keeping = false
                }
            } else if line.hasPrefix("error: ") || line.hasPrefix("warning: ") || line.hasPrefix("<unknown>:")
                || line == "#sourceLocation()"
            {
                keeping = false
            }
            if keeping { blocks[blocks.count - 1].append(line) }
        }
        // A module's warnings come from two jobs of the driver (its interface and its code): each is said once.
        var said: [[Substring]] = []
        for block in blocks where !said.contains(block) { said.append(block) }
        var kept = said.flatMap { $0 }
        while kept.last?.isEmpty == true { kept.removeLast() }
        return kept.joined(separator: "\n")
    }

    /// A warning only the function around the line earns: about a variable the line declares at its top level
    /// (`names`; nil: any), which top-level code would make a global.
    static func isFunctionBodyWarning(_ message: Substring, topLevel names: Set<String>?) -> Bool {
        if message.contains("switch condition evaluates to a constant") { return true }
        guard functionBodyWarnings.contains(where: { message.contains($0) }) else { return false }
        guard let names else { return true }
        let quoted = message.split(separator: "'", omittingEmptySubsequences: false)
        return quoted.count > 2 && names.contains(String(quoted[1]))
    }

    /// A file's diagnostics without the warnings (each with its lines and notes) that a conformance joins an imported
    /// type and protocol when one of them is the learner's (see `joinsOwn`).
    static func withoutOwnConformanceWarnings(_ diagnostics: String, own: Set<String>) -> String {
        var kept: [Substring] = []
        var dropping = false
        for line in diagnostics.split(separator: "\n", omittingEmptySubsequences: false) {
            if let range = line.firstRange(of: ": warning: ") ?? line.firstRange(of: ": error: "),
                !line[..<range.lowerBound].contains(" ")
            {
                dropping = line[range] == ": warning: " && joinsOwn(line[range.upperBound...], own: own)
            }
            if !dropping { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }

    /// Whether a warning is that a conformance joins an imported type and an imported protocol when one of them is the
    /// learner's (a type of a declaration module, or a name declared at the prompt).
    static func joinsOwn(_ message: Substring, own: Set<String>) -> Bool {
        guard message.hasPrefix("extension declares a conformance of imported type '") else { return false }
        let quoted = message.split(separator: "'", omittingEmptySubsequences: false)
        guard quoted.count > 5 else { return false }
        return own.contains(String(quoted[1])) || own.contains(String(quoted[3])) || quoted[5].hasPrefix("Exercise_")
    }

    /// What swiftc says of a local variable that it never says of a top-level one.
    static let functionBodyWarnings = [
        "was never mutated; consider changing to 'let' constant",
        "was never used; consider replacing with '_' or removing it",
        "was written to, but never read",
        // A local constant is folded; a top-level one is a global, never.
        "switch condition evaluates to a constant",
    ]

    /// A `return` in the line's own code meets the playground's `TopLevelCode`: said as swiftc says it of top-level
    /// code, at the same place.
    static func topLevelReturn(_ line: Substring) -> Substring {
        guard line.hasPrefix(LineSource.file + ":"), let range = line.firstRange(of: ": error: "),
            line.hasSuffix("non-void function should return a value")
                || line.hasSuffix("to return type '__PlaygroundBridge.TopLevelCode' (aka 'TopLevelCode')")
        else { return line }
        return Substring(line[..<range.upperBound] + "return invalid outside of a func")
    }

    /// swiftc places "return invalid outside of a func" at the `return`, where the playground's function placed its
    /// own words on the value returned (`return 5`: column 1, not 8): each such error, its quoted line and caret, moved
    /// to the last `return` before that place.
    static func placeReturnsAtTheirKeyword(_ kept: inout [Substring]) {
        for index in kept.indices where index + 2 < kept.count {
            let error = kept[index]
            guard error.hasSuffix(": error: return invalid outside of a func"),
                let range = error.firstRange(of: ": error: ")
            else { continue }
            let place = error[..<range.lowerBound].split(separator: ":")
            let source = Array(kept[index + 1].utf8)
            guard place.count == 3, let column = Int(place[2]), column <= source.count + 1,
                kept[index + 2].allSatisfy({ $0 == " " || $0 == "^" || $0 == "~" })
            else { continue }
            let keyword = Array("return".utf8)
            let found = (0..<max(0, column - 1)).reversed().first { start in
                start + keyword.count <= source.count && Array(source[start..<(start + keyword.count)]) == keyword
                    && (start == 0 || !Self.isWordByte(source[start - 1]))
                    && (start + keyword.count == source.count || !Self.isWordByte(source[start + keyword.count]))
            }
            guard let start = found else { continue }
            kept[index] = Substring("\(place[0]):\(place[1]):\(start + 1)" + error[range.lowerBound...])
            kept[index + 2] = Substring(String(repeating: " ", count: start) + "^")
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    /// Runs the compiler under its time limit, Ctrl-C and the line's phases.
    func runCompiler(_ arguments: [String]) throws -> (Int32, String) {
        // The compiler's own module cache (clang's, `${XDG_CACHE_HOME}/clang/ModuleCache` by default) lives beside
        // the line cache, so it follows that cache's fallback when the user's cache folder cannot be written.
        let arguments = arguments + ["-module-cache-path", cacheDirectory + "/module-cache"]
        let ended = Subprocess.run(arguments, limit: compileTimeLimit, interrupted: interrupted) { [onPhase] group in
            onPhase?(.compiling(group: group))
        }
        onPhase?(.running)
        switch ended {
        case .exited(let end, let output): return (end.shellStatus, output)
        case .timedOut: throw LineStopped(stop: .compilerTimedOut(seconds: compileTimeLimit))
        case .interrupted: throw LineStopped(stop: .interrupted)
        case .failed(let why): throw InternalError(why)
        }
    }

    /// Whether swiftc's output is its verdict on the source (every error placed in a file it read), not a failure
    /// of the moment (`error: error opening input file`, `<unknown>:0: error: …`), which is never cached. A module it
    /// could not find is of the moment too: the playground's own (a step's `Exercise_…`, whose files a learner's line
    /// can delete) would otherwise be refused in every later session that reads the cache.
    static func isVerdict(_ output: String) -> Bool {
        !output.split(separator: "\n").contains {
            $0.hasPrefix("error: ") || $0.hasPrefix("<unknown>:") || $0.contains(": error: no such module '")
        }
    }
}
