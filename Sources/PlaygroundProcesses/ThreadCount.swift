#if canImport(Glibc)
import Glibc
#endif

/// The threads of this process. A fork that does not exec copies only the thread that calls it: any other thread
/// could hold a lock (the Swift runtime's metadata cache, malloc's) that the copy then waits for forever. So every
/// process of the session has one thread, and every such fork checks it.
public enum ThreadCount {
    /// The entries of /proc/self/task; nil where it cannot be read.
    public static func current() -> Int? {
        guard let directory = opendir("/proc/self/task") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            // "." and "..": every thread is a number.
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }

    /// Set by the `patterns` program (not by a test process, whose test runner has threads of its own).
    nonisolated(unsafe) public static var asserted = false

    /// Before a fork that does not exec (`site` names it): with ``TestHooks/checkThreads`` set a second thread is said
    /// on standard error and the process aborts, so that a test sees it at once instead of a copy that may hang.
    /// Debug builds of the program assert it at every fork: a line that leaves a thread
    /// (`DispatchQueue.global().async`) is not kept, so the process that carries the session on has one, and where a
    /// copy that runs a line forks after learner code started one, the assertion ends that copy, not the session.
    public static func checkBeforeFork(_ site: StaticString) {
        let checked = TestHooks.checksThreads
        #if DEBUG
        let wanted = checked || asserted
        #else
        let wanted = checked
        #endif
        guard wanted, let count = current(), count > 1 else { return }
        if checked {
            let text = "patterns: \(count) threads at a fork (\(site)); a forked copy has only one\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
            abort()
        }
        assertionFailure("\(count) threads at a fork (\(site))")
    }
}
