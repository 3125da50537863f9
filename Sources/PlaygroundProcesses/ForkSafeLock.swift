#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a POSIX mutex, for state that lives on in a forked copy of the process (a line's run, a kept copy
/// that becomes the session after `undo`). The standard library's `Mutex` takes the copy's thread for another (it
/// keeps the parent's thread id) and traps on unlock; a POSIX mutex that no thread held at `fork()` is the copy's to
/// take, and the engine forks with one thread (``Processes/forkCopy(_:)``).
public final class ForkSafeLock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
