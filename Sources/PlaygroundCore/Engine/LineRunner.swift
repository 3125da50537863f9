import CallRecording

/// The one runner every line goes through, whatever its path: typed, replayed (undo, reset, a rollback), a step's
/// set-up, `run`, a code exercise's trial. It reads the line, chooses the engine (short command, interpreter or
/// compiler, chosen before it runs), runs it as a transaction on the ``Workspace`` (journaled on success, rolled back
/// once on failure: dropped with the copy it ran in, or rebuilt from the journal) and posts what happened to the
/// ``Mediator``. It holds what compiled code printed and the panes have not shown yet; the rest of what it reads (the
/// workspace, the compiler, the options) is the ``Session``'s.
public final class LineRunner {
    unowned let session: Session
    /// What compiled code printed and the panes have not shown yet.
    var printedByCompiledCode = ""
    /// Whether the command running now has changed anything yet (a refused statement has not: it goes to the compiler
    /// as typed, with nothing to roll back).
    let ran = RanSomething()
    /// The statement the engine's choice just checked for the interpreter, and what it resolved: ``apply(_:)`` runs
    /// it without resolving it again. Cleared once used, and at the end of the Swift line.
    var checkedStatement: (statement: SwiftStatement, checked: CheckedCalls)?
    /// Whether the line running now is the outermost one of a copy that is dropped if it fails (see ``rollBack()``).
    var failedLineIsDropped = false
    /// How many commands are running, one inside another (a step's set-up inside `goto`, a trial inside `check`).
    var nesting = 0
    /// The line being executed, as typed (the echo of an `undo` that a kept copy answers).
    var typedLine = ""
    /// In a line's copy: the state before the line changed the live objects, for the copy kept from before it.
    var stateBeforeLine: [StateGroup]?
    /// This process is a kept copy that `undo` took back: the line it waited on is answered as that `undo`, typed
    /// as this (for the echo).
    var resumedInput: Event?
    /// Whether a line run while the panes are muted is the lesson's set-up (a hidden scenario's lines are not: its
    /// calls are what its goal judges).
    var quietLinesAreSetUp = true
    /// Whether the session has said which language mode judged a line (said once).
    var languageModeSaid = false

    init(session: Session) { self.session = session }

    var mediator: Mediator { session.mediator }
    var lang: Lang { session.options.lang }
    var options: SessionOptions { session.options }
    var compiler: LineCompiler? { session.tools.compiler }
    var compilerUnavailable: LineCompiler.Unavailable? { session.tools.compilerUnavailable }
    var workspace: Workspace? { session.workspace }
    var isolation: LineIsolation? { session.tools.isolation }
    var reader: CommandReader { session.lessons.reader }

    func report(_ error: Error) {
        let text: String
        switch error {
        case let error as PlaygroundError: text = error.text(lang)
        case let error as ThrownError:
            text = CoreText.wasThrown.text(lang, error.swiftName, error.explanation.text(lang))
        case let error as InternalError: text = CoreText.internalError.text(lang, error.description)
        case let stopped as LineStopped:
            report(stopped.stop)
            return
        case let diagnostics as CompilerDiagnostics:
            // The compiler's own words and layout, as swiftc prints them.
            mediator.post(PaneMessage(topic: "error", source: "swiftc", text: diagnostics.text, isError: true))
            return
        case let trap as Trap:
            // A trap is not an error value: the runtime's words, then what it means here.
            let why = trap.explanation.map { $0.text(lang) + "\n" } ?? ""
            mediator.post(
                PaneMessage(
                    topic: "error", source: "session",
                    text: trap.message + "\n" + why + CoreText.aTrapStopsTheProgram.text(lang), isError: true))
            return
        default: text = String(describing: error)
        }
        mediator.post(
            PaneMessage(topic: "error", source: "session", text: CoreText.error.text(lang, text), isError: true))
    }

    /// A command whose every answer went to hidden panes would print nothing at all: one line says where they went
    /// and how to see them. Nothing is added when any answer is shown.
    func noteHiddenAnswers(since start: Int) {
        guard start <= mediator.events.count else { return }
        var hidden: [String] = []
        for case .delivery(let delivery) in mediator.events[start...] {
            if delivery.isVisible { return }
            if !hidden.contains(delivery.pane) { hidden.append(delivery.pane) }
        }
        guard let first = hidden.first else { return }
        session.say(CoreText.answersWentToHiddenPanes(hidden.joined(separator: ", "), first))
    }

