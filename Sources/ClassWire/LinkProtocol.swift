import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// One message between a learner's session and its class link: one line of JSON on a stream socket.
///
/// The **session** (the learner's `patterns`, whichever process carries it on: its pid changes every line) never
/// touches the network and has no thread: it writes its messages as they happen and reads what arrived between lines.
/// The **link** is `patterns class-link` (a process of its own, spawned at `join`: HTTP client, sender queue kept on
/// disk, state polling), or whatever the session was given with `--class-link-fd N` (the browser classroom's server).
///
/// Each message is one line of JSON (UTF-8, `\n` at the end) with a `kind` and that kind's fields; unknown fields
/// and kinds are ignored.
///
/// Session → link:
/// - `report` (`report`: a ``Report`` with `seq` 0; the link numbers them, it knows the server's `through`)
/// - `refresh`: the class as the server says now is wanted; answered by one `state` with `reply: true`
/// - `finish` (`seconds`): the session ends; send what is queued for at most that long, answer `finished`
///
/// Link → session:
/// - `joined` (`state`, `name`, `kept`) or `not-joined` (`failure`): the first message, always. A `not-joined` with
///   `retrying: true` (the server out of reach, joining closed, too many joins at once) is followed by `joined` once
///   the link gets in; meanwhile it keeps the session's reports and answers `finish`.
/// - `state` (`state`, `reply`): the class, whenever it differs from the last one sent, and once per `refresh`
/// - `gone`; `back` (`sent`: reports that waited); `refused` (`failure`: reports the server refused for good)
/// - `finished` (`left`: reports not sent, `keptOnDisk`: they are kept for the next join)
///
/// The link ends when it reads end of file: the last process of the session closed its end.
/// (Also in /work/wt/notes/link-protocol.md of issue 44.)
public struct LinkMessage: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case report, refresh, finish
        case joined
        case notJoined = "not-joined"
        case state, gone, back, refused, finished
    }

    public var kind: Kind
    public var report: Report?
    public var seconds: Double?
    public var state: ClassState?
    public var reply: Bool?
    public var name: String?
    public var kept: Int?
    public var sent: Int?
    public var failure: LinkFailure?
    public var left: Int?
    public var keptOnDisk: Bool?
    public var retrying: Bool?

    public init(_ kind: Kind) { self.kind = kind }

    public static func report(_ report: Report) -> LinkMessage {
        var message = LinkMessage(.report)
        message.report = report
        return message
    }

    public static func finish(seconds: Double) -> LinkMessage {
        var message = LinkMessage(.finish)
        message.seconds = seconds
        return message
    }

    public static func joined(name: String, state: ClassState, kept: Int) -> LinkMessage {
        var message = LinkMessage(.joined)
        message.name = name
        message.state = state
        message.kept = kept
        return message
    }

    public static func state(_ state: ClassState, reply: Bool = false) -> LinkMessage {
        var message = LinkMessage(.state)
        message.state = state
        message.reply = reply ? true : nil
        return message
    }

    public static func failed(_ kind: Kind, _ failure: ClassClient.Failure) -> LinkMessage {
        var message = LinkMessage(kind)
        message.failure = LinkFailure(failure)
        return message
    }

    public static func back(sent: Int) -> LinkMessage {
        var message = LinkMessage(.back)
        message.sent = sent
        return message
    }

    public static func finished(left: Int, keptOnDisk: Bool) -> LinkMessage {
        var message = LinkMessage(.finished)
        message.left = left
        message.keptOnDisk = keptOnDisk
        return message
    }
}

/// A ``ClassClient/Failure`` on the link: no `status`, the server was out of reach; a `status`, it refused.
public struct LinkFailure: Codable, Sendable, Equatable {
    public var status: Int?
    public var why: String
    public var reason: RefusalReason?

    public init(_ failure: ClassClient.Failure) {
        switch failure {
        case .unreachable(let why): self.why = why
        case .refused(let status, let why, let reason):
            self.status = status
            self.why = why
            self.reason = reason
        }
    }

    public var failure: ClassClient.Failure {
        guard let status else { return .unreachable(why) }
        return .refused(status, why, reason: reason)
    }
}

/// One end of the link's socket: whole messages out, whole messages in, without a thread.
public final class LinkChannel {
    public let fd: Int32
    /// The other end is gone (end of file, an error, or a line too long to be a message).
    public private(set) var closed = false
    private var pending: [UInt8] = []
    /// Messages read but not yet taken (read together with the one ``await(timeout:each:until:)`` waited for).
    private var inbox: [LinkMessage] = []
    private var released = false

    /// The longest line read as a message.
    public static let maximumLine = 1 << 20

    public init(fd: Int32) { self.fd = fd }

    /// A connected pair of close-on-exec stream sockets, or nil (errno says why).
    public static func pair() -> (Int32, Int32)? {
        var fds: [Int32] = [0, 0]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    /// Writes the whole message; false when the other end is gone.
    @discardableResult
    public func send(_ message: LinkMessage) -> Bool {
        guard !closed, let json = try? JSONEncoder().encode(message) else { return false }
        let bytes = Array(json) + [10]
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Self.write(fd, buffer.baseAddress! + written, bytes.count - written)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { closed = true; return false }
            written += n
        }
        return true
    }

    /// A socket never raises SIGPIPE here; anything else is written to as it is.
    private static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        let n = Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        if n < 0 && errno == ENOTSOCK { return Glibc.write(fd, bytes, count) }
        return n
    }

    /// The messages that arrived, waiting at most `timeout` seconds (0: only what is there) for the first bytes.
    public func receive(timeout: Double = 0) -> [LinkMessage] {
        var messages = inbox + takeLines()
        inbox = []
        guard messages.isEmpty, !closed else { return messages }
        var wait = timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let started = Self.now()
            let ready = poll(&item, 1, Int32(max(0, min(wait, 3600)) * 1000))
            if ready < 0 && errno == EINTR {
                wait -= Self.now() - started
                continue
            }
            guard ready > 0 else { return [] }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { closed = true; return messages }
            pending += buffer[0..<count]
            messages = takeLines()
            // More may be there already: taken without waiting.
            wait = 0
            if !messages.isEmpty || closed { return messages + receive(timeout: 0) }
        }
    }

    private func takeLines() -> [LinkMessage] {
        var messages: [LinkMessage] = []
        while let end = pending.firstIndex(of: 10) {
            let line = pending[..<end]
            if let message = try? JSONDecoder().decode(LinkMessage.self, from: Data(line)) { messages.append(message) }
            pending.removeSubrange(...end)
        }
        if pending.count > Self.maximumLine { closed = true; pending = [] }
        return messages
    }

    /// Waits up to `timeout` seconds for the first message that `wanted` accepts; every message read on the way
    /// (that one included) goes to `each`, in order.
    public func await(
        timeout: Double, each: (LinkMessage) -> Void, until wanted: (LinkMessage) -> Bool
    ) -> LinkMessage? {
        let deadline = Self.now() + timeout
        while !closed || !inbox.isEmpty {
            let left = deadline - Self.now()
            let messages = receive(timeout: max(0, left))
            for (index, message) in messages.enumerated() {
                each(message)
                if wanted(message) {
                    inbox = Array(messages[(index + 1)...]) + inbox
                    return message
                }
            }
            if left <= 0 { return nil }
        }
        return nil
    }

    /// Closes this end (once): the other end reads end of file when no other process holds it.
    public func close() {
        guard !released else { return }
        released = true
        closed = true
        _ = Glibc.close(fd)
    }

    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
