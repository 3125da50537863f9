import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// A value behind a plain pthread mutex that survives the playground's forks: the lines' copies of the process
/// (ForkedLines.swift) are made while the lock is held, so no copy starts with it taken by a thread it does not have.
final class ForkSafeLock<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Before a fork: taken, so that no other thread is inside.
    func lockForFork() { pthread_mutex_lock(mutex) }
    /// In the process that forked.
    func unlockAfterFork() { pthread_mutex_unlock(mutex) }
    /// In the copy: a fresh, open lock (the copy has only the thread that forked).
    func renewAfterFork() { pthread_mutex_init(mutex, nil) }
}

/// What must be done around the playground's forks by parts that keep a thread of their own (the class link).
enum ForkHooks {
    struct Hook {
        var before: () -> Void
        var parent: () -> Void
        /// In the copy, at once (locks renewed).
        var child: () -> Void
        /// In the copy, once it carries the session on (a thread started again).
        var carriesOn: () -> Void
    }
    nonisolated(unsafe) static var hooks: [Hook] = [] {
        didSet { Processes.knownThreads = hooks.count }
    }

    static func before() { hooks.forEach { $0.before() } }
    static func parent() { hooks.forEach { $0.parent() } }
    static func child() { hooks.forEach { $0.child() } }
    static func carriesOn() { hooks.forEach { $0.carriesOn() } }
}
