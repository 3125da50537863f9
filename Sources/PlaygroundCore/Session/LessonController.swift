/// The lesson's side of a session: loading a lesson, moving between its steps, setting a step up from the lesson's
/// own commands, judging goals, hints and solutions, predictions, undo, reset and history, help, the learner's panes
/// and routes, saving progress, and the dispatch of the REPL's own commands (``GlobalCommand``). Every line it runs
/// goes through the session's ``LineRunner``; where the learner is, is the session's ``LessonNavigator``.
public final class LessonController {
    unowned let session: Session
    /// The learner changed panes or routes since the lesson was loaded.
    var panesChangedByHand = false
    /// The commands that can be typed, built again when the module or the language changes (module commands hold
    /// their module unowned, so a replaced module's commands must never be called).
    var commandCache: (module: ObjectIdentifier?, lang: Lang, reader: CommandReader)?
    /// The global commands, built once per language: replacing the module (undo, reset, rollback) keeps them.
    var globalCache: (lang: Lang, table: CommandTable)?

    /// Saves and restores the learner's place in each lesson (the executable supplies a file-backed one).
    public var progress: ProgressStore?
    /// The first answer to each prediction exercise, by lesson and 0-based step, for the session's lifetime: a
    /// prediction counts once across `load`, `goto` and `restart` even without a progress store (which keeps them
    /// across sessions).
    var predictionsKept: [String: [Int: String]] = [:]

    init(session: Session) { self.session = session }

    var mediator: Mediator { session.mediator }
    var lang: Lang { session.options.lang }
    var options: SessionOptions { session.options }
    var catalog: LessonCatalog { session.catalog }
    var compiler: LineCompiler? { session.tools.compiler }
    var workspace: Workspace? {
        get { session.workspace }
        set { session.workspace = newValue }
    }
    var navigator: LessonNavigator? {
        get { session.navigator }
        set { session.navigator = newValue }
    }
    var lesson: Lesson? { session.lesson }
    var stepIndex: Int { session.stepIndex }
    var currentStep: Step? { session.currentStep }

    /// The commands of the loaded lesson.
    var moduleCommands: [CommandSpec] { workspace?.module.commands ?? [] }

    var cachedGlobalCommands: [CommandSpec] { globalTable.commands }

    var globalTable: CommandTable {
        if let cache = globalCache, cache.lang == lang { return cache.table }
        let table = CommandTable(globalCommands)
        globalCache = (lang, table)
        return table
    }

    /// The reader for the commands and objects of now; a module's objects are fixed when it is made.
    var reader: CommandReader {
        let id = workspace.map { ObjectIdentifier($0.module) }
        if let cache = commandCache, cache.module == id, cache.lang == lang { return cache.reader }
        let reader = CommandReader(
            module: moduleCommands, global: globalTable,
            objectNames: liveObjects.map(\.name))
        commandCache = (id, lang, reader)
        return reader
    }

    /// What the global commands do: lessons and steps, learning aids, undo and reset, panes and routes.
    func run(_ command: GlobalCommand, text: String) throws {
        switch command {
        case .help(let topic): try help(topic)
        case .lessons:
            mediator.say(
                HelpWriter(lang: lang, width: options.render.width).lessons(catalog) { id in
                    // The loaded lesson is where the learner is now; the others as last saved.
                    if let navigator, navigator.lesson.id == id { return (navigator.stepIndex, navigator.doneSteps) }
                    return self.progress?.load(lesson: id)
                })
        case .load(let id): try load(id)
        case .next:
            // The end of a lesson is an ending, not an error.
            let navigator = try requireNavigator()
            if navigator.isAtLastStep {
                session.say(CoreText.theEndOfTheLesson(navigator.lesson.title))
            } else {
                try navigate { $0.next() }
            }
        case .back: try navigate { try $0.back() }
        case .goto(let number): try goto(number)
        case .step: _ = try workspace.required(); showStep()
        case .run: try runStep()
        case .hint: try hint()
        case .check: try check()
        case .solution: try solution()
        case .edit(let reset): try session.code.edit(reset: reset)
        case .state: session.runner.postState(try workspace.required().state())
        case .undo: try undo()
        case .reset: try reset()
        case .restart: try setUpLiveObjects(before: try requireNavigator().stepIndex)
        case .history: try history()
        case .trace(let all): try trace(all: all)
        case .panes: mediator.say(HelpWriter(lang: lang, width: options.render.width).panes(mediator.configuration))
        case .addPane, .showPane, .hidePane, .route:
            // Typed by the learner (a lesson's set-up runs muted): loading another lesson will say they are gone.
            if !mediator.isMuted { panesChangedByHand = true }
            // Without a lesson the panes are the session's own; with one they are part of what the journal rebuilds.
            if workspace == nil {
                try applyPaneCommand(command)
            } else {
                try session.runner.change(text, .global(command))
            }
        case .predict(let answer):
            guard workspace != nil else { throw PlaygroundError(CoreText.predictNeedsALesson.phrase) }
            try predict(answer)
        case .layout(let mode):
            session.say(CoreText.layoutIs(mode.rawValue))
            mediator.emit(.layout(mode))
        case .quit:
            mediator.emit(.quit)
        }
    }

