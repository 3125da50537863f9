/// The REPL's own commands, as typed: names, usage, help, and the typed ``GlobalCommand`` each becomes.
extension LessonController {
    var globalCommands: [CommandSpec] {
        typealias T = CoreText
        return [
            CommandSpec(
                "help", aliases: ["?"], [ArgumentSpec("command", .dynamic(.commands), optional: true)],
                summary: T.listCommandsOrExplainOneCommand.phrase, changesState: false,
                .global { .help(try $0.optionalWord(0)) }),
            CommandSpec("lessons", summary: T.listTheLessons.phrase, changesState: false, .global { _ in .lessons }),
            CommandSpec(
                "load", [ArgumentSpec("lesson", .dynamic(.lessons))], summary: T.loadALessonAndShowIts.phrase,
                changesState: false, .global { .load(try $0.word(0)) }),
            CommandSpec("next", summary: T.goToTheNextStep.phrase, changesState: false, .global { _ in .next }),
            CommandSpec("back", summary: T.goToThePreviousStep.phrase, changesState: false, .global { _ in .back }),
            CommandSpec(
                "goto", [ArgumentSpec("step", .dynamic(.steps))], summary: T.goToStepNWithThe.phrase,
                changesState: false, .global { .goto(try $0.number(0)) }),
            CommandSpec("step", summary: T.showTheCurrentStepAgain.phrase, changesState: false, .global { _ in .step }),
            CommandSpec(
                "run", summary: T.performTheCurrentStepSCommands.phrase, changesState: false, .global { _ in .run }),
            CommandSpec("hint", summary: T.theNextHintForThisStep.phrase, changesState: false, .global { _ in .hint }),
            CommandSpec(
                "check", summary: T.doesTheLiveStateMeetThis.phrase, changesState: false, .global { _ in .check }),
            CommandSpec(
                "solution", summary: T.showTheCommandsThatSolveThis.phrase, changesState: false,
                .global { _ in .solution }),
            CommandSpec(
                "edit", [ArgumentSpec("reset", .choice(["--reset"]), optional: true)],
                summary: CodeText.editSummary.phrase,
                changesState: false, .global { .edit(reset: try $0.optionalWord(0) != nil) }),
            CommandSpec("state", summary: T.showTheLiveObjects.phrase, changesState: false, .global { _ in .state }),
            CommandSpec(
                "predict", [ArgumentSpec("answer")], summary: T.predictSummary.phrase, changesState: false,
                .global { .predict(try $0.word(0)) }),
            CommandSpec("undo", summary: T.undoTheLastCommandThatChanged.phrase, .global { _ in .undo }),
            CommandSpec("reset", summary: T.startTheLiveObjectsAfreshThe.phrase, .global { _ in .reset }),
            CommandSpec("restart", summary: T.restartSummary.phrase, .global { _ in .restart }),
            CommandSpec(
                "history", summary: T.theCommandsOfThisLessonAnd.phrase, changesState: false,
                .global { _ in .history }),
            CommandSpec(
                "trace", [ArgumentSpec("which", .choice(["all"]), optional: true)], summary: TraceText.summary.phrase,
                changesState: false, .global { .trace(all: try $0.optionalWord(0) != nil) }),
            CommandSpec(
                "panes", summary: T.listPanesTheirTopicsAndWhether.phrase, changesState: false,
                .global { _ in .panes }),
            CommandSpec(
                "pane",
                [ArgumentSpec("action", .choice(["add", "show", "hide"])), ArgumentSpec("name", .dynamic(.panes))],
                summary: T.addAPaneOrShowOr.phrase,
                .global { a in
                    let name = try a.word(1)
                    switch try a.word(0) {
                    case "add": return .addPane(name)
                    case "show": return .showPane(name)
                    default: return .hidePane(name)
                    }
                }),
            CommandSpec(
                "route",
                [
                    ArgumentSpec("topic", .dynamic(.topics)), ArgumentSpec("to", .choice(["to"])),
                    ArgumentSpec("pane", .dynamic(.panes)),
                ],
                summary: T.sendATopicSMessagesTo.phrase, .global { .route(topic: try $0.word(0), pane: try $0.word(2)) }
            ),
            CommandSpec(
                "layout", [ArgumentSpec("layout", .choice(LayoutMode.allCases.map(\.rawValue)))],
                summary: T.chooseHowPanesAreDrawn.phrase,
                changesState: false,
                .global { a in
                    guard let mode = LayoutMode(rawValue: try a.word(0)) else { throw InternalError("layout \(a)") }
                    return .layout(mode)
                }),
            CommandSpec(
                "quit", aliases: ["exit"], summary: T.leaveThePlayground.phrase, changesState: false,
                .global { _ in .quit }),
        ]
    }
}
