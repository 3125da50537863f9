/// Where a line runs so that nothing learner code does in it can take the session down.
///
/// The executable supplies one (`ForkedLines`): each line that may reach learner code runs in a copy of the process
/// that carries the session on if the line succeeds; if the line fails, traps, crashes, runs too long or is
/// interrupted, the copy is dropped and the process from before the line carries on, exactly as it was. A session
/// made in-process (tests) has none, and runs its lines where it is.
public protocol LineIsolation: AnyObject {
    /// Runs `line`. `said` gives what the line said so far (the events since it began), for a copy that failed to
    /// hand back to the process that carries on.
    func attempt(_ line: () -> Bool, said: () -> [Event]) -> IsolatedLine
    /// What the line is doing now: the time limit that applies follows it.
    func enter(_ phase: LinePhase)
    /// What learner code printed (shown if the line is stopped before it ends).
    func printed(_ text: String)
    /// What the line wrote to standard error since it began or since this was last asked (`fputs(…, stderr)`),
    /// shown as what it printed is. Empty where standard error is the session's own.
    func takeErrorOutput() -> String
    /// How a failed line is rolled back: true when the copy it ran in is dropped, so that the runner has nothing to
    /// take back inside it; false when the line runs where the session goes on, which then rebuilds the live objects
    /// from the journal.
    var rollsBackByDiscarding: Bool { get }
    /// How many processes the line started were ended when it finished (the playground keeps none); read once.
    func takeEndedProcesses() -> Int
    /// Before a line: what identifies the live objects now (``Workspace/key(upTo:)``), and, once the line has run
    /// in its copy, the state the pane showed before it (nil: the line changed nothing, no copy is kept for it).
    func willRun(key: UInt64, stateBefore: @escaping () -> [StateGroup]?)
    /// `undo`: hands the session back to the newest copy kept from before a line whose live objects are `key`, and
    /// ends this process; the copy answers the line it was waiting on with the events `said` gives for its state
    /// (the `undo` as typed, then its answer). Returns only if no such copy is kept.
    func resumeKept(key: UInt64, said: (_ keptState: [StateGroup]) -> [Event]) -> Bool
}

extension LineIsolation {
    /// A failed line's copy is dropped: what an isolation is for.
    public var rollsBackByDiscarding: Bool { true }
    public func takeEndedProcesses() -> Int { 0 }
    public func takeErrorOutput() -> String { "" }
    public func willRun(key: UInt64, stateBefore: @escaping () -> [StateGroup]?) {}
    public func resumeKept(key: UInt64, said: (_ keptState: [StateGroup]) -> [Event]) -> Bool { false }
}

/// What a line is doing, for its time limit.
public enum LinePhase: Equatable, Sendable {
    /// The compiler runs, as process group `group` (killed with the line).
    case compiling(group: Int32)
    case running
    /// The learner's editor is open: no time limit, and Ctrl-C is the editor's.
    case waiting
}

/// How an isolated line ended.
public enum IsolatedLine: Equatable, Sendable {
    /// This process ran the line and carries the session on; the line's own verdict.
    case ran(Bool)
    /// The line failed in a copy, which is gone: what it said.
    case failed([Event])
    /// The copy never finished the line.
    case stopped(LineStop, printed: String)
    /// No copy could be made: the line is refused, not run unprotected.
    case refused(String)
    /// This process is the copy kept from before the line, taken back by `undo` in a later one: the line never ran
    /// here; what the `undo` says (``LineIsolation/resumeKept(key:said:)``).
    case resumed([Event])
}

/// Why a line never finished.
public enum LineStop: Equatable, Sendable {
    /// The runtime's words (`Fatal error: boom`).
    case trapped(String)
    /// A crash: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP without the runtime's words.
    case crashed(signal: Int32)
    /// `exit(code)` in the line.
    case exited(code: Int32)
    /// SIGABRT without the runtime's words: `abort()`.
    case aborted
    /// Ended by a signal that is not a crash (`kill(0, SIGTERM)`, `raise(SIGUSR1)`).
    case killed(signal: Int32)
    /// The line read standard input (`readLine()`), which is the playground's.
    case waitingForInput
    /// The line finished, but changed what the playground needs to go on: it is not kept.
    case notKept(SessionChange)
    case timedOut(seconds: Double)
    case compilerTimedOut(seconds: Double)
    case interrupted
    case outOfMemory(megabytes: Int)
    /// Out of time while its memory kept growing: `megabytes` more than before the line.
    case memoryRunaway(seconds: Double, megabytes: Int)
    /// The playground was asked to end (SIGTERM, SIGHUP) while the line ran.
    case ended(signal: Int32)
}

extension LineStop {
    /// The runtime's words, for a trap.
    var trapMessage: String? {
        if case .trapped(let message) = self { return message }
        return nil
    }
}

/// What a line changed that the process carrying the session on must have as it was.
public enum SessionChange: Equatable, Sendable {
    /// File descriptor 0, 1 or 2 closed or pointing elsewhere (`close(1)`, `dup2(2, 1)`).
    case standardFile(Int32)
    /// `setsid()`: the process left the terminal's session.
    case session
    /// The process cannot rejoin the session's process group.
    case processGroup
    /// A limit of the process (`setrlimit`), by its name (`RLIMIT_NOFILE`): a file-size limit of 0 ends the session
    /// at its next write, 16 open files leave it no pipe for the next line.
    case limit(String)
    /// The file-creation mask (`umask(0o777)`: every file the session writes would be unreadable).
    case fileMask
    /// How the process handles a signal the session relies on, by its name (`SIGCHLD` ignored: its children reap
    /// themselves, and no wait for the compiler finds one).
    case signalHandling(String)
    /// So many files left open that the process has too few left for a line's pipes (the count left open).
    case openFiles(Int)
    /// A restriction a process cannot lift (`Seccomp`, a filter of system calls; `NoNewPrivs`), by its name in
    /// /proc/self/status.
    case restriction(String)
    /// A descriptor the session keeps for itself closed or pointing elsewhere: a pipe to the supervisor, to the
    /// process waiting for the line, to a copy kept for `undo`, or the one the session's input comes from.
    case sessionFile(Int32)
}
