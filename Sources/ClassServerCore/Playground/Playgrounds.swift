import Foundation
import PlaygroundProcesses

/// Every learner's playground on this server (`serve --playground`): at most ``seats`` at once, one per learner,
/// ended when idle for ``idleMinutes``, when the presenter removes the learner, or when the server stops.
public final class Playgrounds: @unchecked Sendable {
    public let sandbox: PlaygroundSandbox
    public let seats: Int
    public let idleMinutes: Double
    /// Whether `patterns` takes `--class-link-fd` (the session's class link over a channel the server holds).
    public let linksThroughServer: Bool
    let groups: SeatGroupsRoot?
    let spawner = SeatSpawner()
    let lock = NSLock()
    var open: [Int: PlaygroundSeat] = [:]
    var seatCount = 0

    public init(sandbox: PlaygroundSandbox, seats: Int, idleMinutes: Double, linksThroughServer: Bool? = nil) {
        self.sandbox = sandbox
        self.seats = seats
        self.idleMinutes = idleMinutes
        self.linksThroughServer = linksThroughServer ?? Self.takesLinkFD(sandbox.patterns)
        groups = SeatGroupsRoot.make()
    }

    /// Whether the seats' processes and memory are capped as a whole (control groups this server may make).
    public var capsWholeSeats: Bool { groups != nil }

    /// The option is the REPL's: `patterns --help-hidden` lists the subcommands only, `patterns repl --help-hidden`
    /// lists it.
    static func takesLinkFD(_ patterns: String) -> Bool {
        Executables.run(patterns, ["repl", "--help-hidden"]).output.contains("--class-link-fd")
    }

    /// Learners whose playground runs now (the board marks them).
    public var running: Set<Int> { lock.withLock { Set(open.filter { $0.value.isRunning }.keys) } }

    /// The learner's playground: the one running, or a new one when the room has a seat and joining is open.
    func seat(
        learner: Int, name: String, token: String, lang: String, room: ClassRoom, cols: Int, rows: Int
    ) throws(Refusal) -> PlaygroundSeat {
        lock.lock()
        defer { lock.unlock() }
        do {
            if let seat = open[learner], seat.isRunning { return seat }
            if room.currentState.joiningClosed == true {
                throw Refusal(403, "the presenter has closed the class to new playgrounds", reason: .joiningClosed)
            }
            guard open.values.filter(\.isRunning).count < seats else {
                throw Refusal(
                    503, "the room is full: all \(seats) playgrounds are taken; try again when someone leaves",
                    reason: .classFull)
            }
            seatCount += 1
            let seat = try start(
                learner: learner, name: name, token: token, lang: lang, room: room,
                cols: UInt16(clamping: min(max(cols, 20), 500)), rows: UInt16(clamping: min(max(rows, 5), 300)))
            open[learner] = seat
            room.touch()
            return seat
        }
    }

    func start(
        learner: Int, name: String, token: String, lang: String, room: ClassRoom, cols: UInt16, rows: UInt16
    ) throws(Refusal) -> PlaygroundSeat {
        let state: String
        do { state = try sandbox.stateFolder(name: name) } catch {
            throw Refusal(500, "the learner's folder could not be made")
        }
        let seatGroups = groups?.seat("seat-\(seatCount)", limits: sandbox.limits)
        if groups != nil && seatGroups == nil { throw Refusal(500, "the seat's limits could not be set") }
        let link = linksThroughServer ? SeatLink.pair() : nil
        var arguments = ["--lang", lang == "ko" ? "ko" : "en"]
        if link != nil { arguments += ["--class-link-fd", "3"] }
        let script =
            #"trap '' INT HUP; while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@""#
        let argv =
            ["/bin/sh", "-c", script, "sh"] + (seatGroups?.procs ?? []) + ["--", "/usr/bin/prlimit"]
            + sandbox.prlimitArguments + ["--", sandbox.bwrap]
            + sandbox.bwrapArguments(state: state, patternsArguments: arguments, lang: lang)
        let spawned = spawner.run { () -> Result<TerminalProgram, SystemCallFailed> in
            Result { () throws(SystemCallFailed) in
                try Processes.spawnOnTerminal(
                    argv, environment: ["PATH": "/usr/bin:/bin"], columns: cols, rows: rows, channel: link?.learnerEnd)
            }
        }
        link?.closeLearnerEnd()
        guard case .success(let program) = spawned else {
            seatGroups?.remove()
            link?.close()
            throw Refusal(500, "the playground could not be started")
        }
        let seat = PlaygroundSeat(
            learner: learner, name: name, pid: program.pid, master: program.master, groups: seatGroups,
            gone: { [weak self] seat in
                seat.link?.close()
                self?.lock.withLock { if self?.open[seat.learner] === seat { self?.open[seat.learner] = nil } }
                room.touch()
            })
        if let link {
            seat.link = link
            link.serve(room: room, token: token, name: name)
        }
        return seat
    }

    /// Ends these learners' playgrounds (the presenter removed them).
    public func end(learners: [Int], reason: PlaygroundEnd) {
        let seats = lock.withLock { learners.compactMap { open[$0] } }
        for seat in seats { seat.end(reason) }
    }

    /// Ends every playground and waits (a few seconds at most) until their processes are gone.
    public func endAll(reason: PlaygroundEnd = .stopped) {
        let seats = lock.withLock { Array(open.values) }
        for seat in seats { seat.end(reason, grace: 1) }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, lock.withLock({ !open.isEmpty }) { usleep(20_000) }
        groups?.remove()
    }

    /// Ends the playgrounds nobody typed in for ``idleMinutes`` (their progress is kept).
    public func endIdle() {
        let limit = idleMinutes * 60
        let seats = lock.withLock { open.values.filter { $0.idleSeconds >= limit } }
        for seat in seats { seat.end(.idle) }
    }

    /// Ends idle playgrounds every few seconds until cancelled.
    public func cullIdle() -> Task<Void, Never> {
        let every = min(15, max(1, idleMinutes * 60 / 4))
        return Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(every * 1e9))
                endIdle()
            }
        }
    }
}
