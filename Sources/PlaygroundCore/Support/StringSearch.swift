#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether `target` occurs in the text, found by UTF-8 bytes (an ASCII target matches only whole characters'
    /// bytes). Linear in the length of the text.
    func containsBytes(of target: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: target.utf8Start, count: target.utf8CodeUnitCount)
        guard let first = needle.first else { return true }
        if let found = utf8.withContiguousStorageIfAvailable({ Self.search(needle, first, in: $0) }) { return found }
        var copy = self
        return copy.withUTF8 { Self.search(needle, first, in: $0) }
    }

    private static func search(
        _ needle: UnsafeBufferPointer<UInt8>, _ first: UInt8, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first, memcmp(bytes.baseAddress! + i, needle.baseAddress!, needle.count) == 0 { return true }
            i += 1
        }
        return false
    }

    /// Every occurrence of `target` replaced, found by UTF-8 bytes (valid UTF-8 matches only at scalar boundaries).
    /// Linear in the length of the text for the short targets used here.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var text = self, target = target
        return text.withUTF8 { bytes in
            target.withUTF8 { needle in
                guard bytes.count >= needle.count else { return self }
                var out: [UInt8] = []
                var copied = 0  // bytes before this index are in `out` already
                var i = 0
                let last = bytes.count - needle.count
                while i <= last {
                    if bytes[i] == needle[0], memcmp(bytes.baseAddress! + i, needle.baseAddress!, needle.count) == 0 {
                        if out.isEmpty { out.reserveCapacity(bytes.count) }
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                        out.append(contentsOf: replacement.utf8)
                        i += needle.count
                        copied = i
                    } else {
                        i += 1
                    }
                }
                guard copied > 0 else { return self }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
                return String(decoding: out, as: UTF8.self)
            }
        }
    }
}
