import ArgumentParser
import ClassWire
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `patterns class-link` (hidden): a learner's class link, in a process of its own so that the session, which forks a
/// copy of itself for every line, never has a second thread (LinkProtocol.swift has the protocol). Started by
/// ``LearnerLink/spawn(url:name:identities:)`` with its end of the socket as `--fd`.
struct ClassLinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class-link", abstract: "The class link of a joined session (started by the session itself).",
        shouldDisplay: false)

    @Option(name: .long, help: "The link's end of the session's socket.") var fd: Int32
    @Option(name: .long, help: "The class's address.") var url: String
    @Option(name: .long, help: "The learner's name.") var name: String
    @Option(name: .long, help: "classes.json in the state folder (the token and the unsent reports kept).")
    var identities: String?

    func run() throws {
        // The terminal's signals are the session's; the link ends when the session's end of the socket closes.
        for ignored in [SIGINT, SIGQUIT, SIGPIPE, SIGHUP, SIGTSTP] { signal(ignored, SIG_IGN) }
        let channel = LinkChannel(fd: fd)
        guard let address = ClassAddress(url) else {
            channel.send(.failed(.notJoined, .unreachable("not a class address")))
            return
        }
        let keeping = ClassKeeping(identities: identities)
        // Until it gets in (when the failure may pass), the session's reports are held and its `finish` answered.
        var held: [LinkMessage] = []
        var said = false
        while true {
            let attempt = LinkSender.join(address: address, name: name, keeping: keeping, channel: channel)
            switch attempt {
            case .success(let sender):
                for message in held { sender.handle(message) }
                sender.run()
                return
            case .failure(let failure):
                guard Self.passes(failure) else {
                    if !said { channel.send(.failed(.notJoined, failure)) }
                    return
                }
                if !said {
                    var message = LinkMessage.failed(.notJoined, failure)
                    message.retrying = true
                    channel.send(message)
                    said = true
                }
            }
            let deadline = LinkChannel.now() + 2
            while LinkChannel.now() < deadline {
                if channel.closed { return }
                for message in channel.receive(timeout: max(0.05, deadline - LinkChannel.now())) {
                    switch message.kind {
                    case .report: held.append(message)
                    case .finish:
                        channel.send(.finished(left: held.count, keptOnDisk: false))
                        return
                    default: break
                    }
                }
            }
        }
    }

    /// A failure that may pass by itself: the server out of reach or failing, joining closed, too many joins at once,
    /// the class or the address full (a place frees when the presenter removes someone).
    static func passes(_ failure: ClassClient.Failure) -> Bool {
        switch failure {
        case .unreachable: true
        case .refused(let status, _, let reason):
            status == 429 || status >= 500 || reason.map(Self.waitable.contains) == true
        }
    }

    static let waitable: Set<RefusalReason> = [.joiningClosed, .classFull, .addressFull]
}

/// The link's side: joins, then sends the session's reports in order, each exactly once, and polls the class's state;
/// while the server is out of reach the reports wait (kept on disk) and go when it is back. One thread: it waits on
/// the session's socket between its requests.
final class LinkSender {
    let client: ClassClient
    let address: ClassAddress
    let token: String
    let keeping: ClassKeeping
    let channel: LinkChannel
    var queue: [Report]
    var nextSeq: Int
    var reachable = true
    var stopped = false
    var sentWhileAway = 0
    var state: ClassState
    /// The state as the session was last sent it.
    var toldState: ClassState
    /// When the server may be asked again (after a failure), and when it was last asked.
    var nextTry = 0.0
    var lastPoll = 0.0
    var delay = 0.0

    init(
        client: ClassClient, address: ClassAddress, joined: JoinResponse, nextSeq: Int, kept: [Report],
        keeping: ClassKeeping, channel: LinkChannel
    ) {
        self.client = client
        self.address = address
        token = joined.token
        self.keeping = keeping
        self.channel = channel
        queue = kept
        self.nextSeq = max(nextSeq, (kept.map(\.seq).max() ?? 0) + 1)
        state = joined.state
        toldState = joined.state
    }

    /// Joins (the same learner again when the token kept for this class and name is still good) and says so on the
    /// channel; the failure when the class could not be joined (for the caller to say).
    static func join(
        address: ClassAddress, name: String, keeping: ClassKeeping, channel: LinkChannel
    ) -> Result<LinkSender, ClassClient.Failure> {
        let client = ClassClient(address: address)
        do throws(ClassClient.Failure) {
            var joined: JoinResponse
            var nextSeq = 1
            if let saved = keeping.savedIdentity(address), saved.name == name,
                let receipt = try? client.send([], token: saved.token)
            {
                // The same learner again: numbering goes on from what the server holds.
                joined = JoinResponse(learner: 0, token: saved.token, name: name, state: receipt.state)
                nextSeq = receipt.through + 1
            } else {
                joined = try Self.join(client, name: name)
                keeping.save(ClassKeeping.Identity(name: joined.name, token: joined.token), for: address)
            }
            // Reports kept from before (the server was away when the learner left): this learner's go first.
            let kept = keeping.allKept()[address.url].flatMap { $0.token == joined.token ? $0.reports : nil } ?? []
            let sender = LinkSender(
                client: client, address: address, joined: joined, nextSeq: nextSeq, kept: kept, keeping: keeping,
                channel: channel)
            channel.send(.joined(name: joined.name, state: joined.state, kept: kept.count))
            return .success(sender)
        } catch {
            return .failure(error)
        }
    }

