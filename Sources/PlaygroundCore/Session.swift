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
}

/// A learner's session: the loaded lesson, the current step, the live objects, and the mediator their messages
/// go through. Everything it says is rendered into ``output``; it never prints.
public final class Session {
    public let catalog: LessonCatalog
    public let mediator: Mediator
    public var options: SessionOptions
    public var progress: ProgressStore?
    /// Renders pane changes into text; the stream layout unless the front end sets another.
    public var renderer: (([(pane: Pane, messages: [PaneMessage])]) -> String)?

    public internal(set) var lesson: Lesson?
    public internal(set) var stepIndex = 0
    public internal(set) var doneSteps: Set<Int> = []
    var module: LessonModule?
    let context: ModuleContext
    let factories: [String: ModuleFactory]

    /// Commands that changed live objects since the lesson was loaded: replayed to restore state on failure and
    /// undo, listed by `history`.
    public internal(set) var journal: [(command: String, changed: [String], replay: Replay)] = []

    /// How a journal entry is replayed: already parsed, so that undo does not tokenize and parse again.
    public enum Replay: Sendable {
        case swift(SwiftStatement)
        /// A native lesson command, looked up by name on the module that exists at replay time.
        case native(String, [String])
    }
    var hintsShown = 0
    /// Rendered text not yet taken by the front end.
    var buffer = ""
    public internal(set) var quitRequested = false
    /// Set by `layout`; the front end switches and clears it.
    public var requestedLayout: String?
    /// The global commands, built once per language (their help text is translated).
    var cachedGlobalCommands: (lang: Lang, commands: [CommandSpec])?
    /// Any command failed since the session began (the pipe front end's exit status).
    public internal(set) var anyFailed = false

    public init(catalog: LessonCatalog, modules: [ModuleFactory], options: SessionOptions = SessionOptions()) {
        self.catalog = catalog
        self.mediator = Mediator.standard()
        self.options = options
        self.factories = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        self.context = ModuleContext(mediator: mediator, width: options.render.width, lang: options.lang)
    }

    // MARK: - Output

    /// Takes what the session has rendered since the last call.
    public func takeOutput() -> String {
        flush()
        defer { buffer = "" }
        return buffer
    }

    func flush() {
        let changes = mediator.drain()
        guard !changes.isEmpty else { return }
        if let renderer {
            buffer += renderer(changes)
        } else {
            buffer += StreamRenderer(options: options.render).render(changes)
        }
    }

    func tr(_ english: String, _ arguments: String...) -> String { Strings.text(english, options.lang, arguments) }

    func say(_ text: String) { mediator.post(PaneMessage(topic: "out", source: "session", text: text)) }

    func fail(_ text: String) {
        mediator.post(PaneMessage(topic: "error", source: "session", text: tr("error: {0}", text), isError: true))
    }

    public var prompt: String {
        guard let lesson else { return "patterns> " }
        return "\(lesson.id) \(stepIndex + 1)/\(lesson.steps.count)> "
    }

    public var currentStep: Step? { lesson.map { $0.steps[stepIndex] } }

    /// The live objects of the loaded lesson (for completion).
    public var liveObjects: [LiveObject] { module?.objects ?? [] }

    // MARK: - Executing a line

    /// Runs one line of input. Returns false when the command failed; nothing it did is kept then.
    @discardableResult
    public func execute(_ line: String) -> Bool {
        let ok = perform(line)
        if !ok { anyFailed = true }
        flush()
        return ok
    }

