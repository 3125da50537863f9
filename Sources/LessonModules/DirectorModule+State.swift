import Patterns
import PlaygroundCore

/// The director lesson's state pane, read from its objects.
extension DirectorModule {
    // MARK: state

    public func state() -> [StateGroup] {
        var groups = [
            StateGroup("burgerBuilder", type: "HamburgerBuilder", BuilderModule.fields(of: burgerBuilder)),
            StateGroup(
                "receiptBuilder", type: "ReceiptBuilder",
                Self.fields(of: receiptBuilder) + [StateField("builtBy", .plain(receiptBuiltBy))]),
        ]
        if groupInUse {
            var fields = [
                StateField("title", .string(group.title)), StateField("questions", .number(group.questions.count)),
            ]
            for (i, q) in group.questions.enumerated() {
                let parts = [q.prompt, q.answer, q.hint].map(SwiftValue.quoted)
                let text = "prompt: \(parts[0]), answer: \(parts[1]), hint: \(parts[2])"
                fields.append(StateField("q\(i)", .plain(text)))
            }
            fields.append(StateField("built", .optionalString(builtGroup?.title)))
            groups.append(StateGroup("group", type: "QuestionGroupBuilder", fields))
        }
        if let last = dependency.last {
            groups.append(
                StateGroup(
                    "child", type: "Child",
                    [
                        StateField("greeting", .string(last.greeting)),
                        StateField("builtBy", .plain(last.builtBy)),
                        StateField("buildersTakingName", .number(last.takingName.count)),
                    ]))
        }
        return groups
    }

    static func money(_ cents: Int) -> String {
        "\(cents / 100)." + (cents % 100 < 10 ? "0" : "") + "\(cents % 100)"
    }
}
