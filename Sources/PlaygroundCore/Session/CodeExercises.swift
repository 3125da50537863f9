#if canImport(Glibc)
import Glibc
#endif

/// How an editor the learner ran ended.
public enum EditorOutcome: Sendable, Equatable {
    case closed
    /// It could not start, or ended with a failure: the command and its status.
    case failed(String, Int32)
}

/// A code exercise's file, compiled into a module of its own and loaded into this process.
struct LoadedExercise {
    var module: String
    var file: String
    /// What the file declares, as `class FixedAlertBuilder`.
    var declarations: [String]
    /// The lesson and step it belongs to: elsewhere its types are out of scope.
    var lesson: String
    var step: Int
}

/// Code exercises: the learner writes a Swift file; `check` compiles it against `Patterns`, loads it into the
/// session, runs the step's commands with its types and judges the step's goal.
public final class CodeExercises {
    unowned let session: Session
    /// The code exercise's file compiled and loaded into this process: compiled lines import its module.
    var exercise: LoadedExercise?
    /// `check` on a code exercise judges the code the caller loaded with ``loadCode(_:)`` (a lesson's starter or
    /// solution: `patterns run`, handouts, the lesson tester) instead of compiling the learner's file.
    public var judgesLoadedCode = false

    init(session: Session) { self.session = session }

    var mediator: Mediator { session.mediator }
    var lang: Lang { session.options.lang }
    var compiler: LineCompiler? { session.tools.compiler }
    var lesson: Lesson? { session.lesson }
    var stepIndex: Int { session.stepIndex }
    var currentStep: Step? { session.currentStep }

    /// The learner's file for the current step: `<exercises>/<lesson>/<File>.swift`, when the step is a code exercise.
    public var exerciseFile: String? {
        guard let code = currentStep?.code, let folder = session.tools.exercisesDirectory, let lesson else {
            return nil
        }
        return folder + "/" + lesson.id + "/" + code.file
    }

    /// The exercise loaded for the current step, if any: its types are in scope only there.
    var currentExercise: LoadedExercise? {
        guard let exercise, exercise.lesson == lesson?.id, exercise.step == stepIndex else { return nil }
        return exercise
    }

    /// `edit`: the learner's file, copied from the starter the first time (or again with `--reset`), opened in their
    /// editor; when the editor closes, the file is checked.
    func edit(reset: Bool) throws {
        let navigator = try session.lessons.requireNavigator()
        guard let code = navigator.step.code else { throw PlaygroundError(notACodeStep(navigator.lesson)) }
        guard let path = exerciseFile else { throw PlaygroundError(CodeText.noExerciseFolder.phrase) }
        var lines: [String] = []
        let exists = access(path, F_OK) == 0
        if reset && exists {
            let aside = path + ".old"
            guard rename(path, aside) == 0 else { throw PlaygroundError(CodeText.cannotWrite(aside)) }
            lines.append(CodeText.resetKept.text(lang, aside))
        }
        if reset || !exists {
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            do { try LineCompiler.makeDirectory(folder, mode: 0o755) } catch {
                throw PlaygroundError(CodeText.cannotWrite(folder))
            }
            guard LineCompiler.write(code.starter, to: path) else { throw PlaygroundError(CodeText.cannotWrite(path)) }
            lines.append(CodeText.starterCopied.text(lang, path))
        } else {
            lines.append(CodeText.yourFile.text(lang, path))
        }
        guard compiler != nil else {
            lines.append(CodeText.needsToolchain.text(lang))
            mediator.say(lines.joined(separator: "\n"))
            return
        }
        guard let openEditor = session.tools.openEditor else {
            lines.append(CodeText.openItYourself.text(lang))
            mediator.say(lines.joined(separator: "\n"))
            return
        }
        mediator.say(lines.joined(separator: "\n"))
        session.tools.isolation?.enter(.waiting)
        let edited = openEditor(path)
        session.tools.isolation?.enter(.running)
        switch edited {
        case .closed: try checkCode(code)
        case .failed(let editor, let status): session.say(CodeText.editorFailed(editor, String(status)))
        }
    }

