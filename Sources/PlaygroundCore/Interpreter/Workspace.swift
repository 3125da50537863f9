import CallRecording

/// The live part of a lesson: its module and objects, the panes the module owns, and the journal of the commands
/// that changed them.
///
/// The live objects are always what a fresh module plus the journal gives. Undo, reset and goto rebuild them that
/// way, from the standard panes up, and so does the rollback of a failed command that ran where the session goes on
/// (a failed line's copy is dropped instead), so nothing a replaced module or an undone command made survives; a
/// journaled command that fails on replay is an ``InternalError``, never swallowed.
final class Workspace {
    /// A command that changed something, as typed, as read, and the fields it changed.
    struct Entry: Equatable {
        var text: String
        var command: Command
        var changed: [String]
        /// Run by the lesson to set a step up (`goto`, `restart`), not typed by the learner.
        var bySetUp = false
        /// A compiled line that changed nothing the state shows (a print, a loop that reads). It is kept because
        /// compiled Swift may change what no field shows (`group.title` before the group is in use), so a replay must
        /// run it; `undo` and `history` pass over it.
        var isLook = false
        /// The calls the command made when it ran, for a replay to put back as they were recorded instead of
        /// recording (and describing) them again; nil: a replay records them (see ``LineRunner/madeCalls(_:from:)``).
        var calls: [CallRecorder.Call]?

        var isCompiled: Bool {
            if case .compiled = command { return true }
            return false
        }
    }

    let factory: ModuleFactory
    let mediator: Mediator
    let lang: Lang
    private(set) var module: LessonModule
    var journal: [Entry] = []
    /// What the learner declared at the prompt: a replay declares it again, in order.
    var declarations = LearnerDeclarations()
    /// Names bound with `let` (`let burger = builder.build()`), usable as receivers afterwards; a replay binds them
    /// again, so they go with the module.
    var bindings: [String: LiveObject] = [:] {
        didSet { boundCache = nil }
    }
    /// The bound objects in the order of their names, and those of them with state (made by the learner): worked
    /// out when first asked for after a change of the bindings.
    private var boundCache: (receivers: [LiveObject], made: [LiveObject])?
    private var bound: (receivers: [LiveObject], made: [LiveObject]) {
        if let boundCache { return boundCache }
        let sorted = bindings.keys.sorted().compactMap { bindings[$0] }
        let bound = (receivers: sorted, made: sorted.filter { $0.fields != nil })
        boundCache = bound
        return bound
    }
    var boundReceivers: [LiveObject] { bindings.isEmpty ? [] : bound.receivers }
    /// Every name Swift can reach: the lesson's objects and variables, then the learner's bindings.
    var namedObjects: [LiveObject] { module.objects + module.variables + boundReceivers }
    private var madeObjects: [LiveObject] { bindings.isEmpty ? [] : bound.made }

    static let predictionObject = "prediction"

    /// The state as the last command left it: only commands change live objects, so it is the next command's
    /// "before". A rebuild forgets it.
    var stateAfterLastChange: [StateGroup]?

    /// The state pane's objects: the module's, then those the learner made (in the order of their names).
    func state() -> [StateGroup] {
        // Reading the objects is the playground's doing, never a call the learner's code made.
        CallRecord.$current.withValue(nil) { readState() }
    }

    private func readState() -> [StateGroup] {
        var groups = module.state()
        guard let exerciseObjects else {
            // A name the module shows already (`let burger = builder.build()` in the builder lesson) is the module's.
            // (The bindings' names are distinct: only the module's groups can hold one.)
            let shown = Set(groups.map(\.object))
            for object in madeObjects where !shown.contains(object.name) {
                groups.append(StateGroup(object.name, type: object.typeName, object.fields!()))
            }
            return groups
        }
        // The learner's own types are read by reflection, which can trap where their program would not (an
        // `unowned` reference to a freed object): tried in a forked copy first, and left unread if it traps there.
        // Each object on its own, so that one unreadable object leaves the others shown.
        for object in madeObjects {
            let fields = object.fields!
            let readable = Sandbox.survives { _ = fields() }
            groups.append(
                StateGroup(
                    object.name, type: object.typeName,
                    readable ? fields() : [StateField("value", .plain(Self.unreadable))]))
        }
        let roots = namedObjects.compactMap { $0.instance() }
        let readable = Sandbox.survives { _ = exerciseObjects.group(roots: roots) }
        if let arc = exerciseObjects.group(roots: readable ? roots : [], reachability: readable) { groups.append(arc) }
        return groups
    }

    /// What the state pane says of objects that reflection cannot read without trapping.
    static let unreadable = "(not read: reading it traps, as an unowned reference to a freed object does)"

    /// The learner's class instances, watched while a code exercise's file is loaded.
    var exerciseObjects: ExerciseObjects?

    /// What goals and hints look at: the state, and the prediction (`prediction.answer`), which is the learner's, not
    /// a live object's, so the state pane leaves it out.
    func goalState(prediction: String? = nil) -> [StateGroup] {
        guard let prediction else { return state() }
        return state() + [StateGroup(Self.predictionObject, type: "", [StateField("answer", .plain(prediction))])]
    }

