/// Text being written, as UTF-8 bytes, made a String once at the end. Appending to a String piece by piece costs a
/// few hundred instructions a piece, more than most pieces are long; appending bytes to an array is a copy.
public struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// Through the string's own bytes (a copy of a buffer), not its UTF-8 view (a generic sequence, element by
    /// element).
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
    public mutating func write(_ text: Substring) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
    public mutating func write(_ text: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: text) }
    public mutating func write(byte: UInt8) { bytes.append(byte) }
    public mutating func newline() { bytes.append(0x0A) }
    public mutating func spaces(_ count: Int) { repeating(0x20, count) }
    public mutating func repeating(_ byte: UInt8, _ count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(byte, count: count)) }
    }
    public mutating func repeating(_ text: String, _ count: Int) {
        if text.utf8.count == 1, let byte = text.utf8.first { repeating(byte, count); return }
        for _ in 0..<max(0, count) { write(text) }
    }

    public var isEmpty: Bool { bytes.isEmpty }
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