    func perform(_ line: String) -> Bool {
        if line.utf8.count > Self.maximumLineLength {
            fail(tr("line too long ({0} bytes; the limit is {1})", String(line.utf8.count), String(Self.maximumLineLength)))
            return false
        }
        let untabbed = line.utf8.contains(0x09) ? line.replacingOccurrences(of: "\t", with: " ") : line
        let cleaned = TextSanitizer.clean(untabbed)
        if cleaned != untabbed {
            fail(tr("the line holds control characters or escape sequences; type plain text"))
            return false
        }
        let trimmed = cleaned.trimmed
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") { return true }
        do {
            if SwiftCallParser.looksLikeSwift(trimmed) {
                let statement = try parseSwift(trimmed)
                try runStateChange(trimmed, replay: .swift(statement)) { try self.performSwift(statement) }
                return true
            }
            let words: [String]
            do {
                words = try Tokenizer.split(trimmed)
            } catch .unterminatedQuote(let quote, let column) {
                throw PlaygroundError(tr("unterminated {0} quote starting at column {1}", String(quote), String(column)))
            } catch .trailingBackslash {
                throw PlaygroundError(tr("the line ends with a lone backslash"))
            }
            guard let name = words.first else { return true }
            guard let command = command(named: name) else {
                var message = tr("unknown command '{0}'", name)
                if let suggestion = Suggest.closest(to: name, in: allCommandNames) {
                    message += tr("; did you mean '{0}'?", suggestion)
                } else {
                    message += tr("; type 'help' for the list")
                }
                throw PlaygroundError(message)
            }
            let arguments = Array(words.dropFirst())
            try checkArguments(arguments, of: command)
            switch command.action {
            case .global(let run):
                try run(self, arguments)
            case .swift(let translate):
                let statement = try parseSwift(try translate(arguments))
                try runStateChange(trimmed, replay: .swift(statement)) { try self.performSwift(statement) }
            case .native(let run) where !command.changesState:
                // Only looks (show, memory, links): not journaled, so undo never "undoes" a look.
                try requireLesson()
                try run(arguments)
            case .native(let run):
                try runStateChange(trimmed, replay: .native(command.name, arguments)) { try run(arguments) }
            }
            return true
        } catch let error as PlaygroundError {
            fail(error.message)
        } catch let error as ThrownError {
            fail(tr("{0} was thrown: {1}", error.swiftName, error.explanation))
        } catch {
            fail(String(describing: error))
        }
        return false
    }

    public static let maximumLineLength = 4096

    /// Runs a command that may change live objects as a transaction: on failure every object is restored by
    /// replaying the journal; on success the state pane shows the fields that changed.
    func runStateChange(_ line: String, replay: Replay, _ body: () throws -> Void) throws {
        guard let module else { throw PlaygroundError(tr("no lesson is loaded; try 'load builder' ('lessons' lists them)")) }
        let before = module.state()
        do {
            try body()
        } catch {
            if self.module !== module || module.state() != before { rebuild() }
            throw error
        }
        let after = self.module?.state() ?? []
        let changed = changedKeys(before, after)
        journal.append((line, changed, replay))
        postChanges(before, after, changed)
        postState(after, changed: Set(changed))
    }

    /// One log line per changed field: `builder.meat: .beef → .chicken`.
    func postChanges(_ before: [StateGroup], _ after: [StateGroup], _ changed: [String]) {
        guard !changed.isEmpty else { return }
        let old = StateGroup.values(before), new = StateGroup.values(after)
        func short(_ value: String?) -> String {
            guard let value else { return "(none)" }
            return DisplayWidth.of(value) > 40 ? DisplayWidth.truncate(value, to: 39) + "…" : value
        }
        let lines = changed.map { "\($0): \(short(old[$0])) → \(short(new[$0]))" }
        mediator.post(PaneMessage(topic: "log", source: "session", text: lines.joined(separator: "\n")))
    }

    func changedKeys(_ before: [StateGroup], _ after: [StateGroup]) -> [String] {
        let old = StateGroup.values(before)
        var changed: [String] = []
        for group in after {
            for field in group.fields where old["\(group.object).\(field.name)"] != field.value {
                changed.append("\(group.object).\(field.name)")
            }
        }
        return changed
    }

    func postState(_ groups: [StateGroup], changed: Set<String>) {
        var lines: [String] = []
        for group in groups {
            lines.append(group.title)
            let width = group.fields.map { DisplayWidth.of($0.name) }.max() ?? 0
            for field in group.fields {
                let mark = changed.contains("\(group.object).\(field.name)") ? "* " : "  "
                lines.append(mark + DisplayWidth.pad(field.name + ":", to: width + 1) + " " + field.value)
            }
        }
        mediator.post(PaneMessage(topic: "state", source: "session", text: lines.joined(separator: "\n")))
    }

    /// Makes a fresh module and replays the journal into it, with the mediator muted.
    func rebuild() {
        guard let lesson, let factory = factories[lesson.module] else { return }
        let wasMuted = mediator.isMuted
        mediator.isMuted = true
        defer { mediator.isMuted = wasMuted }
        module = factory.make(context)
        for entry in journal { replay(entry.replay) }
    }

