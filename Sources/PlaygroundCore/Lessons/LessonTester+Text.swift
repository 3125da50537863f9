/// How the lesson tester reads and rewrites transcript text.
extension LessonTester {
    static func fieldList(_ known: Set<String>, near key: String) -> String {
        let near = Suggest.closest(to: key, in: known.sorted()).map { "did you mean '\($0)'? " } ?? ""
        let object = key.split(separator: ".").first.map(String.init) ?? key
        let same = known.filter { $0.hasPrefix(object + ".") }.sorted()
        return near + "fields: " + (same.isEmpty ? known.sorted() : same).joined(separator: ", ")
    }

    /// A line that reports an error or a trap, in either language.
    static func isError(_ line: String) -> Bool {
        line.hasPrefix("error: ") || line.hasPrefix("오류: ") || line.hasPrefix("Fatal error: ")
            || isCompilerDiagnostic(line)
    }

    /// `repl:1:9: error: …`: the Swift compiler's diagnostic for a line.
    static func isCompilerDiagnostic(_ line: String) -> Bool {
        line.hasPrefix(LineSource.file + ":") && line.contains(": error: ")
    }

    /// Output lines with trailing spaces and trailing empty lines removed.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var s = Substring(line)
            while s.last == " " { s.removeLast() }
            return String(s)
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    static func rewrite(_ source: String, _ replacements: [(open: Int, close: Int, lines: [String])]) -> String {
        // The same line splitting as the parser, or the line numbers would not agree (found by fuzzing: CRLF files).
        var lines = source.lines.map(String.init)
        for replacement in replacements.sorted(by: { $0.open > $1.open }) {
            // Lines between the fences (1-based open..close) are replaced.
            // New lines keep the file's line endings (the split keeps a CRLF file's "\r" on every old line).
            let ending = lines[replacement.open - 1].hasSuffix("\r") ? "\r" : ""
            lines.replaceSubrange(
                replacement.open..<(replacement.close - 1), with: replacement.lines.map { $0 + ending })
        }
        return lines.joined(separator: "\n")
    }
}
