/// Terminal column widths of text, measured per grapheme cluster and independent of the locale.
///
/// A cluster is 0 columns when it holds only combining marks, format or control scalars; 2 when any scalar is
/// emoji-presentation, is followed by U+FE0F, or is Wide/Fullwidth in East Asian Width (``WideTable``); else 1.
public enum DisplayWidth {
    /// The width of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        // Most text is ASCII: one scalar, no property lookups needed.
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        // One scalar from the ranges text and boxes are mostly made of (Latin, punctuation, arrows, box drawing):
        // narrow unless the wide table says otherwise, with no property lookups.
        let scalars = character.unicodeScalars
        if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            let v = only.value
            if (0xA0..<0x300).contains(v) && v != 0xAD { return 1 }
            if (0x2190..<0x2600).contains(v) { return isWide(v) ? 2 : 1 }
        }
        var visible = false
        var previous: Unicode.Scalar?
        for scalar in character.unicodeScalars {
            defer { previous = scalar }
            let value = scalar.value
            if value == 0xFE0F, previous != nil { return 2 }
            // The category first: a combining mark is zero columns whatever the width table says, and Swift's Unicode
            // data may be newer than the table's.
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .surrogate:
                continue
            default:
                break
            }
            if isWide(value) { return 2 }
            if scalar.properties.isEmojiPresentation { return 2 }
            visible = true
        }
        return visible ? 1 : 0
    }

    /// The width of a string: the sum over its grapheme clusters.
    public static func of<S: StringProtocol>(_ text: S) -> Int { measure(text) }

    /// The same for a String, not generic, so that other modules call a version specialised here.
    public static func of(_ text: String) -> Int { measure(text) }

    /// The same for a Substring.
    public static func of(_ text: Substring) -> Int { measure(text) }

    private static func measure<S: StringProtocol>(_ text: S) -> Int {
        // Fast path: printable ASCII is one column a byte.
        func printableASCII<C: Collection<UInt8>>(_ bytes: C) -> Bool { !bytes.contains { $0 < 0x20 || $0 >= 0x7F } }
        let allPrintableASCII = text.utf8.withContiguousStorageIfAvailable(printableASCII) ?? printableASCII(text.utf8)
        if allPrintableASCII { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        let ranges = WideTable.ranges
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Pads `text` with spaces on the right to `width` columns (no change when it is already wider).
    public static func pad(_ text: String, to width: Int) -> String {
        let w = of(text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }

    /// Pads `text` with spaces on the left to `width` columns (right-aligns it).
    public static func padLeft(_ text: String, to width: Int) -> String {
        let w = of(text)
        return w >= width ? text : String(repeating: " ", count: width - w) + text
    }

    /// Cuts `text` to at most `width` columns, never splitting a cluster.
    public static func truncate(_ text: String, to width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width { break }
            result.append(character)
            used += w
        }
        return result
    }

    /// Wraps one line to `width` columns: at spaces where possible, inside a word when the word alone is too wide.
    /// Leading indentation of the line is repeated on continuation lines. Linear in the line's length: words are found
    /// and measured on the UTF-8 bytes, and a word of printable ASCII is as wide as its byte count.
    public static func wrap(_ line: String, width: Int) -> [String] {
        guard width > 0, of(line) > width else { return [line] }
        var line = line
        return line.withUTF8 { wrap(bytes: $0, width: width) }
    }

    private static func wrap(bytes: UnsafeBufferPointer<UInt8>, width: Int) -> [String] {
        let indentCount = bytes.prefix { $0 == 0x20 }.count
        let firstIndent = indentCount < width / 2 ? indentCount : 0
        // A list item ("- ", "* ", "12. ") hangs: its continuation lines start under its text, not under its marker.
        let hanging = indentCount + listMarkerLength(bytes, from: indentCount)
        let indentWidth = hanging < width / 2 ? hanging : firstIndent
        var lines: [String] = []
        // The line being filled, as bytes; made a String once it is full.
        var current: [UInt8] = []
        current.reserveCapacity(width * 4)
        func startLine() {
            current.removeAll(keepingCapacity: true)
            current.append(contentsOf: repeatElement(0x20, count: indentWidth))
        }
        func finishLine() { lines.append(String(decoding: current, as: UTF8.self)) }
        current.append(contentsOf: repeatElement(0x20, count: firstIndent))
        var currentWidth = firstIndent
        var firstOnLine = true
        var start = indentCount
        while true {
            var end = start
            var ascii = true
            while end < bytes.count, bytes[end] != 0x20 {
                if bytes[end] < 0x20 || bytes[end] >= 0x7F { ascii = false }
                end += 1
            }
            var word = UnsafeBufferPointer(rebasing: bytes[start..<end])
            var wordWidth = ascii ? word.count : of(String(decoding: word, as: UTF8.self))
            while true {
                let needed = firstOnLine ? wordWidth : wordWidth + 1
                if currentWidth + needed <= width {
                    if !firstOnLine { current.append(0x20); currentWidth += 1 }
                    current.append(contentsOf: word)
                    currentWidth += wordWidth
                    firstOnLine = false
                    break
                } else if firstOnLine {
                    // The word alone does not fit: cut it, and go on with the rest on the next line.
                    let room = width - currentWidth
                    var headBytes: Int, headWidth: Int
                    if ascii {
                        headBytes = max(room, 1); headWidth = headBytes
                    } else {
                        let text = String(decoding: word, as: UTF8.self)
                        let (head, w) = prefix(of: text[...], fitting: room)
                        headBytes = head.utf8.count; headWidth = w
                        // A character wider than the whole line still has to go somewhere: it overflows its own line.
                        if headBytes == 0, let first = text.first {
                            headBytes = first.utf8.count; headWidth = of(first)
                        }
                    }
                    current.append(contentsOf: UnsafeBufferPointer(rebasing: word[..<headBytes]))
                    finishLine()
                    startLine(); currentWidth = indentWidth
                    word = UnsafeBufferPointer(rebasing: word[headBytes...])
                    wordWidth -= headWidth
                    if word.isEmpty { break }
                } else {
                    finishLine()
                    startLine(); currentWidth = indentWidth
                    firstOnLine = true
                }
            }
            guard end < bytes.count else { break }
            start = end + 1
        }
        if !current.isEmpty || lines.isEmpty { finishLine() }
        return lines
    }

    /// The length of a list marker at `start`: `- `, `* ` or digits and `. `; 0 when there is none.
    /// The length of the list marker `line` starts with (`- `, `* `, `12. `), 0 when it is not a list item.
    package static func listMarkerLength(_ line: String) -> Int {
        var line = line
        return line.withUTF8 { listMarkerLength($0, from: 0) }
    }

    static func listMarkerLength(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start + 1 < bytes.count else { return 0 }
        if (bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: "*")) && bytes[start + 1] == 0x20 {
            return 2
        }
        var i = start
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39, i - start < 3 { i += 1 }
        guard i > start, i + 1 < bytes.count, bytes[i] == UInt8(ascii: "."), bytes[i + 1] == 0x20 else { return 0 }
        return i - start + 2
    }

    /// The longest start of `text` that fits in `width` columns, and its width.
    static func prefix(of text: Substring, fitting width: Int) -> (Substring, Int) {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let w = of(text[index])
            if used + w > width { break }
            used += w
            end = text.index(after: index)
        }
        return (text[..<end], used)
    }
}

extension String {
    package var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
