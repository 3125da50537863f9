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

/// A learner's session: one line in, events out. A small façade over the parts that do the work, each with its own
/// state:
/// * the ``LineRunner`` reads each line into a typed ``Command`` (``CommandReader``), chooses the engine and runs it
///   as a transaction on the ``Workspace``;
/// * the ``LessonController`` does the lesson's commands (steps, set-up, check, hint, undo, predictions, progress);
/// * the ``CodeExercises`` compile and judge the learner's own files;
/// * the ``CallBook`` keeps who called whom (`trace`, goals on calls); the ``SessionTools`` are what the front end
///   lends (compiler, isolation, editor, exercise folder); the ``SessionCounts`` are what the session counted.
/// What happened comes back as ``Event``s, which renderers turn into text. It never prints.
public final class Session {
    public let catalog: LessonCatalog
    public let mediator: Mediator
    public var options: SessionOptions
    public internal(set) var navigator: LessonNavigator? {
        didSet {
            // A step of its own: its calls begin here, whether or not its objects are set up afresh.
            if oldValue?.stepIndex != navigator?.stepIndex || oldValue?.lesson.id != navigator?.lesson.id {
                callBook.stepBegan()
            }
        }
    }
    var workspace: Workspace?
    let factories: [String: ModuleFactory]
    /// What the front end lends the session: the compiler, the isolation, the editor, the exercises folder.
    public let tools = SessionTools()
    /// What the session counted: failed commands, Swift withheld from an untrusted lesson, rollbacks.
    public internal(set) var counts = SessionCounts()
    /// Who called whom while the lines ran (the `Patterns` types record into it): `trace`, and goals on calls.
    public private(set) lazy var callBook = CallBook(workspace: { [unowned self] in workspace })
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

    public var lesson: Lesson? { navigator?.lesson }
    public var stepIndex: Int { navigator?.stepIndex ?? 0 }
    public var currentStep: Step? { navigator?.step }
    public var prompt: String { navigator?.prompt ?? "patterns> " }

    public func command(named name: String) -> CommandSpec? { lessons.reader.command(named: name) }

    // MARK: - Events

    /// What happened since the last call, in order.
    public func takeEvents() -> [Event] { mediator.takeEvents() }

    /// What happened since the last call, rendered in the stream layout (tests, the lesson tester, handouts).
    public func takeOutput() -> String { StreamRenderer(options: options.render).render(takeEvents()) }

    /// Says `phrase` in the session's language (`Mediator.say(_:)` says text as it is).
    func say(_ phrase: Phrase) { mediator.say(phrase.text(options.lang)) }

    // MARK: - Running a line

    /// Runs one line of input. Returns false when the command failed; nothing it did is kept then.
    @discardableResult
    public func execute(_ line: String) -> Bool {
        let start = mediator.events.count
        let firstCall = callBook.recorder.total
        runner.typedLine = line
        let ok = tools.isolation.map { runner.isolated(line, in: $0, from: start) } ?? runner.perform(line)
        // A failed line's calls went with it (its copy is gone, or a rebuild replayed the journal afresh).
        if ok { callBook.lineRan(from: firstCall) }
        if !ok { counts.anyFailed = true }
        if Workspace.hasRetired { runner.freeRetired(in: tools.isolation) }
        runner.noteHiddenAnswers(since: start)
        return ok
    }

    /// The `undo` a kept copy answered in place of the line it waited on, once.
    public func takeResumedInput() -> Event? { runner.takeResumedInput() }
}
