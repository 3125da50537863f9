/// The state pane and the change log, as text: the only place a state snapshot becomes lines.
enum StateView {
    /// Each object's title, then its fields aligned, the changed ones marked `*`.
    static func pane(_ groups: [StateGroup], changed: [StateChange]) -> String {
        render(groups, changed: changed).joined(separator: "\n")
    }

    /// The stream layout's brief form: the objects that changed, then one line naming the others (nil when every
    /// object changed). Only the changed objects are drawn.
    static func brief(_ groups: [StateGroup], changed: [StateChange], _ lang: Lang) -> String? {
        var objects = Set<Substring>()
        for change in changed { objects.insert(change.key.split(separator: ".", maxSplits: 1).first ?? Substring(change.key)) }
        var shown: [StateGroup] = [], others: [String] = []
        for group in groups {
            if objects.contains(Substring(group.object)) { shown.append(group) } else { others.append(group.object) }
        }
        guard !others.isEmpty else { return nil }
        guard !shown.isEmpty else { return CoreText.nothingChangedStateShowsAll.text(lang) }
        return render(shown, changed: changed).joined(separator: "\n") + "\n"
            + CoreText.unchangedStateShowsAll.text(lang, others.joined(separator: ", "))
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
