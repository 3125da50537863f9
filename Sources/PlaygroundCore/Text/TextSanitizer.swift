/// Removes terminal control sequences from text that came from lessons or users, so that printing it can never
/// move the cursor, change colours or retitle the window. Newlines stay; tabs become spaces.
public enum TextSanitizer {
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
    static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // One test a byte on the common path (printable ASCII and the bytes of other letters); the rare candidates
        // are looked at closely.
        var index = 0
        while index < bytes.count {
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
