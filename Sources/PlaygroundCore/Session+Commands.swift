/// The REPL's global commands: lessons and steps, learning aids, state, panes and routing.
extension Session {
    var globalCommands: [CommandSpec] {
        if let cached = cachedGlobalCommands, cached.lang == options.lang { return cached.commands }
        let commands = makeGlobalCommands()
        cachedGlobalCommands = (options.lang, commands)
        return commands
    }

    func makeGlobalCommands() -> [CommandSpec] {
        [
            CommandSpec("help", aliases: ["?"], [ArgumentSpec("command", .dynamic(.commands), optional: true)],
                        summary: tr("list commands, or explain one command or live object"), changesState: false,
                        action: .global { s, a in try s.help(a.first) }),
            CommandSpec("lessons", summary: tr("list the lessons"), changesState: false, action: .global { s, _ in s.listLessons() }),
            CommandSpec("load", [ArgumentSpec("lesson", .dynamic(.lessons))], summary: tr("load a lesson and show its current step"),
                        changesState: false, action: .global { s, a in try s.load(a[0]) }),
            CommandSpec("next", summary: tr("go to the next step"), changesState: false, action: .global { s, _ in try s.go(to: s.stepIndex + 1) }),
            CommandSpec("back", summary: tr("go to the previous step"), changesState: false, action: .global { s, _ in try s.go(to: s.stepIndex - 1) }),
            CommandSpec("goto", [ArgumentSpec("step", .dynamic(.steps))], summary: tr("go to step n, with the live objects as the earlier steps leave them"),
                        changesState: false, action: .global { s, a in try s.go(to: (Int(a[0]) ?? 0) - 1, setUp: true) }),
            CommandSpec("step", summary: tr("show the current step again"), changesState: false,
                        action: .global { s, _ in try s.requireLesson(); s.showStep() }),
            CommandSpec("run", summary: tr("perform the current step's commands (show me)"), changesState: false,
                        action: .global { s, _ in try s.runStep() }),
            CommandSpec("hint", summary: tr("the next hint for this step"), changesState: false, action: .global { s, _ in try s.hint() }),
            CommandSpec("check", summary: tr("does the live state meet this step's goal?"), changesState: false,
                        action: .global { s, _ in _ = try s.check() }),
            CommandSpec("solution", summary: tr("show the commands that solve this step"), changesState: false,
                        action: .global { s, _ in try s.solution() }),
            CommandSpec("state", summary: tr("show the live objects"), changesState: false,
                        action: .global { s, _ in try s.requireLesson(); s.postState(s.module?.state() ?? [], changed: []) }),
            CommandSpec("undo", summary: tr("undo the last command that changed a live object"), changesState: true,
                        action: .global { s, _ in try s.undo() }),
            CommandSpec("reset", summary: tr("start the live objects afresh (the step stays)"), changesState: true,
                        action: .global { s, _ in try s.reset() }),
            CommandSpec("history", summary: tr("the commands of this lesson and the fields each changed"), changesState: false,
                        action: .global { s, _ in try s.showHistory() }),
            CommandSpec("panes", summary: tr("list panes, their topics and whether they are shown"), changesState: false,
                        action: .global { s, _ in s.listPanes() }),
            CommandSpec("pane", [ArgumentSpec("action", .choice(["add", "show", "hide"])), ArgumentSpec("name", .dynamic(.panes))],
                        summary: tr("add a pane, or show or hide one"), changesState: true,
                        action: .global { s, a in try s.pane(a[0], a[1]) }),
            CommandSpec("route", [ArgumentSpec("topic", .dynamic(.topics)), ArgumentSpec("to", .choice(["to"])), ArgumentSpec("pane", .dynamic(.panes))],
                        summary: tr("send a topic's messages to a pane"), changesState: true,
                        action: .global { s, a in try s.route(a[0], a[2]) }),
            CommandSpec("layout", [ArgumentSpec("layout", .choice(["stream", "dashboard"]))], summary: tr("choose how panes are drawn"),
                        changesState: false, action: .global { s, a in s.requestedLayout = a[0]; s.say(s.tr("layout: {0}", a[0])) }),
            CommandSpec("quit", aliases: ["exit"], summary: tr("leave the playground"), changesState: false,
                        action: .global { s, _ in s.quitRequested = true }),
        ]
    }

