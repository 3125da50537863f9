import PlaygroundBridge

/// Lines of declarations: each a module of its own that later lines import; a conformance added where its type is.
extension LineRunner {
    /// Adds a line of declarations: a module of its own that imports the earlier ones, loaded, and imported by every
    /// later line. What still uses a type it redefines is said once.
    func declare(
        _ text: String, in workspace: Workspace, with compiler: LineCompiler, seeing names: [LineSource.Visible],
        posting: Bool = true
    ) throws {
        // A conformance is added where the type is, for the values made before it too; only one Swift synthesises
        // (`extension Point: Equatable {}`) needs the type's own file, and so its declaration again.
        var (entry, replaced) = workspace.declarations.adding(text)
        var warnings: String
        do {
            warnings = try compileDeclarations(&entry, in: workspace, with: compiler, seeing: names)
        } catch let refused as CompilerDiagnostics where refused.text.contains("prevents automatic synthesis") {
            (entry, replaced) = workspace.declarations.adding(text, synthesised: true)
            guard !entry.earlier.isEmpty else { throw refused }
            warnings = try compileDeclarations(&entry, in: workspace, with: compiler, seeing: names)
        }
        workspace.declarations.add(entry)
        ran.something = true
        // The values of a type compiled again for a synthesised conformance go on as the new type (a replay carries
        // them again, quietly).
        let carried = entry.earlier.isEmpty ? [:] : Self.carry(replaced, to: entry.module, in: workspace)
        guard !mediator.isMuted else { return }
        if posting { mediator.post(PaneMessage(topic: "code", source: "swift", text: text)) }
        if !warnings.isEmpty { mediator.post(PaneMessage(topic: "log", source: "swiftc", text: warnings)) }
        let conformances = LearnerDeclarations.conformances(in: text)
        for (name, oldModule) in replaced {
            if let names = carried[name], !names.isEmpty {
                let protocols = conformances.filter { $0.type == name }.flatMap(\.protocols)
                mediator.post(
                    PaneMessage(
                        topic: "log", source: "session",
                        text: PromptText.conformanceCarried.text(
                            lang, name, protocols.joined(separator: ", "), names.joined(separator: ", "))))
            }
            let users = workspace.boundReceivers.filter { $0.swiftType?.contains(oldModule + "." + name) == true }
            guard !users.isEmpty else { continue }
            let names = users.map(\.name).joined(separator: ", ")
            mediator.post(
                PaneMessage(
                    topic: "log", source: "session",
                    text: EngineText.redefined.text(lang, name, String(users.count), names)))
        }
    }

    /// Compiles a line of declarations as an exercise file is (a module of its own, named by its text, that lines
    /// `@testable import`), sets the entry's module and what it was compiled against, and returns swiftc's warnings
    /// about the learner's own text. The session's names it uses are lent through private accessors.
    func compileDeclarations(
        _ entry: inout LearnerDeclarations.Entry, in workspace: Workspace, with compiler: LineCompiler,
        seeing names: [LineSource.Visible]
    ) throws -> String {
        let whole = (entry.earlier + [entry.text]).joined(separator: "\n")
        let used = Self.names(names, usedBy: whole)
        let imports = lineImports(workspace, for: whole, seeing: used)
        let own = workspace.declarations.names
        var fixed = false
        while true {
            let source = workspace.declarations.source(entry, imports: imports, sees: used)
            switch try compiler.compileExercise(
                source, path: try compiler.lessonFilePath("Declarations.swift", text: source))
            {
            case .rejected(let diagnostics):
                // A requirement met on a line of its own module must be `public` (the conformance is seen from the
                // type's module); in one file it need not be: swiftc's own fix-it, applied once, to what is compiled.
                if !fixed, let text = Self.publicWitnesses(diagnostics, in: entry.text) {
                    entry.text = text
                    fixed = true
                    continue
                }
                throw CompilerDiagnostics(
                    text: LearnerDeclarations.asTyped(
                        LineCompiler.withoutOwnConformanceWarnings(diagnostics, own: own), typed: entry.text))
            case .loaded(let module, let said):
                entry.module = module
                entry.dependencies = workspace.declarations.modules.filter(imports.contains)
                // What swiftc says of the learner's own text; never of the accessors the playground puts before it,
                // nor that a conformance joins two imported declarations: in one file they are the learner's own.
                return LearnerDeclarations.asTyped(
                    LineCompiler.learnerWarnings(said, topLevel: [], own: own), typed: entry.text)
            }
        }
    }

