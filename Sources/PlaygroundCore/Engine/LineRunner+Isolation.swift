/// Every line that may reach learner code runs through the runner, in the session's ``LineIsolation``: whatever the
/// path (typed, replayed by `undo` or `goto`, a step's set-up, a short command that calls a closure the learner stored,
/// a goal, a code exercise's `check`), a trap, a crash, an endless loop or Ctrl-C costs the line, never the session,
/// and a line that failed leaves the live objects exactly as they were, closures and observers included.
extension LineRunner {
    /// Whether a line may run learner code. Without a compiler nothing but the lesson's own API ever runs; with one,
    /// any line may (a short command calls what a compiled line stored), except the few that only show or leave.
    func mayRunLearnerCode(_ line: String) -> Bool {
        guard compiler != nil, let trimmed = try? CommandReader.clean(line) else { return false }
        let word = String(trimmed.prefix { $0 != " " })
        if ["help", "lessons", "panes", "layout", "quit", "exit", "history", "step"].contains(word) { return false }
        // Learner code is in the session once a compiled line or a learner's file ran: then anything may reach it.
        if session.code.exercise != nil || workspace?.journal.contains(where: \.isCompiled) == true { return true }
        // Before that, only what compiles, or replays or sets up a step (whose lines may compile).
        return isSwiftLine(trimmed)
            || ["load", "goto", "next", "back", "restart", "run", "check", "undo", "reset", "edit"].contains(word)
    }

    func isolated(_ line: String, in isolation: LineIsolation, from start: Int) -> Bool {
        guard mayRunLearnerCode(line) else { return perform(line) }
        compiler?.onPhase = { [weak isolation] in isolation?.enter($0) }
        // A failed line's changes go with its copy, when the isolation drops it: nothing to rebuild in it.
        let outer = failedLineIsDropped
        failedLineIsDropped = isolation.rollsBackByDiscarding
        defer { failedLineIsDropped = outer }
        noteBeforeLine(in: isolation)
        let outcome = isolation.attempt(
            { perform(line) }, said: { Array(mediator.events[min(start, mediator.events.count)...]) })
        switch outcome {
        case .ran(let ok):
            let ended = isolation.takeEndedProcesses()
            if ended > 0 {
                let note = EngineText.processesEnded.text(lang, String(ended))
                mediator.post(PaneMessage(topic: "log", source: "session", text: note))
            }
            return ok
        case .failed(let events):
            // What the line said, posted again where the panes and routes are those of before it.
            for event in events {
                if case .delivery(let delivery) = event {
                    // Said in the copy, so said: the session does not say it again.
                    if delivery.message.text == EngineText.languageMode.text(lang) { languageModeSaid = true }
                    mediator.post(delivery.message)
                } else {
                    mediator.emit(event)
                }
            }
            return false
        case .stopped(let stop, let printed):
            postPrinted(printed, stopped: true)
            report(stop)
            return false
        case .refused(let why):
            report(PlaygroundError(EngineText.refused(why)))
            return false
        case .resumed(let events):
            postResumed(events)
            return true
        }
    }

    func report(_ stop: LineStop) {
        switch stop {
        case .trapped(let message): report(Trap(message: message))
        case .crashed(let signal):
            let why = signal == 11 ? "\n" + EngineText.stackOrMemory.text(lang) : ""
            report(PlaygroundError(.verbatim(EngineText.crashed.text(lang, String(signal)) + why)))
        case .timedOut(let seconds): report(PlaygroundError(CoreText.compiledTimedOut(Self.seconds(seconds))))
        case .compilerTimedOut(let seconds): report(PlaygroundError(EngineText.compilerTimedOut(Self.seconds(seconds))))
        case .interrupted: report(PlaygroundError(CoreText.compiledInterrupted.phrase))
        case .outOfMemory(let megabytes): report(PlaygroundError(EngineText.outOfMemory(String(megabytes))))
        case .memoryRunaway(let seconds, let megabytes):
            report(PlaygroundError(EngineText.memoryRunaway(Self.seconds(seconds), String(megabytes))))
        case .exited(let code): report(PlaygroundError(EngineText.exited(String(code))))
        case .aborted: report(PlaygroundError(EngineText.aborted.phrase))
        case .killed(let signal):
            report(PlaygroundError(EngineText.killed(String(signal), Processes.signalName(signal))))
        case .waitingForInput: report(PlaygroundError(EngineText.waitingForInput.phrase))
        case .notKept(.standardFile(let fd)):
            let name = ["stdin", "stdout", "stderr"][Int(fd)]
            report(PlaygroundError(EngineText.changedStandardFile(String(fd), name)))
        case .notKept(.session): report(PlaygroundError(EngineText.changedSession.phrase))
        case .notKept(.processGroup): report(PlaygroundError(EngineText.changedProcessGroup.phrase))
        case .notKept(.limit(let name)): report(PlaygroundError(EngineText.changedLimit(name)))
        case .notKept(.fileMask): report(PlaygroundError(EngineText.changedFileMask.phrase))
        case .notKept(.signalHandling(let name)): report(PlaygroundError(EngineText.changedSignalHandling(name)))
        case .notKept(.openFiles(let count)): report(PlaygroundError(EngineText.leftFilesOpen(String(count))))
        case .notKept(.restriction(let name)): report(PlaygroundError(EngineText.restricted(name)))
        case .notKept(.sessionFile(let fd)): report(PlaygroundError(EngineText.changedSessionFile(String(fd))))
        case .ended: break
        }
    }
}
