import PlaygroundBridge

/// The compiler's diagnostics for a line, as swiftc prints them (its English, its layout).
public struct CompilerDiagnostics: Error, Equatable, Sendable {
    public var text: String
}

/// The built-in interpreter ran part of a line it cannot finish as Swift would (a value bound with `let`): the line
/// goes to the compiler instead.
struct BeyondTheInterpreter: Error {}

extension LineRunner {
    /// Whether a line is Swift (for either engine), given the names in scope.
    func isSwiftLine(_ trimmed: String) -> Bool {
        reader.isSwift(trimmed, wordsAreSwift: compiler != nil && workspace != nil) { [workspace] name in
            guard let workspace else { return false }
            return workspace.receivers.contains { $0.name == name }
                || workspace.module.variables.contains { $0.name == name }
        }
    }

    /// A Swift line goes to one engine, chosen before it runs: the interpreter when it knows every name and member
    /// the line touches (the lesson's API, checked without running it), else the compiler, whose verdict is the
    /// answer. Nothing is tried and then undone: a line runs once.
    func runSwift(_ text: String, with compiler: LineCompiler) throws {
        if let statement = try? SwiftCallParser.parse(text), let workspace, interpreterTakes(statement, in: workspace) {
            let mark = mediator.mark()
            ran.something = false
            defer { checkedStatement = nil }
            do {
                try run(.call(statement), text: text)
                return
            } catch  where (error is PlaygroundError || error is BeyondTheInterpreter) && !ran.something {
                // Refused before anything ran (what a chain's object found only as it ran): the compiler's, as typed.
                mediator.rollback(to: mark)
            }
        }
        try change(text, .compiled(text))
    }

    /// Whether the interpreter runs a statement: every name and member it names is one the lesson's API has, called
    /// as Swift would accept, with a result the interpreter can word or keep. A learner's variable, type or function
    /// anywhere in it (`f.x`, `Foo()`, `hub.addObserver(o, for: .scoreChanged)`) sends it to the compiler.
    func interpreterTakes(_ statement: SwiftStatement, in workspace: Workspace) -> Bool {
        if let binding = statement.binding, workspace.module.objects.contains(where: { $0.name == binding }) {
            return false
        }
        let runner = callRunner(in: workspace)
        if let arguments = statement.construct {
            guard let initializer = workspace.module.initializers.first(where: { $0.type == statement.receiver })
            else { return false }
            return (try? runner.convert(arguments, params: initializer.params, call: statement.receiver)) != nil
        }
        if statement.calls.isEmpty, statement.assignment != nil {
            // `controller = nil`: the lesson's own variables; any other is the compiler's to assign.
            return workspace.module.variables.contains { $0.name == statement.receiver }
        }
        guard let receiver = try? runner.receiver(of: statement),
            let checked = try? runner.check(statement, on: receiver), checked.whole
        else { return false }
        // The run that follows in this line performs the calls resolved here.
        checkedStatement = (statement, checked)
        return true
    }

    /// Compiles and runs a line on the live objects (a replay skips the dry run: the line ran before).
    func runCompiled(_ text: String, in workspace: Workspace) throws {
        guard let compiler else { throw InternalError("a compiled line in a session without a compiler: '\(text)'") }
        // Lessons are data: an untrusted lesson's own Swift is shown, never compiled.
        if session.lesson?.withholds(swift: text) == true {
            session.counts.withheldFromLesson += 1
            throw PlaygroundError(TrustText.lineNotRun.phrase)
        }
        let reader = SwiftReader(text)
        try LineSource.refusePlaygroundNames(in: reader)
        try LineSource.refuseWhatTopLevelCodeRefuses(in: reader)
        // Declarations that use the line's own variables: each part in turn, in the one line's copy; the code pane
        // shows the line once, as typed.
        if let parts = LearnerDeclarations.partsInOrder(text, read: reader) {
            for (index, part) in parts.enumerated() {
                try runCompiled(part, typed: text, showsCode: index == 0, in: workspace, with: compiler)
            }
            return
        }
        try runCompiled(text, typed: text, showsCode: true, in: workspace, with: compiler)
    }

