import ClassWire
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The class link of a playground, with the server itself at the link's end: the learner's sandbox has no network,
/// so its `patterns --class-link-fd 3` talks over a socket pair the server made (the link protocol of
/// `Sources/ClassWire/LinkProtocol.swift`: one JSON object a line). Reports go straight into the room; the room's
/// state comes back whenever it changes.
final class SeatLink: @unchecked Sendable {
    /// The server's end, and the learner's (passed as fd 3, closed here once spawned).
    let serverEnd: Int32
    private(set) var learnerEnd: Int32
    let lock = NSLock()
    /// Held while a line is written, and while the server's end is closed.
    let writeLock = NSLock()
    var closed = false
    var lastSent: ClassState?

    init(serverEnd: Int32, learnerEnd: Int32) {
        self.serverEnd = serverEnd
        self.learnerEnd = learnerEnd
    }

    static func pair() -> SeatLink? {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            return nil
        }
        return SeatLink(serverEnd: fds[0], learnerEnd: fds[1])
    }

    func closeLearnerEnd() {
        lock.withLock {
            if learnerEnd >= 0 { Glibc.close(learnerEnd) }
            learnerEnd = -1
        }
    }

    /// Ends the channel: the reader wakes and closes the server's end (only it does, so the number is never
    /// reused under a writer).
    func close() {
        closeLearnerEnd()
        let first = lock.withLock { () -> Bool in
            defer { closed = true }
            return !closed
        }
        if first { shutdown(serverEnd, Int32(SHUT_RDWR)) }
    }

    /// Answers the session from a thread of its own, and sends the room's state when it changes.
    func serve(room: ClassRoom, token: String, name: String) {
        let reader = Thread { [self] in read(room: room, token: token, name: name) }
        reader.name = "playground-link"
        reader.start()
        let watcher = Thread { [self] in
            while !lock.withLock({ closed }) {
                usleep(250_000)
                let state = room.currentState
                if lock.withLock({ lastSent != nil && lastSent != state }) { send(["kind": "state"], state: state) }
            }
        }
        watcher.name = "playground-link-state"
        watcher.start()
    }

    func read(room: ClassRoom, token: String, name: String) {
        defer {
            close()
            writeLock.withLock { _ = Glibc.close(serverEnd) }
        }
        send(["kind": "joined", "name": name, "kept": 0], state: room.currentState)
        var seq = room.through(token: token) ?? 0
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(serverEnd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            pending.append(contentsOf: buffer[..<n])
            while let end = pending.firstIndex(of: 10) {
                let line = Array(pending[..<end])
                pending.removeFirst(end + 1)
                answer(line, room: room, token: token, seq: &seq)
            }
            // A line longer than the protocol allows ends the channel.
            if pending.count > 1 << 20 { return }
        }
    }

    func answer(_ line: [UInt8], room: ClassRoom, token: String, seq: inout Int) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            let kind = object["kind"] as? String
        else { return }
        switch kind {
        case "report":
            guard let body = object["report"],
                let data = try? JSONSerialization.data(withJSONObject: body),
                var report = try? JSONDecoder().decode(Report.self, from: data)
            else { return }
            seq += 1
            report.seq = seq
            do {
                let receipt = try room.report([report], token: token)
                seq = max(seq, receipt.through)
            } catch {
                if error.reason == .removed || error.reason == .unknownToken {
                    // No `reason` rather than an empty one: the session decodes it as a RefusalReason.
                    var failure: [String: Any] = ["status": error.status, "why": error.message]
                    if let reason = error.reason { failure["reason"] = reason.rawValue }
                    send(["kind": "refused", "failure": failure], state: nil)
                }
            }
        case "refresh":
            send(["kind": "state", "reply": true], state: room.currentState)
        case "finish":
            send(["kind": "finished", "left": 0, "keptOnDisk": false], state: nil)
        default:
            return
        }
    }

    /// One line to the session; `state` (when given) goes in as `state`.
    func send(_ fields: [String: Any], state: ClassState?) {
        var object = fields
        if let state, let data = try? JSONEncoder().encode(state),
            let value = try? JSONSerialization.jsonObject(with: data)
        {
            object["state"] = value
        }
        guard var data = try? JSONSerialization.data(withJSONObject: object) else { return }
        data.append(10)
        writeLock.withLock {
            guard !lock.withLock({ closed }) else { return }
            if let state { lock.withLock { lastSent = state } }
            var offset = 0
            let bytes = [UInt8](data)
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes {
                    Glibc.send(serverEnd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
    }
}

extension ClassRoom {
    /// The highest report number kept for the learner of this token (the link numbers reports after it).
    func through(token: String) -> Int? {
        lock.withLock { byToken[token].flatMap { learners[$0]?.through } }
    }

    /// The learners of that name (the presenter's `class remove NAME` ends their playgrounds too).
    public func learnerIDs(named name: String) -> [Int] { learnerIDs(RemoveRequest(name: name)) }

    public func learnerIDs(_ request: RemoveRequest) -> [Int] {
        lock.withLock { learners.values.filter { request.matches(name: $0.name, joined: $0.joined) }.map(\.id) }
    }

    /// A learner's name, by token.
    func name(token: String) -> (id: Int, name: String)? {
        lock.withLock { byToken[token].flatMap { id in learners[id].map { (id, $0.name) } } }
    }
}
