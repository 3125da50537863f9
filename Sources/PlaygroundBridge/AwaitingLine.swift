extension LineContext {
    /// Runs a line that uses `await`, as top-level code may: its body is a task whose jobs wait in the playground's
    /// queue (`LineTasks`) and run on this thread, and the call returns when the task ends. No thread pool is
    /// needed, so a line awaits in a copy of the process too (a forked copy has none of the threads a pool had
    /// started). Where the runtime's executors are not the playground's (a test runner), the task prefers the
    /// queue's executor, so its jobs still come here.
    public func runAwaiting(_ body: @escaping @Sendable () async throws -> Void) {
        let finished = Flag()
        Task(executorPreference: LineTasks.executor) {
            do {
                try await body()
            } catch {
                self.keepThrown(error)
            }
            finished.value = true
        }
        LineTasks.run(until: { finished.value })
    }
}

/// Set once the awaited body has ended.
final class Flag: @unchecked Sendable {
    var value = false
}
