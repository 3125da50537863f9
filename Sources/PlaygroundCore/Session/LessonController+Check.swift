import CallRecording

/// Learning aids (goals, `check`, hints, solutions) and taking changes back (undo, reset, history), and `help`.
extension LessonController {

    /// The goal fields the live state does not meet (for the lesson tester).
    public func goalDifferences() -> [(key: String, expected: String, actual: String)] {
        guard let navigator else { return [] }
        let calls = CallTrace.differences(navigator.step.goal, session.callBook.ofTheStep, lang)
        return navigator.goalDifferences(goalState(), lang) + calls
    }

    /// Whether the current step's goal is met, without saying anything (for the lesson tester).
    public var goalMet: Bool { goalDifferences().isEmpty }

    /// `check`: a code exercise compiles and tries the learner's file first; then the live state is judged.
    func check() throws {
        let step = try requireNavigator().step
        guard step.isExercise else { session.say(CoreText.thisStepHasNoGoalTo.phrase); return }
        if let code = step.code, !session.code.judgesLoadedCode {
            try session.code.checkCode(code)
            return
        }
        try judge(hidden: step.code == nil ? [] : try session.code.hiddenScenarioDifferences())
    }

    /// Compares the live state with the step's goal; says what differs, or marks the step done. `hidden`: what a code
    /// exercise's hidden scenario found wrong (never shown field by field: the learner does not see that run).
    func judge(explaining: Bool = true, hidden: [(key: String, expected: String, actual: String)] = []) throws {
        var navigator = try requireNavigator()
        let step = navigator.step
        // Nothing can be judged before the prediction: that is all there is to say (never the scenario's fields).
        if step.isPrediction, prediction == nil {
            mediator.say(predictionStanding(step))
            return
        }
        let differences = goalDifferences()
        if differences.isEmpty, !hidden.isEmpty {
            mediator.say(CodeText.hiddenScenarioFails.text(lang, String(step.goal.count)))
            return
        }
        if differences.isEmpty {
            navigator.markDone()
            self.navigator = navigator
            saveProgress()
            session.say(CoreText.goalMet(String(navigator.stepIndex + 1)))
            return
        }
        if step.isPrediction {
            // Never a value: what ran differs from the step's story, or the prediction stands where it is.
            let story = differences.filter { !GoalLine.isPrediction($0.key) }.map(\.key)
            if !story.isEmpty {
                mediator.say(PredictText.notTheStory(story.joined(separator: ", ")).text(lang))
            } else {
                let missed = prediction?.ran == true
                mediator.say((missed ? "✗ " : "") + predictionStanding(step))
            }
            return
        }
        // A demonstration's goal stays unmet on purpose: before its commands have made what the goal names, there is
        // nothing to explain yet, and no field list to puzzle over.
        if step.goalStaysUnmet, differences.contains(where: { $0.actual == CoreText.noSuchField.text(lang) }) {
            session.say(CoreText.demonstrationRunFirst.phrase)
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
            lines.append(
                "  " + DisplayWidth.pad(d.key, to: width) + "  "
                    + CoreText.expectedActual.text(lang, d.expected, d.actual))
            if explaining, let why = workspace?.module.explain(field: d.key, expected: d.expected, actual: d.actual) {
                lines.append("    " + why.text(lang))
            }
        }
        // A goal on calls shows the calls it names beside those that ran.
        if differences.contains(where: { GoalLine.isCall($0.key) }) {
            lines.append("  " + TraceText.expectedCalls.text(lang))
            lines += step.goal.filter(\.isCall).map { "    " + ($0.key == GoalLine.callAbsent ? "✗ " : "") + $0.value }
            let ran = session.callBook.ofTheStep
            lines.append("  " + TraceText.callsThatRan.text(lang))
            lines +=
                ran.isEmpty
                ? ["    " + TraceText.noCallsYet.text(lang)] : CallTrace.lines(ran, lang, limit: 12).map { "    " + $0 }
        }
        // A step whose goal stays unmet on purpose (a bug to explain) is not a place to be stuck.
        // Nor is a prediction: 'restart' does not change an answer already given.
        if step.goalStaysUnmet {
            lines.append(CoreText.demonstrationUnmet.text(lang))
        } else if !step.isPrediction {
            lines.append(CoreText.stuckRestart.text(lang))
        }
        mediator.say(lines.joined(separator: "\n"))
    }

    func hint() throws {
        var navigator = try requireNavigator()
        // A prediction's last hint names the answer: it waits until the learner has answered.
        if navigator.step.isPrediction, prediction == nil, navigator.hintsShown + 1 >= navigator.step.hints.count {
            session.say(PredictText.lastHintAfterPredicting.phrase)
            return
        }
        let phrase = navigator.nextHint(goalState())
        self.navigator = navigator
        session.say(phrase)
    }