    func requireLesson() throws {
        guard lesson != nil else { throw PlaygroundError(tr("no lesson is loaded; try 'load builder' ('lessons' lists them)")) }
    }

    // MARK: help and lists

    func help(_ topic: String?) throws {
        if let topic {
            if let command = command(named: topic) {
                say("\(command.usage)\n  \(command.summary)")
                return
            }
            if let object = liveObjects.first(where: { $0.name == topic }) {
                var lines = ["\(object.name): \(object.typeName)"]
                for method in object.methods {
                    let signature = (method.throwsError ? "try " : "") + "\(object.name).\(method.signature)"
                    lines.append("  " + signature + (method.summary.isEmpty ? "" : "  — " + method.summary))
                }
                say(lines.joined(separator: "\n"))
                return
            }
            throw PlaygroundError(tr("no help for '{0}'", topic) + (Suggest.closest(to: topic, in: allCommandNames).map { tr("; did you mean '{0}'?", $0) } ?? ""))
        }
        func table(_ commands: [CommandSpec]) -> [String] {
            self.table(commands.map { ($0.usage, $0.summary) })
        }
        var lines = [tr("Commands:")] + table(globalCommands)
        if let lesson, !moduleCommands.isEmpty {
            lines += ["", tr("Lesson '{0}' commands:", lesson.id)] + table(moduleCommands)
        }
        if !liveObjects.isEmpty {
            lines += ["", tr("Live objects (Swift-call form, e.g. {0}):", example)]
            lines += self.table(liveObjects.map { ("\($0.name): \($0.typeName)", tr("methods: 'help {0}'", $0.name)) })
        }
        say(lines.joined(separator: "\n"))
    }

    /// Two columns; a long second column wraps under itself (a hanging indent), not under the first.
    func table(_ rows: [(String, String)]) -> [String] {
        let first = min(rows.map { DisplayWidth.of($0.0) }.max() ?? 0, max(10, options.render.width / 2))
        let available = max(10, options.render.width - first - 4)
        var lines: [String] = []
        for (left, right) in rows {
            let wrapped = DisplayWidth.wrap(right, width: available)
            if DisplayWidth.of(left) > first {
                lines.append("  " + left)
                lines += wrapped.map { "  " + String(repeating: " ", count: first) + "  " + $0 }
            } else {
                lines.append("  " + DisplayWidth.pad(left, to: first) + "  " + (wrapped.first ?? ""))
                lines += wrapped.dropFirst().map { "  " + String(repeating: " ", count: first) + "  " + $0 }
            }
        }
        return lines
    }

    var example: String {
        guard let object = liveObjects.first, let method = object.methods.first else { return "builder.setMeat(.chicken)" }
        return "\(object.name).\(method.name)(...)"
    }

    func listLessons() {
        let lessons = catalog.ids.compactMap { catalog.lesson(id: $0, lang: options.lang) }
        let width = lessons.map { DisplayWidth.of($0.title) }.max() ?? 0
        let rows = lessons.map { ($0.id, DisplayWidth.pad($0.title, to: width) + "  " + tr("{0} steps", String($0.steps.count))) }
        say(([tr("Lessons:")] + table(rows) + [tr("Type 'load <lesson>' to start.")]).joined(separator: "\n"))
    }

    // MARK: lessons and steps

