/// The one name the Swift the playground writes around learner code imports from this module
/// (`import enum PlaygroundBridge.__PlaygroundBridge`): everything else of the module stays out of the learner's
/// sight, so `LineContext` or `LineOutput` typed at the prompt is not found, as swiftc would not find it, and a
/// learner's own type of that name is theirs alone. The playground refuses a line that names this one itself.
public enum __PlaygroundBridge {
    public typealias LineContext = PlaygroundBridge.LineContext
    public typealias LineOutput = PlaygroundBridge.LineOutput
    public typealias TopLevelCode = PlaygroundBridge.TopLevelCode
    public typealias __PatternsTrace = PlaygroundBridge.__PatternsTrace
    public typealias TrackedAccess = PlaygroundBridge.TrackedAccess

    /// The name as learner code would have to write it.
    public static let name = "__PlaygroundBridge"
    /// The import line of every file the playground writes around learner code.
    public static let importLine = "import enum PlaygroundBridge.__PlaygroundBridge"
}