    func notACodeStep(_ lesson: Lesson) -> Phrase {
        guard let index = lesson.steps.firstIndex(where: { $0.code != nil }) else {
            return CodeText.noCodeInLesson.phrase
        }
        return CodeText.notACodeStep(String(index + 1))
    }

    /// `check` on a code exercise: compile the learner's file, load it, run the step's commands with it from the
    /// step's start, and judge the goal. A file that does not compile gets the compiler's words; the session goes on.
    func checkCode(_ code: CodeExercise) throws {
        guard compiler != nil else { throw PlaygroundError(CodeText.needsToolchain.phrase) }
        guard let path = exerciseFile else { throw PlaygroundError(CodeText.noExerciseFolder.phrase) }
        guard let text = LineCompiler.read(path), access(path, F_OK) == 0 else {
            throw PlaygroundError(CodeText.noFileYet(code.file))
        }
        // A fresh module at each `check`: nothing an earlier check's runs left in its statics and globals is there.
        guard let loaded = try loadFile(text, path: path, file: code.file, fresh: true) else {
            session.say(CodeText.doesNotCompile(code.file))
            return
        }
        // Every run starts from here: the file just loaded, none of its code run yet in this process. The hidden
        // run goes in a copy of it, which then ends: the step's own run is the one the learner sees and drives on.
        let hidden = try hiddenScenarioDifferences()
        try session.lessons.setUpLiveObjects(before: stepIndex, quietly: true)
        session.say(CodeText.loaded(code.file, Self.declarationsText(loaded.declarations)))
        // When a command stopped, that is what went wrong: the lesson's explanations are for the goal's fields.
        let ran = try driveStep()
        try session.lessons.judge(explaining: ran, hidden: ran ? hidden : [])
    }

    /// A goal field the live state does not meet: its key, the value the goal names, the value found.
    public typealias Difference = (key: String, expected: String, actual: String)

    /// What the step's hidden scenario (```` ```patterns scenario ````) finds wrong with the loaded code: its
    /// commands run from the step's start, quietly, and its goal is judged, all in a forked copy of this process
    /// that hands back its differences and ends. Nothing the run did reaches this process: the learner's module (its
    /// statics and globals), the live objects and the session are as they were, so that the step's own run, started
    /// from here, is in nothing a file can see told apart from the hidden one. Empty when the step has none, or when
    /// it is met.
    public func hiddenScenarioDifferences() throws -> [Difference] {
        guard let scenario = currentStep?.scenario else { return [] }
        _ = try session.workspace.required()
        // The learner's code may trap or hang on the hidden run's values (an `unowned` delegate read after its board
        // was freed), each line with a line's time: the verdict says so instead of the check being lost.
        let limit = (compiler?.timeLimit ?? 5) * Double(max(1, scenario.commands.count))
        // A mark made for this run begins the answer: bytes the learner's code writes to the descriptors it
        // inherits (`write(fd, …)` on each) are not taken for it.
        var generator = SystemRandomNumberGenerator()
        let mark = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let answer = Sandbox.answer(limit: limit) { Self.encode(runHiddenScenario(scenario), mark: mark) }
        return answer.flatMap { Self.decode($0, mark: mark) } ?? [("", "", CodeText.scenarioStopped.text(lang))]
    }

