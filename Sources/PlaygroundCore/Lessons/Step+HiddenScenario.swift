/// The rule on a code exercise's hidden scenario: it must ask something else of the learner's type than the step's
/// own run does, not the same calls with the same values under other names. A scenario that only renames lets a file
/// that writes the step's answer in pass both runs.
extension Step {
    /// The step's own run and its hidden scenario ask the same of the learner's type: the same commands and the same
    /// goal, once the names the commands bind (`let record = …`, `let second = …`) are read as the order they were
    /// bound in. False when the step has no scenario.
    public var hiddenScenarioOnlyRenames: Bool {
        guard let scenario else { return false }
        return Self.unnamed(commands, goal) == Self.unnamed(scenario.commands, scenario.goal)
    }

    /// What `patterns test` says of a scenario that only renames the step's run.
    static func scenarioOnlyRenames(_ file: String) -> String {
        "the hidden scenario of \(file) runs the step's own commands and expects its own goal under other names (rule: "
            + "a code exercise's hidden scenario asks something else of the learner's type: other values, other calls, "
            + "another order)"
    }

    /// Commands and goal lines with every name bound by a command (`let`, `var`) written as its place in the binding
    /// order (`$0`, `$1`, …), blanks made single: what is left is what the run does and expects.
    static func unnamed(_ commands: [String], _ goal: [GoalLine]) -> [String] {
        var names: [String: String] = [:]
        for command in commands {
            let words = SwiftWords.split(command)
            for (index, word) in words.enumerated().dropLast() where word == "let" || word == "var" {
                let name = words[index + 1]
                if names[name] == nil, name.first.map({ $0.isLetter || $0 == "_" }) == true {
                    names[name] = "$\(names.count)"
                }
            }
        }
        let rename = { (text: String) in SwiftWords.split(text).map { names[$0] ?? $0 }.joined(separator: " ") }
        return commands.map(rename) + ["--"] + goal.map { rename($0.key) + ": " + rename($0.value) }
    }
}

/// Words of a line as the rule compares them: identifiers and numbers whole, every other character a word of its own,
/// blanks dropped. Text inside quotes is kept as written (a title is a value, not a name).
enum SwiftWords {
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        func close() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for character in text {
            if quoted {
                current.append(character)
                if character == "\"" { quoted = false; close() }
            } else if character == "\"" {
                close()
                current = "\""
                quoted = true
            } else if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                close()
                if !character.isWhitespace { words.append(String(character)) }
            }
        }
        close()
        return words
    }
}