    func replay(_ replay: Replay) {
        switch replay {
        case .swift(let statement):
            try? performSwift(statement)
        case .native(let name, let arguments):
            if case .native(let run)? = command(named: name)?.action { try? run(arguments) }
        }
    }

    // MARK: - Commands

    var moduleCommands: [CommandSpec] { module?.commands ?? [] }

    func command(named name: String) -> CommandSpec? {
        let lower = name.lowercased()
        func matches(_ spec: CommandSpec) -> Bool { spec.name == lower || spec.aliases.contains(lower) }
        return moduleCommands.first(where: matches) ?? globalCommands.first(where: matches)
    }

    /// Every command the REPL knows right now: global ones, then the loaded lesson's.
    public var commands: [CommandSpec] { globalCommands + moduleCommands }

    var allCommandNames: [String] {
        commands.flatMap { [$0.name] + $0.aliases } + liveObjects.map(\.name)
    }

    func checkArguments(_ arguments: [String], of command: CommandSpec) throws {
        if arguments.count < command.requiredCount {
            throw PlaygroundError(tr("'{0}' needs {1}; usage: {2}", command.name, command.arguments[arguments.count].usage, command.usage))
        }
        if let maximum = command.maximumCount, arguments.count > maximum {
            throw PlaygroundError(tr("'{0}' takes at most {1} argument(s), got {2}; usage: {3}", command.name, String(maximum), String(arguments.count), command.usage))
        }
        for (spec, value) in zip(command.arguments, arguments) {
            switch spec.kind {
            case .choice(let values) where !values.contains(value):
                var message = tr("'{0}' is not a valid <{1}>; expected one of: {2}", value, spec.name, values.joined(separator: ", "))
                if let s = Suggest.closest(to: value, in: values) { message += tr("; did you mean '{0}'?", s) }
                throw PlaygroundError(message)
            case .int where Int(value) == nil, .dynamic(.steps) where Int(value) == nil:
                throw PlaygroundError(tr("'{0}' is not a number; usage: {1}", value, command.usage))
            default:
                break
            }
        }
    }

    // MARK: - Swift-call form

    func parseSwift(_ source: String) throws -> SwiftStatement {
        do {
            return try SwiftCallParser.parse(source)
        } catch {
            throw PlaygroundError(tr("{0} (column {1})", error.message, String(error.column)))
        }
    }

    func performSwift(_ statement: SwiftStatement) throws {
        guard let module else { throw PlaygroundError(tr("no lesson is loaded; try 'load builder' ('lessons' lists them)")) }
        guard var receiver = module.objects.first(where: { $0.name == statement.receiver }) else {
            var message = tr("cannot find '{0}' in scope", statement.receiver)
            if let s = Suggest.closest(to: statement.receiver, in: module.objects.map(\.name)) {
                message += tr("; did you mean '{0}'?", s)
            } else if !module.objects.isEmpty {
                message += tr("; live objects: {0}", module.objects.map(\.name).joined(separator: ", "))
            }
            throw PlaygroundError(message)
        }
        var code = statement.receiver
        var throwsAny = false
        var postedCode = false
        func postCode() {
            guard !postedCode else { return }
            postedCode = true
            var line = (throwsAny ? "try " : "") + code
            if let binding = statement.binding { line = (binding == "_" ? "_ = " : "let \(binding) = ") + line }
            mediator.post(PaneMessage(topic: "code", source: statement.receiver, text: line))
        }
        for (index, call) in statement.calls.enumerated() {
            guard let method = receiver.method(named: call.name, arguments: call.arguments.count) else {
                var message = tr("value of type '{0}' has no member '{1}'", receiver.typeName, call.name)
                if let s = Suggest.closest(to: call.name, in: receiver.methods.map(\.name)) { message += tr("; did you mean '{0}'?", s) }
                throw PlaygroundError(message)
            }
            if method.isProperty && call.hasParens {
                throw PlaygroundError(tr("'{0}' is a property, not a method: write {1}.{0} without ()", method.name, receiver.name))
            }
            if !method.isProperty && !call.hasParens && call.arguments.isEmpty {
                throw PlaygroundError(tr("'{0}' is a method: call it as {1}.{2}", method.name, receiver.name, method.signature))
            }
            let arguments = try convert(call.arguments, for: method, on: receiver)
            throwsAny = throwsAny || method.throwsError
            code += "." + method.name
            if !method.isProperty {
                code += render(call.arguments, trailingClosure: method.params.last?.type == .closure)
            }
            let result: CallResult
            do {
                result = try method.perform(arguments)
            } catch {
                postCode()
                throw error
            }
            switch result {
            case .this:
                continue
            case .object(let next):
                receiver = next
            case .done:
                if index < statement.calls.count - 1 {
                    let returned: String
                    switch method.returns {
                    case .value(let t), .object(let t): returned = t
                    default: returned = "()"
                    }
                    throw PlaygroundError(tr("value of type '{0}' has no member '{1}'", returned, statement.calls[index + 1].name))
                }
            }
        }
        postCode()
    }

