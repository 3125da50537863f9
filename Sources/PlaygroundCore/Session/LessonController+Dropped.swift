/// What `restart`, `goto`, `load` and `reset` take away of the learner's own Swift, said in one line when they do;
/// and what `undo` cannot take back.
extension LessonController {
    /// The learner's declarations (by name; an extension or an import by its head) and variables in `workspace`.
    static func learnersOwn(_ workspace: Workspace?) -> (declarations: [String], variables: [String]) {
        guard let workspace else { return ([], []) }
        return (workspace.declarations.described, workspace.bindings.keys.sorted())
    }

    /// Says which of `before`'s declarations and variables are not in `workspace` now (nothing when none went).
    func sayDropped(_ before: (declarations: [String], variables: [String]), now workspace: Workspace?) {
        let after = Self.learnersOwn(workspace)
        let declarations = before.declarations.filter { !after.declarations.contains($0) }
        let variables = before.variables.filter { !after.variables.contains($0) }
        guard let phrase = Self.dropped(declarations: declarations, variables: variables), !mediator.isMuted else {
            return
        }
        session.say(phrase)
    }

    /// The one line that names what went, or nil when nothing did.
    static func dropped(declarations: [String], variables: [String]) -> Phrase? {
        let (types, names) = (declarations.joined(separator: ", "), variables.joined(separator: ", "))
        switch (declarations.isEmpty, variables.isEmpty) {
        case (true, true): return nil
        case (false, true): return PromptText.droppedDeclarations(types)
        case (true, false): return PromptText.droppedVariables(names)
        case (false, false): return PromptText.droppedBoth(types, names)
        }
    }

    /// After `undo` of a line whose extension made a type the learner did not declare (a lesson's, Swift's) conform to
    /// protocols: the conformance stays in this process, which cannot unload it; said, naming them.
    func sayConformancesStay(_ undone: String, own: Set<String>) {
        guard !mediator.isMuted else { return }
        for (type, protocols) in LearnerDeclarations.conformances(in: undone) where !own.contains(type) {
            session.say(PromptText.conformanceStays(type, protocols.joined(separator: ", ")))
        }
    }
}
