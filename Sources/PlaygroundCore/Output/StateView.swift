/// The state pane and the change log, as text: the only place a state snapshot becomes lines. Everything is written
/// into one string, with no string per field or per line.
enum StateView {
    /// Each object's title, then its fields aligned, the changed ones marked `*`.
    static func pane(_ groups: [StateGroup], changed: [StateChange]) -> String {
        var out = TextBuffer()
        for (index, group) in groups.enumerated() {
            if index > 0 { out.newline() }
            write(group, changed: changed, to: &out)
        }
        return out.string
    }

    /// The stream layout's brief form: the objects that changed, then one line naming the others (nil when every
    /// object changed). Only the changed objects are drawn.
    static func brief(_ groups: [StateGroup], changed: [StateChange], _ lang: Lang) -> String? {
        var out = TextBuffer()
        var others: [String] = []
        var shown = 0
        for group in groups {
            guard changed.contains(where: { $0.belongs(to: group.object) }) else {
                others.append(group.object)
                continue
            }
            if shown > 0 { out.newline() }
            write(group, changed: changed, to: &out)
            shown += 1
        }
        guard !others.isEmpty else { return nil }
        guard shown > 0 else { return CoreText.nothingChangedStateShowsAll.text(lang) }
        out.newline()
        out.write(CoreText.unchangedStateShowsAll.text(lang, others.joined(separator: ", ")))
        return out.string
    }

    /// One group: `builder: HamburgerBuilder`, then a line per field.
    static func write(_ group: StateGroup, changed: [StateChange], to out: inout TextBuffer) {
        out.write(group.object)
        out.write(": ")
        out.write(group.type)
        var width = 0
        for field in group.fields { width = max(width, DisplayWidth.of(field.name)) }
        for field in group.fields {
            let isChanged = changed.contains { $0.isKey(of: group.object, field.name) }
            out.newline()
            out.write(byte: isChanged ? UInt8(ascii: "*") : 0x20)
            out.write(byte: 0x20)
            out.write(field.name)
            out.write(byte: UInt8(ascii: ":"))
            out.spaces(width - DisplayWidth.of(field.name) + 1)
            field.value.write(to: &out)
        }
    }

    /// One line per changed field: `builder.meat: .beef → .chicken`.
    static func changeLog(_ changes: [StateChange], _ lang: Lang) -> String {
        var out = TextBuffer()
        func short(_ value: StateValue?) {
            guard let value else { out.write(CoreText.noneValue.text(lang)); return }
            let text = value.display
            out.write(DisplayWidth.of(text) > 40 ? DisplayWidth.truncate(text, to: 39) + "…" : text)
        }
        for (index, change) in changes.enumerated() {
            if index > 0 { out.newline() }
            out.write(change.key)
            out.write(": ")
            short(change.old)
            out.write(" → ")
            short(change.new)
        }
        return out.string
    }
}

extension StateChange {
    /// Whether the key is `object.field`, compared on the bytes (no key is built to compare with).
    func isKey(of object: String, _ field: String) -> Bool {
        let key = key.utf8, o = object.utf8, f = field.utf8
        guard key.count == o.count + 1 + f.count, belongs(to: object) else { return false }
        return key.suffix(f.count).elementsEqual(f)
    }

    /// Whether the key is a field of `object` (`object.` starts it).
    func belongs(to object: String) -> Bool {
        let key = key.utf8, o = object.utf8
        return key.count > o.count && key.starts(with: o) && key[key.index(key.startIndex, offsetBy: o.count)] == UInt8(ascii: ".")
    }
}