    func solution() throws {
        let navigator = try requireNavigator()
        if navigator.step.isPrediction, prediction == nil {
            throw PlaygroundError(
                PredictText.predictFirst(Self.optionList(navigator.step.predictionOptions ?? 3, lang)))
        }
        if let code = navigator.step.code {
            session.code.codeSolution(code)
            return
        }
        let commands = navigator.step.commands
        guard !commands.isEmpty else { session.say(CoreText.thisStepHasNoCommands.phrase); return }
        mediator.say(
            ([CoreText.solutionForStep.text(lang, String(navigator.stepIndex + 1))]
                + commands.map { "  > " + $0 }
                + [CoreText.solutionStartsAtTheStepsStart.text(lang)]).joined(separator: "\n"))
    }

    // MARK: undo, reset, history

    func undo() throws {
        let workspace = try workspace.required()
        // Looks are passed over and stay (a compiled line may have changed what no field shows:
        // `blue.onReceive = {…}`); one that cannot run without the change undone goes with it.
        guard let index = workspace.journal.lastIndex(where: { !$0.isLook }) else {
            throw PlaygroundError(CoreText.nothingToUndo.phrase)
        }
        let undone = workspace.journal[index]
        // What the lesson ran to set the step up is not the learner's to take back ('restart' sets it up again).
        guard !undone.bySetUp else { throw PlaygroundError(PredictText.nothingTypedToUndo.phrase) }
        let before = workspace.state()
        let own = workspace.declarations.names
        // The copy kept from before the line takes the session on: nothing runs again (returns if none is kept).
        undoToKeptCopy(workspace, index: index, before: before)
        workspace.journal.remove(at: index)
        try session.runner.rebuild()
        session.runner.postRebuilt(from: before, CoreText.undid(undone.text))
        session.say(EngineText.undoReplayed.phrase)
        if undone.isCompiled { sayConformancesStay(undone.text, own: own) }
    }

    func reset() throws {
        let workspace = try workspace.required()
        let before = workspace.state()
        let learnersOwn = Self.learnersOwn(workspace)
        workspace.journal = []
        try session.runner.rebuild()
        session.runner.postRebuilt(from: before, CoreText.theLiveObjectsStartAfresh.phrase)
        sayDropped(learnersOwn, now: workspace)
    }

    /// `trace`: who called whom in the last line that called anything; `trace all`: since the step's objects were set
    /// up.
    func trace(all: Bool) throws {
        _ = try workspace.required()
        let calls = session.callBook.recorder
        let shown: ArraySlice<CallRecorder.Call>
        if all {
            shown = session.callBook.ofTheStep
        } else if let last = session.callBook.lastLineCalls {
            shown = calls.calls(from: last.lowerBound).prefix(last.count)
        } else {
            shown = []
        }
        guard !shown.isEmpty else { session.say(TraceText.noCalls.phrase); return }
        let title = (all ? TraceText.sinceStep : TraceText.lastLine).text(lang)
        mediator.say(([title] + CallTrace.lines(shown, lang).map { "  " + $0 }).joined(separator: "\n"))
    }

    func history() throws {
        let workspace = try workspace.required()
        // What the lesson ran to set the step up is not the learner's: counted, never listed as typed.
        let setUp = workspace.journal.filter { $0.bySetUp && !$0.isLook }.count
        var lines: [String] = setUp > 0 ? [PredictText.historySetUp(String(setUp)).text(lang)] : []
        let typed = workspace.journal.filter { !$0.bySetUp && !$0.isLook }
        guard !typed.isEmpty else {
            mediator.say((lines + [CoreText.noCommandsYet.text(lang)]).joined(separator: "\n"))
            return
        }
        for (i, entry) in typed.enumerated() {
            let changed = entry.changed.isEmpty ? CoreText.noChange.text(lang) : entry.changed.joined(separator: ", ")
            lines.append("\(DisplayWidth.padLeft(String(i + 1), to: 3))  \(entry.text)   → \(changed)")
        }
        mediator.say(lines.joined(separator: "\n"))
    }

    func help(_ topic: String?) throws {
        let writer = HelpWriter(lang: lang, width: options.render.width)
        guard let topic else {
            mediator.say(
                writer.commands(
                    global: cachedGlobalCommands, module: moduleCommands, lesson: lesson?.id,
                    objects: liveObjects))
            return
        }
        if let command = session.command(named: topic) {
            mediator.say("\(command.usage)\n  \(command.summary.text(lang))")
        } else if let object = liveObjects.first(where: { $0.name == topic }) {
            mediator.say(writer.object(object))
        } else {
            let names = commands.flatMap { [$0.name] + $0.aliases } + liveObjects.map(\.name)
            throw PlaygroundError(
                CoreText.noHelpFor(topic)
                    + (Suggest.closest(to: topic, in: names).map { CoreText.andDidYouMean($0) } ?? .verbatim("")))
        }
    }
}
