extension LearnerDeclarations {
    /// A line whose declarations use a variable its own statements declare (`var p: [Int] = []; func f() {
    /// p.append(1) }; f()`), in the order it runs: each run of statements, then of declarations, as its own text with
    /// the rest in spaces (the same lines and columns). A main file's declarations see its top-level variables; split
    /// the usual way, the declarations would be compiled before the variable existed ("cannot find 'p' in scope").
    /// Nil for any other line, which compiles in one piece.
    static func partsInOrder(_ text: String, read reader: SwiftReader) -> [String]? {
        let items = reader.items
        guard items.contains(where: isKept), !items.allSatisfy(isKept) else { return nil }
        let statements = items.filter { !isKept($0) }.map(reader.substring)
        let declared = Set(TopLevelNames(statements.joined(separator: "\n")).names.map(\.name))
        let used = LineSource.mentionedWords(items.filter(isKept).map(reader.substring).joined(separator: "\n"))
        guard !declared.isDisjoint(with: used) else { return nil }
        var runs: [[Int]] = []
        for index in items.indices {
            if let last = runs.last?.last, isKept(items[last]) == isKept(items[index]) {
                runs[runs.count - 1].append(index)
            } else {
                runs.append([index])
            }
        }
        // A declaration before the statement that declares what it uses (`func h() -> Int { z * 2 }; let z = 3;
        // print(h())`): a main file's functions see every global, wherever it is. The statements up to that one run
        // first, then every declaration, then the rest; unless those first statements use what the line declares.
        let usedBy = items.indices.filter { isKept(items[$0]) }.map {
            LineSource.mentionedWords(String(reader.substring(items[$0])))
        }
        let lastNeeded = items.indices.last { index in
            !isKept(items[index])
                && usedBy.contains { used in
                    !Set(TopLevelNames(String(reader.substring(items[index]))).names.map(\.name)).isDisjoint(with: used)
                }
        }
        let firstDeclaration = items.firstIndex(where: isKept)
        if let lastNeeded, let firstDeclaration, firstDeclaration < lastNeeded {
            let first = items.indices.filter { !isKept(items[$0]) && $0 <= lastNeeded }
            let declarationNames = Set(items.filter(isKept).compactMap { Self.declared($0, in: reader).name })
            let usedFirst = LineSource.mentionedWords(
                first.map { String(reader.substring(items[$0])) }.joined(separator: ";"))
            if declarationNames.isDisjoint(with: usedFirst) {
                runs =
                    [first, items.indices.filter { isKept(items[$0]) }]
                    + [items.indices.filter { !isKept(items[$0]) && $0 > lastNeeded }].filter { !$0.isEmpty }
            }
        }
        return runs.map { run in
            blanking(items.indices.filter { !run.contains($0) }.map { reader.substring(items[$0]) }, in: text)
        }
    }
}
