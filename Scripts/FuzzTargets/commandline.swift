// libFuzzer target: the command line, as the REPL sees it. Compiled together with Sources/PlaygroundCore by
// Scripts/fuzz; any crash, hang or sanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? Tokenizer.split(line)
    _ = SwiftCallParser.looksLikeSwift(line)
    if let statement = try? SwiftCallParser.parse(line) {
        // What parses must render back to Swift without trouble.
        for call in statement.calls { for argument in call.arguments { _ = argument.value.swiftSource } }
    }
    let clean = TextSanitizer.clean(line)
    _ = DisplayWidth.wrap(clean, width: 1 + size % 40)
    _ = Suggest.closest(to: String(line.prefix(64)), in: ["load", "help", "meat", "sauce", "topping"])
    return 0
}
