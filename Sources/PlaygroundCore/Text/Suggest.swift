/// "Did you mean" suggestions: the closest candidate by edit distance, if it is close enough.
public enum Suggest {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lower, candidate.lowercased())
            let limit = max(1, min(3, min(lower.count, candidate.count) / 3))
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
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
