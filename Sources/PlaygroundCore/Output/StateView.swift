/// The state pane and the change log, as text: the only place a state snapshot becomes lines. Everything is written
/// into one string, with no string per field or per line.
enum StateView {
    /// Each object's title, then its fields aligned, the changed ones marked `*`.
    static func pane(_ groups: [StateGroup], changed: [StateChange], changedFirst: Bool = false) -> String {
        var out = TextBuffer()
        var groups = groups
        if changedFirst {
            // Stable: the objects that changed, then the others, each in its own order.
            groups =
                groups.filter { g in changed.contains { $0.belongs(to: g.object) } }
                + groups.filter { g in !changed.contains { $0.belongs(to: g.object) } }
        }
        for (index, group) in groups.enumerated() {
            if index > 0 { out.newline() }
            write(group, changed: changed, changedFirst: changedFirst, to: &out)
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
        // Objects no longer there (a binding `undo` took back): named, and said gone.
        var gone: [String] = []
        for change in changed where change.new == nil {
            let object = String(change.key.prefix { $0 != "." })
            if !gone.contains(object), !groups.contains(where: { $0.object == object }) { gone.append(object) }
        }
        for object in gone {
            if shown > 0 { out.newline() }
            out.write(object + ": " + CoreText.gone.text(lang))
            shown += 1
        }
        guard !others.isEmpty else { return shown > 0 && !gone.isEmpty ? out.string : nil }
        guard shown > 0 else { return CoreText.nothingChangedStateShowsAll.text(lang) }
        out.newline()
        out.write(CoreText.unchangedStateShowsAll.text(lang, others.joined(separator: ", ")))
        return out.string
    }

    /// One group: `builder: HamburgerBuilder`, then a line per field.
    static func write(_ group: StateGroup, changed: [StateChange], changedFirst: Bool = false, to out: inout TextBuffer)
    {
        out.write(group.object)
        out.write(": ")
        out.write(group.type)
        var width = 0
        for field in group.fields { width = max(width, DisplayWidth.of(field.name)) }
        var fields = group.fields
        if changedFirst {
            let isChanged = { (f: StateField) in changed.contains { $0.isKey(of: group.object, f.name) } }
            fields = fields.filter(isChanged) + fields.filter { !isChanged($0) }
        }
        for field in fields {
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

    /// One line per changed field: `builder.meat: .beef → .chicken`. A line too long for `width` keeps what changed:
    /// the part both values share is elided (`…`) around the added or removed part, so `… grey → … grey, orange`.
    /// A field that was not there before (a new object) shows its value alone; one that is gone says so.
    static func changeLog(_ changes: [StateChange], _ lang: Lang, width: Int = 80) -> String {
        var out = TextBuffer()
        var first = true
        for change in changes {
            guard let new = change.new?.display else {
                guard let old = change.old?.display else { continue }
                if !first { out.newline() }
                first = false
                out.write(
                    change.key + ": " + fitted(old, room: width - DisplayWidth.of(change.key) - 15) + " → "
                        + CoreText.gone.text(lang))
                continue
            }
            let room = max(24, width - DisplayWidth.of(change.key) - 5)
            if !first { out.newline() }
            first = false
            guard let old = change.old?.display else {
                // A new object's field: its value, as `state` shows it. A field named in words, not a property
                // (`same object as`), reads as a sentence: `same: same object as builder`.
                if let dot = change.key.firstIndex(of: "."), change.key[dot...].contains(" ") {
                    out.write(change.key[..<dot] + ": " + change.key[change.key.index(after: dot)...] + " ")
                } else {
                    out.write(change.key)
                    out.write(": ")
                }
                out.write(fitted(new, room: room + 3))
                continue
            }
            out.write(change.key)
            out.write(": ")
            // Two values the pane shows the same differ past the field's cut: they are elided whole.
            let (before, after) = old == new ? (change.old?.whole ?? old, change.new?.whole ?? new) : (old, new)
            let (a, b) =
                DisplayWidth.of(before) + DisplayWidth.of(after) <= room
                ? (before, after) : difference(before, after, room: room)
            out.write(a)
            out.write(" → ")
            out.write(b)
        }
        return out.string
    }

    /// A value cut in its middle to `room` columns, when it is wider.
    static func fitted(_ value: String, room: Int) -> String {
        let room = max(12, room)
        guard DisplayWidth.of(value) > room else { return value }
        let chars = Array(value), keep = (room - 1) / 2
        return trimmedDots(String(chars.prefix(keep)), end: true) + "…"
            + trimmedDots(String(chars.suffix(keep)), end: false)
    }

    /// A value's own `...` next to a cut folds into the one mark: no `...…`.
    static func trimmedDots(_ text: String, end: Bool) -> String {
        var text = Substring(text)
        if end { while text.last == "." { text.removeLast() } } else { while text.first == "." { text.removeFirst() } }
        return String(text)
    }

    /// Two values cut to about `room` columns together, keeping where they differ: the shared start and end are
    /// replaced by `…` but for a few characters of context; a changed part still too long is cut in its middle.
    static func difference(_ old: String, _ new: String, room: Int) -> (String, String) {
        let a = Array(old), b = Array(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        func around(_ chars: [Character], budget: Int) -> String {
            // Context is given up before the changed part is cut: 8 characters, then 3, then none.
            var shown = ""
            for context in [8, 3, 0] {
                var start = max(0, prefix - context), end = min(chars.count, chars.count - suffix + context)
                // The context starts and ends at a word: `…answer: ""`, not `…nswer: ""`.
                if context > 3, start > 0, let space = chars[max(0, start - context)..<start].lastIndex(of: " ") {
                    start = space + 1
                }
                if context > 3, end < chars.count,
                    let space = chars[end..<min(chars.count, end + context)].firstIndex(of: " ")
                {
                    end = space
                }
                // Eliding a few characters saves nothing.
                if start < 8 { start = 0 }
                if chars.count - end < 8 { end = chars.count }
                var middle = String(chars[start..<max(start, end)])
                if start > 0 { middle = trimmedDots(middle, end: false) }
                if end < chars.count { middle = trimmedDots(middle, end: true) }
                if middle.isEmpty { shown = "…"; break }
                let marks = (start > 0 ? 1 : 0) + (end < chars.count ? 1 : 0)
                if context == 0, DisplayWidth.of(middle) + marks > budget {
                    middle = fitted(middle, room: budget - marks)
                }
                shown = (start > 0 ? "…" : "") + middle + (end < chars.count ? "…" : "")
                if DisplayWidth.of(shown) <= budget { break }
            }
            return shown
        }
        // A short side is shown whole; the other gets the rest of the room.
        let wholeA = around(a, budget: .max), wholeB = around(b, budget: .max)
        let wa = DisplayWidth.of(wholeA), wb = DisplayWidth.of(wholeB)
        if wa + wb <= room { return (wholeA, wholeB) }
        if wa <= room / 2 { return (wholeA, around(b, budget: room - wa)) }
        if wb <= room / 2 { return (around(a, budget: room - wb), wholeB) }
        return (around(a, budget: room / 2), around(b, budget: room / 2))
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
        return key.count > o.count && key.starts(with: o)
            && key[key.index(key.startIndex, offsetBy: o.count)] == UInt8(ascii: ".")
    }
}