    // MARK: lessons and steps

    /// Loads a lesson: fresh live objects on the standard panes, the saved step (or the first).
    public func load(_ id: String, exact: Lesson? = nil) throws {
        guard let found = exact ?? catalog.lesson(id: id, lang: lang) else {
            throw catalog.unknownLesson(id)
        }
        guard let factory = session.factories[found.module] else {
            throw PlaygroundError(CoreText.unknownModule(found.module))
        }
        // Panes and routes belong to a lesson: the new one starts from its own, and says so when yours are gone.
        let panesBefore = mediator.configuration
        let learnersOwn = Self.learnersOwn(workspace)
        // The objects of the lesson before are never freed (``Workspace/retire()``).
        workspace?.retire()
        workspace = Workspace(factory: factory, mediator: mediator, lang: lang)
        sayDropped(learnersOwn, now: workspace)
        session.callBook.recorder.clear()
        session.callBook.lastLineCalls = nil
        if panesChangedByHand && mediator.configuration != panesBefore {
            session.say(CoreText.thePanesAreThisLessonsOwn(found.id))
        }
        panesChangedByHand = false
        navigator = LessonNavigator(lesson: found)
        // A prediction is made once per learner: the answers given before stand (not yet run in these objects).
        navigator?.predictions = keptPredictions(found.id)
        if let saved = progress?.load(lesson: found.id) {
            navigator?.restore(step: saved.step, done: saved.done)
            if stepIndex > 0 {
                session.say(CoreText.resumingAtStepGoto1Starts(String(stepIndex + 1)))
                try setUpLiveObjects(before: stepIndex)
            }
        }
        // A screen of panes shows the new lesson's objects at once (the stream prints nothing for it).
        if let workspace {
            mediator.place(
                PaneMessage(topic: "state", source: "session", text: StateView.pane(workspace.state(), changed: [])))
        }
        // The pattern's definition first, then the step: one message, so the lesson pane holds both.
        if let introduction = navigator?.introductionText() {
            mediator.post(
                PaneMessage(
                    topic: "lesson", source: "lesson",
                    text: introduction + "\n\n" + Self.introductionRule + "\n\n" + stepText()))
        } else {
            showStep()
        }
    }

    /// The rule between a lesson's definition and its first step (a pager ends a page before it).
    public static let introductionRule = String(repeating: "─", count: 20)

    func requireNavigator() throws -> LessonNavigator {
        guard let navigator else { throw PlaygroundError(CoreText.noLessonIsLoadedTryLoad.phrase) }
        return navigator
    }

    func navigate(_ move: (inout LessonNavigator) throws -> Void) throws {
        var navigator = try requireNavigator()
        try move(&navigator)
        self.navigator = navigator
        saveProgress()
        // An exercise starts from the state the lesson's earlier steps leave, whatever the learner did before.
        if navigator.lesson.startsFresh(navigator.stepIndex) { try setUpLiveObjects(before: navigator.stepIndex) }
        showStep()
    }

    /// `goto n`: the step, with the live objects as the lesson's earlier steps leave them, whatever came before.
    func goto(_ number: Int) throws {
        var navigator = try requireNavigator()
        try navigator.go(toNumber: number)
        self.navigator = navigator
        try setUpLiveObjects(before: navigator.stepIndex)
        saveProgress()
        showStep()
    }

    /// Rebuilds the live objects as the lesson's own commands leave them at the start of step `index + 1`: a fresh
    /// module, then every command of the earlier steps that changes something (never a look such as `check`),
    /// quietly. A command the lesson itself expects to fail (a sold-out meat) fails here too and changes nothing.
    public func setUpLiveObjects(before index: Int, quietly: Bool = false) throws {
        let workspace = try workspace.required()
        guard let lesson else { return }
        let learnersOwn = Self.learnersOwn(workspace)
        workspace.journal = []
        // The learner's types are watched while their file is loaded for this step.
        workspace.exerciseObjects = session.code.currentExercise.map { ExerciseObjects(module: $0.module) }
        try session.runner.rebuild()
        let wasMuted = mediator.isMuted
        mediator.isMuted = true
        defer { mediator.isMuted = wasMuted }
        try session.callBook.recording { try runSetUp(lesson.steps.prefix(index)) }
        // The step's own calls begin here: a goal on calls judges those.
        session.callBook.stepBegan()
        mediator.isMuted = wasMuted
        // The step starts again: so does its guide ('restart', `goto`).
        navigator?.guided = 0
        if quietly { return }
        session.say(
            index == 0
                ? CoreText.theLiveObjectsStartAfresh.phrase
                : CoreText.theLiveObjectsAreSetUp(String(index)))
        sayDropped(learnersOwn, now: workspace)
        session.runner.postState(workspace.state())
    }

