/// The state pane and the change log, as text: the only place a state snapshot becomes lines.
enum StateView {
    /// Each object's title, then its fields aligned, the changed ones marked `*`.
    static func pane(_ groups: [StateGroup], changed: [StateChange]) -> String {
        let keys = Set(changed.map(\.key))
        var out = ""
        for group in groups {
            if !out.isEmpty { out += "\n" }
            out += group.title
            var width = 0
            for field in group.fields { width = max(width, DisplayWidth.of(field.name)) }
            for field in group.fields {
                let isChanged = !keys.isEmpty && keys.contains(group.object + "." + field.name)
                out += isChanged ? "\n* " : "\n  "
                out += DisplayWidth.pad(field.name + ":", to: width + 1)
                out += " "
                out += field.value.display
            }
        }
        return out
    }

    /// The objects that changed, then one line naming the others: what the stream layout shows after a command. Nil
    /// when every object changed (the whole pane is no longer).
    static func brief(_ groups: [StateGroup], changed: [StateChange], _ lang: Lang) -> String? {
        let objects = Set(changed.map { $0.key.split(separator: ".", maxSplits: 1).first.map(String.init) ?? $0.key })
        let shown = groups.filter { objects.contains($0.object) }
        guard shown.count < groups.count else { return nil }
        let others = groups.filter { !objects.contains($0.object) }.map(\.object).joined(separator: ", ")
        guard !shown.isEmpty else { return CoreText.nothingChangedStateShowsAll.text(lang) }
        return pane(shown, changed: changed) + "\n" + CoreText.unchangedStateShowsAll.text(lang, others)
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