    func perform(_ line: String) -> Bool {
        session.callBook.recording { performRecorded(line) }
    }

    private func performRecorded(_ line: String) -> Bool {
        if compiler != nil { connectCompiledOutput() }
        defer { flushPrinted() }
        var swift = false
        do {
            guard let trimmed = try CommandReader.clean(line) else { return true }
            // Which engine a Swift line goes to matters only once a front end has looked for a compiler.
            swift = (compiler != nil || compilerUnavailable != nil) && isSwiftLine(trimmed)
            if swift, let compiler {
                try runSwift(trimmed, with: compiler)
                return true
            }
            if swift, compilerUnavailable != nil, !SwiftCallParser.looksLikeSwift(trimmed) {
                // `for`, `do`, `weak var`, `"text"`: not a command, and not the interpreter's shape of Swift.
                let word = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                throw PlaygroundError(CoreText.beyondTheSubset(word.isEmpty ? String(trimmed.prefix(1)) : String(word)))
            }
            if let compiler, let spelled = try reader.spelledSwift(clean: trimmed) {
                // A short command that spells Swift: that Swift runs, as if typed.
                try runSwift(spelled, with: compiler)
                return true
            }
            guard let command = try reader.read(clean: trimmed) else { return true }
            try run(command, text: trimmed)
            return true
        } catch let error as PlaygroundError where swift && compilerUnavailable != nil {
            // Without a compiler the interpreter's refusal is its own, and says what would lift it. What it does not
            // know (a member it has no method for, a name it has no object for) is said as that, never as Swift's
            // "has no member": `builder.sauces.contains(.mustard)` is valid Swift.
            var reason = error.phrase
            if let a = reason.arguments(ifMessage: SwiftDiagnostic.valueOfTypeHasNoMember)
                ?? reason.arguments(ifMessage: SwiftDiagnostic.typeHasNoMember), a.count >= 2
            {
                reason = CoreText.interpreterKnowsNoMember("'" + a[0] + "'", a[1])
            } else if let a = reason.arguments(ifMessage: SwiftDiagnostic.cannotFindInScope), let name = a.first {
                reason = CoreText.interpreterKnowsNoName(name)
            } else if let a = reason.arguments(ifMessage: CoreText.atColumn), a.count >= 2 {
                // Its parser's words (`expected '.' and a method name`) would read as Swift's: said as its limit.
                reason = CoreText.interpreterReadsOneCall(a[1])
            }
            report(PlaygroundError(CoreText.interpreterOnly(reason.text(lang))))
            return false
        } catch {
            report(error)
            return false
        }
    }

    func run(_ command: Command, text: String) throws {
        switch command {
        case .global(let global):
            // What a lesson command runs (a step's set-up, a code exercise's trial) is inside the line: each of its
            // commands that fails is rolled back where it ran, and the line goes on.
            nesting += 1
            defer { nesting -= 1 }
            try session.lessons.run(global, text: text)
        case .native(_, _, changesState: false):
            // Looks (show, memory, links): not journaled, so undo never "undoes" a look.
            try apply(command)
        case .call, .native, .compiled:
            try change(text, command)
        }
    }