    /// Loads a lesson: fresh live objects, its panes, the saved step (or the first).
    public func load(_ id: String, exact: Lesson? = nil) throws {
        guard let found = exact ?? catalog.lesson(id: id, lang: options.lang) else {
            var message = tr("unknown lesson '{0}'", id)
            if let s = Suggest.closest(to: id, in: catalog.ids) { message += tr("; did you mean '{0}'?", s) }
            else { message += tr("; lessons: {0}", catalog.ids.joined(separator: ", ")) }
            throw PlaygroundError(message)
        }
        guard let factory = factories[found.module] else { throw PlaygroundError(tr("unknown module '{0}'", found.module)) }
        // Panes of the previous lesson go; the standard ones stay.
        if let old = module {
            for pane in old.panes { mediator.removePane(named: pane.name) }
        }
        for name in context.addedPanes { mediator.removePane(named: name) }
        context.addedPanes = []
        lesson = found
        journal = []
        module = factory.make(context)
        for pane in module!.panes {
            mediator.addPane(Pane(name: pane.name, kind: .append))
            for topic in pane.topics { mediator.route(topic, to: pane.name) }
        }
        stepIndex = 0
        doneSteps = []
        hintsShown = 0
        if let saved = progress?.load(lesson: found.id) {
            stepIndex = min(max(0, saved.step), found.steps.count - 1)
            doneSteps = saved.done
            if stepIndex > 0 {
                say(tr("Resuming at step {0} ('goto 1' starts over).", String(stepIndex + 1)))
                setUpLiveObjects(before: stepIndex)
            }
        }
        showStep()
    }

    func go(to index: Int, setUp: Bool = false) throws {
        try requireLesson()
        let count = lesson!.steps.count
        guard index >= 0 else { throw PlaygroundError(tr("this is the first step")) }
        guard index < count else {
            if index == stepIndex + 1 { throw PlaygroundError(tr("this is the last step; 'lessons' lists what to try next")) }
            throw PlaygroundError(tr("there is no step {0}; this lesson has {1}", String(index + 1), String(count)))
        }
        if setUp && index > 0 { setUpLiveObjects(before: index) }
        stepIndex = index
        hintsShown = 0
        saveProgress()
        showStep()
    }

    /// Rebuilds the live objects as the lesson's own commands leave them at the start of step `index + 1`, so that
    /// `goto` and a resumed lesson start where the lesson expects (as a game's level does). Silent.
    public func setUpLiveObjects(before index: Int) {
        guard let lesson, let factory = factories[lesson.module] else { return }
        let wasMuted = mediator.isMuted
        mediator.isMuted = true
        journal = []
        module = factory.make(context)
        for step in lesson.steps.prefix(index) {
            for command in step.commands {
                // Swift lines always change live objects; a command says itself whether it changes anything
                // (looks like `check`, `hint` or `goto` do not, and are not replayed).
                let word = command.split(separator: " ").first.map(String.init) ?? ""
                guard SwiftCallParser.looksLikeSwift(command) || self.command(named: word)?.changesState == true else { continue }
                _ = perform(command)
            }
        }
        mediator.isMuted = wasMuted
        say(tr("The live objects are set up as steps 1–{0} leave them.", String(index)))
        postState(module?.state() ?? [], changed: [])
    }

    /// Moves to a step without showing it (used by the lesson tester).
    public func setStep(_ index: Int) {
        stepIndex = index
        hintsShown = 0
    }

    func saveProgress() {
        guard let lesson else { return }
        progress?.save(lesson: lesson.id, step: stepIndex, done: doneSteps, total: lesson.steps.count)
    }

