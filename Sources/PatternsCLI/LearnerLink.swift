import ArgumentParser
import ClassWire
import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// A learner in a class: reports queue here and a background sender delivers them, in order, each exactly once;
/// while the server is out of reach they wait, and go when it is back. The queue is kept on disk too (`keep`), so
/// that quitting while the server is away loses nothing: the next join sends it.
final class LearnerLink: @unchecked Sendable {
    let client: ClassClient
    let token: String
    /// What happened to the link itself; the presenter's moves are not notices but the state, told collapsed.
    enum Notice: Equatable {
        case gone
        case back(Int)
        case refused(ClassClient.Failure)
    }

    struct Shared {
        var queue: [Report] = []
        var nextSeq = 1
        var reachable = true
        var state: ClassState
        var notices: [Notice] = []
        var stopped = false
        var sentWhileAway = 0
        var lastReached: (String, Int)?
        /// The presenter's step and reveals as the learner was last told them.
        var told: ClassState
    }
    let shared: ForkSafeLock<Shared>
    let wake = Wakeup()
    /// Called with the queue each time it changes (under the lock, so in order): the reports not yet sent, kept.
    let keep: (([Report]) -> Void)?

    init(
        client: ClassClient, joined: JoinResponse, nextSeq: Int = 1, kept: [Report] = [],
        keep: (([Report]) -> Void)? = nil
    ) {
        self.client = client
        token = joined.token
        self.keep = keep
        let next = max(nextSeq, (kept.map(\.seq).max() ?? 0) + 1)
        shared = ForkSafeLock(Shared(queue: kept, nextSeq: next, state: joined.state, told: joined.state))
    }

    /// Starts the sender, and starts it again in each copy of the process that carries the session on: a copy has
    /// only the thread that forked.
    func start() {
        startThread()
        ForkHooks.hooks.append(
            ForkHooks.Hook(
                before: { [self] in
                    shared.lockForFork(); wake.lockForFork()
                },
                parent: { [self] in
                    wake.unlockAfterFork(); shared.unlockAfterFork()
                },
                child: { [self] in
                    wake.renewAfterFork(); shared.renewAfterFork()
                },
                carriesOn: { [self] in startThread() }))
    }

