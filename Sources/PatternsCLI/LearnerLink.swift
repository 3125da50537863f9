import ClassWire
import FoundationEssentials
import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// A learner in a class, seen from the session: the network, the sender and its queue (kept on disk) are the class
/// link's, a process of its own (LinkSender.swift) or the server at the other end of `--class-link-fd`; this side
/// writes reports on the link's socket as they happen and reads what arrived between lines. No thread: every process
/// of the session has one, so that the copy a line forks has all of it (LinkProtocol.swift has the protocol).
final class LearnerLink {
    let channel: LinkChannel
    /// What happened to the link itself; the presenter's moves are not notices but the state, told collapsed.
    enum Notice: Equatable {
        case gone
        case back(Int)
        case refused(ClassClient.Failure)
        /// In at last (after a `--join` that could not join at first): the name, and the results kept from before.
        case joined(String, kept: Int)
    }

    var state: ClassState
    /// The presenter's step and reveals as the learner was last told them.
    var told: ClassState
    var notices: [Notice] = []
    var lastReached: (String, Int)?
    /// False while the link is still trying to join (the failure it said may pass).
    var joined = true

    init(channel: LinkChannel, state: ClassState) {
        self.channel = channel
        self.state = state
        told = state
    }

    /// How the link answered a join.
    enum Joined {
        case joined(LearnerLink, name: String, kept: Int)
        case failed(ClassClient.Failure)
        /// Not in yet, and the link goes on trying: the session starts, and is told when it is in.
        case pending(LearnerLink, ClassClient.Failure)
        /// The link could not be started, or said nothing in time.
        case silent
    }

    /// Starts `patterns class-link` (posix_spawn of this very program: no fork of the session) and waits for it to
    /// join.
    static func spawn(url: String, name: String, identities: String?) -> Joined {
        guard let (mine, theirs) = LinkChannel.pair() else { return .silent }
        var arguments = ["patterns", "class-link", "--fd", "3", "--url", url, "--name", name]
        if let identities { arguments += ["--identities", identities] }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
        // dup2 onto 3 leaves the copy open across exec (a socket already at 3 is made open by hand, after).
        posix_spawn_file_actions_adddup2(&actions, theirs, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own: Ctrl-C and a line's `kill(0, …)` are the session's, not the link's.
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        if theirs == 3 { _ = fcntl(theirs, F_SETFD, 0) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, environ)
        close(theirs)
        let channel = LinkChannel(fd: mine)
        guard spawned == 0 else { channel.close(); return .silent }
        return answer(on: channel, timeout: 15)
    }

    /// The link's first message (`--class-link-fd`: the server's).
    static func answer(on channel: LinkChannel, timeout: Double) -> Joined {
        let first = channel.await(timeout: timeout, each: { _ in }, until: { [.joined, .notJoined].contains($0.kind) })
        guard let first else { channel.close(); return .silent }
        guard first.kind == .joined, let state = first.state else {
            if first.retrying == true, let failure = first.failure {
                let link = LearnerLink(channel: channel, state: ClassState(code: ""))
                link.joined = false
                return .pending(link, failure.failure)
            }
            channel.close()
            return first.failure.map { .failed($0.failure) } ?? .silent
        }
        return .joined(LearnerLink(channel: channel, state: state), name: first.name ?? "", kept: first.kept ?? 0)
    }

    /// The link is closed: it sends what it holds and ends once no process of the session holds the socket.
    func stop() { channel.close() }

    func add(_ kind: Report.Kind, lesson: String, step: Int, passed: Bool? = nil, answer: String? = nil) {
        let now = Date().timeIntervalSince1970
        channel.send(
            .report(Report(seq: 0, kind: kind, lesson: lesson, step: step, passed: passed, answer: answer, at: now)))
    }

    func reached(lesson: String, step: Int) {
        if let last = lastReached, last.0 == lesson, last.1 == step { return }
        lastReached = (lesson, step)
        add(.reached, lesson: lesson, step: step)
    }

    /// Takes in what the link said since the last look, without waiting.
    func update() {
        for message in channel.receive() { take(message) }
    }

    private func take(_ message: LinkMessage) {
        switch message.kind {
        case .state: if let fresh = message.state { state = fresh }
        case .joined:
            guard let fresh = message.state else { break }
            state = fresh
            // Where the presenter is, said with the join.
            told = fresh
            joined = true
            notices.append(.joined(message.name ?? "", kept: message.kept ?? 0))
        case .gone: notices.append(.gone)
        case .back: notices.append(.back(message.sent ?? 0))
        case .refused: if let failure = message.failure { notices.append(.refused(failure.failure)) }
        default: break
        }
    }

    /// The class as the server says now, or as last heard when it is out of reach.
    func freshState() -> ClassState {
        guard joined else {
            update()
            return state
        }
        guard channel.send(LinkMessage(.refresh)) else { return state }
        _ = channel.await(timeout: 5, each: take, until: { $0.kind == .state && $0.reply == true })
        return state
    }

    /// After `follow`, the presenter's step and whether the room tries it are no news; the hints and the solution
    /// the room was shown there are (they are said next).
    func followed(_ state: ClassState) {
        var told = state
        told.hintsRevealed = 0
        told.solutionRevealed = false
        self.told = told
    }

    /// Whether a line is waiting: a notice, or the presenter changed something since the learner was told.
    var hasNews: Bool {
        update()
        return !notices.isEmpty || Self.differs(state, told)
    }

    static func differs(_ a: ClassState, _ b: ClassState) -> Bool {
        a.lesson != b.lesson || a.step != b.step || a.tries != b.tries || a.hintsRevealed != b.hintsRevealed
            || a.solutionRevealed != b.solutionRevealed || (a.presenterStopped == true) != (b.presenterStopped == true)
    }

    /// The notices, the class as it is now and as the learner was last told it; from now on the learner is told.
    func takeNews() -> (notices: [Notice], state: ClassState, told: ClassState) {
        update()
        defer { notices = []; told = state }
        return (notices, state, told)
    }

    /// Asks the link to send what is queued, waiting at most `timeout` seconds (and 2 more for its answer); then
    /// closes it. How many are left and whether they are kept for the next join; nil: the link did not answer.
    func finish(timeout: Double) -> (left: Int, keptOnDisk: Bool)? {
        defer { stop() }
        guard channel.send(.finish(seconds: timeout)) else { return nil }
        let answer = channel.await(timeout: timeout + 2, each: take, until: { $0.kind == .finished })
        return answer.map { ($0.left ?? 0, $0.keptOnDisk ?? false) }
    }
}
