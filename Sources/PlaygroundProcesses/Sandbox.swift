#if canImport(Glibc)
import Glibc
#endif

/// Tries something in a forked copy of this process, which then ends, and says how it ended: nothing it does reaches
/// this process. Used for a compiled line's dry run (before it runs on the live objects) and for a look that could trap
/// (reading the learner's objects by reflection traps where their program would not: an `unowned` reference to an
/// object ARC freed traps when it is read, and the playground must not die of what it only looks at).
///
/// It fails closed: a copy that cannot be made (a failed `pipe`, `fork` or `waitpid`) is never "finished". What
/// cannot be tried is not run.
public struct Sandbox {
    /// How a try ended.
    package enum Ending: Equatable {
        case finished
        /// The runtime's message (`Fatal error: …`), and what the body printed before it.
        case trapped(String, printed: String)
        case crashed(signal: Int32, printed: String)
        /// `exit(code)` in the body.
        case exited(Int32, printed: String)
        case timedOut(printed: String)
        case interrupted(printed: String)
        /// No copy could be made, or it was lost: why.
        case notRun(String)
    }

    /// Seconds the copy may run before it is killed.
    package var limit: Double
    /// Asked while the copy runs: true stops it (Ctrl-C).
    package var interrupted: () -> Bool
    /// Whether what the copy prints (`print` in compiled code, and the runtime's words on stderr) is collected; if
    /// not, its standard output and error go to `/dev/null`.
    package var collectsOutput: Bool
    /// Whether the copy ignores SIGINT (a dry run: Ctrl-C is the parent's to answer, through `interrupted`).
    package var ignoresInterrupt: Bool
    /// In the copy, before `body`: sends what compiled code prints to the descriptor given (the playground's
    /// `LineOutput`, which this module does not know).
    package var printsTo: (Int32) -> Void

    package init(
        limit: Double, interrupted: @escaping () -> Bool = { false }, collectsOutput: Bool = true,
        ignoresInterrupt: Bool = true, printsTo: @escaping (Int32) -> Void = { _ in }
    ) {
        self.limit = limit
        self.interrupted = interrupted
        self.collectsOutput = collectsOutput
        self.ignoresInterrupt = ignoresInterrupt
        self.printsTo = printsTo
    }

    /// Runs `body` in a forked copy of this process, which then ends.
    package func run(_ body: () -> Void) -> Ending {
        answer {
            body()
            return []
        }.ending
    }

    /// Runs `body` in a forked copy of this process, which then ends, and hands back what it returned: `answer` is
    /// what a copy that finished returned (empty otherwise). Nothing else the copy does reaches this process.
    package func answer(_ body: () -> [UInt8]) -> (ending: Ending, answer: [UInt8]) {
        let made: [(read: Int32, write: Int32)]
        do { made = try Processes.pipes(4) } catch { return (.notRun(error.description), []) }
        let (output, errors, traps, answer) = (made[0], made[1], made[2], made[3])
        let pid: pid_t
        do { pid = try Processes.forkCopy("a sandbox") } catch {
            Processes.close(output.read, output.write, errors.read, errors.write, traps.read, traps.write)
            Processes.close(answer.read, answer.write)
            return (.notRun(error.description), [])
        }
        if pid == 0 {
            Processes.close(output.read, errors.read, traps.read, answer.read)
            if collectsOutput {
                dup2(errors.write, 2)
            } else {
                // The runtime's own words about a trap are not the learner's business here.
                let null = open("/dev/null", O_WRONLY)
                if null >= 0 { dup2(null, 1); dup2(null, 2) }
            }
            Processes.trapReport = traps.write
            Processes.exitOnTraps()
            if ignoresInterrupt { signal(SIGINT, SIG_IGN) }
            printsTo(output.write)
            let bytes = body()
            // Written whole before the copy ends (the process that waits reads as it comes); a copy whose answer
            // cannot be written did not finish.
            _exit(Processes.write(answer.write, bytes) ? 0 : 1)
        }
        Processes.close(output.write, errors.write, traps.write, answer.write)
        var printed: [UInt8] = [], errorText: [UInt8] = [], trapped: [UInt8] = [], answered: [UInt8] = []
        var stopped: Ending?
        let deadline = Processes.now() + limit
        Processes.pump(
            [output.read, errors.read, traps.read, answer.read],
            received: { fd, bytes in
                if fd == output.read {
                    if printed.count < 1 << 20 { printed += bytes }
                } else if fd == errors.read {
                    if errorText.count < 1 << 16 { errorText += bytes }
                } else if fd == answer.read {
                    answered += bytes
                } else {
                    trapped += bytes
                }
            },
            stop: {
                let text = String(decoding: printed, as: UTF8.self)
                if interrupted() {
                    stopped = .interrupted(printed: text)
                } else if Processes.now() > deadline {
                    stopped = .timedOut(printed: text)
                }
                return stopped != nil
            })
        if stopped != nil { kill(pid, SIGKILL) }
        let waited = Processes.wait(pid)
        Processes.close(output.read, errors.read, traps.read, answer.read)
        if let stopped { return (stopped, []) }
        guard let waited else { return (.notRun(SystemCallFailed("waitpid").description), []) }
        let text = String(decoding: printed, as: UTF8.self)
        switch Processes.end(waited, trapped: trapped) {
        case .exited(0): return (.finished, answered)
        case .exited(let code): return (.exited(code, printed: text), [])
        case .signaled(let signal), .stopped(let signal):
            if let message = Self.trapMessage(String(decoding: errorText, as: UTF8.self)) {
                return (.trapped(message, printed: text), [])
            }
            return (.crashed(signal: signal, printed: text), [])
        }
    }

    /// The runtime's words about a trap, in what a process wrote to standard error: `file:line: Fatal error: boom`,
    /// `Fatal error` alone (`fatalError()`), `Precondition failed: …`, without the place (a file of the playground's,
    /// not the learner's).
    public static func trapMessage(_ stderr: String) -> String? {
        for words in [
            "Fatal error", "Precondition failed", "Assertion failed", "Swift runtime failure",
            "Could not allocate memory", "Simultaneous accesses",
        ] {
            guard let range = stderr.firstRange(of: words) else { continue }
            return String(stderr[range.lowerBound...].prefix { $0 != "\n" })
        }
        return nil
    }
}