    private func startThread() {
        // A thread of its own (pthread: no Dispatch library in the learner's binary for this).
        let box = Unmanaged.passRetained(self)
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { argument in
                let link = Unmanaged<LearnerLink>.fromOpaque(argument!).takeRetainedValue()
                link.loop()
                return nil
            }, box.toOpaque())
        pthread_detach(thread)
    }

    func stop() {
        shared.withLock { $0.stopped = true }
        wake.signal()
    }

    func add(_ kind: Report.Kind, lesson: String, step: Int, passed: Bool? = nil, answer: String? = nil) {
        let now = Date().timeIntervalSince1970
        shared.withLock { s in
            s.queue.append(
                Report(seq: s.nextSeq, kind: kind, lesson: lesson, step: step, passed: passed, answer: answer, at: now))
            s.nextSeq += 1
            keep?(s.queue)
        }
        wake.signal()
    }

    func reached(lesson: String, step: Int) {
        let new = shared.withLock { s in
            if let last = s.lastReached, last.0 == lesson, last.1 == step { return false }
            s.lastReached = (lesson, step)
            return true
        }
        if new { add(.reached, lesson: lesson, step: step) }
    }

    /// The class as the server says now, or as last heard when it is out of reach.
    func freshState() -> ClassState {
        if let state = try? client.state() {
            shared.withLock { $0.state = state }
            return state
        }
        return shared.withLock { $0.state }
    }

    /// After `follow`, the presenter's step and whether the room tries it are no news; the hints and the solution
    /// the room was shown there are (they are said next).
    func followed(_ state: ClassState) {
        shared.withLock { s in
            var told = state
            told.hintsRevealed = 0
            told.solutionRevealed = false
            s.told = told
        }
    }

    /// Whether a line is waiting: a notice, or the presenter changed something since the learner was told.
    var hasNews: Bool {
        shared.withLock { s in !s.notices.isEmpty || Self.differs(s.state, s.told) }
    }

    static func differs(_ a: ClassState, _ b: ClassState) -> Bool {
        a.lesson != b.lesson || a.step != b.step || a.tries != b.tries || a.hintsRevealed != b.hintsRevealed
            || a.solutionRevealed != b.solutionRevealed
    }

    /// The notices, the class as it is now and as the learner was last told it; from now on the learner is told.
    func takeNews() -> (notices: [Notice], state: ClassState, told: ClassState) {
        shared.withLock { s in
            defer { s.notices = []; s.told = s.state }
            return (s.notices, s.state, s.told)
        }
    }

    /// Sends what is queued, waiting at most `timeout` seconds; returns how many are left (they stay kept).
    func finish(timeout: Double) -> Int {
        let deadline = Date().timeIntervalSince1970 + timeout
        while Date().timeIntervalSince1970 < deadline {
            let left = shared.withLock { $0.queue.count }
            if left == 0 { break }
            wake.signal()
            usleep(50_000)
        }
        stop()
        return shared.withLock { $0.queue.count }
    }

    func loop() {
        var delay = 0.0
        var lastPoll = 0.0
        while true {
            let (stopped, batch, reachable) = shared.withLock { s in
                (s.stopped, Array(s.queue.prefix(ClassWire.maximumBatch)), s.reachable)
            }
            if stopped { return }
            let now = Date().timeIntervalSince1970
            // Polled every 2 s (every 1 s while the server is away, so that its return is soon seen).
            if batch.isEmpty && now - lastPoll < (reachable ? 2 : 1) {
                wake.wait(seconds: 0.5)
                continue
            }
            lastPoll = now
            do {
                let state: ClassState
                if batch.isEmpty {
                    state = try client.state()
                } else {
                    let receipt = try client.send(batch, token: token)
                    state = receipt.state
                }
                delay = 0
                shared.withLock { s in
                    let sent = Set(batch.map(\.seq))
                    s.queue.removeAll { sent.contains($0.seq) }
                    if !batch.isEmpty { keep?(s.queue) }
                    if !s.reachable {
                        s.sentWhileAway += batch.count
                        if s.queue.isEmpty {
                            s.reachable = true
                            s.notices.append(.back(s.sentWhileAway))
                            s.sentWhileAway = 0
                        }
                    }
                    s.state = state
                }
            } catch {
                switch error {
                case .unreachable:
                    shared.withLock { s in
                        if s.reachable { s.reachable = false; s.notices.append(.gone) }
                    }
                    delay = min(max(0.5, delay * 2), 5)
                    wake.wait(seconds: delay)
                case .refused(let status, let why, let reason):
                    if status == 429 {
                        wake.wait(seconds: 1)
                        continue
                    }
                    // The server will never take these (a token it does not know, a malformed report): said once,
                    // dropped. Reports on a lesson the presenter has not published are dropped without a word; a
                    // learner the presenter removed stops reporting.
                    let quiet: Set<RefusalReason> = [.notInLesson, .noQuestion, .notAnOption]
                    shared.withLock { s in
                        let sent = Set(batch.map(\.seq))
                        s.queue.removeAll { sent.contains($0.seq) || reason == .removed }
                        if reason == .removed { s.stopped = true }
                        keep?(s.queue)
                        if !(reason.map(quiet.contains) ?? false) {
                            s.notices.append(.refused(.refused(status, why, reason: reason)))
                        }
                    }
                }
            }
        }
    }
}

/// Wakes the sender early (a report queued) or lets it sleep until a time limit.
final class Wakeup: @unchecked Sendable {
    var mutex = pthread_mutex_t()
    var condition = pthread_cond_t()
    var pending = false

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    func signal() {
        pthread_mutex_lock(&mutex)
        pending = true
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    func lockForFork() { pthread_mutex_lock(&mutex) }
    func unlockAfterFork() { pthread_mutex_unlock(&mutex) }
    func renewAfterFork() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    func wait(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(now.tv_nsec) + Int((seconds - Double(Int(seconds))) * 1_000_000_000)
        var deadline = timespec(
            tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        pthread_mutex_lock(&mutex)
        while !pending {
            if pthread_cond_timedwait(&condition, &mutex, &deadline) != 0 { break }
        }
        pending = false
        pthread_mutex_unlock(&mutex)
    }
}
