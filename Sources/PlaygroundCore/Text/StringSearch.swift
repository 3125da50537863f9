extension String {
    /// Every occurrence of `target` replaced, found by UTF-8 bytes (valid UTF-8 matches only at scalar boundaries).
    /// Linear in the length of the text for the short targets used here.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        let needle = Array(target.utf8)
        let bytes = Array(utf8)
        guard bytes.count >= needle.count else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var changed = false
        while i < bytes.count {
            if bytes[i] == needle[0], i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: replacement.utf8)
                i += needle.count
                changed = true
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return changed ? String(decoding: out, as: UTF8.self) : self
    }
}