    /// Runs the commands of the steps before this one, quietly, as the lesson's set-up.
    private func runSetUp(_ steps: ArraySlice<Step>) throws {
        // A code exercise's commands need the learner's types: its objects are that step's only.
        for step in steps where step.code == nil {
            for line in step.commands {
                // Swift goes to the engine a typed line goes to: the compiler runs what the interpreter does not. So
                // does the Swift a short command spells (a declared module's), as it does when typed.
                if let compiler, let trimmed = try? CommandReader.clean(line),
                    let swift = session.runner.isSwiftLine(trimmed)
                        ? trimmed : (try? reader.spelledSwift(clean: trimmed)) ?? nil
                {
                    do {
                        try session.runner.runSwift(swift, with: compiler)
                    } catch let error as InternalError {
                        throw error
                    } catch {
                        // As below: a line the lesson shows failing changes nothing.
                    }
                    continue
                }
                // A line that does not read, or a call the lesson shows failing, changes nothing: the same happens on
                // every path to this step. A broken promise inside the playground still surfaces.
                let command: Command
                do {
                    guard let read = try reader.read(line), read.changesState else { continue }
                    command = read
                } catch is PlaygroundError {
                    continue
                }
                do {
                    try session.runner.run(command, text: line.trimmed)
                } catch is PlaygroundError {
                } catch is ThrownError {
                }
            }
        }
    }

    /// Hint `number` of the current step as a live class's room is shown it (the class server's counter, numbered as
    /// the lesson writes the step's hints, whatever each learner's state), counted as shown so that the learner's
    /// own `hint` goes on after it. Nil when the step has no such hint.
    public func roomHint(_ number: Int) -> String? {
        guard var navigator, number >= 1, number <= navigator.step.hints.count else { return nil }
        let hints = navigator.step.hints
        navigator.hintsShown = max(navigator.hintsShown, number)
        self.navigator = navigator
        return CoreText.hint(String(number), String(hints.count), hints[number - 1].text).text(lang)
    }

    /// Moves to a step without showing it (the lesson tester, `run --from`).
    public func setStep(_ index: Int) {
        navigator?.set(index: index)
    }

    func saveProgress() {
        guard let navigator else { return }
        progress?.save(
            lesson: navigator.lesson.id, step: navigator.stepIndex, done: navigator.doneSteps,
            total: navigator.lesson.steps.count)
        sayProgressWarnings()
    }

    /// A save that failed (a full disk, a folder that cannot be written) is said in the panes, once: a line runs in
    /// a copy of the playground whose standard error is the line's, so a warning written there would be lost.
    func sayProgressWarnings() {
        for warning in progress?.takeWarnings() ?? [] {
            mediator.post(
                PaneMessage(
                    topic: "error", source: "session", text: CLIText.warning.text(lang, warning.text(lang)),
                    isError: true))
        }
    }

    /// The lesson pane's text for the current step.
    public func stepText() -> String { navigator?.stepText(lang) ?? "" }

    /// Posts the current step's text to the lesson pane.
    public func showStep() {
        mediator.post(PaneMessage(topic: "lesson", source: "lesson", text: stepText()))
        // Said at once, not at the first `edit`: a code exercise without the compiler cannot be done here.
        if compiler == nil, session.tools.compilerUnavailable != nil {
            if currentStep?.code != nil {
                session.say(CodeText.needsToolchain.phrase)
            } else if navigator?.lesson.needsSwift == true {
                session.say(CodeText.lessonNeedsToolchain.phrase)
            }
        }
    }

    /// `run`: the step's commands, each echoed, stopping at the first that fails.
    func runStep() throws {
        let step = try requireNavigator().step
        guard !step.commands.isEmpty else { session.say(CoreText.thisStepHasNoCommandsTo.phrase); return }
        if let code = step.code, !session.code.judgesLoadedCode {
            // The commands drive the learner's types: `check` compiles the file first.
            try session.code.checkCode(code)
            return
        }
        // A prediction is the learner's to make: `run` does not make it for them.
        if step.isPrediction, prediction == nil {
            throw PlaygroundError(PredictText.predictFirst(Self.optionList(step.predictionOptions ?? 3, lang)))
        }
        // From the step's own start, so that the commands do what the lesson shows whatever came before.
        try setUpLiveObjects(before: try requireNavigator().stepIndex)
        for command in step.commands where !(step.isPrediction && command.hasPrefix("predict")) {
            mediator.emit(.input(prompt: "> ", line: command))
            guard session.runner.perform(command) else { session.counts.anyFailed = true; break }
        }
    }

    /// Loads this exact lesson (any language) with no saved progress (the lesson tester).
    func loadForTesting(_ lesson: Lesson) throws {
        let store = progress
        progress = nil
        defer { progress = store }
        try load(lesson.id, exact: lesson)
    }
}
