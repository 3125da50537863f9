/// The state pane and the change log, as text: the only place a state snapshot becomes lines.
enum StateView {
    /// Each object's title, then its fields aligned, the changed ones marked `*`.
    static func pane(_ groups: [StateGroup], changed: [StateChange]) -> String {
        render(groups, changed: changed).joined(separator: "\n")
    }

    /// The whole pane, and the stream layout's brief form: the objects that changed, then one line naming the others
    /// (nil when every object changed). Each object is rendered once for both.
    static func paneAndBrief(_ groups: [StateGroup], changed: [StateChange], _ lang: Lang) -> (pane: String, brief: String?) {
        let rendered = render(groups, changed: changed)
        let pane = rendered.joined(separator: "\n")
        var objects = Set<Substring>()
        for change in changed { objects.insert(change.key.split(separator: ".", maxSplits: 1).first ?? Substring(change.key)) }
        var shown: [String] = [], others: [String] = []
        for (group, text) in zip(groups, rendered) {
            if objects.contains(Substring(group.object)) { shown.append(text) } else { others.append(group.object) }
        }
        guard !others.isEmpty else { return (pane, nil) }
        guard !shown.isEmpty else { return (pane, CoreText.nothingChangedStateShowsAll.text(lang)) }
        return (pane, shown.joined(separator: "\n") + "\n" + CoreText.unchangedStateShowsAll.text(lang, others.joined(separator: ", ")))
    }

    /// Each group as its lines of text.
    static func render(_ groups: [StateGroup], changed: [StateChange]) -> [String] {
        let keys = Set(changed.map(\.key))
        return groups.map { group in
            var out = group.title
            var width = 0
            for field in group.fields { width = max(width, DisplayWidth.of(field.name)) }
            for field in group.fields {
                let isChanged = !keys.isEmpty && keys.contains(group.object + "." + field.name)
                out += isChanged ? "\n* " : "\n  "
                out += DisplayWidth.pad(field.name + ":", to: width + 1)
                out += " "
                out += field.value.display
            }
            return out
        }
    }

    /// One line per changed field: `builder.meat: .beef → .chicken`.
    static func changeLog(_ changes: [StateChange], _ lang: Lang) -> String {
        func short(_ value: StateValue?) -> String {
            guard let value else { return CoreText.noneValue.text(lang) }
            let text = value.display
            return DisplayWidth.of(text) > 40 ? DisplayWidth.truncate(text, to: 39) + "…" : text
        }
        return changes.map { "\($0.key): \(short($0.old)) → \(short($0.new))" }.joined(separator: "\n")
    }
}
