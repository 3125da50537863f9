/// What the global commands do: lessons and steps, learning aids, undo and reset, panes and routes.
extension Session {
    func run(_ command: GlobalCommand, text: String) throws {
        switch command {
        case .help(let topic): try help(topic)
        case .lessons:
            say(HelpWriter(lang: lang, width: options.render.width).lessons(catalog) { id in
                // The loaded lesson is where the learner is now; the others as last saved.
                if let navigator, navigator.lesson.id == id { return (navigator.stepIndex, navigator.doneSteps) }
                return self.progress?.load(lesson: id)
            })
        case .load(let id): try load(id)
        case .next:
            // The end of a lesson is an ending, not an error.
            let navigator = try requireNavigator()
            if navigator.isAtLastStep { say(CoreText.theEndOfTheLesson(navigator.lesson.title)) } else { try navigate { $0.next() } }
        case .back: try navigate { try $0.back() }
        case .goto(let number): try goto(number)
        case .step: _ = try requireWorkspace(); showStep()
        case .run: try runStep()
        case .hint: try hint()
        case .check: try check()
        case .solution: try solution()
        case .edit(let reset): try edit(reset: reset)
        case .state: postState(try requireWorkspace().state())
        case .undo: try undo()
        case .reset: try reset()
        case .restart: try setUpLiveObjects(before: try requireNavigator().stepIndex)
        case .history: try history()
        case .panes: say(HelpWriter(lang: lang, width: options.render.width).panes(mediator.configuration))
        case .addPane, .showPane, .hidePane, .route:
            // Typed by the learner (a lesson's set-up runs muted): loading another lesson will say they are gone.
            if !mediator.isMuted { panesChangedByHand = true }
            // Without a lesson the panes are the session's own; with one they are part of what the journal rebuilds.
            if workspace == nil { try applyPaneCommand(command) } else { try change(text, .global(command)) }
        case .predict(let answer):
            guard workspace != nil else { throw PlaygroundError(CoreText.predictNeedsALesson.phrase) }
            try predict(answer)
        case .layout(let mode):
            say(CoreText.layoutIs(mode.rawValue))
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
        guard let factory = factories[found.module] else { throw PlaygroundError(CoreText.unknownModule(found.module)) }
        // Panes and routes belong to a lesson: the new one starts from its own, and says so when yours are gone.
        let panesBefore = mediator.configuration
        workspace = Workspace(factory: factory, mediator: mediator, lang: lang)
        if panesChangedByHand && mediator.configuration != panesBefore { say(CoreText.thePanesAreThisLessonsOwn(found.id)) }
        panesChangedByHand = false
        navigator = LessonNavigator(lesson: found)
        if let saved = progress?.load(lesson: found.id) {
            navigator?.restore(step: saved.step, done: saved.done)
            if stepIndex > 0 {
                say(CoreText.resumingAtStepGoto1Starts(String(stepIndex + 1)))
                try setUpLiveObjects(before: stepIndex)
            }
        }
        // A screen of panes shows the new lesson's objects at once (the stream prints nothing for it).
        if let workspace { mediator.place(PaneMessage(topic: "state", source: "session", text: StateView.pane(workspace.state(), changed: []))) }
        // The pattern's definition first, then the step: one message, so the lesson pane holds both.
        if let introduction = navigator?.introductionText() {
            mediator.post(PaneMessage(topic: "lesson", source: "lesson", text: introduction + "\n\n" + Self.introductionRule + "\n\n" + stepText()))
        } else {
            showStep()
        }
    }

    /// The rule between a lesson's definition and its first step (a pager ends a page before it).
    public static let introductionRule = String(repeating: "─", count: 20)

    func requireNavigator() throws -> LessonNavigator {
        guard let navigator else { throw Self.noLesson }
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
        let workspace = try requireWorkspace()
        guard let lesson else { return }
        workspace.journal = []
        // The learner's types are watched while their file is loaded for this step.
        workspace.exerciseObjects = currentExercise.map { ExerciseObjects(module: $0.module) }
        try rebuild()
        let wasMuted = mediator.isMuted
        mediator.isMuted = true
        defer { mediator.isMuted = wasMuted }
        // A code exercise's commands need the learner's types: its objects are that step's only.
        for step in lesson.steps.prefix(index) where step.code == nil {
            for line in step.commands {
                // Swift goes to the engine a typed line goes to: the compiler runs what the interpreter does not.
                if let compiler, let trimmed = try? CommandReader.clean(line), isSwiftLine(trimmed) {
                    do {
                        try runSwift(trimmed, with: compiler)
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
                    try run(command, text: line.trimmed)
                } catch is PlaygroundError {
                } catch is ThrownError {
                }
            }
        }
        mediator.isMuted = wasMuted
        if quietly { return }
        say(index == 0 ? CoreText.theLiveObjectsStartAfresh.phrase : CoreText.theLiveObjectsAreSetUp(String(index)))
        postState(workspace.state())
    }

    /// Moves to a step without showing it (the lesson tester, `run --from`).
    public func setStep(_ index: Int) {
        navigator?.set(index: index)
    }

    func saveProgress() {
        guard let navigator else { return }
        progress?.save(lesson: navigator.lesson.id, step: navigator.stepIndex, done: navigator.doneSteps, total: navigator.lesson.steps.count)
    }

    /// The lesson pane's text for the current step.
    public func stepText() -> String { navigator?.stepText(lang) ?? "" }

    /// Posts the current step's text to the lesson pane.
    public func showStep() {
        mediator.post(PaneMessage(topic: "lesson", source: "lesson", text: stepText()))
        // Said at once, not at the first `edit`: a code exercise without the compiler cannot be done here.
        if currentStep?.code != nil, compiler == nil, compilerUnavailable != nil { say(CodeText.needsToolchain.phrase) }
    }

    /// `run`: the step's commands, each echoed, stopping at the first that fails.
    func runStep() throws {
        let step = try requireNavigator().step
        guard !step.commands.isEmpty else { say(CoreText.thisStepHasNoCommandsTo.phrase); return }
        if let code = step.code, !judgesLoadedCode {
            // The commands drive the learner's types: `check` compiles the file first.
            try checkCode(code)
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
            guard perform(command) else { anyFailed = true; break }
        }
    }

    // MARK: learning aids

    /// The goal fields the live state does not meet (for the lesson tester).
    public func goalDifferences() -> [(key: String, expected: String, actual: String)] {
        navigator?.goalDifferences(goalState(), lang) ?? []
    }

    /// Whether the current step's goal is met, without saying anything (for the lesson tester).
    public var goalMet: Bool { goalDifferences().isEmpty }

    /// `check`: a code exercise compiles and tries the learner's file first; then the live state is judged.
    func check() throws {
        let step = try requireNavigator().step
        guard step.isExercise else { say(CoreText.thisStepHasNoGoalTo.phrase); return }
        if let code = step.code, !judgesLoadedCode {
            try checkCode(code)
            return
        }
        try judge()
    }

    /// Compares the live state with the step's goal; says what differs, or marks the step done.
    func judge(explaining: Bool = true) throws {
        var navigator = try requireNavigator()
        let step = navigator.step
        let differences = goalDifferences()
        if differences.isEmpty {
            navigator.markDone()
            self.navigator = navigator
            saveProgress()
            say(CoreText.goalMet(String(navigator.stepIndex + 1)))
            return
        }
        if step.isPrediction {
            // Never a value: what ran differs from the step's story, or the prediction stands where it is.
            let story = differences.filter { !GoalLine.isPrediction($0.key) }.map(\.key)
            if !story.isEmpty {
                say(PredictText.notTheStory(story.joined(separator: ", ")).text(lang))
            } else {
                let missed = prediction?.ran == true
                say((missed ? "✗ " : "") + predictionStanding(step))
            }
            return
        }
        var lines = [CoreText.notYet.text(lang, String(differences.count), String(step.goal.count))]
        let width = differences.map { DisplayWidth.of($0.key) }.max() ?? 0
        for d in differences {
            if GoalLine.isPrediction(d.key) {
                // A prediction is never given away: the learner is told where it stands, not what is right.
                lines.append("  " + DisplayWidth.pad(d.key, to: width) + "  " + predictionStanding(step))
                continue
            }
            lines.append("  " + DisplayWidth.pad(d.key, to: width) + "  " + CoreText.expectedActual.text(lang, d.expected, d.actual))
            if explaining, let why = workspace?.module.explain(field: d.key, expected: d.expected, actual: d.actual) { lines.append("    " + why.text(lang)) }
        }
        // A step whose goal stays unmet on purpose (a bug to explain) is not a place to be stuck.
        // Nor is a prediction: 'restart' does not change an answer already given.
        if !step.goalStaysUnmet && !step.isPrediction { lines.append(CoreText.stuckRestart.text(lang)) }
        say(lines.joined(separator: "\n"))
    }

    func hint() throws {
        var navigator = try requireNavigator()
        // A prediction's last hint names the answer: it waits until the learner has answered.
        if navigator.step.isPrediction, prediction == nil, navigator.hintsShown + 1 >= navigator.step.hints.count {
            say(PredictText.lastHintAfterPredicting.phrase)
            return
        }
        let phrase = navigator.nextHint(goalState())
        self.navigator = navigator
        say(phrase)
    }

    func solution() throws {
        let navigator = try requireNavigator()
        if navigator.step.isPrediction, prediction == nil {
            throw PlaygroundError(PredictText.predictFirst(Self.optionList(navigator.step.predictionOptions ?? 3, lang)))
        }
        if let code = navigator.step.code {
            codeSolution(code)
            return
        }
        let commands = navigator.step.commands
        guard !commands.isEmpty else { say(CoreText.thisStepHasNoCommands.phrase); return }
        say(([CoreText.solutionForStep.text(lang, String(navigator.stepIndex + 1))] + commands.map { "  > " + $0 }
             + [CoreText.solutionStartsAtTheStepsStart.text(lang)]).joined(separator: "\n"))
    }

    // MARK: undo, reset, history

    func undo() throws {
        let workspace = try requireWorkspace()
        // Looks are passed over and stay (a compiled line may have changed what no field shows: `blue.onReceive = {…}`);
        // one that cannot run without the change undone goes with it.
        guard let index = workspace.journal.lastIndex(where: { !$0.isLook }) else { throw PlaygroundError(CoreText.nothingToUndo.phrase) }
        let undone = workspace.journal[index]
        // What the lesson ran to set the step up is not the learner's to take back ('restart' sets it up again).
        guard !undone.bySetUp else { throw PlaygroundError(PredictText.nothingTypedToUndo.phrase) }
        let before = workspace.state()
        workspace.journal.remove(at: index)
        try rebuild()
        postRebuilt(from: before, CoreText.undid(undone.text))
    }

    func reset() throws {
        let workspace = try requireWorkspace()
        let before = workspace.state()
        workspace.journal = []
        try rebuild()
        postRebuilt(from: before, CoreText.theLiveObjectsStartAfresh.phrase)
    }

    func history() throws {
        let workspace = try requireWorkspace()
        // What the lesson ran to set the step up is not the learner's: counted, never listed as typed.
        let setUp = workspace.journal.filter { $0.bySetUp && !$0.isLook }.count
        var lines: [String] = setUp > 0 ? [PredictText.historySetUp(String(setUp)).text(lang)] : []
        let typed = workspace.journal.filter { !$0.bySetUp && !$0.isLook }
        guard !typed.isEmpty else { say((lines + [CoreText.noCommandsYet.text(lang)]).joined(separator: "\n")); return }
        for (i, entry) in typed.enumerated() {
            let changed = entry.changed.isEmpty ? CoreText.noChange.text(lang) : entry.changed.joined(separator: ", ")
            lines.append("\(DisplayWidth.padLeft(String(i + 1), to: 3))  \(entry.text)   → \(changed)")
        }
        say(lines.joined(separator: "\n"))
    }

    func help(_ topic: String?) throws {
        let writer = HelpWriter(lang: lang, width: options.render.width)
        guard let topic else {
            say(writer.commands(global: cachedGlobalCommands, module: moduleCommands, lesson: lesson?.id, objects: liveObjects))
            return
        }
        if let command = command(named: topic) {
            say("\(command.usage)\n  \(command.summary.text(lang))")
        } else if let object = liveObjects.first(where: { $0.name == topic }) {
            say(writer.object(object))
        } else {
            let names = commands.flatMap { [$0.name] + $0.aliases } + liveObjects.map(\.name)
            throw PlaygroundError(CoreText.noHelpFor(topic) + (Suggest.closest(to: topic, in: names).map { CoreText.andDidYouMean($0) } ?? .verbatim("")))
        }
    }
}

extension LessonCatalog {
    /// The one way an unknown lesson is named, wherever it was asked for: `load` in the REPL, and `run`, `export`,
    /// `forget` and `test` on the command line. A close id is suggested, else the lessons are listed.
    public func unknownLesson(_ id: String) -> PlaygroundError {
        var message = CoreText.unknownLesson(id)
        if let s = Suggest.closest(to: id, in: ids) { message += CoreText.andDidYouMean(s) }
        else { message += CoreText.andLessons(ids.joined(separator: ", ")) }
        return PlaygroundError(message)
    }
}
