import Testing

@testable import PlaygroundCore

/// The text pictures lessons draw their products with line up by display width, Korean included.
@Suite struct TextPictureTests {
    @Test func aLineIsCentredInItsColumnsByDisplayWidth() {
        #expect(TextPicture.centred("OK", width: 8) == "   OK   ")
        #expect(TextPicture.centred("확인", width: 8, fill: "-") == "--확인--")
        #expect(TextPicture.centred("a longer line", width: 4) == "a longer line", "a line wider than its columns")
    }

    @Test func aBoxIsAsWideAsItsWidestLineAndEveryRowLinesUp() {
        let box = TextPicture.box(["삭제할까요?", nil, "[ OK ]"], minWidth: 8)
        #expect(
            box == """
                ┌───────────────┐
                │  삭제할까요?  │
                ├───────────────┤
                │    [ OK ]     │
                └───────────────┘
                """)
        let widths = Set(box.split(separator: "\n").map { DisplayWidth.of($0) })
        #expect(widths == [17])
    }
}
