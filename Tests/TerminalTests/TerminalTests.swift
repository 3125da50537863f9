import Testing

@testable import Terminal

@Suite struct HistoryFileTests {
    @Test func overrideEmptyValueAndXDGDefault() {
        #expect(HistoryFile.standard(environment: ["PATTERNS_HISTORY": "/tmp/h", "HOME": "/home/u"])?.path == "/tmp/h")
        #expect(HistoryFile.standard(environment: ["PATTERNS_HISTORY": "", "HOME": "/home/u"]) == nil)
        #expect(
            HistoryFile.standard(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/u"])?.path
                == "/state/patterns/history")
        #expect(HistoryFile.standard(environment: ["HOME": "/home/u"])?.path == "/home/u/.local/state/patterns/history")
        // A relative XDG_STATE_HOME is ignored, as the XDG spec says.
        #expect(
            HistoryFile.standard(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"])?.path
                == "/home/u/.local/state/patterns/history")
        #expect(HistoryFile.standard(environment: ["HOME": "/home/u"])?.limit == 1000)
    }
}

@Suite struct CompletionListTests {
    @Test func commonPrefixAndColumns() {
        #expect(LineReader.commonPrefix(["load", "lessons"]) == "l")
        #expect(LineReader.commonPrefix(["setMeat(", "setTitle("]) == "set")
        #expect(
            LineReader.columns(["beef", "chicken", "kitten", "tofu"], width: 20) == "beef     chicken\nkitten   tofu")
    }
}
