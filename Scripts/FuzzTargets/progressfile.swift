// libFuzzer target: the progress file, as a session reads it at start. Compiled together with
// Sources/PlaygroundCore by Scripts/fuzz; any crash, hang or sanitizer report is a bug. What decodes must hold
// only numbers inside each lesson, and must survive a round trip and any change.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProgressFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard var record = try? ProgressRecord(decoding: bytes) else { return 0 }
    for (_, entry) in record.lessons {
        precondition(entry.total >= 1 && entry.total <= ProgressRecord.maximumSteps)
        precondition(entry.step >= 0 && entry.step < entry.total)
        precondition(entry.done.allSatisfy { $0 >= 0 && $0 < entry.total })
    }
    precondition((try? ProgressRecord(decoding: record.encoded)) == record, "a round trip changes nothing")
    if let lesson = record.lessons.keys.first {
        record.apply(.set(lesson, .init(step: Int.max, done: [Int.min, Int.max], total: Int.max)))
        record.apply(.forget(lesson))
    }
    return 0
}
