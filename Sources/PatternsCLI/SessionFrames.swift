/// What the processes of a session tell each other on their pipes (a line's verdict to the process waiting for it,
/// an announcement to the supervisor, `undo`'s hand-back to a kept copy), framed so that a line cannot say it for
/// them.
///
/// A line runs in a process that holds the write ends of those pipes, and must: its printed output and its verdict go
/// through them. Before, a line that wrote a frame to one (`write(6, "K\0\0\0\0", 5)`) was taken at its word: two
/// processes carried the session, taking turns at the input. Each frame now starts with the session's token, 16
/// random bytes made before its first line, and a reader takes only frames that carry it: it skips whatever else was
/// written, up to the next token, so that bytes a line wrote between frames neither count nor put the frames after
/// them out of step. A line could learn the token only by reading its own process's memory, which can as well
/// change anything of the session in it: that is no longer a write to a pipe, and a class seat's sandbox keeps it to
/// that learner's own session.
struct SessionFrames {
    /// The session's token (``Supervisor/token``).
    let token: [UInt8]
    /// What was read and not yet taken.
    private(set) var bytes: [UInt8] = []

    init(token: [UInt8]) { self.token = token }

    static let headerCount = 5

    /// A frame: the token, its kind, the payload's length (4 bytes, this machine's order) and the payload.
    static func frame(_ kind: UInt8, _ payload: [UInt8], token: [UInt8]) -> [UInt8] {
        var count = UInt32(payload.count)
        var frame = token
        frame.reserveCapacity(token.count + headerCount + payload.count)
        frame.append(kind)
        withUnsafeBytes(of: &count) { frame += $0 }
        frame += payload
        return frame
    }

    mutating func add<Bytes: Sequence<UInt8>>(_ more: Bytes) { bytes += more }

    /// The next whole frame that carries the token; nil until one has arrived whole. What comes before the token is
    /// dropped.
    mutating func next() -> (kind: UInt8, payload: [UInt8])? {
        guard let at = firstToken() else {
            // Only what could still begin a token is kept.
            bytes.removeFirst(max(0, bytes.count - (token.count - 1)))
            return nil
        }
        if at > 0 { bytes.removeFirst(at) }
        let start = token.count + Self.headerCount
        guard bytes.count >= start else { return nil }
        var length: UInt32 = 0
        withUnsafeMutableBytes(of: &length) { $0.copyBytes(from: bytes[(token.count + 1)..<start]) }
        guard bytes.count - start >= Int(length) else { return nil }
        let kind = bytes[token.count]
        let payload = Array(bytes[start..<(start + Int(length))])
        bytes.removeFirst(start + Int(length))
        return (kind, payload)
    }

    private func firstToken() -> Int? {
        guard !token.isEmpty, bytes.count >= token.count else { return nil }
        let first = token[0]
        var index = 0
        let last = bytes.count - token.count
        while index <= last {
            if bytes[index] == first && bytes[index..<(index + token.count)].elementsEqual(token) { return index }
            index += 1
        }
        return nil
    }

    /// 16 random bytes (the system's generator).
    static func newToken() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