    /// Joins; a room joining at once from one address may be told "slow down" (429): tried again for 10 s.
    static func join(_ client: ClassClient, name: String) throws(ClassClient.Failure) -> JoinResponse {
        let deadline = LinkChannel.now() + 10
        while true {
            do {
                return try client.join(name: name)
            } catch {
                guard case .refused(429, _, _) = error, LinkChannel.now() < deadline else { throw error }
                usleep(UInt32.random(in: 300_000...700_000))
            }
        }
    }

    func run() {
        while !channel.closed {
            let now = LinkChannel.now()
            let pollDue = now - lastPoll >= (reachable ? 2 : 1)
            let due = !stopped && now >= nextTry && (!queue.isEmpty || pollDue)
            let wait = due ? 0 : stopped ? 3600 : max(0.05, min(nextTry - now, lastPoll + 2 - now, 0.5))
            for message in channel.receive(timeout: wait) { handle(message) }
            if !stopped && LinkChannel.now() >= nextTry && (!queue.isEmpty || pollDue) { exchange() }
        }
        // The session is gone without `finish` (killed): one last try, the rest stays kept.
        if !stopped && !queue.isEmpty && reachable { exchange() }
    }

    func handle(_ message: LinkMessage) {
        switch message.kind {
        case .report:
            guard var report = message.report, !stopped else { return }
            report.seq = nextSeq
            nextSeq += 1
            queue.append(report)
            keeping.keep(queue, token: token, for: address)
        case .refresh:
            if !stopped, let fresh = try? client.state(token: token) { state = fresh }
            toldState = state
            channel.send(.state(state, reply: true))
        case .finish:
            let deadline = LinkChannel.now() + (message.seconds ?? 5)
            while !stopped && !queue.isEmpty && LinkChannel.now() < deadline {
                if LinkChannel.now() >= nextTry { exchange() } else { usleep(50_000) }
            }
            // The board says "left" rather than counting a learner who quit as stuck.
            if !stopped, reachable { _ = try? client.leave(token: token) }
            channel.send(.finished(left: stopped ? 0 : queue.count, keptOnDisk: keeping.keptPath != nil))
        default:
            break
        }
    }

    /// Sends a batch (or, with none, asks for the state); what the server says goes to the session.
    func exchange() {
        let batch = Array(queue.prefix(ClassWire.maximumBatch))
        lastPoll = LinkChannel.now()
        do throws(ClassClient.Failure) {
            let fresh = batch.isEmpty ? try client.state(token: token) : try client.send(batch, token: token).state
            delay = 0
            nextTry = 0
            let sent = Set(batch.map(\.seq))
            queue.removeAll { sent.contains($0.seq) }
            if !batch.isEmpty { keeping.keep(queue, token: token, for: address) }
            if !reachable {
                sentWhileAway += batch.count
                if queue.isEmpty {
                    reachable = true
                    channel.send(.back(sent: sentWhileAway))
                    sentWhileAway = 0
                }
            }
            state = fresh
            if fresh != toldState {
                toldState = fresh
                channel.send(.state(fresh))
            }
        } catch {
            refused(error, batch: batch)
        }
    }

    func refused(_ error: ClassClient.Failure, batch: [Report]) {
        switch error {
        case .unreachable:
            if reachable {
                reachable = false
                channel.send(LinkMessage(.gone))
            }
            delay = min(max(0.5, delay * 2), 5)
            nextTry = LinkChannel.now() + delay
        case .refused(let status, _, let reason):
            if status == 429 {
                nextTry = LinkChannel.now() + 1
                return
            }
            // The server will never take these (a token it does not know, a malformed report): said once, dropped.
            // Reports on a lesson the presenter has not published are dropped without a word; a learner the
            // presenter removed stops reporting.
            let quiet: Set<RefusalReason> = [.notInLesson, .noQuestion, .notAnOption]
            let sent = Set(batch.map(\.seq))
            queue.removeAll { sent.contains($0.seq) || reason == .removed }
            if reason == .removed { stopped = true }
            keeping.keep(queue, token: token, for: address)
            if !(reason.map(quiet.contains) ?? false) { channel.send(.failed(.refused, error)) }
        }
    }
}
