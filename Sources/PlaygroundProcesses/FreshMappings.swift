import CPlaygroundHost

/// Forks that cost the same on the 300th line as on the first.
///
/// A session carries on in a copy of itself after each line, and keeps the process from before a line that changed
/// the live objects, for `undo`: so it descends from a fork per line, with up to 20 of those processes still alive. For
/// each private mapping that holds pages of its own (each line's library has two), the kernel keeps a chain of the
/// "anon_vma"s of the processes the mapping came through while they were alive, and every fork copies every link of
/// every chain, and every exit unlinks them. Measured on the session of `Scripts/bench-prompt-variables`: a fork took
/// 1 ms at first and 20 ms after 150 variables (300 lines), ending a process as long again. So every
/// ``generations`` forks down the line, before the next, this process gives its small private mappings new ones, the
/// same bytes at the same addresses (`playground_renew_private_mappings`): their chains start again from one link.
/// What it costs: reading `/proc/self/smaps` and copying those mappings' bytes (a few megabytes), once per
/// ``generations`` forks; their pages are no longer shared with the kept copies from before.
package enum FreshMappings {
    /// How many forks this process descends from (each ``Processes/forkCopy(_:)`` counts one in the copy).
    nonisolated(unsafe) private static var generation = 0
    /// The generation at which this process's mappings, or those of the process it descends from, were renewed.
    nonisolated(unsafe) private static var renewedAt = 0
    /// Forks between two renewals.
    static let generations = 16
    /// The largest mapping renewed: larger ones are few (their chains cost little) and are the ones ``HugePages``
    /// gathers.
    static let largest = 2 << 20

    /// Called by ``Processes/forkCopy(_:)`` just before it forks. Only with one thread: another could write to a
    /// mapping between its copy and its move.
    package static func prepareForFork() {
        guard generation - renewedAt >= generations, ThreadCount.current() == 1 else { return }
        renewedAt = generation
        renew()
    }

    /// Renews this process's small private mappings now: how many, or -1 (`/proc/self/smaps` could not be read).
    /// Only with one thread.
    @discardableResult
    package static func renew() -> Int { Int(playground_renew_private_mappings(largest)) }

    /// Called in the copy a fork made.
    package static func forked() { generation += 1 }
}
