#if canImport(Glibc)
import Glibc
#endif

extension LineContext {
    /// Runs a line that uses `await`, as top-level code may: its body is a task whose jobs run on this thread, and
    /// the call returns when the task ends. No thread pool is needed, so a line awaits in a copy of the process too
    /// (a forked copy has none of the threads a pool had started).
    public func runAwaiting(_ body: @escaping @Sendable () async throws -> Void) {
        if LineTasks.isInstalled {
            // The task waits in the playground's queue with every other job; this thread runs them until it ends.
            let finished = Flag()
            Task {
                do {
                    try await body()
                } catch {
                    self.keepThrown(error)
                }
                finished.value = true
            }
            LineTasks.run(until: { finished.value })
            return
        }
        let executor = ThisThreadExecutor()
        Task(executorPreference: executor) {
            do {
                try await body()
            } catch {
                self.keepThrown(error)
            }
            executor.finish()
        }
        executor.drain()
    }
}

/// Set once the awaited body has ended.
final class Flag: @unchecked Sendable {
    var value = false
}

/// A task executor whose jobs run on the thread that drains it, one after another, until it is told the work is
/// finished.
final class ThisThreadExecutor: TaskExecutor, @unchecked Sendable {
    private var jobs: [UnownedJob] = []
    private var finished = false
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    func finish() {
        pthread_mutex_lock(&mutex)
        finished = true
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// Runs jobs as they come (waiting for one when there is none) until the work is finished.
    func drain() {
        while true {
            pthread_mutex_lock(&mutex)
            while jobs.isEmpty && !finished { pthread_cond_wait(&condition, &mutex) }
            if jobs.isEmpty {
                pthread_mutex_unlock(&mutex)
                return
            }
            let job = jobs.removeFirst()
            pthread_mutex_unlock(&mutex)
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
