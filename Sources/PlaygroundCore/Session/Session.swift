import Patterns

/// Options a session runs with.
public struct SessionOptions: Sendable {
    public var render: RenderOptions
    public var lang: Lang
    public init(render: RenderOptions = RenderOptions(), lang: Lang = .en) {
        self.render = render
        self.lang = lang
    }
}

/// Saves and restores a learner's place in each lesson. The executable supplies a file-backed one.
public protocol ProgressStore: AnyObject {
    func load(lesson: String) -> (step: Int, done: Set<Int>)?
    func save(lesson: String, step: Int, done: Set<Int>, total: Int)
    /// The first answers kept for a lesson's prediction exercises, by 0-based step.
    func predictions(lesson: String) -> [Int: String]
    /// Keeps `answer` as the first answer to the prediction at 0-based `step`, unless one is kept there already;
    /// returns the answer that stands.
    func keepPrediction(_ answer: String, lesson: String, step: Int, total: Int) -> String
    /// What went wrong keeping progress since last asked (a full disk, a folder that cannot be written), each said
    /// once: the session posts it where the learner sees it, from whichever process the line ran in.
    func takeWarnings() -> [Phrase]
}

extension ProgressStore {
    /// A store that keeps no predictions: the session's own memory keeps them while it lasts.
    public func predictions(lesson: String) -> [Int: String] { [:] }
    public func keepPrediction(_ answer: String, lesson: String, step: Int, total: Int) -> String { answer }
    public func takeWarnings() -> [Phrase] { [] }
}

/// How many failed commands were rolled back each way (tests see which one ran).
public struct Rollbacks: Equatable, Sendable {
    /// Rebuilt from the journal where the command ran (a session without isolation, a command inside a line).
    public var rebuilt = 0
    /// Left to the isolation, which drops the copy the line ran in.
    public var dropped = 0
    public init(rebuilt: Int = 0, dropped: Int = 0) {
        self.rebuilt = rebuilt
        self.dropped = dropped
    }
}

/// A learner's session: one line in, events out. A small façade over the parts that do the work:
/// * the ``LineRunner`` reads each line into a typed ``Command`` (``CommandReader``), chooses the engine and runs it
///   as a transaction on the ``Workspace``;
/// * the ``LessonController`` does the lesson's commands (steps, set-up, check, hint, undo, predictions, progress);
/// * the ``CodeExercises`` compile and judge the learner's own files.
/// What happened comes back as ``Event``s, which renderers turn into text. It never prints.
public final class Session {
    public let catalog: LessonCatalog
    public let mediator: Mediator
    public var options: SessionOptions
    public var progress: ProgressStore?
    /// The first answer to each prediction exercise, by lesson and 0-based step, for the session's lifetime: a
    /// prediction counts once across `load`, `goto` and `restart` even without a progress store (which keeps them
    /// across sessions).
    var keptPredictions: [String: [Int: String]] = [:]
    public internal(set) var navigator: LessonNavigator? {
        didSet {
            // A step of its own: its calls begin here, whether or not its objects are set up afresh.
            if oldValue?.stepIndex != navigator?.stepIndex || oldValue?.lesson.id != navigator?.lesson.id {
                calls.mark = calls.total
                lastLineCalls = nil
            }
        }
    }
    var workspace: Workspace?
    let factories: [String: ModuleFactory]
    /// Any command failed since the session began (the pipe front end's exit status).
    public internal(set) var anyFailed = false
    /// The Swift compiler as the second engine, when this process can use one; else why not.
    public var compiler: LineCompiler? {
        didSet { if compiler != nil { compilerUnavailable = nil } }
    }
    /// Set by a front end that looked for a compiler and found none: the interpreter's refusals then say that they
    /// are its own. (A session made in-process without looking, as tests do, shows them as they are.)
    public var compilerUnavailable: LineCompiler.Unavailable?
    /// The folder of the learner's exercise files (`${XDG_DATA_HOME:-~/.local/share}/patterns/exercises`): a code
    /// exercise's file is `<folder>/<lesson>/<File>.swift`. Nil: code exercises have nowhere to keep files.
    public var exercisesDirectory: String?
    /// Opens a file in the learner's editor and waits for it (set by a front end that can: it touches the terminal).
    /// Nil when no editor is set; `edit` then says where the file is.
    public var openEditor: ((String) -> EditorOutcome)?
    /// Where lines that may reach learner code run (the executable's copy of the process); nil runs them here.
    public var isolation: LineIsolation?
    /// How often Swift from an untrusted lesson (a line, a code exercise's file) was shown, not run: lessons are data.
    public internal(set) var withheldFromLesson = 0
    /// How the failed commands were rolled back: each exactly once, by one of the two.
    public internal(set) var rollbacks = Rollbacks()
    /// Whether the session has said which language mode judged a line (said once).
    var languageModeSaid = false
    /// In a line's copy: the state before the line changed the live objects, for the copy kept from before it.
    var stateBeforeLine: [StateGroup]?
    /// This process is a kept copy that `undo` took back: the line it waited on is answered as that `undo`, typed
    /// as this (for the echo).
    var resumedInput: Event?
    /// The line being executed, as typed (the echo of an `undo` that a kept copy answers).
    var typedLine = ""

