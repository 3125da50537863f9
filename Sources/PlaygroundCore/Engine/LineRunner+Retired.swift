extension LineRunner {
    /// Frees the objects a rebuild, a step or a new lesson left behind, in a line of its own: their `deinit`s are
    /// learner code, so they run in a copy of the playground that carries on only if they all end well. What they
    /// print is shown; a trap, a crash or an endless loop there is said in one line, the objects are kept for good,
    /// and the session goes on. In-process (no copy to protect it), nothing is freed.
    func freeRetired(in isolation: LineIsolation?) {
        guard let isolation else {
            Workspace.keepRetiredForGood()
            return
        }
        let start = mediator.events.count
        if compiler != nil { connectCompiledOutput() }
        let outcome = isolation.attempt(
            {
                Workspace.freeRetired()
                self.flushPrinted()
                return true
            }, said: { Array(self.mediator.events[min(start, self.mediator.events.count)...]) })
        switch outcome {
        case .ran: break
        case .stopped(let stop, let printed):
            postPrinted(printed, stopped: true)
            Workspace.keepRetiredForGood()
            mediator.post(
                PaneMessage(
                    topic: "error", source: "session",
                    text: stop.trapMessage.map { EngineText.freeingTrapped.text(lang, $0) }
                        ?? EngineText.freeingStopped.text(lang), isError: true))
        case .failed, .refused, .resumed:
            Workspace.keepRetiredForGood()
        }
    }
}
