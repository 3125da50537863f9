#if canImport(Glibc)
import Glibc
#endif

/// What swiftc prints, read: the learner's diagnostics, the columns of values a REPL shows, whether an answer is a
/// verdict on the source; and the compiler run under the line's limits.
extension LineCompiler {
    /// The columns of swiftc's warnings that a value in the line is unused (`repl:1:25: warning: result of call to
    /// 'contains(_:)' is unused`), in UTF-8 bytes from 1.
    static func unusedValueColumns(_ output: String) -> [Int] {
        var columns: [Int] = []
        for line in output.split(separator: "\n") where line.hasPrefix(LineSource.file + ":1:") {
            guard let range = line.firstRange(of: ": warning: "), line[range.upperBound...].contains(" is unused")
            else { continue }
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
            if keeping { kept.append(line) }
        }
        while kept.last?.isEmpty == true { kept.removeLast() }
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
            // The brace is what the learner can fix: its error first, as the compiler gives it for a file of its own.
            let braces = kept.filter { $0.contains("'}'") }
            kept = braces + kept.filter { !$0.contains("'}'") }
        }
        return kept.joined(separator: "\n")
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
