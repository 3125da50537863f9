/// "Did you mean" suggestions: the closest candidate by edit distance, if it is close enough.
public enum Suggest {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        // Names are almost always ASCII: then the bytes are the characters, and no Character is made.
        let lowerBytes = Array(lower.utf8)
        let lowerIsASCII = !lowerBytes.contains { $0 >= 0x80 }
        let length = lowerIsASCII ? lowerBytes.count : lower.count
        var best: (String, Int)?
        for candidate in candidates {
            let ascii = lowerIsASCII && !candidate.utf8.contains { $0 >= 0x80 }
            let candidateLength = ascii ? candidate.utf8.count : candidate.count
            let limit = max(1, min(3, min(length, candidateLength) / 3))
            // Each edit changes the length by at most one: a far longer or shorter word cannot be close enough.
            guard abs(length - candidateLength) <= limit else { continue }
            let d =
                ascii
                ? asciiDistance(lowerBytes, candidate, limit: limit)
                : distance(Array(lower), Array(candidate.lowercased()))
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        if best == nil, length >= 2, let prefixed = candidates.first(where: { $0.hasPrefix(lower) }) { return prefixed }
        return best?.0
    }

    /// ``distance(_:_:)`` for ASCII names, `b` lowercased as it is read, on rows in temporary memory (names are
    /// short; an array per row cost more than the table). Past `limit` it stops early and says `limit + 1`: once two
    /// rows in a row are all over the limit, every later one is too.
    package static func asciiDistance(_ a: [UInt8], _ b: String, limit: Int) -> Int {
        var b = b
        return b.withUTF8 { b in
            a.withUnsafeBufferPointer { a in
                if a.isEmpty { return b.count }
                if b.isEmpty { return a.count }
                let n = b.count
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (n + 1)) { rows in
                    var twoUp = rows.baseAddress!, up = twoUp + (n + 1), row = up + (n + 1)
                    for j in 0...n { up[j] = j; twoUp[j] = 0 }
                    func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
                    var upMinimum = 0
                    for i in 1...a.count {
                        row[0] = i
                        var rowMinimum = i
                        let ai = a[i - 1]
                        for j in 1...n {
                            let bj = lower(b[j - 1])
                            var value = Swift.min(up[j] + 1, row[j - 1] + 1, up[j - 1] + (ai == bj ? 0 : 1))
                            if i > 1, j > 1, ai == lower(b[j - 2]), a[i - 2] == bj {
                                value = Swift.min(value, twoUp[j - 2] + 1)
                            }
                            row[j] = value
                            rowMinimum = Swift.min(rowMinimum, value)
                        }
                        if rowMinimum > limit && upMinimum > limit { return limit + 1 }
                        upMinimum = rowMinimum
                        (twoUp, up, row) = (up, row, twoUp)
                    }
                    return up[n]
                }
            }
        }
    }

    /// Edit distance over characters, counting a swap of two neighbours as one edit (optimal string alignment).
    public static func distance(_ a: String, _ b: String) -> Int { distance(Array(a), Array(b)) }

    package static func distance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table are enough: this one, the one above and the one above that (for swaps).
        var twoUp = [Int](repeating: 0, count: b.count + 1)
        var up = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(up[j] + 1, row[j - 1] + 1, up[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], twoUp[j - 2] + 1) }
            }
            (twoUp, up, row) = (up, row, twoUp)
        }
        return up[b.count]
    }
}