    /// The module's live objects, then what `let` bound.
    var receivers: [LiveObject] { boundReceivers.isEmpty ? module.objects : module.objects + boundReceivers }

    /// Who the module asks for the learner's names: this workspace, held weakly (the module is the workspace's).
    final class NameLender {
        weak var workspace: Workspace?

        /// The learner's bindings that hold their value strongly, with the value they hold now.
        func names() -> [(name: String, value: Any)] {
            guard let workspace else { return [] }
            return workspace.boundReceivers.filter { $0.kind != .weakVar }.compactMap { object in
                Reflection.unwrapped(object.instance()).map { (object.name, $0) }
            }
        }
    }
    private let lender = NameLender()

    init(factory: ModuleFactory, mediator: Mediator, lang: Lang) {
        self.factory = factory
        self.mediator = mediator
        self.lang = lang
        module = Self.make(factory, mediator, lang, lender: lender)
        lender.workspace = self
    }

    /// A new module on the standard panes, with the panes it declares; `lender` lends it the learner's names.
    static func make(
        _ factory: ModuleFactory, _ mediator: Mediator, _ lang: Lang, lender: NameLender? = nil
    ) -> LessonModule {
        mediator.restoreStandard()
        let context = ModuleContext(mediator: mediator, lang: lang)
        context.lendNames = lender.map { lender in { [weak lender] in lender?.names() ?? [] } }
        // What the module does to set its objects up (signing observers up with its hub) is not the learner's call.
        let module = CallRecord.$current.withValue(nil) { factory.make(context) }
        for pane in module.panes {
            mediator.addPane(Pane(name: pane.name, kind: .append))
            for topic in pane.topics { mediator.route(topic, to: pane.name) }
        }
        return module
    }

    /// A fresh module with the journal replayed into it, quietly. `perform` runs one entry's command's effect.
    /// `tryLook` says whether a look can run now (tried in a copy of the process); one that cannot (`assert(x)` after
    /// the change it asserts was undone) goes, as one that throws does.
    func rebuild(
        tryLook: ((Command) -> Bool)? = nil, setUpDone: () -> Void = {}, _ perform: (Entry) throws -> Void
    ) throws(InternalError) {
        let wasMuted = mediator.isMuted
        mediator.isMuted = true
        defer { mediator.isMuted = wasMuted }
        retire()
        module = Self.make(factory, mediator, lang, lender: lender)
        bindings = [:]
        declarations = LearnerDeclarations()
        // What the old module's objects did is gone with them: their freeing is not the learner's doing.
        exerciseObjects = exerciseObjects.map { ExerciseObjects(module: $0.module) }
        stateAfterLastChange = nil
        // A local array nothing else can change: its entries are lent to `perform`, not copied one by one.
        let entries = journal
        var dropped = Set<Int>()
        // What the lesson ran to set the step up comes first: the step's own calls begin after it.
        let lastSetUp = entries.lastIndex(where: \.bySetUp)
        if lastSetUp == nil { setUpDone() }
        for index in entries.indices {
            defer { if index == lastSetUp { setUpDone() } }
            if entries[index].isLook, let tryLook, !tryLook(entries[index].command) {
                dropped.insert(index)
                continue
            }
            do {
                try perform(entries[index])
            } catch  where entries[index].isLook {
                // A look that ran on what `undo` took back (`print(x)` after `let x`): gone with it.
                dropped.insert(index)
            } catch {
                throw InternalError("replaying '\(entries[index].text)' failed: \(error)")
            }
        }
        if !dropped.isEmpty { journal = entries.indices.filter { !dropped.contains($0) }.map { entries[$0] } }
    }

    /// Whether learner code ran on these objects (a compiled line): they may hold the learner's objects.
    var ranLearnerCode = false

    /// What a rebuild or a new lesson leaves behind (the module, the bindings), when learner code ran on it: never
    /// freed where it is left, since freeing runs the learner's `deinit`s, and outside a line a trap there would end
    /// the session and a print would land nowhere. The session frees it right after, in a line of its own under the
    /// same protection as any line (``Session/freeRetired(in:)``), or keeps it for good where nothing protects that.
    func retire() {
        guard ranLearnerCode else { return }
        Self.retired.append((module, bindings))
        ranLearnerCode = false
    }

    /// Left behind and not freed yet.
    nonisolated(unsafe) private static var retired: [Any] = []
    /// Kept for good: a `deinit` trapped or ran too long while they were freed, or no copy could protect it.
    nonisolated(unsafe) private static var keptForGood: [Any] = []

    static var hasRetired: Bool { !retired.isEmpty }

    /// Frees what was left behind: the learner's `deinit`s run now, so only inside a line.
    static func freeRetired() { retired.removeAll() }

    /// What was left behind stays, never freed.
    static func keepRetiredForGood() {
        keptForGood += retired
        retired = []
    }

    /// The whole state a replay must reproduce: the live objects and the program's own panes and routes.
    var snapshot: Snapshot { Snapshot(live: goalState(), panes: mediator.configuration) }

    struct Snapshot: Equatable {
        var live: [StateGroup]
        var panes: [PaneConfiguration]
    }
}
