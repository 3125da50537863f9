import FlyingFox
import Foundation
import PlaygroundProcesses

/// One learner's playground: `patterns` in its sandbox on a pseudo-terminal of its own. It outlives the sockets that
/// show it: a reload or a lost connection attaches again to the same session, and the newest socket takes it over.
final class PlaygroundSeat: @unchecked Sendable {
    let learner: Int
    let name: String
    /// The process the server started (a shell that becomes `prlimit`, then bubblewrap: one pid throughout).
    let pid: pid_t
    let master: Int32
    let groups: SeatGroups?
    /// The class link through the server (nil when `patterns` cannot take one).
    var link: SeatLink?
    let lock = NSLock()
    /// The newest output (at most ``replayBytes``), sent to a socket that attaches.
    var replay: [UInt8] = []
    var viewer: (id: Int, continuation: AsyncStream<WSMessage>.Continuation)?
    var nextViewer = 0
    var lastInput = Date().timeIntervalSince1970
    /// Why the seat ended (nil while it runs).
    var ended: PlaygroundEnd?
    var reaped = false
    let writes: DispatchQueue
    /// Called once, when the process is gone and reaped.
    let gone: @Sendable (PlaygroundSeat) -> Void

    static let replayBytes = 64 * 1024

    init(
        learner: Int, name: String, pid: pid_t, master: Int32, groups: SeatGroups?,
        gone: @escaping @Sendable (PlaygroundSeat) -> Void
    ) {
        self.learner = learner
        self.name = name
        self.pid = pid
        self.master = master
        self.groups = groups
        self.gone = gone
        writes = DispatchQueue(label: "playground.seat.\(learner).writes")
        let thread = Thread { [self] in readUntilGone() }
        thread.name = "playground-seat-\(learner)"
        thread.start()
    }

    var isRunning: Bool { lock.withLock { ended == nil } }

    /// The terminal's output, as it comes, to the socket attached (and into the replay).
    func readUntilGone() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var status: Int32 = 0
        var exited = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                // Once it has exited, what it wrote last has been read: the end.
                if exited { break }
                // EIO also comes before the child has opened its side, and while the sandbox starts: the end is when
                // the process the server started has ended. Reaped under the lock, so that `end`'s delayed kill never
                // reaches a pid used again.
                exited = lock.withLock { () -> Bool in
                    reaped = waitpid(pid, &status, WNOHANG) == pid
                    return reaped
                }
                if !exited { usleep(20_000) }
                continue
            }
            let chunk = Array(buffer[..<n])
            lock.withLock {
                replay.append(contentsOf: chunk)
                if replay.count > Self.replayBytes { replay.removeFirst(replay.count - Self.replayBytes) }
                viewer?.continuation.yield(.data(Data(chunk)))
            }
        }
        // Every process on the terminal is gone (or the seat was ended): nothing of the learner's is left running.
        if !exited {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            lock.withLock { reaped = true }
        }
        close(master)
        groups?.remove()
        let (last, reason) = lock.withLock { () -> (AsyncStream<WSMessage>.Continuation?, PlaygroundEnd) in
            let reason = ended ?? .exited
            ended = reason
            defer { self.viewer = nil }
            return (self.viewer?.continuation, reason)
        }
        if let continuation = last {
            continuation.yield(.text(TerminalNotice.ended(reason).json))
            continuation.yield(.close(.normalClosure))
            continuation.finish()
        }
        gone(self)
    }

    /// A socket attaches: the one before it is told it was taken over, and the new one gets the recent output.
    func attach(_ continuation: AsyncStream<WSMessage>.Continuation) -> Int? {
        var previous: AsyncStream<WSMessage>.Continuation?
        // The one before is finished outside the lock: finishing runs its termination handler, which detaches.
        defer {
            if let previous {
                previous.yield(.text(TerminalNotice.takenOver.json))
                previous.yield(.close(.normalClosure))
                previous.finish()
            }
        }
        return lock.withLock { () -> Int? in
            // From the start of a line, so that the replay does not begin inside an escape sequence.
            let start = replay.count == Self.replayBytes ? (replay.firstIndex(of: 10).map { $0 + 1 } ?? 0) : 0
            guard ended == nil else {
                // Ended already: what it said last, then why.
                if start < replay.count { continuation.yield(.data(Data(replay[start...]))) }
                return nil
            }
            previous = viewer?.continuation
            nextViewer += 1
            viewer = (nextViewer, continuation)
            continuation.yield(.text(TerminalNotice.attached(name: name).json))
            if start < replay.count { continuation.yield(.data(Data(replay[start...]))) }
            return nextViewer
        }
    }

    /// The socket `id` went away (a newer one may have taken its place already).
    func detach(_ id: Int) {
        lock.withLock {
            if viewer?.id == id { viewer = nil }
        }
    }

    /// Keys typed (or pasted) in the page: written to the terminal in order, never blocking the socket.
    func type(_ bytes: Data, from id: Int) {
        let current = lock.withLock { () -> Bool in
            guard viewer?.id == id, ended == nil else { return false }
            lastInput = Date().timeIntervalSince1970
            return true
        }
        guard current else { return }
        writes.async { [master] in
            var offset = 0
            let all = [UInt8](bytes)
            while offset < all.count {
                let n = all.withUnsafeBytes { write(master, $0.baseAddress! + offset, all.count - offset) }
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    func resize(cols: Int, rows: Int, from id: Int) {
        guard lock.withLock({ viewer?.id == id && ended == nil }) else { return }
        let cols = UInt16(clamping: min(max(cols, 20), 500))
        let rows = UInt16(clamping: min(max(rows, 5), 300))
        Processes.setWindowSize(master, columns: cols, rows: rows)
    }

    var idleSeconds: Double { lock.withLock { Date().timeIntervalSince1970 - lastInput } }

    /// Ends the session: `patterns` is asked to stop (SIGHUP, as a closed terminal would: it keeps its progress),
    /// and whatever is still running a few seconds later is killed with its sandbox.
    func end(_ reason: PlaygroundEnd, grace: Double = 3) {
        let first = lock.withLock {
            guard ended == nil else { return false }
            ended = reason
            return true
        }
        guard first else { return }
        kill(-pid, SIGHUP)
        let pid = pid
        DispatchQueue.global().asyncAfter(deadline: .now() + grace) { [self] in
            // The pid is still ours only while the reader has not reaped it.
            lock.withLock { if !reaped { kill(pid, SIGKILL) } }
        }
    }
}

/// Why a playground ended, as the page is told.
public enum PlaygroundEnd: String, Sendable, Codable {
    /// `quit`, Ctrl-D, or the process died.
    case exited
    /// No key for `--playground-idle` minutes (the progress is kept; opening the page again starts it where it was).
    case idle
    /// The presenter removed the learner.
    case removed
    /// The server stopped.
    case stopped
}

/// The text frames the server sends on a terminal socket.
enum TerminalNotice {
    case attached(name: String)
    case takenOver
    case ended(PlaygroundEnd)
    case refused(reason: String, message: String)

    var json: String {
        let object: [String: String] =
            switch self {
            case .attached(let name): ["attached": name]
            case .takenOver: ["taken": "another tab opened this playground"]
            case .ended(let reason): ["ended": reason.rawValue]
            case .refused(let reason, let message): ["refused": reason, "message": message]
            }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