    func render(_ arguments: [SwiftArgument], trailingClosure: Bool) -> String {
        var list = arguments
        var trailing = ""
        if trailingClosure, let last = list.last, case .closure = last.value {
            list.removeLast()
            trailing = " " + last.value.swiftSource
        }
        let inside = list.map { ($0.label.map { "\($0): " } ?? "") + $0.value.swiftSource }.joined(separator: ", ")
        if list.isEmpty && !trailing.isEmpty { return trailing }
        return "(" + inside + ")" + trailing
    }

    func convert(_ arguments: [SwiftArgument], for method: Method, on receiver: LiveObject) throws -> [ArgValue] {
        let params = method.params
        let call = "\(receiver.name).\(method.signature)"
        if arguments.count < params.count {
            let missing = params[arguments.count]
            throw PlaygroundError(tr("missing argument for parameter {0} in call; expected {1}", missing.label.map { "'\($0):'" } ?? "#\(arguments.count + 1)", call))
        }
        if arguments.count > params.count {
            throw PlaygroundError(tr("extra argument in call; expected {0}", call))
        }
        var values: [ArgValue] = []
        for (index, (argument, param)) in zip(arguments, params).enumerated() {
            let isTrailingClosure = index == arguments.count - 1 && argument.label == nil && param.type == .closure
            if argument.label != param.label && !isTrailingClosure {
                switch (argument.label, param.label) {
                case (nil, let expected?):
                    throw PlaygroundError(tr("missing argument label '{0}:' in call; expected {1}", expected, call))
                case (let got?, nil):
                    throw PlaygroundError(tr("extraneous argument label '{0}:' in call; expected {1}", got, call))
                case (let got?, let expected?):
                    throw PlaygroundError(tr("incorrect argument label in call (have '{0}:', expected '{1}:')", got, expected))
                default: break
                }
            }
            values.append(try convert(argument.value, to: param.type))
        }
        return values
    }

    func convert(_ value: SwiftValue, to type: ParamType) throws -> ArgValue {
        func mismatch() -> PlaygroundError {
            PlaygroundError(tr("cannot convert value {0} to expected argument type '{1}'", value.swiftSource, type.swiftType))
        }
        func member(_ name: String, _ typeName: String, _ cases: [String]) throws -> String {
            guard cases.contains(name) else {
                var message = tr("type '{0}' has no member '{1}'", typeName, name)
                if let s = Suggest.closest(to: name, in: cases) { message += tr("; did you mean '.{0}'?", s) }
                throw PlaygroundError(message)
            }
            return name
        }
        switch (type, value) {
        case (.enumCase(let t, let cases), .member(let name)):
            return .cases([try member(name, t, cases)])
        case (.optionSet(let t, let cases), .member(let name)):
            return .cases([try member(name, t, cases)])
        case (.optionSet(let t, let cases), .array(let items)):
            var names: [String] = []
            for item in items {
                guard case .member(let name) = item else { throw mismatch() }
                names.append(try member(name, t, cases))
            }
            return .cases(names)
        case (.string, .string(let s)): return .text(s)
        case (.int, .int(let n)): return .int(n)
        case (.bool, .bool(let b)): return .bool(b)
        case (.closure, .closure(let prints)): return .closure(prints)
        case (.object(let t, let names), .reference(let name)):
            guard names.contains(name) else {
                throw PlaygroundError(tr("cannot find '{0}' in scope; a {1} here is one of: {2}", name, t, names.joined(separator: ", ")))
            }
            return .text(name)
        case (_, .reference(let name)):
            throw PlaygroundError(tr("'{0}' is not a value here; use a literal or a case such as .{0}", name))
        default: throw mismatch()
        }
    }
}

/// A user-facing error of the session, already worded.
public struct PlaygroundError: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