    /// The `undo` a kept copy answered in place of the line it waited on, once.
    public func takeResumedInput() -> Event? {
        defer { resumedInput = nil }
        return resumedInput
    }
    /// Who called whom while the lines ran (the `Patterns` types record into it): `trace`, and goals on calls.
    private(set) lazy var calls = CallDescriber().recorder(name: { [unowned self] in traceName(of: $0) })
    /// Whether a line run while the panes are muted is the lesson's set-up (a hidden scenario's lines are not: its
    /// calls are what its goal judges).
    var quietLinesAreSetUp = true
    /// The names the trace gave objects in the line running now (looked up once a line).
    var traceNames: [TraceNameKey: String] = [:]
    /// Where the last line that called anything began and ended in ``calls``.
    var lastLineCalls: Range<Int>?
    /// The one runner every line goes through.
    private(set) lazy var runner = LineRunner(session: self)
    /// Steps, set-up, goals, predictions, undo and the REPL's own commands.
    public private(set) lazy var lessons = LessonController(session: self)
    /// The code exercises: the learner's files, compiled, loaded and judged.
    public private(set) lazy var code = CodeExercises(session: self)

    public init(catalog: LessonCatalog, modules: [ModuleFactory], options: SessionOptions = SessionOptions()) {
        self.catalog = catalog
        self.mediator = Mediator.standard()
        self.options = options
        self.factories = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    var lang: Lang { options.lang }
    public var lesson: Lesson? { navigator?.lesson }
    public var stepIndex: Int { navigator?.stepIndex ?? 0 }
    public var doneSteps: Set<Int> { navigator?.doneSteps ?? [] }
    public var currentStep: Step? { navigator?.step }
    public var prompt: String { navigator?.prompt ?? "patterns> " }
    /// The live objects of the loaded lesson (for completion).
    public var liveObjects: [LiveObject] { workspace?.module.objects ?? [] }

    /// Every command that can be typed now: the lesson's first (they win a name clash), then the global ones.
    public var commands: [CommandSpec] { lessons.reader.commands }

    public func command(named name: String) -> CommandSpec? { lessons.reader.command(named: name) }

    // MARK: - Events

    /// What happened since the last call, in order.
    public func takeEvents() -> [Event] { mediator.takeEvents() }

    /// What happened since the last call, rendered in the stream layout (tests, the lesson tester, handouts).
    public func takeOutput() -> String { StreamRenderer(options: options.render).render(takeEvents()) }

    func say(_ phrase: Phrase) { say(phrase.text(lang)) }
    func say(_ text: String) { mediator.post(PaneMessage(topic: "out", source: "session", text: text)) }

    // MARK: - Running a line

    /// Runs one line of input. Returns false when the command failed; nothing it did is kept then.
    @discardableResult
    public func execute(_ line: String) -> Bool {
        let start = mediator.events.count
        let firstCall = calls.total
        typedLine = line
        let ok = isolation.map { runner.isolated(line, in: $0, from: start) } ?? runner.perform(line)
        // A failed line's calls went with it (its copy is gone, or a rebuild replayed the journal afresh).
        if ok, calls.total > firstCall, calls.mark <= firstCall { lastLineCalls = firstCall..<calls.total }
        if !ok { anyFailed = true }
        if Workspace.hasRetired { freeRetired(in: isolation) }
        runner.noteHiddenAnswers(since: start)
        return ok
    }

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
        if compiler != nil { runner.connectCompiledOutput() }
        let outcome = isolation.attempt(
            {
                Workspace.freeRetired()
                runner.flushPrinted()
                return true
            }, said: { Array(mediator.events[min(start, mediator.events.count)...]) })
        switch outcome {
        case .ran: break
        case .stopped(let stop, let printed):
            runner.postPrinted(printed, stopped: true)
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

    static let noLesson = PlaygroundError(CoreText.noLessonIsLoadedTryLoad.phrase)

    func requireWorkspace() throws -> Workspace {
        guard let workspace else { throw Self.noLesson }
        return workspace
    }

    /// The live objects and the program's panes and routes, for tests that compare two ways to the same step.
    public var snapshot: (live: [StateGroup], panes: [PaneConfiguration]) {
        (workspace?.goalState() ?? [], mediator.configuration)
    }

    /// The commands in the journal, as typed.
    public var journalCommands: [String] { workspace?.journal.filter { !$0.isLook }.map(\.text) ?? [] }
}