    /// Runs a command that may change live objects, panes or routes as a transaction: on failure what it changed is
    /// rolled back once (``rollBack()``); on success it joins the journal, and a call shows the fields it changed.
    func change(_ text: String, _ command: Command) throws {
        let workspace = try workspace.required()
        if case .global = command {} else { try session.lessons.requirePredictionFirst(command) }
        nesting += 1
        defer { nesting -= 1 }
        let codeMark = mediator.events.count
        defer { session.lessons.noteReveal(since: codeMark) }
        let before = workspace.stateAfterLastChange ?? workspace.state()
        workspace.stateAfterLastChange = nil
        if nesting == 1 { stateBeforeLine = before }
        ran.something = false
        let firstCall = session.callBook.recorder.total
        do {
            try apply(command)
        } catch {
            // A call or a compiled line that ran may have changed what no state field shows (a page's `received`, a
            // closure stored in an object): rolled back whenever it ran at all; anything else when the state shows a
            // change. A statement refused before it ran, or a line the compiler rejected, changed nothing.
            var ranSomething = false
            switch command {
            case .call, .compiled: ranSomething = ran.something
            default: break
            }
            if ranSomething || workspace.state() != before {
                try rollBack()
            } else {
                workspace.stateAfterLastChange = before
                // A call that threw before it changed anything may have been recorded: a replay would not make it.
                if case .call = command { session.callBook.recorder.removeCalls(from: firstCall) }
            }
            throw error
        }
        let after = workspace.state()
        workspace.stateAfterLastChange = after
        let changes = after.changes(since: before)
        // A read (`builder.meat`, `print(builder.meat)`) that changed nothing is a look: not journaled, no state pane.
        if changes.isEmpty, case .call(let statement) = command, statement.binding == nil,
            statement.isPrint || statement.calls.last?.hasParens == false
        {
            // A look: `undo` never goes back to before it, so no copy is kept for it (KeptCopies.swift).
            if nesting == 1 { stateBeforeLine = nil }
            return
        }
        // A compiled line that changed nothing the state shows (a print, a loop that reads) is a look too, but a
        // replay runs it: it may have changed what no field shows.
        if changes.isEmpty, case .compiled(let line) = command, LearnerDeclarations.declarations(in: line) == nil {
            workspace.journal.append(
                Workspace.Entry(
                    text: text, command: command, changed: [], bySetUp: quietLinesAreSetUp && mediator.isMuted,
                    isLook: true))
            if nesting == 1 { stateBeforeLine = nil }
            return
        }
        workspace.journal.append(
            Workspace.Entry(
                text: text, command: command, changed: changes.map(\.key),
                bySetUp: quietLinesAreSetUp && mediator.isMuted, calls: madeCalls(command, from: firstCall)))
        if case .global = command { return }
        // Declarations change no object: what they add is for the lines after them.
        if changes.isEmpty, case .compiled = command { return }
        let changeLog = changes.isEmpty ? "" : StateView.changeLog(changes, lang, width: options.render.width)
        if !changeLog.isEmpty { mediator.post(PaneMessage(topic: "log", source: "session", text: changeLog)) }
        postState(after, changed: changes)
        session.code.postMemory(changes)
        // Only a layout that shows it pays for the line (pipes, transcripts and handouts leave it out).
        // A line the lesson runs quietly (setting a step up) is not the learner's: it does not move the step guide.
        if options.render.reminders, !mediator.isMuted,
            let reminder = session.navigator?.reminder(
                after: text, ran: session.lessons.codeLines(since: codeMark), lang)
        {
            mediator.emit(.reminder(reminder))
        }
    }

    /// The effect of a command, and nothing else: what a transaction runs and what a replay repeats.
    func apply(_ command: Command) throws {
        let workspace = try workspace.required()
        switch command {
        case .call(let statement):
            if let binding = statement.binding, workspace.module.objects.contains(where: { $0.name == binding }) {
                throw PlaygroundError(SwiftDiagnostic.invalidRedeclarationOf(binding))
            }
            if let arguments = statement.construct {
                try construct(statement, arguments, in: workspace)
                return
            }
            if statement.calls.isEmpty, let value = statement.assignment {
                try assign(statement.receiver, value, in: workspace)
                return
            }
            // What the engine's choice checked of this very statement in this line (a replay checks afresh).
            let checked = checkedStatement.flatMap { $0.statement == statement ? $0.checked : nil }
            checkedStatement = nil
            if let bound = try callRunner(in: workspace).run(statement, checked: checked) {
                workspace.bindings[bound.name] = bound
            }
        case .compiled(let text):
            try runCompiled(text, in: workspace)
        case .native(let name, let arguments, _):
            guard let spec = workspace.module.commands.first(where: { $0.name == name }),
                case .native(let run) = spec.meaning
            else {
                throw InternalError("the module has no command '\(name)'")
            }
            try run(arguments)
        case .global(.predict):
            // Not journaled: a prediction is the navigator's, kept through undo and restart.
            break
        case .global(let global):
            try session.lessons.applyPaneCommand(global)
        }
    }

    /// A runner for calls on the module's objects and the bound ones.
    func callRunner(in workspace: Workspace) -> CallRunner {
        CallRunner(
            objects: workspace.module.objects, bound: workspace.boundReceivers, mediator: mediator, lang: lang, ran: ran
        )
    }