    /// In the copy: the hidden scenario run from the step's start, and what its goal finds.
    private func runHiddenScenario(_ scenario: Scenario) -> [Difference] {
        guard (try? session.lessons.setUpLiveObjects(before: stepIndex, quietly: true)) != nil else {
            return [("", "", CodeText.scenarioStopped.text(lang))]
        }
        mediator.isMuted = true
        // Its lines are not the lesson's set-up: their calls are what its goal judges.
        session.runner.quietLinesAreSetUp = false
        for command in scenario.commands {
            guard session.runner.perform(command) else {
                return [(command, "", CodeText.scenarioStopped.text(lang))]
            }
        }
        let state = session.lessons.goalState()
        var differences: [Difference] = scenario.goal.compactMap { goal in
            guard !goal.isCall else { return nil }
            let value = StateGroup.value(at: goal.key, in: state)?.display ?? CoreText.noSuchField.text(lang)
            return value == goal.value ? nil : (goal.key, goal.value, value)
        }
        differences += CallTrace.differences(scenario.goal, session.callBook.ofTheStep, lang)
        return differences
    }

    /// The differences as the copy hands them back: `mark`, then each string as its UTF-8 length (4 bytes) and
    /// bytes, three to a difference. The mark tells a copy that got to the end from one that left early (`exit(0)`
    /// in the learner's code hands back nothing).
    static func encode(_ differences: [Difference], mark: [UInt8]) -> [UInt8] {
        var bytes = mark
        for string in differences.flatMap({ [$0.key, $0.expected, $0.actual] }) {
            var count = UInt32(string.utf8.count).littleEndian
            withUnsafeBytes(of: &count) { bytes += $0 }
            bytes += string.utf8
        }
        return bytes
    }

