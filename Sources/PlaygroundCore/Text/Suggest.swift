/// "Did you mean" suggestions: the closest candidate by edit distance, if it is close enough.
public enum Suggest {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        let length = lower.count
        var best: (String, Int)?
        for candidate in candidates {
            let candidateLength = candidate.count
            let limit = max(1, min(3, min(length, candidateLength) / 3))
            // Each edit changes the length by at most one: a far longer or shorter word cannot be close enough.
            guard abs(length - candidateLength) <= limit else { continue }
            let d = distance(lower, candidate.lowercased())
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        if best == nil, lower.count >= 2, let prefixed = candidates.first(where: { $0.hasPrefix(lower) }) { return prefixed }
        return best?.0
    }

    /// Edit distance over characters, counting a swap of two neighbours as one edit (optimal string alignment).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
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
