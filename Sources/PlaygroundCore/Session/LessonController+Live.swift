/// What the loaded lesson has now, read from its live objects and the learner's place: for completion, tests and the
/// lesson tester.
extension LessonController {
    /// The live objects of the loaded lesson (for completion).
    public var liveObjects: [LiveObject] { workspace?.module.objects ?? [] }

    /// Every command that can be typed now: the lesson's first (they win a name clash), then the global ones.
    public var commands: [CommandSpec] { reader.commands }

    /// The steps of the loaded lesson done so far (0-based).
    public var doneSteps: Set<Int> { navigator?.doneSteps ?? [] }

    /// The live objects and the program's panes and routes, for tests that compare two ways to the same step.
    public var snapshot: (live: [StateGroup], panes: [PaneConfiguration]) {
        (workspace?.goalState() ?? [], mediator.configuration)
    }

    /// The commands in the journal, as typed.
    public var journalCommands: [String] { workspace?.journal.filter { !$0.isLook }.map(\.text) ?? [] }
}