    /// `let b2 = HamburgerBuilder()`: a new instance of a lesson type, bound to the name.
    func construct(_ statement: SwiftStatement, _ arguments: [SwiftArgument], in workspace: Workspace) throws {
        let type = statement.receiver
        guard let initializer = workspace.module.initializers.first(where: { $0.type == type }) else {
            let made = workspace.module.initializers.map(\.type)
            // Maybe valid Swift, but not a type this lesson makes: an honest line rather than a made-up diagnostic.
            throw PlaygroundError(
                made.isEmpty
                    ? CoreText.thisLessonMakesNoNewObjects(type)
                    : CoreText.thisLessonMakesOnly(type, made.joined(separator: ", ")))
        }
        let runner = callRunner(in: workspace)
        let values = try runner.convert(
            arguments, params: initializer.params,
            call: type + "(" + initializer.params.map { ($0.label ?? "_") + ":" }.joined() + ")")
        let name = statement.binding ?? "_"
        ran.something = true
        let object = try initializer.make(name, values)
        if name != "_" { workspace.bindings[name] = object }
        let source = type + CallRunner.render(arguments, trailingClosure: false)
        mediator.post(
            PaneMessage(
                topic: "code", source: type,
                text: (statement.binding.map { $0 == "_" ? "_ = " : "let \($0) = " } ?? "") + source))
    }

    /// `controller = nil`: an assignment to a variable the lesson declares, or what Swift says of it.
    func assign(_ name: String, _ value: SwiftValue, in workspace: Workspace) throws {
        // The module runs it and shows its code line.
        if try workspace.module.assign(name, value) != nil { return }
        if let receiver = workspace.receivers.first(where: { $0.name == name }) {
            throw PlaygroundError(
                receiver.getter == nil
                    ? SwiftDiagnostic.cannotAssignToValueIsALetConstant(name)
                    : SwiftDiagnostic.cannotAssignToValueIsAGetOnlyProperty(name))
        }
        throw PlaygroundError(SwiftDiagnostic.cannotFindInScope(name))
    }

    /// Takes a failed command's changes back, once, the way the isolation does it. The outermost line of a copy that
    /// is dropped when the line fails has nothing to take back: the copy goes, and its changes with it. Anything else
    /// (a session without isolation, a line that runs where the session goes on, a command inside a line that goes
    /// on: a step's set-up, a code exercise's trial) is rebuilt from the journal.
    func rollBack() throws(InternalError) {
        if failedLineIsDropped && nesting == 1 {
            session.counts.rollbacks.dropped += 1
            return
        }
        session.counts.rollbacks.rebuilt += 1
        try rebuild()
    }

    /// A fresh module with the journal replayed into it.
    func rebuild() throws(InternalError) {
        guard let workspace else { return }
        // Isolated, a look that would trap or hang on what is replayed is tried first, and left out if it would.
        let tryLook: ((Command) -> Bool)? =
            isolation == nil
            ? nil
            : { command in
                Sandbox.survives(limit: self.compiler?.timeLimit ?? 5) { try? self.apply(command) }
            }
        // The calls of a replay are those of the journal's lines, run again on fresh objects.
        let book = session.callBook
        let calls = book.recorder
        calls.clear()
        book.lastLineCalls = nil
        // The objects are made anew: a name kept for an address may now belong to another object.
        book.traceNames = [:]
        let rebuilt: Result<Void, InternalError> = book.recording {
            Result { () throws(InternalError) in
                try workspace.rebuild(tryLook: tryLook, setUpDone: { calls.mark = calls.total }) { entry in
                    // A command that runs no learner code makes the calls it made when it ran: put back as they were
                    // recorded then, without taking and describing their arguments again.
                    guard let made = entry.calls else { return try self.apply(entry.command) }
                    try CallRecord.$current.withValue(nil) { try self.apply(entry.command) }
                    calls.append(made)
                }
            }
        }
        try rebuilt.get()
    }

    /// The state pane: every object. After a change, the stream layout shows only the objects that changed.
    func postState(_ groups: [StateGroup], changed: [StateChange]? = nil) {
        mediator.post(stateMessage(groups, changed: changed))
    }

    func stateMessage(_ groups: [StateGroup], changed: [StateChange]?) -> PaneMessage {
        guard let changed else {
            return PaneMessage(topic: "state", source: "session", text: StateView.pane(groups, changed: []))
        }
        return PaneMessage(
            stateOf: groups, changed: changed, brief: StateView.brief(groups, changed: changed, lang), source: "session"
        )
    }

    /// Shows the state after a rebuild, with the fields that differ from `before` marked.
    func postRebuilt(from before: [StateGroup], _ phrase: Phrase) {
        let after = workspace?.state() ?? []
        // The next command's "before", as after any change.
        workspace?.stateAfterLastChange = after
        session.say(phrase)
        postState(after, changed: after.changes(since: before))
    }

}
