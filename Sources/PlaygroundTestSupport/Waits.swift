import Foundation
import PlaygroundCore

/// How tests wait: for an event where there is one (output, a process's end, a pidfd), else for a condition asked
/// again until a deadline. Never a fixed pause followed by a look.
public enum Waits {
    /// Asks `condition` until it holds or `timeout` seconds pass, `every` seconds apart; whether it held. For a state
    /// that makes no event this process can wait on (a file another process writes, a server's table).
    @discardableResult
    public static func until(timeout: Double, every: Double = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Processes.now() + timeout
        while true {
            if try condition() { return true }
            guard Processes.now() < deadline else { return false }
            var none = pollfd(fd: -1, events: 0, revents: 0)
            _ = poll(&none, 1, Int32(min(every, max(0, deadline - Processes.now())) * 1000))
        }
    }

    /// ``until(timeout:every:_:)`` in an asynchronous test: the pause between asks frees the thread, and the
    /// condition may itself wait (a request to a server).
    @discardableResult
    public static func untilAsync(
        timeout: Double, every: Double = 0.05, _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let deadline = Processes.now() + timeout
        while true {
            if try await condition() { return true }
            guard Processes.now() < deadline else { return false }
            try? await Task.sleep(for: .seconds(min(every, max(0, deadline - Processes.now()))))
        }
    }

    /// Waits until every process `listing` names has ended, woken by their ends (a pidfd each; `listing` is asked
    /// again then, so that processes they started are waited for too), for `timeout` seconds at most. Returns the
    /// processes still there.
    public static func ended(timeout: Double, _ listing: () -> [pid_t]) -> [pid_t] {
        let deadline = Processes.now() + timeout
        while true {
            let alive = listing()
            guard !alive.isEmpty, Processes.now() < deadline else { return alive }
            var items = alive.map { pollfd(fd: Processes.endDescriptor($0), events: Int16(POLLIN), revents: 0) }
            defer { Processes.close(items.map(\.fd)) }
            // A process that ended as it was listed has no pidfd: it is listed again at once.
            if items.contains(where: { $0.fd < 0 }) { continue }
            // New processes of theirs are not in the poll: listed again at least every 200 ms.
            _ = poll(&items, nfds_t(items.count), min(200, Processes.milliseconds(until: deadline)))
        }
    }

    /// The processes alive now whose environment holds `marker` (every process of a test's run inherits it), with
    /// their names.
    public static func processes(marked marker: String) -> [(pid: pid_t, name: String)] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        return pids.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                String(decoding: data, as: UTF8.self).contains(marker)
            else { return nil }
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
            return (pid, name.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Waits (up to `timeout` seconds) until no process holds `marker`; returns those left, as `pid name`.
    public static func settled(_ marker: String, timeout: Double = 10) -> [String] {
        _ = ended(timeout: timeout) { processes(marked: marker).map(\.pid) }
        return processes(marked: marker).map { "\($0.pid) \($0.name)" }
    }
}
