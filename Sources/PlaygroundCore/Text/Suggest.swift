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
            let d = ascii ? distance(lowerBytes, candidate.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
                          : distance(Array(lower), Array(candidate.lowercased()))
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        if best == nil, length >= 2, let prefixed = candidates.first(where: { $0.hasPrefix(lower) }) { return prefixed }
        return best?.0
    }

    /// Edit distance over characters, counting a swap of two neighbours as one edit (optimal string alignment).
    public static func distance(_ a: String, _ b: String) -> Int { distance(Array(a), Array(b)) }

    static func distance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
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
