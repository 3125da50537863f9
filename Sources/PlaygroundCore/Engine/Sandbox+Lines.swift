import PlaygroundBridge
import PlaygroundProcesses

extension Sandbox {
    /// For a compiled line's dry run: what it prints is collected, Ctrl-C stops it.
    static func dryRun(limit: Double, interrupted: @escaping () -> Bool) -> Sandbox {
        Sandbox(limit: limit, interrupted: interrupted, printsTo: linePrints)
    }

    /// Whether `body` finishes within `limit` seconds in a forked copy, quietly (a look, the state pane's reading).
    static func survives(limit: Double = 5, _ body: () -> Void) -> Bool {
        Sandbox(limit: limit, collectsOutput: false, ignoresInterrupt: false, printsTo: linePrints).run(body)
            == .finished
    }

    /// What `body` returns, run within `limit` seconds in a forked copy, quietly; nil if the copy did not finish.
    static func answer(limit: Double, _ body: () -> [UInt8]) -> [UInt8]? {
        let sandbox = Sandbox(limit: limit, collectsOutput: false, ignoresInterrupt: false, printsTo: linePrints)
        let (ending, answer) = sandbox.answer(body)
        return ending == .finished ? answer : nil
    }

    /// In the copy: what compiled code prints (`LineOutput`) goes to the copy's output pipe.
    static func linePrints(_ fd: Int32) {
        LineOutput.write = { text in
            var text = text
            _ = text.withUTF8 { Processes.write(fd, UnsafeRawBufferPointer($0)) }
        }
    }
}
