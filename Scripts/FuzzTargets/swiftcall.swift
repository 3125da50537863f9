// libFuzzer target: the Swift-call parser alone, on any bytes. Compiled together with Sources/PlaygroundCore by
// Scripts/fuzz; any crash, hang or sanitizer report is a bug. Errors must point inside the line (or just past it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftCall(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let statement = try SwiftCallParser.parse(line)
        for call in statement.calls { _ = CallRunnerProbe.render(call.arguments) }
    } catch {
        // Columns count Unicode scalars, as the lexer reads them.
        precondition(
            error.column >= 1 && error.column <= line.unicodeScalars.count + 1,
            "column \(error.column) outside the line")
    }
    return 0
}

enum CallRunnerProbe {
    static func render(_ arguments: [SwiftArgument]) -> String {
        arguments.map(\.value.swiftSource).joined(separator: ", ")
    }
}
