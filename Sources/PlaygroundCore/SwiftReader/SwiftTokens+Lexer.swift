extension SwiftTokens {
    /// Reads the bytes into tokens. Code, strings and interpolations nest: the frames say where the lexer is.
    struct Lexer {
        enum Frame {
            /// Inside a string's text: multi-line or not, and the number of `#` around it.
            case string(multiLine: Bool, hashes: Int)
            /// Inside `\( … )`: the parentheses opened in it and not yet closed.
            case interpolation(parentheses: Int)
        }

        let bytes: [UInt8]
        var index = 0
        var frames: [Frame] = []
        var tokens: [Token] = []
        var openComment = false
        var openMultiLineString = false
        var unterminatedString = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
            tokens.reserveCapacity(bytes.count / 3 + 4)
        }

        func at(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        mutating func emit(_ kind: Token.Kind, from start: Int) {
            tokens.append(Token(kind: kind, start: start, end: index))
        }

        mutating func run() {
            while index < bytes.count {
                if case .string(let multiLine, let hashes)? = frames.last {
                    string(multiLine: multiLine, hashes: hashes)
                } else {
                    code()
                }
            }
            if case .string(let multiLine, _)? = frames.last {
                if multiLine { openMultiLineString = true } else { unterminatedString = true }
            }
        }

        /// One token of code (or a blank, or a comment).
        mutating func code() {
            let start = index
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C, 0x00:
                index += 1
            case 0x0A:
                index += 1
                emit(.newline, from: start)
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                blockComment()
            case UInt8(ascii: "\""):
                openString(hashes: 0)
            case UInt8(ascii: "#"):
                var hashes = 0
                while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if at(hashes) == UInt8(ascii: "\"") {
                    openString(hashes: hashes)
                } else if let next = at(1), isIdentifierHead(next) {
                    index += 1
                    identifierBody()
                    emit(.pound, from: start)
                } else {
                    index += 1
                    emit(.punctuation, from: start)
                }
            case UInt8(ascii: "@"):
                index += 1
                if let next = at(0), isIdentifierHead(next) {
                    identifierBody()
                    emit(.attribute, from: start)
                } else {
                    emit(.punctuation, from: start)
                }
            case UInt8(ascii: "("):
                if case .interpolation(let open)? = frames.last {
                    frames[frames.count - 1] = .interpolation(parentheses: open + 1)
                }
                index += 1
                emit(.punctuation, from: start)
            case UInt8(ascii: ")"):
                index += 1
                if case .interpolation(let open)? = frames.last {
                    if open == 0 {
                        frames.removeLast()
                        emit(.interpolationClose, from: start)
                        return
                    }
                    frames[frames.count - 1] = .interpolation(parentheses: open - 1)
                }
                emit(.punctuation, from: start)
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","),
                UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "\\"):
                index += 1
                emit(.punctuation, from: start)
            case UInt8(ascii: "`"):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != 0x0A { index += 1 }
                if at(0) == UInt8(ascii: "`") { index += 1 }
                emit(.identifier, from: start)
            case UInt8(ascii: "."):
                if at(1) == UInt8(ascii: ".") {
                    while let next = at(0), next == UInt8(ascii: ".") || isOperatorByte(next) {
                        // A comment ends an operator.
                        if next == UInt8(ascii: "/"), at(1) == UInt8(ascii: "/") || at(1) == UInt8(ascii: "*") { break }
                        index += 1
                    }
                    emit(.operator, from: start)
                } else {
                    index += 1
                    emit(.punctuation, from: start)
                }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number()
                emit(.number, from: start)
            default:
                if isOperatorByte(byte) {
                    index += 1
                    while let next = at(0), isOperatorByte(next) {
                        // A comment ends an operator.
                        if next == UInt8(ascii: "/"), at(1) == UInt8(ascii: "/") || at(1) == UInt8(ascii: "*") { break }
                        index += 1
                    }
                    emit(.operator, from: start)
                } else {
                    // A name: ASCII letters, `_`, `$`, digits after the first, and any non-ASCII scalar.
                    index += 1
                    identifierBody()
                    emit(.identifier, from: start)
                }
            }
        }

        func isIdentifierHead(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == UInt8(ascii: "$") || b >= 0x80
        }

        func isOperatorByte(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
                UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
                UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
                return true
            default: return false
            }
        }

        mutating func identifierBody() {
            while let b = at(0), isIdentifierHead(b) || (b >= 0x30 && b <= 0x39) { index += 1 }
        }

        /// `42`, `1_000`, `2.5`, `0x1F`, `1e-3`, `0x1p-4`; not the `.` of `1...5`, nor that of `t.0.1` (after a `.`
        /// a number is a tuple index, and its own `.` is the next access).
        mutating func number() {
            let start = index
            let afterDot = tokens.last.map { $0.end == start && bytes[$0.start] == UInt8(ascii: ".") } ?? false
            let hex = at(0) == UInt8(ascii: "0") && at(1).map { $0 | 0x20 == UInt8(ascii: "x") } == true
            let exponent = hex ? UInt8(ascii: "p") : UInt8(ascii: "e")
            while let b = at(0) {
                if (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x5F {
                    index += 1
                } else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-"), bytes[index - 1] | 0x20 == exponent,
                    let next = at(1), next >= 0x30 && next <= 0x39
                {
                    index += 1
                } else if b == UInt8(ascii: "."), !afterDot, let next = at(1),
                    (next >= 0x30 && next <= 0x39) || (hex && isHexDigit(next))
                {
                    index += 1
                } else {
                    return
                }
            }
        }

        func isHexDigit(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66)
        }

        /// `/* … */`, nested; a line end inside it is a line end of the code.
        mutating func blockComment() {
            let start = index
            var depth = 0
            var sawLineEnd = false
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { break }
                } else {
                    if bytes[index] == 0x0A { sawLineEnd = true }
                    index += 1
                }
            }
            if depth > 0 { openComment = true }
            if sawLineEnd { tokens.append(Token(kind: .newline, start: start, end: index)) }
        }

        /// The opening delimiter of a string: `"`, `"""`, `#"`, `##"""`…
        mutating func openString(hashes: Int) {
            let start = index
            index += hashes
            let multiLine = at(0) == UInt8(ascii: "\"") && at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
            index += multiLine ? 3 : 1
            emit(.stringOpen, from: start)
            frames.append(.string(multiLine: multiLine, hashes: hashes))
        }

        /// A string's text, up to its end, an interpolation, or (for a one-line string) its line's end.
        mutating func string(multiLine: Bool, hashes: Int) {
            let start = index
            func text(_ lexer: inout Lexer) {
                if lexer.index > start { lexer.tokens.append(Token(kind: .stringText, start: start, end: lexer.index)) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), hashesFollow(hashes, at: index + 1) {
                    let after = index + 1 + hashes
                    if after < bytes.count, bytes[after] == UInt8(ascii: "(") {
                        text(&self)
                        let open = index
                        index = after + 1
                        emit(.interpolationOpen, from: open)
                        frames.append(.interpolation(parentheses: 0))
                        return
                    }
                    // An escape: the backslash, its hashes and the character after them (a line end too, which
                    // continues a multi-line string's line).
                    index = min(bytes.count, after + 1)
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let quotes = multiLine ? 3 : 1
                    if !multiLine || (at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")),
                        hashesFollow(hashes, at: index + quotes)
                    {
                        text(&self)
                        let close = index
                        index += quotes + hashes
                        emit(.stringClose, from: close)
                        frames.removeLast()
                        return
                    }
                }
                if byte == 0x0A, !multiLine {
                    // A one-line string ends with its line: the compiler says it is unterminated.
                    text(&self)
                    unterminatedString = true
                    tokens.append(Token(kind: .stringClose, start: index, end: index))
                    frames.removeLast()
                    return
                }
                index += 1
            }
            text(&self)
        }

        func hashesFollow(_ count: Int, at offset: Int) -> Bool {
            guard offset + count <= bytes.count else { return false }
            for at in offset..<(offset + count) where bytes[at] != UInt8(ascii: "#") { return false }
            return true
        }
    }
}
