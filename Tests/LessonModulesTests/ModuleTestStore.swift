import PlaygroundCore
import Testing

/// Exhaustive state assertions for a lesson module, in the spirit of TCA's TestStore: each command states its whole
/// expected change to the live objects, and a change nobody asserted fails, as does an asserted one that did not
/// happen.
///
///     var store = ModuleTestStore(session)
///     store.send("meat chicken") { $0["builder.meat"] = ".chicken" }
///     store.send("meat kitten", succeeds: false)          // and nothing changes
public struct ModuleTestStore {
    public let session: Session
    /// Every field of the live objects as the state pane shows it, by `object.field`.
    public private(set) var state: [String: String]

    public init(_ session: Session) {
        self.session = session
        self.state = Self.values(session)
    }

    static func values(_ session: Session) -> [String: String] {
        var out: [String: String] = [:]
        for group in session.lessons.snapshot.live {
            for field in group.fields { out[group.object + "." + field.name] = field.value.display }
        }
        return out
    }

    public mutating func send(
        _ line: String, succeeds: Bool = true, _ change: (inout [String: String]) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var expected = state
        change(&expected)
        let ok = session.execute(line)
        let output = session.takeOutput()
        #expect(ok == succeeds, "'\(line)' \(ok ? "succeeded" : "failed"):\n\(output)", sourceLocation: sourceLocation)
        let actual = Self.values(session)
        for key in Set(expected.keys).union(actual.keys).sorted() where expected[key] != actual[key] {
            let what =
                state[key] == actual[key] ? "expected a change that did not happen" : "a change that was not asserted"
            Issue.record(
                """
                '\(line)': \(key): \(what): expected \(expected[key] ?? "(absent)"), actual \(actual[key] ?? "(absent)")
                """,
                sourceLocation: sourceLocation)
        }
        state = actual
    }
}