    /// What ``encode(_:)`` wrote, or nil if it is not whole.
    static func decode(_ bytes: [UInt8], mark: [UInt8]) -> [Difference]? {
        guard bytes.starts(with: mark) else { return nil }
        var strings: [String] = []
        var at = mark.count
        while at < bytes.count {
            guard at + 4 <= bytes.count else { return nil }
            let count = bytes[at..<at + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
            at += 4
            guard count <= bytes.count - at else { return nil }
            strings.append(String(decoding: bytes[at..<at + count], as: UTF8.self))
            at += count
        }
        guard strings.count % 3 == 0 else { return nil }
        return stride(from: 0, to: strings.count, by: 3).map { (strings[$0], strings[$0 + 1], strings[$0 + 2]) }
    }

    /// Compiles a file and loads it as the session's exercise; nil (after reporting the compiler's words) when it
    /// does not compile. `fresh`: as a module this process has not loaded before
    /// (``LineCompiler/compileExercise(_:path:fresh:)``).
    func loadFile(_ text: String, path: String, file: String, fresh: Bool = false) throws -> LoadedExercise? {
        guard let compiler else { throw PlaygroundError(CodeText.needsToolchain.phrase) }
        // A code exercise's file belongs to its lesson (the learner's starts as the lesson's starter).
        if lesson?.isTrusted == false {
            session.counts.withheldFromLesson += 1
            throw PlaygroundError(TrustText.fileNotRun(file))
        }
        try LineSource.refusePlaygroundNames(in: SwiftReader(text))
        switch try compiler.compileExercise(text, path: path, fresh: fresh) {
        case .rejected(let diagnostics):
            session.runner.report(CompilerDiagnostics(text: diagnostics))
            return nil
        case .loaded(let module, let warnings):
            if !warnings.isEmpty {
                mediator.post(
                    PaneMessage(topic: "log", source: "swiftc", text: CodeText.warnings.text(lang) + "\n" + warnings))
            }
            let loaded = LoadedExercise(
                module: module, file: file, declarations: TopLevelNames(text).declarations,
                lesson: lesson?.id ?? "", step: stepIndex)
            exercise = loaded
            return loaded
        }
    }

    /// Runs the step's commands, each shown as typed, stopping at the first that fails. Returns whether all ran.
    func driveStep() throws -> Bool {
        // One verdict at the end, not a reminder after each command.
        let reminders = session.options.render.reminders
        session.options.render.reminders = false
        defer { session.options.render.reminders = reminders }
        for command in try session.lessons.requireNavigator().step.commands where command != "check" {
            mediator.emit(.input(prompt: "> ", line: command))
            guard session.runner.perform(command) else {
                session.say(CodeText.trialStopped(command))
                return false
            }
        }
        return true
    }

    /// Loads one of the lesson's own versions of the current step's file (its starter or its solution), for a caller
    /// that then drives the step itself (`patterns run`, handouts, the lesson tester); `check` then judges the loaded
    /// code. Returns false, after the compiler's words, when it does not compile.
    @discardableResult
    public func loadCode(_ text: String) throws -> Bool {
        let navigator = try session.lessons.requireNavigator()
        guard let code = navigator.step.code else {
            throw InternalError("step \(navigator.stepIndex + 1) has no code exercise")
        }
        guard let compiler else { throw PlaygroundError(CodeText.needsToolchain.phrase) }
        let path = try compiler.lessonFilePath(code.file, text: text)
        judgesLoadedCode = true
        guard let loaded = try loadFile(text, path: path, file: code.file) else { return false }
        try session.lessons.setUpLiveObjects(before: navigator.stepIndex, quietly: true)
        session.say(CodeText.loadedReference(code.file, Self.declarationsText(loaded.declarations)))
        return true
    }

    /// Before walking step `index` without a learner (`patterns run`, handouts): the live objects as the lesson
    /// leaves them when the step follows a code exercise, and a code exercise's reference solution loaded. False
    /// when the step's commands cannot run here (a code exercise without the compiler), after saying why.
    public func prepareToWalk(_ index: Int) throws -> Bool {
        guard let lesson, lesson.steps.indices.contains(index) else { return true }
        if index > 0, lesson.steps[index - 1].code != nil {
            try session.lessons.setUpLiveObjects(before: index, quietly: true)
        }
        guard let code = lesson.steps[index].code else { return true }
        guard compiler != nil else {
            session.say(CodeText.needsToolchain.phrase)
            return false
        }
        guard lesson.isTrusted else {
            session.counts.withheldFromLesson += 1
            session.say(TrustText.fileNotRun(code.file))
            return false
        }
        return try loadCode(code.solution)
    }

    static func declarationsText(_ declarations: [String]) -> String {
        declarations.isEmpty ? "-" : declarations.joined(separator: ", ")
    }

    /// `solution` on a code exercise: the reference file, then the commands that drive it.
    func codeSolution(_ code: CodeExercise) {
        var lines = [CodeText.referenceFor.text(lang, code.file, String(stepIndex + 1))]
        lines += code.solution.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : "    " + $0
        }
        while lines.last == "" { lines.removeLast() }
        lines.append(CodeText.thenTheCommands.text(lang))
        lines += (currentStep?.commands ?? []).map { "  > " + $0 }
        mediator.say(lines.joined(separator: "\n"))
    }

    /// What the ARC watch says in the memory pane when one of the learner's classes was freed, or is kept alive by
    /// a cycle.
    func postMemory(_ changes: [StateChange]) {
        for change in changes where change.key.hasPrefix(ExerciseObjects.groupName + ".") {
            let type = String(change.key.dropFirst(ExerciseObjects.groupName.count + 1))
            let value = change.new?.display ?? ""
            if value.hasPrefix("freed") {
                // "freed ×3": all three.
                let count = value.split(separator: "×").last.flatMap { Int($0) } ?? 1
                let what = count > 1 ? type + " ×\(count)" : type
                mediator.post(PaneMessage(topic: "memory", source: "ARC", text: CodeText.arcFreed.text(lang, what)))
            } else if let range = value.firstRange(of: " reached by no name") {
                // "3 alive, 3 reached by no name".
                let count = value[..<range.lowerBound].split(separator: " ").last.flatMap { Int($0) } ?? 1
                let what = count > 1 ? type + " ×\(count)" : type
                mediator.post(PaneMessage(topic: "memory", source: "ARC", text: CodeText.arcCycle.text(lang, what)))
            }
        }
    }
}