    /// A line, or a part of one (``LearnerDeclarations/partsInOrder(_:read:)``) with the rest of the `typed` line in
    /// spaces: what Swift says of it is said of the line as typed.
    private func runCompiled(
        _ text: String, typed: String, showsCode: Bool, in workspace: Workspace, with compiler: LineCompiler
    ) throws {
        lendNamesToDeclarations()
        // A line that only declares (a type, a function, an extension) adds to what every later line sees.
        if LearnerDeclarations.declarations(in: text) != nil {
            do {
                try declare(
                    text, in: workspace, with: compiler, seeing: visibleNames(in: workspace).names,
                    posting: showsCode && text == typed)
                // A part of a line: the code pane shows the line as typed.
                if showsCode && text != typed && !mediator.isMuted {
                    mediator.post(PaneMessage(topic: "code", source: "swift", text: typed))
                }
            } catch let diagnostics as CompilerDiagnostics where text != typed {
                throw CompilerDiagnostics(text: LineSource.quoting(diagnostics.text, typed: typed, compiled: text))
            }
            return
        }
        var text = text
        // Top-level code: what it refuses that a function body would allow is refused; a modifier it allows, kept.
        let (topLevel, refused) = LineSource.asTopLevelCode(text)
        if let refused { throw CompilerDiagnostics(text: refused) }
        text = topLevel
        // What the line is lent: the session's names its statements use (its source declares no other, so a line
        // costs the same with 150 variables in the session as with none); every name, where it declares too.
        let split = LearnerDeclarations.split(text)
        let (lent, context) = visibleNames(
            in: workspace, wanted: split == nil ? Self.wanted(by: text, in: workspace) : nil)
        // Declarations in a line that also does something are at file scope, as in a main file: they last.
        if let (declarations, statements) = split {
            do {
                try declare(declarations, in: workspace, with: compiler, seeing: lent, posting: false)
            } catch let diagnostics as CompilerDiagnostics {
                throw CompilerDiagnostics(
                    text: LineSource.quoting(diagnostics.text, typed: typed, compiled: declarations))
            }
            text = statements
        }
        let declared = TopLevelNames(text)
        let visible = Self.names(lent, usedBy: text)
        let imports = lineImports(workspace, for: text, seeing: visible)
        // A line whose last statement's value Swift leaves unused shows it, as a REPL does: the line and its shown
        // copy are compiled in one run.
        let source = LineSource.make(text, visible: visible, declared: declared, imports: imports)
        let shown = LineSource.expressionToShow(text)
        let withoutShown =
            shown == nil
            ? nil : LineSource.make(text, visible: visible, declared: declared, imports: imports, showing: false)
        let entry: LineCompiler.Entry
        let warnings: String
        switch try compiler.compile(
            source, withoutShown: withoutShown,
            shows: shown.map { range in { LineSource.place($0, $1, isIn: range, of: text) } },
            topLevel: Set(declared.names.map(\.name)))
        {
        case .rejected(let diagnostics):
            sayLanguageMode(of: diagnostics, compiler)
            // Swift's words about none of the learner's text (nor a brace it leaves open) are about the code the
            // playground wrote around it, and name what the learner never wrote: said in the playground's words.
            if !diagnostics.split(separator: "\n").contains(where: { $0.hasPrefix(LineSource.file + ":") }),
                !diagnostics.contains("'}'")
            {
                throw PlaygroundError(PromptText.aroundTheLine.phrase)
            }
            throw CompilerDiagnostics(text: LineSource.quoting(diagnostics, typed: typed, compiled: text))
        case .ready(let ready, let said):
            entry = ready
            warnings = LineSource.quoting(said, typed: typed, compiled: text)
        }
        // Isolated, the line runs once, in the copy of the process that carries on only if it succeeds; in-process
        // (no isolation), it is tried first in a forked copy that then ends.
        if isolation == nil, !mediator.isMuted {
            let sandbox = Sandbox.dryRun(limit: compiler.timeLimit, interrupted: compiler.interrupted)
            switch sandbox.run({ compiler.run(entry, context) }) {
            case .finished: break
            case .notRun(let why):
                // Fail closed: a line that could not be tried first is not run on the live objects.
                throw PlaygroundError(EngineText.refused(why))
            case .trapped(let message, let printed):
                postPrinted(printed, stopped: true)
                throw Trap(message: message)
            case .crashed(let signal, let printed):
                postPrinted(printed, stopped: true)
                throw PlaygroundError(CoreText.compiledCrashed(String(signal)))
            case .exited(let code, let printed):
                postPrinted(printed, stopped: true)
                throw PlaygroundError(EngineText.exited(String(code)))
            case .timedOut(let printed):
                postPrinted(printed, stopped: true)
                throw PlaygroundError(CoreText.compiledTimedOut(Self.seconds(compiler.timeLimit)))
            case .interrupted(let printed):
                postPrinted(printed, stopped: true)
                throw PlaygroundError(CoreText.compiledInterrupted.phrase)
            }
        }
        if !mediator.isMuted, showsCode {
            mediator.post(PaneMessage(topic: "code", source: "swift", text: typed))
            // What Swift warns about the learner's own line (`weak var gone = HamburgerBuilder()`), as swiftc says it.
            if !warnings.isEmpty { mediator.post(PaneMessage(topic: "log", source: "swiftc", text: warnings)) }
        }
        // Only the playground's own copy of itself counts its threads and drains the main queue: a test runner's pool
        // of threads and its main queue are its own.
        let isolated = isolation != nil
        let threads = isolated ? ThreadCount.current() : nil
        ran.something = true
        workspace.ranLearnerCode = true
        compiler.run(entry, context)
        // The tasks the line started run now, on this thread, before the line is done; then what it handed to the
        // main queue or a timer, as an app's run loop would run it.
        LineTasks.runDue()
        if isolated, LineTasks.isInstalled { MainQueue.drain() }
        flushPrinted()
        // What it wrote to standard error, after what it printed (each in the order written; the two are not mixed).
        if let written = isolation?.takeErrorOutput(), !written.isEmpty { postPrinted(written) }
        // A thread the line left (a global queue's worker) would be in every copy made after it: not kept. A timer
        // would need Foundation's run loop, which starts threads of its own: said, and not kept either.
        if let threads, let now = ThreadCount.current(), now > threads {
            throw PlaygroundError(EngineText.startedAThread.phrase)
        }
        if isolated, MainQueue.timerScheduled() { throw PlaygroundError(EngineText.timerLeft.phrase) }
        if context.hasShown {
            mediator.post(PaneMessage(topic: "out", source: "swift", text: Reflection.display(context.shown!)))
        }
        workspace.module.compiledLineRan()
        if let thrown = context.thrown {
            throw PlaygroundError(CoreText.compiledThrown(Reflection.unqualified(thrown)))
        }
        let kinds = Dictionary(declared.names.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
        for var stored in context.stored {
            stored.type = LineSource.spelling(stored.type)
            guard LineSource.isWritable(stored.type) else {
                let note =
                    LineSource.isLocal(stored.type)
                    ? CoreText.compiledBindingNotKept.text(lang, stored.name)
                    : EngineText.bindingNotSpellable.text(lang, stored.name, Self.shortTypeName(stored.type))
                mediator.post(PaneMessage(topic: "log", source: "session", text: note))
                continue
            }
            let previous = workspace.bindings[stored.name]
            let kind = kinds[stored.name] ?? previous?.kind ?? .var
            workspace.bindings[stored.name] = Self.binding(stored, kind: kind, in: workspace)
        }
        if declared.declaresTypeOrFunction {
            mediator.post(
                PaneMessage(topic: "log", source: "session", text: CoreText.compiledDeclarationsNotKept.text(lang)))
        }
    }

    /// The first time the Swift 6 language mode refuses what Swift 5, swiftc's default, only warns about (a data
    /// race, an actor's isolation), the session says which mode judged it, in its own words.
    func sayLanguageMode(of diagnostics: String, _ compiler: LineCompiler) {
        guard compiler.languageMode == .swift6, !languageModeSaid, !mediator.isMuted,
            Self.concurrencyWords.contains(where: { diagnostics.contains($0) })
        else { return }
        languageModeSaid = true
        mediator.post(PaneMessage(topic: "log", source: "session", text: EngineText.languageMode.text(lang)))
    }

    /// Words of the diagnostics that Swift 6 makes errors and Swift 5 warnings.
    static let concurrencyWords = [
        "Sendable", "actor-isolated", "concurrently-executing", "data race", "nonisolated", "global actor",
        "concurrency-safe", "'sending'",
    ]

    /// What a compiled line sees: the lesson's objects and variables and the learner's bindings, each with the type
    /// it is declared with in the line, and the context that lends them (a variable's storage, not a copy).
    /// `wanted`: only these names (nil: all).
    func visibleNames(
        in workspace: Workspace, wanted: Set<String>? = nil
    ) -> (names: [LineSource.Visible], context: LineContext) {
        let context = LineContext()
        var visible: [LineSource.Visible] = []
        var seen = Set<String>()
        let modules = inScopeModules(workspace)
        for object in workspace.namedObjects {
            guard !seen.contains(object.name), wanted?.contains(object.name) ?? true else { continue }
            let isLearners = workspace.bindings[object.name] === object
            if let getter = object.getter, let type = object.swiftType {
                // Computed from other names (`board` is `controller!`): declared so, alive or not.
                seen.insert(object.name)
                visible.append(LineSource.Visible(name: object.name, type: type, kind: .let, getter: getter))
                continue
            }
            if object.kind == .weakVar, let type = object.swiftType {
                // A weak variable is in scope whether or not its object is still alive.
                seen.insert(object.name)
                visible.append(
                    LineSource.Visible(name: object.name, type: type, kind: .weakVar, isLearners: isLearners))
                context.weakValues[object.name] = WeakBox(object.instance().map { $0 as AnyObject })
                continue
            }
            guard let value = object.instance() else { continue }
            let type = object.swiftType ?? _typeName(Swift.type(of: value), qualified: true)
            guard LineSource.isWritable(type), Self.inScope(type, modules: modules) else { continue }
            seen.insert(object.name)
            visible.append(LineSource.Visible(name: object.name, type: type, kind: object.kind, isLearners: isLearners))
            context.values[object.name] = value
            if object.kind == .var { context.variables[object.name] = Self.storage(of: object, holding: value) }
        }
        return (visible, context)
    }

    /// The names of the session that statements `text` may use (``names(_:usedBy:)`` keeps no other): the words it
    /// mentions, and those the getters of the computed names among them read (`board` is `controller!`).
    static func wanted(by text: String, in workspace: Workspace) -> Set<String> {
        let words = LineSource.mentionedWords(text)
        var wanted = words
        for object in workspace.namedObjects where object.getter != nil && words.contains(object.name) {
            wanted.formUnion(LineSource.mentionedWords(object.getter!))
        }
        return wanted
    }

    /// The learner's functions find the session's names when they run, looked up then in the workspace of the
    /// moment: nothing is held alive for them (`controller = nil` frees the controller).
    func lendNamesToDeclarations() {
        let names = LineContext()
        names.lookup = { [weak self] name in Self.object(named: name, in: self?.workspace)?.instance() }
        names.lookupVariable = { [weak self] name in
            guard let found = Self.object(named: name, in: self?.workspace), let value = found.instance() else {
                return nil
            }
            return Self.storage(of: found, holding: value)
        }
        LineContext.session = names
    }

    static func object(named name: String, in workspace: Workspace?) -> LiveObject? {
        guard let workspace else { return nil }
        return workspace.namedObjects.first { $0.name == name }
    }

    /// The modules of the learner's code a line imports: the exercise file loaded for the step, and what was
    /// declared at the prompt.
    func inScopeModules(_ workspace: Workspace) -> [String] {
        (session.code.currentExercise.map { [$0.module] } ?? []) + workspace.declarations.modules
    }

    /// What a line of `text` imports (each after `@testable import `): the step's exercise module, and the
    /// declaration modules it may need (`LearnerDeclarations.imports`) for its words and the types it is lent.
    func lineImports(_ workspace: Workspace, for text: String, seeing names: [LineSource.Visible]) -> [String] {
        (session.code.currentExercise.map { [$0.module] } ?? [])
            + workspace.declarations.imports(words: LineSource.mentionedWords(text), types: names.map(\.type))
    }

    /// The names `text` may use, of those the session lends: the others are not declared in its source. A computed
    /// name (`board` is `controller!`) brings the names its getter reads.
    static func names(_ names: [LineSource.Visible], usedBy text: String) -> [LineSource.Visible] {
        let words = LineSource.mentionedWords(text)
        let getters = names.filter { words.contains($0.name) }.compactMap(\.getter).joined(separator: " ")
        let read = words.union(LineSource.mentionedWords(getters))
        return names.filter { read.contains($0.name) }
    }

    /// Whether a type can be named in a line: a learner's type only while its module is one the line imports (the
    /// step's exercise file, the declarations as they are now).
    static func inScope(_ type: String, modules: [String]) -> Bool {
        guard type.contains("Exercise_") else { return true }
        var rest = Substring(type)
        while let range = rest.firstRange(of: "Exercise_") {
            if !modules.contains(where: { rest[range.lowerBound...].hasPrefix($0 + ".") }) { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// What compiled code printed, in the log pane as the interpreter's `print` does.
    /// A line stopped in its dry run (an endless loop that prints, a trap) shows the first lines it printed and how
    /// many more there were: a loop that ran 5 s may have printed thousands.
    func postPrinted(_ text: String, stopped: Bool = false) {
        guard !text.isEmpty else { return }
        var text = text
        if text.hasSuffix("\n") { text.removeLast() }
        let shownLines = 20
        if stopped, case let lines = text.split(separator: "\n", omittingEmptySubsequences: false),
            lines.count > shownLines + 1
        {
            text =
                lines.prefix(shownLines).joined(separator: "\n") + "\n"
                + CoreText.morePrinted.text(lang, String(lines.count - shownLines))
        }
        mediator.post(PaneMessage(topic: "log", source: "print", text: text))
    }

    /// Posts what compiled code printed since the last call (a closure a compiled line left in a live object prints
    /// when the interpreter runs it later).
    func flushPrinted() {
        guard !printedByCompiledCode.isEmpty else { return }
        let text = printedByCompiledCode
        printedByCompiledCode = ""
        postPrinted(text)
    }

    /// Where `print` in compiled code writes while this session runs a line.
    func connectCompiledOutput() {
        // A replay (undo, a refused line rolled back) runs compiled code again, quietly: what it prints is not news.
        // Held weakly, each: learner code may print from a `deinit` while the session is being torn down.
        LineOutput.write = { [weak self, weak mediator = mediator, weak isolation = isolation] text in
            guard let self, let mediator, !mediator.isMuted else { return }
            self.printedByCompiledCode += text
            isolation?.printed(text)
        }
    }
}
