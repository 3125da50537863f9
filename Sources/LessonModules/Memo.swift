/// A value kept with what it was made from, made again only when that changes.
struct Memo<Key: Equatable, Value> {
    private var kept: (key: Key, value: Value)?

    mutating func value(for key: Key, make: () -> Value) -> Value {
        if let kept, kept.key == key { return kept.value }
        let value = make()
        kept = (key, value)
        return value
    }
}
