import CallRecording
import Patterns

/// Who called whom in a session, and where a step's and the last line's calls begin: the recorder the `Patterns`
/// types record into while a line runs, the names the trace gives objects, and the calls a goal on calls judges.
public final class CallBook {
    /// The loaded lesson's live objects, whose names the trace uses.
    let workspace: () -> Workspace?
    /// The names the trace gave objects in the line running now (looked up once a line).
    var traceNames: [TraceNameKey: String] = [:]
    /// Where the last line that called anything began and ended in ``recorder``.
    var lastLineCalls: Range<Int>?
    /// Every call recorded so far; its `mark` is where the step's calls begin.
    private(set) lazy var recorder = CallDescriber().recorder(name: { [unowned self] in traceName(of: $0) })

    init(workspace: @escaping () -> Workspace?) { self.workspace = workspace }

    /// Runs `body` with this recorder current: the `Patterns` types record their calls into it, as they do while a
    /// line runs (and a test that calls the real objects as a compiled line would).
    public func recording<T>(_ body: () throws -> T) rethrows -> T {
        traceNames = [:]
        defer { traceNames = [:] }
        return try CallRecord.$current.withValue(recorder) { try body() }
    }

    /// A step of its own begins: its calls begin here, and no line of it has called anything yet.
    func stepBegan() {
        recorder.mark = recorder.total
        lastLineCalls = nil
    }

    /// A line that began at call `firstCall` ran and was kept: its calls, if it made any in this step, are the last
    /// line's.
    func lineRan(from firstCall: Int) {
        if recorder.total > firstCall, recorder.mark <= firstCall { lastLineCalls = firstCall..<recorder.total }
    }

    /// The calls since the live objects were set up for the step: what a goal on calls judges.
    var ofTheStep: ArraySlice<CallRecorder.Call> { recorder.calls(from: recorder.mark) }

    /// What an object is called in the trace: the name the lesson or the learner gave it (`receiptBuilder`,
    /// `keep`), else the lesson's name for it (`board.cell(0, 4)`), else what it is (`an ArchivePage`).
    func traceName(of object: AnyObject) -> String {
        // Within a line a name does not change: a loop of calls on one object looks it up once.
        let key = TraceNameKey(object: ObjectIdentifier(object), type: ObjectIdentifier(Swift.type(of: object)))
        if let known = traceNames[key] { return known }
        // Only a name found is kept: an object may get one later in the line (`let record = HighScore(hub: hub)`).
        guard let name = lookUpTraceName(of: object) else {
            let type = Reflection.unqualified(String(describing: Swift.type(of: object)))
            return (type.first.map { "AEIOU".contains($0) } == true ? "an " : "a ") + type
        }
        traceNames[key] = name
        return name
    }

    private func lookUpTraceName(of object: AnyObject) -> String? {
        guard let workspace = workspace() else { return nil }
        if let named = workspace.namedObjects.first(where: { live in
            live.instance().flatMap(Reflection.object(in:)) === object
        }) {
            return named.name
        }
        return workspace.module.traceName(of: object)
    }
}

extension LineRunner {
    /// The most calls a journal entry keeps for its replay; a command that made more is recorded again.
    static let callsKeptForReplay = 256

    /// The calls `command` made since call `firstCall`, kept with its journal entry so that a replay (undo, a
    /// rollback, reset's and goto's rebuilds) puts them back as recorded instead of taking and describing every
    /// argument again. Only where the replay makes the same calls: a call or a module's command on objects no
    /// learner code has run on (learner code may not do the same thing twice: a closure it stored in an object may
    /// run again); nil otherwise, and the replay records afresh.
    func madeCalls(_ command: Command, from firstCall: Int) -> [CallRecorder.Call]? {
        switch command {
        case .call, .native: break
        case .compiled, .global: return nil
        }
        let recorder = session.callBook.recorder
        guard let workspace, !workspace.ranLearnerCode, workspace.exerciseObjects == nil,
            CallRecord.current === recorder, firstCall >= recorder.dropped,
            recorder.total - firstCall <= Self.callsKeptForReplay
        else { return nil }
        return recorder.recorded(from: firstCall)
    }
}
