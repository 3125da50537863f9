/// Removes terminal control sequences from text that came from lessons or users, so that printing it can never
/// move the cursor, change colours or retitle the window. Newlines stay; tabs become spaces.
public enum TextSanitizer {
    /// Text as HTML shows it, never as markup: control sequences removed, `&`, `<`, `>` and `"` escaped (the
    /// handouts, the class board).
    public static func html(_ text: String) -> String {
        var out = ""
        for c in clean(text) {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    public static func clean(_ text: String) -> String {
        // Fast path: nothing to do for plain text.
        var copy = text
        if !copy.withUTF8(needsWork) { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x0A:
                out.append(scalar)
            case 0x09:
                out.append(contentsOf: "    ".unicodeScalars)
            case 0x1B:
                skipEscape(&scalars)
            case 0x9B:  // C1 CSI: parameters and a final byte follow
                skipCSI(&scalars)
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                continue
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether any C0 control but the newline, DEL or a C1 control (UTF-8 C2 80 to C2 9F) is in the bytes.
    package static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Eight bytes at a time: a word with no byte below 0x20, no 0x7F and no 0xC2 (the lead byte of the C1
        // controls) needs nothing, and only the other words (those with a newline, mostly) are looked at byte by byte.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let below20 = (word &- 0x2020_2020_2020_2020) & ~word & highs != 0
                if below20 || hasZero(word ^ 0x7F7F_7F7F_7F7F_7F7F) || hasZero(word ^ 0xC2C2_C2C2_C2C2_C2C2) {
                    if needsWork(bytes, from: index, to: index + 8) { return true }
                }
                index += 8
            }
        }
        return needsWork(bytes, from: index, to: bytes.count)
    }

    /// The byte-by-byte test, for `bytes[start..<end]` (a C2 at the end looks at the byte after it).
    static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            index += 1
            guard byte < 0x20 || byte == 0x7F || byte == 0xC2 else { continue }
            if byte == 0x0A { continue }
            if byte == 0xC2 {
                if index < bytes.count, bytes[index] >= 0x80, bytes[index] < 0xA0 { return true }
                continue
            }
            return true
        }
        return false
    }

    static func skipEscape(_ it: inout String.UnicodeScalarView.Iterator) {
        guard let next = it.next() else { return }
        switch next {
        case "[": skipCSI(&it)
        case "]", "P", "X", "^", "_":
            // OSC, DCS and friends run to BEL or ESC \.
            while let s = it.next() {
                if s.value == 0x07 { return }
                if s.value == 0x1B { _ = it.next(); return }
            }
        default:
            return  // two-character escape
        }
    }

    static func skipCSI(_ it: inout String.UnicodeScalarView.Iterator) {
        while let s = it.next() {
            if (0x40...0x7E).contains(s.value) { return }
        }
    }
}
