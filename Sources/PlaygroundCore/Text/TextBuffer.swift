/// Text being written, as UTF-8 bytes, made a String once at the end. Appending to a String piece by piece costs a
/// few hundred instructions a piece, more than most pieces are long; appending bytes to an array is a copy.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// Through the string's own bytes (a copy of a buffer), not its UTF-8 view (a generic sequence, element by element).
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
    mutating func write(_ text: Substring) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
    mutating func write(_ text: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: text) }
    mutating func write(byte: UInt8) { bytes.append(byte) }
    mutating func newline() { bytes.append(0x0A) }
    mutating func spaces(_ count: Int) { if count > 0 { bytes.append(contentsOf: repeatElement(0x20, count: count)) } }

    var isEmpty: Bool { bytes.isEmpty }
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