    /// `text` with `public ` where swiftc's fix-its put it for a requirement that must be public ("mark the property
    /// as 'public' to satisfy the requirement"): the line printed, its caret, then `public` at the column it goes.
    /// Nil when swiftc asks for none.
    static func publicWitnesses(_ diagnostics: String, in text: String) -> String? {
        let said = diagnostics.split(separator: "\n", omittingEmptySubsequences: false)
        var places = Set<[Int]>()
        for (index, line) in said.enumerated()
        where line.hasPrefix(LineSource.file + ":") && line.hasSuffix(" as 'public' to satisfy the requirement")
            && line.contains(": note: mark the ") && index + 3 < said.count
        {
            let fix = said[index + 3]
            let place = line.split(separator: ":")
            guard fix.split(separator: " ") == ["public"], place.count > 2, let row = Int(place[1]) else { continue }
            places.insert([row, fix.prefix { $0 == " " }.count])
        }
        guard !places.isEmpty else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for place in places.sorted(by: { ($0[0], $0[1]) > ($1[0], $1[1]) }) {
            guard place[0] >= 1, place[0] <= lines.count, place[1] <= lines[place[0] - 1].count else { return nil }
            var line = lines[place[0] - 1]
            line.insert(contentsOf: "public ", at: line.index(line.startIndex, offsetBy: place[1]))
            lines[place[0] - 1] = line
        }
        return lines.joined(separator: "\n")
    }

    /// Carries the learner's values of each type `replaced` names (compiled again, unchanged, into `module` beside a
    /// conformance Swift synthesises only in the type's own file) to the new type: the same declaration gives the same
    /// layout, so the value is the same bytes seen as the new type. A variable gets storage of its own holding it
    /// (closures that captured the old variable keep the old one). A class instance, or a value that holds the type
    /// inside another (an array of it), stays as it is. Returns the names carried, by type.
    static func carry(
        _ replaced: [(name: String, module: String)], to module: String, in workspace: Workspace
    ) -> [String: [String]] {
        var carried: [String: [String]] = [:]
        for (name, oldModule) in replaced {
            let old = oldModule + "." + name
            let new = module + "." + name
            guard let newType = Self.type(named: new) else { continue }
            for object in workspace.boundReceivers where object.swiftType == old && object.kind != .weakVar {
                guard let value = object.instance(), let moved = Self.rebox(value, as: newType) else { continue }
                let storage: LineContext.Storage?
                if object.kind == .var {
                    var box = moved
                    storage = LineContext.Storage(get: { box }, set: { box = $0 })
                } else {
                    storage = nil
                }
                let binding = Self.valueBinding(object.name, moved, storage: storage, type: new, in: workspace)
                binding.swiftType = new
                binding.kind = object.kind
                workspace.bindings[object.name] = binding
                carried[name, default: []].append(object.name)
            }
        }
        return carried
    }

    /// A type of a loaded module by its qualified name (`Exercise_….Point`).
    static func type(named name: String) -> Any.Type? {
        if let found = _typeByName(name) { return found }
        // Mangled, as a struct, then as an enum: `<n>Exercise_…<n>PointV`.
        let parts = name.split(separator: ".")
        guard parts.count == 2 else { return nil }
        let mangled = parts.map { "\($0.utf8.count)\($0)" }.joined()
        return _typeByName(mangled + "V") ?? _typeByName(mangled + "O")
    }

    /// `value` (of a struct or an enum) seen as `type`, when the two are laid out alike; nil for a class instance or
    /// when their layouts differ.
    static func rebox(_ value: Any, as type: Any.Type) -> Any? {
        func open<Old>(_ old: Old) -> Any? {
            guard !(Old.self is AnyClass) else { return nil }
            func make<New>(_: New.Type) -> Any? {
                guard !(New.self is AnyClass), MemoryLayout<Old>.size == MemoryLayout<New>.size,
                    MemoryLayout<Old>.stride == MemoryLayout<New>.stride,
                    MemoryLayout<Old>.alignment == MemoryLayout<New>.alignment
                else { return nil }
                return withUnsafePointer(to: old) { UnsafeRawPointer($0).assumingMemoryBound(to: New.self).pointee }
            }
            return make(type)
        }
        return open(value)
    }
}
