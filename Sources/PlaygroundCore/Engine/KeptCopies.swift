/// `undo` without a replay: the isolation keeps the copy of the playground from before each line that changed the
/// live objects, known by what identifies its live objects; `undo` of the last such line hands the session back to it.
extension Workspace {
    /// What identifies the live objects after the first `count` entries of the journal in this workspace: a copy
    /// kept with the same key has the same objects, made by the same lines (FNV-1a over the workspace and the lines).
    func key(upTo count: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        mix(withUnsafeBytes(of: UInt(bitPattern: ObjectIdentifier(self).hashValue)) { Array($0) })
        for entry in journal.prefix(count) {
            mix(entry.text.utf8)
            mix([entry.isLook ? 1 : 0, entry.bySetUp ? 1 : 0, 0xFF])
        }
        return hash
    }
}

extension LineRunner {
    /// Before a line in its copy: the live objects' key, and the state before the line's change (set in the copy as
    /// the line changes them), for the copy kept from before it.
    func noteBeforeLine(in isolation: LineIsolation) {
        guard let workspace else { return }
        stateBeforeLine = nil
        isolation.willRun(key: workspace.key(upTo: workspace.journal.count)) { [weak self] in
            self?.stateBeforeLine
        }
    }

    /// The answer of an `undo` taken back to a kept copy, said in this process (the kept copy): the journal's
    /// events, with the state the pane shows now.
    func postResumed(_ events: [Event]) {
        for event in events {
            switch event {
            case .delivery(let delivery): mediator.post(delivery.message)
            case .input: resumedInput = event
            default: mediator.emit(event)
            }
        }
        workspace?.stateAfterLastChange = workspace?.state()
    }
}

extension LessonController {
    /// `undo` of the journal's entry at `index`, when every entry after it is a look: the copy kept from before it
    /// takes the session on, and this process ends. Returns only if no such copy is kept.
    func undoToKeptCopy(_ workspace: Workspace, index: Int, before: [StateGroup]) {
        guard let isolation = session.tools.isolation, workspace.journal[(index + 1)...].allSatisfy(\.isLook) else {
            return
        }
        let undone = workspace.journal[index]
        let typed = Event.input(prompt: session.prompt, line: session.runner.typedLine)
        _ = isolation.resumeKept(key: workspace.key(upTo: index)) { kept in
            let messages = [
                PaneMessage(topic: "out", source: "session", text: CoreText.undid(undone.text).text(lang)),
                session.runner.stateMessage(kept, changed: kept.changes(since: before)),
            ]
            return [typed]
                + messages.map {
                    .delivery(
                        Delivery(pane: "", order: 0, kind: .append, isShown: true, headerless: false, message: $0))
                }
        }
    }
}

extension LineRunner {
    /// The `undo` a kept copy answered in place of the line it waited on, once.
    func takeResumedInput() -> Event? {
        defer { resumedInput = nil }
        return resumedInput
    }
}
