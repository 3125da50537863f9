/// Code and commands wrapped to a width without splitting a token.
extension DisplayWidth {
    /// Wraps a line of Swift (or a command) without splitting a token: breaks only between tokens outside string
    /// literals (at a space, after a comma, before the `.` of a chained call), and indents continuation lines four
    /// columns past the line's own indent. A token wider than the line stays whole and overflows: copied back, the
    /// code still compiles.
    public static func wrapCode(_ line: String, width: Int) -> [String] {
        guard width > 0, of(line) > width else { return [line] }
        var line = line
        return line.withUTF8 { wrapCode(bytes: $0, width: width) }
    }

    /// The work of ``wrapCode(_:width:)`` on the UTF-8 bytes: every place a break may go is next to an ASCII byte
    /// (a space, a quote, a `.` after `)` or `}`), so pieces are byte ranges, and a piece of printable ASCII is as
    /// wide as its byte count.
    private static func wrapCode(bytes: UnsafeBufferPointer<UInt8>, width: Int) -> [String] {
        let space: UInt8 = 0x20
        let indent = bytes.prefix { $0 == space }.count
        let continuation = min(indent + 4, width / 2)
        // Pieces that end where a break may go, as the byte offsets where they end.
        var ends: [Int] = []
        var inString = false, escaped = false
        var previous = space
        var at = indent
        // Where a `//` comment starts: a comment broken in two goes on after another `//`, never as code.
        var commentStart: Int?
        let slash = UInt8(ascii: "/")
        while at < bytes.count {
            let c = bytes[at]
            if commentStart == nil, !inString, c == slash, at + 1 < bytes.count, bytes[at + 1] == slash {
                commentStart = at
            }
            if commentStart != nil {
                if c == space { ends.append(at + 1) }
            } else if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                let pieceStart = ends.last ?? indent
                if c == UInt8(ascii: "."), previous == UInt8(ascii: ")") || previous == UInt8(ascii: "}"),
                    at > pieceStart
                {
                    ends.append(at)
                }
                if c == UInt8(ascii: "\"") { inString = true }
                if c == space { ends.append(at + 1) }
            }
            previous = c
            at += 1
        }
        if (ends.last ?? indent) < bytes.count { ends.append(bytes.count) }
        var lines: [String] = []
        // The line being filled, as bytes; made a String (without its trailing spaces) when it is full.
        var now: [UInt8] = Array(repeating: space, count: indent)
        now.reserveCapacity(width * 4)
        func finish() {
            var end = now.count
            while end > 0, now[end - 1] == space { end -= 1 }
            lines.append(String(decoding: now[..<end], as: UTF8.self))
        }
        // Widths kept as the line grows: the line's width, and how much of it is trailing spaces.
        var nowWidth = indent, nowTrailing = indent
        var nowHasCode = false
        var start = indent
        for end in ends {
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let inComment = commentStart.map { start > $0 } ?? false
            let mark: [UInt8] = inComment ? Array("// ".utf8) : []
            start = end
            let ascii = !piece.contains { $0 < 0x20 || $0 >= 0x7F }
            let pieceWidth = ascii ? piece.count : of(String(decoding: piece, as: UTF8.self))
            let leading = piece.prefix { $0 == space }.count
            let allSpaces = leading == piece.count
            let trailing = allSpaces ? pieceWidth : piece.reversed().prefix { $0 == space }.count
            // Trimmed widths: the line with the piece, and the piece alone on a continuation line.
            let candidate = allSpaces ? nowWidth - nowTrailing : nowWidth + pieceWidth - trailing
            let alone = allSpaces ? 0 : continuation + mark.count + pieceWidth - leading - trailing
            // Break only when the piece then fits on its own line: a piece too wide anyway stays where it is.
            if nowHasCode && candidate > width && alone <= width {
                finish()
                now.removeAll(keepingCapacity: true)
                now.append(contentsOf: repeatElement(space, count: continuation))
                now.append(contentsOf: mark)
                now.append(contentsOf: piece.dropFirst(leading))
                nowWidth = continuation + mark.count + pieceWidth - leading
                nowTrailing = allSpaces ? continuation : trailing
            } else {
                now.append(contentsOf: piece)
                nowWidth += pieceWidth
                nowTrailing = allSpaces ? nowTrailing + pieceWidth : trailing
            }
            nowHasCode = true
        }
        if now.contains(where: { $0 != space }) { finish() }
        return lines
    }
}

extension DisplayWidth {
    /// A command to copy (a "Try:" line): broken between tokens like code, each piece but the last ending in ` \`,
    /// the line continuation the REPL joins back into one command when the lines are pasted.
    public static func wrapCommand(_ line: String, width: Int) -> [String] {
        guard width > 2, of(line) > width else { return [line] }
        let pieces = wrapCode(line, width: width - 2)
        return pieces.enumerated().map { index, piece in index < pieces.count - 1 ? piece + " \\" : piece }
    }

    /// A line that continues on the next one (it ends in a backslash after the text), and its text without the mark.
    public static func continuation(_ line: String) -> String? {
        var text = Substring(line)
        while text.last == " " { text.removeLast() }
        guard text.last == "\\", text.dropLast().last != "\\" else { return nil }
        return String(text.dropLast())
    }
}
