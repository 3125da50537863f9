extension SwiftReader {
    /// The top-level items of the text, as Swift's parser splits a file: at a `;` or a line end outside brackets,
    /// strings and `#if` blocks, unless the next line goes on with the same statement (`.member`, a binary operator,
    /// `else`, `{`…) or this one cannot end where it is (after `=`, a binary operator, `,`, an attribute…).
    static func items(of tokens: SwiftTokens) -> [Item] {
        var items: [Item] = []
        var depth = 0
        var first: Int?
        var last = 0
        var lineEnded = false
        var closedBlock = false
        let all = tokens.tokens
        func finish() {
            if let start = first { items.append(item(start..<(last + 1), of: tokens)) }
            first = nil
            lineEnded = false
            closedBlock = false
        }
        for index in all.indices {
            let token = all[index]
            if token.kind == .newline {
                if depth == 0, first != nil { lineEnded = true }
                continue
            }
            if depth == 0, token.kind == .punctuation, tokens.bytes[token.start] == UInt8(ascii: ";") {
                finish()
                continue
            }
            if depth == 0, let start = first {
                if lineEnded {
                    if !goesOn(after: last, with: index, from: start, in: tokens) { finish() }
                } else if closedBlock, startsAnother(index, from: start, in: tokens) {
                    finish()
                }
            }
            lineEnded = false
            let change = depthChange(token, in: tokens)
            if depth == 0, change < 0 {
                // A bracket closed once too often: an item of its own, as Swift's parser leaves it.
                finish()
                items.append(
                    Item(
                        kind: .stray, keyword: nil, tokens: index..<(index + 1), start: token.start,
                        end: token.end))
                continue
            }
            if first == nil { first = index }
            depth += change
            closedBlock =
                change < 0 && depth == 0 && token.kind == .punctuation
                && tokens.bytes[token.start] == UInt8(ascii: "}")
            last = index
        }
        finish()
        return items
    }

    /// Whether the statement goes on at the next line: `previous` ends a line, `next` starts the next one.
    static func goesOn(after previous: Int, with next: Int, from start: Int, in tokens: SwiftTokens) -> Bool {
        let all = tokens.tokens
        let before = all[previous]
        let after = all[next]
        switch after.kind {
        case .punctuation:
            switch tokens.bytes[after.start] {
            case UInt8(ascii: "."), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ")"),
                UInt8(ascii: "]"), UInt8(ascii: "}"):
                return true
            default: break
            }
        case .operator:
            if tokens.is(after, "=") || tokens.is(after, "->") || tokens.isBinary(after) { return true }
        case .identifier:
            for word: StaticString in ["else", "catch", "where", "as", "is", "throws", "rethrows"]
            where tokens.is(after, word) {
                return true
            }
            if tokens.is(after, "while"), tokens.isWord(all[firstWord(start, previous + 1, in: tokens)], "repeat") {
                return true
            }
        default: break
        }
        switch before.kind {
        case .operator:
            if tokens.is(before, "=") || tokens.is(before, "->") || tokens.isBinary(before) { return true }
        case .punctuation:
            switch tokens.bytes[before.start] {
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "\\"),
                UInt8(ascii: "#"):
                return true
            default: break
            }
        case .attribute:
            return true
        case .identifier:
            // `let`, `func`, `try`, `if`… at a line's end: what they need is on the next line.
            let word = tokens.name(before)
            if tokens.bytes[before.start] != UInt8(ascii: "`"),
                SwiftKeywords.declarations.contains(word) || Self.needsMore.contains(word)
            {
                return true
            }
        default: break
        }
        // Attributes and modifiers so far: the declaration they belong to is on the next line.
        return firstWord(start, previous + 1, in: tokens) > previous
    }

    /// Words that cannot end a statement.
    static let needsMore: Set<String> = [
        "try", "await", "throw", "as", "is", "if", "guard", "while", "for", "switch", "in", "repeat", "do", "case",
    ]

    /// After a block closed at the top level, on the same line: a word that starts a declaration or a statement of
    /// its own (`struct A {} struct B {}`), which Swift's parser reads as a new item.
    static func startsAnother(_ index: Int, from start: Int, in tokens: SwiftTokens) -> Bool {
        let token = tokens.tokens[index]
        if token.kind == .attribute { return true }
        guard token.kind == .identifier else { return false }
        let word = tokens.name(token)
        if ["else", "catch", "where", "while", "as", "is", "in"].contains(word) { return false }
        return SwiftKeywords.declarations.contains(word) || SwiftKeywords.statements.contains(word)
            || SwiftKeywords.modifiers.contains(word) && word != "async"
    }

    /// The index of the first token past the attributes (with their arguments) and modifiers from `start` (`end`
    /// when they run to it).
    static func firstWord(_ start: Int, _ end: Int, in tokens: SwiftTokens) -> Int {
        let all = tokens.tokens
        var index = start
        func isWord(_ at: Int) -> Bool { at < end && all[at].kind == .identifier }
        func isPunctuation(_ at: Int, _ byte: UInt8) -> Bool {
            at < end && all[at].kind == .punctuation && tokens.bytes[all[at].start] == byte
        }
        while index < end {
            let token = all[index]
            if token.kind == .newline {
                index += 1
                continue
            }
            if token.kind == .attribute {
                index += 1
                // `@available(*, unavailable)`: its arguments, brackets balanced.
                if isPunctuation(index, UInt8(ascii: "(")), all[index].start == token.end {
                    var depth = 0
                    repeat {
                        depth += depthChange(all[index], in: tokens)
                        index += 1
                    } while index < end && depth > 0
                }
                continue
            }
            guard token.kind == .identifier else { return index }
            let word = tokens.name(token)
            let isModifier: Bool
            switch word {
            case "async": isModifier = isWord(index + 1) && ["let", "var"].contains(tokens.name(all[index + 1]))
            case "class":
                isModifier =
                    isWord(index + 1)
                    && SwiftKeywords.declarations.union(SwiftKeywords.modifiers).contains(
                        tokens.name(all[index + 1]))
            default:
                if SwiftKeywords.modifiers.contains(word) {
                    // `private(set) var`, `unowned(safe) let`; a name called `open` (`open = true`) is no modifier.
                    if isPunctuation(index + 1, UInt8(ascii: "(")), isPunctuation(index + 3, UInt8(ascii: ")")) {
                        isModifier = index + 4 >= end || all[index + 4].kind == .identifier
                        if isModifier { index += 3 }
                    } else {
                        isModifier = index + 1 >= end || all[index + 1].kind == .identifier
                    }
                } else {
                    isModifier = false
                }
            }
            guard isModifier else { return index }
            index += 1
        }
        return index
    }

    /// An item of these tokens, with its kind and keyword.
    static func item(_ range: Range<Int>, of tokens: SwiftTokens) -> Item {
        let all = tokens.tokens
        let start = all[range.lowerBound].start
        let end = all[range.upperBound - 1].end
        let at = firstWord(range.lowerBound, range.upperBound, in: tokens)
        var kind = Item.Kind.expression
        var keyword: String?
        if at < range.upperBound {
            let token = all[at]
            let word = tokens.name(token)
            if token.kind == .pound {
                // `#if … #endif` and `#sourceLocation` are declarations to Swift's parser; a macro expansion at the
                // start of an item (`#warning("x")`, `#file`) is an expression.
                if word == "#if" || word == "#sourceLocation" {
                    kind = .declaration
                    keyword = word
                }
            } else if token.kind == .identifier, SwiftKeywords.declarations.contains(word),
                tokens.bytes[token.start] != UInt8(ascii: "`")
            {
                kind = .declaration
                keyword = word
            } else if token.kind == .identifier, SwiftKeywords.statements.contains(word),
                tokens.bytes[token.start] != UInt8(ascii: "`")
            {
                kind = .statement
                keyword = word
            } else if token.kind == .identifier, at + 2 < range.upperBound, all[at + 1].kind == .punctuation,
                tokens.bytes[all[at + 1].start] == UInt8(ascii: ":"), all[at + 2].kind == .identifier,
                ["for", "while", "repeat", "do", "if", "switch", "guard"].contains(tokens.name(all[at + 2]))
            {
                // A labelled statement: `outer: for …`.
                kind = .statement
                keyword = tokens.name(all[at + 2])
            }
        } else if at > range.lowerBound {
            kind = .declaration
        }
        return Item(kind: kind, keyword: keyword, tokens: range, start: start, end: end)
    }
}
