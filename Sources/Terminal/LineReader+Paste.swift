import CEditLine

#if canImport(Glibc)
import Glibc
#endif

/// Bracketed paste: a block pasted at the terminal arrives whole, as one input.
extension LineReader {
    /// After an Escape: the pasted text if `[200~` follows (up to `ESC [201~`), else nil, with what was read kept
    /// for libedit (an arrow key, Alt-something).
    func readPaste() -> String? {
        let start = Array("[200~".utf8)
        var seen: [UInt8] = []
        while seen.count < start.count {
            var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            guard poll(&ready, 1, 50) > 0, Glibc.read(0, &byte, 1) == 1 else { break }
            seen.append(byte)
            if byte != start[seen.count - 1] { break }
        }
        guard seen == start else {
            // The Escape goes to libedit now, what followed it after.
            readAhead = seen
            return nil
        }
        let end = Array("\u{1B}[201~".utf8)
        var text: [UInt8] = []
        var byte: UInt8 = 0
        while text.count < 1 << 20 {
            let n = Glibc.read(0, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { break }
            text.append(byte)
            if text.count >= end.count && Array(text.suffix(end.count)) == end {
                text.removeLast(end.count)
                break
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `patterns-paste`: a one-line paste is typed into the line; a block's first line is typed and entered, and the
    /// rest comes with it (`read(prompt:)` adds it), so that the block arrives as one input.
    func takePaste() -> UInt8 {
        guard var text = pasted else { return UInt8(CC_NORM) }
        pasted = nil
        // A terminal sends a pasted newline as a carriage return (and some as both).
        text = String(
            text.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
                .map { $0 == "\r" ? "\n" : $0 })
        while text.hasSuffix("\n") { text.removeLast() }
        guard let newline = text.firstIndex(of: "\n") else {
            el_insertstr(editLine, text)
            return UInt8(CC_REDISPLAY)
        }
        el_insertstr(editLine, String(text[..<newline]))
        pastedRest = String(text[text.index(after: newline)...])
        // Enter, as if typed: libedit's own newline ends the line (and its buffer) properly.
        readAhead.append(0x0D)
        return UInt8(CC_REDISPLAY)
    }
}
