/// What a front end lends a session, each set once it knows: the compiler, the isolation lines run in, the learner's
/// editor and the folder of their exercise files. A session made in-process without them (as tests do) runs lines
/// here, with the interpreter alone.
public final class SessionTools {
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

    init() {}
}

/// What a session counted since it began.
public struct SessionCounts: Sendable {
    /// Any command failed since the session began (the pipe front end's exit status).
    public internal(set) var anyFailed = false
    /// How often Swift from an untrusted lesson (a line, a code exercise's file) was shown, not run: lessons are data.
    public internal(set) var withheldFromLesson = 0
    /// How the failed commands were rolled back: each exactly once, by one of the two.
    public internal(set) var rollbacks = Rollbacks()
}

extension Optional where Wrapped == Workspace {
    static var noLesson: PlaygroundError { PlaygroundError(CoreText.noLessonIsLoadedTryLoad.phrase) }

    /// The loaded lesson's workspace, or the error that says no lesson is loaded.
    func required() throws -> Workspace {
        guard let self else { throw Self.noLesson }
        return self
    }
}