    /// The lesson pane's text for the current step.
    public func stepText() -> String {
        guard let lesson else { return "" }
        let step = lesson.steps[stepIndex]
        var lines: [String] = []
        let done = doneSteps.contains(stepIndex) ? "  ✓" : ""
        lines.append("\(lesson.title) · " + tr("step {0}/{1}", String(stepIndex + 1), String(lesson.steps.count)) + " · \(step.title)\(done)")
        lines.append("")
        var inCode = false
        var paragraph = ""
        func endParagraph() {
            if !paragraph.isEmpty { lines.append(Self.plain(paragraph)); paragraph = "" }
        }
        for line in step.body {
            if line.hasPrefix("```") { endParagraph(); inCode.toggle(); continue }
            if inCode { lines.append("    " + line); continue }
            // Markdown paragraphs are reflowed: the renderer wraps them to the terminal's width.
            let trimmed = line.trimmed
            if trimmed.isEmpty || trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") || trimmed.hasPrefix("|") || trimmed.hasPrefix(">") {
                endParagraph()
                lines.append(Self.plain(line))
            } else {
                paragraph += paragraph.isEmpty ? trimmed : " " + trimmed
            }
        }
        endParagraph()
        if step.isExercise {
            lines.append("")
            lines.append(tr("Goal:"))
            for goal in step.goal { lines.append("  \(goal.key): \(goal.value)") }
            lines.append(tr("Type 'check' when you think you are there, 'hint' for help."))
        } else if !step.commands.isEmpty {
            lines.append("")
            lines.append(tr("Try:"))
            for command in step.commands { lines.append("  > " + command) }
        }
        return lines.joined(separator: "\n")
    }

    /// Markdown emphasis removed for the terminal; code spans keep their backticks.
    static func plain(_ line: String) -> String {
        line.replacingOccurrences(of: "**", with: "")
    }

    /// Posts the current step's text to the lesson pane.
    public func showStep() {
        mediator.post(PaneMessage(topic: "lesson", source: "lesson", text: stepText()))
    }

    func runStep() throws {
        try requireLesson()
        let step = lesson!.steps[stepIndex]
        guard !step.commands.isEmpty else { say(tr("this step has no commands to run")); return }
        for command in step.commands {
            flush()
            buffer += "> \(command)\n"
            guard perform(command) else { anyFailed = true; break }
        }
    }

    // MARK: learning aids

    func goalDifferences() -> [(key: String, expected: String, actual: String)] {
        guard let step = currentStep else { return [] }
        let actual = StateGroup.values(module?.state() ?? [])
        return step.goal.compactMap { goal in
            let value = actual[goal.key] ?? tr("(no such field)")
            return value == goal.value ? nil : (goal.key, goal.value, value)
        }
    }

    /// Compares the live state with the step's goal; says what differs, or marks the step done.
    @discardableResult
    public func check() throws -> Bool {
        try requireLesson()
        let step = lesson!.steps[stepIndex]
        guard step.isExercise else {
            say(tr("this step has no goal to check; 'next' moves on"))
            return true
        }
        let differences = goalDifferences()
        if differences.isEmpty {
            doneSteps.insert(stepIndex)
            saveProgress()
            say(tr("✓ goal met: step {0} is done. 'next' moves on.", String(stepIndex + 1)))
            return true
        }
        var lines = [tr("✗ not yet: {0} of {1} goal fields differ", String(differences.count), String(step.goal.count))]
        let width = differences.map { DisplayWidth.of($0.key) }.max() ?? 0
        for d in differences {
            lines.append("  " + DisplayWidth.pad(d.key, to: width) + "  " + tr("expected {0}, actual {1}", d.expected, d.actual))
            if let why = module?.explain(field: d.key, expected: d.expected, actual: d.actual) { lines.append("    " + why) }
        }
        say(lines.joined(separator: "\n"))
        return false
    }

    /// Whether the current step's goal is met, without saying anything (for the lesson tester).
    public var goalMet: Bool { goalDifferences().isEmpty }

    func hint() throws {
        try requireLesson()
        let step = lesson!.steps[stepIndex]
        let actual = StateGroup.values(module?.state() ?? [])
        let eligible = step.hints.filter { hint in hint.when.map { actual[$0.key] == $0.value } ?? true }
        guard !eligible.isEmpty else { say(tr("no hints for this step")); return }
        guard hintsShown < eligible.count else {
            say(tr("no more hints; 'solution' shows the commands"))
            return
        }
        say(tr("Hint {0}/{1}: {2}", String(hintsShown + 1), String(eligible.count), eligible[hintsShown].text))
        hintsShown += 1
    }

    func solution() throws {
        try requireLesson()
        let step = lesson!.steps[stepIndex]
        guard !step.commands.isEmpty else { say(tr("this step has no commands")); return }
        say(([tr("Solution for step {0}:", String(stepIndex + 1))] + step.commands.map { "  > " + $0 }).joined(separator: "\n"))
    }

    // MARK: undo, reset, history

    func undo() throws {
        try requireLesson()
        guard !journal.isEmpty else { throw PlaygroundError(tr("nothing to undo")) }
        let before = module?.state() ?? []
        let undone = journal.removeLast()
        rebuild()
        let after = module?.state() ?? []
        say(tr("undid: {0}", undone.command))
        postState(after, changed: Set(changedKeys(before, after)))
    }

    func reset() throws {
        try requireLesson()
        let before = module?.state() ?? []
        journal = []
        rebuild()
        let after = module?.state() ?? []
        say(tr("the live objects start afresh"))
        postState(after, changed: Set(changedKeys(before, after)))
    }

    func showHistory() throws {
        try requireLesson()
        guard !journal.isEmpty else { say(tr("no commands yet")); return }
        var lines: [String] = []
        for (i, entry) in journal.enumerated() {
            let changed = entry.changed.isEmpty ? tr("(no change)") : entry.changed.joined(separator: ", ")
            lines.append("\(DisplayWidth.padLeft(String(i + 1), to: 3))  \(entry.command)   → \(changed)")
        }
        say(lines.joined(separator: "\n"))
    }

    // MARK: panes and routes

    func listPanes() {
        var lines = ["  " + DisplayWidth.pad(tr("pane"), to: 8) + DisplayWidth.pad(tr("shown"), to: 7) + tr("topics")]
        for pane in mediator.panes {
            let topics = mediator.topics(of: pane.name)
            lines.append("  " + DisplayWidth.pad(pane.name, to: 8) + DisplayWidth.pad(pane.isShown ? tr("yes") : tr("no"), to: 7)
                         + (topics.isEmpty ? "-" : topics.joined(separator: ", ")))
        }
        say(lines.joined(separator: "\n"))
    }

    func pane(_ action: String, _ name: String) throws {
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), name.count <= 20 else {
            throw PlaygroundError(tr("a pane name is up to 20 letters, digits, '-' or '_'"))
        }
        switch action {
        case "add":
            guard mediator.pane(named: name) == nil else { throw PlaygroundError(tr("pane '{0}' already exists", name)) }
            mediator.addPane(Pane(name: name, kind: .append))
            say(tr("added pane '{0}'; 'route <topic> to {0}' sends messages to it", name))
        case "show", "hide":
            guard let pane = mediator.pane(named: name) else { throw unknownPane(name) }
            pane.isShown = action == "show"
            say(action == "show" ? tr("pane '{0}' is shown", name) : tr("pane '{0}' is hidden", name))
        default:
            throw PlaygroundError(tr("'{0}' is not a valid <action>; expected one of: add, show, hide", action))
        }
    }

    func unknownPane(_ name: String) -> PlaygroundError {
        var message = tr("unknown pane '{0}'", name)
        if let s = Suggest.closest(to: name, in: mediator.panes.map(\.name)) { message += tr("; did you mean '{0}'?", s) }
        return PlaygroundError(message)
    }

    func route(_ topic: String, _ paneName: String) throws {
        guard mediator.pane(named: paneName) != nil else { throw unknownPane(paneName) }
        let known = Set(mediator.routes.map(\.topic))
        guard known.contains(topic) else {
            var message = tr("unknown topic '{0}'", topic)
            if let s = Suggest.closest(to: topic, in: Array(known)) { message += tr("; did you mean '{0}'?", s) }
            throw PlaygroundError(message)
        }
        mediator.route(topic, to: paneName)
        say(tr("route: {0} → {1}", topic, paneName))
    }

    /// Topics that can be routed (for completion).
    public var topics: [String] { mediator.routes.map(\.topic) }
}
