// The executor factory is experimental SPI: used only with the compiler it was tested with (6.3). On any other
// compiler the runtime's hooks alone take the queues over, and `missing` names the factory.
#if compiler(>=6.3) && compiler(<6.4)
// Swift 6.3's executor factory and scheduling executors (SPI): sleeps timed in the playground's queue.
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Swift concurrency in the playground runs on the thread that runs the lines, never on a pool of threads.
///
/// Each line that may run learner code runs in a forked copy of the process, and a copy has none of the threads its
/// parent had: a pool that a `Task` started in one line would be half there in the next (its locks held, its
/// threads gone), and the next line could hang. So the playground takes the runtime's queues over (its hooks for the
/// global executor, its delays and deadlines, and the main executor): a job waits here until the line's thread runs
/// it, at the end of the line that made it (`runDue`) or while a line awaits (`run(until:)`). A `Task` thus runs once
/// its line has done the rest, in order, the same every time; a `Task.sleep` waits in the queue for its time (the
/// runtime's executors are the playground's, through its executor factory, so no timer thread of the runtime's is
/// ever started).
public enum LineTasks {
    private struct Pending {
        var job: UnownedJob
        /// When it may run (CLOCK_MONOTONIC, nanoseconds); 0: now.
        var due: UInt64
        var onMain: Bool
    }

    private final class Queue: @unchecked Sendable {
        var pending: [Pending] = []
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        init() {
            pthread_mutex_init(mutex, nil)
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(condition, &attributes)
        }
    }

    private static let queue = Queue()
    /// Whether the runtime's queues are the playground's (`install`): every hook was there and set.
    nonisolated(unsafe) public private(set) static var isInstalled = false
    /// What `install` looked for and did not find (a runtime hook's symbol, the executor factory), in order. Not
    /// empty: the takeover is off, and a line that starts a thread through Swift concurrency is refused as a line
    /// that leaves a thread (`patterns doctor` and the start of a session say so).
    nonisolated(unsafe) public private(set) static var missing: [String] = []
    /// The runtime's hooks the playground sets, by symbol name.
    public static let hookNames = [
        "swift_task_enqueueGlobal_hook", "swift_task_enqueueGlobalWithDelay_hook",
        "swift_task_enqueueGlobalWithDeadline_hook", "swift_task_enqueueMainExecutor_hook",
    ]
    /// Names a hook missing on purpose (`PATTERNS_TEST_MISSING_HOOK`, PlaygroundProcesses' `TestHooks`), so that tests
    /// see the fallback.
    nonisolated(unsafe) public static var pretendMissing: String?
    /// The executor a global job runs on: jobs it is handed wait in the same queue.
    static let executor = LineExecutor()

    typealias Enqueue = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void
    typealias EnqueueWithDelay = @convention(c) (UInt64, UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void
    typealias EnqueueWithDeadline =
        @convention(c) (Int64, Int64, Int64, Int64, Int32, UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void

    /// Takes the runtime's global and main executors over, for this process and the copies it makes. Only the
    /// playground itself does this: a process that runs Swift concurrency of its own (a test runner) keeps the pool.
    public static func install() {
        guard !isInstalled, missing.isEmpty, let me = dlopen(nil, RTLD_NOW) else { return }
        // Every hook is looked up before any is set: half a takeover (the global queue ours, a delay the runtime's
        // timer thread) would start a thread in some lines and not others.
        var addresses: [String: UnsafeMutableRawPointer] = [:]
        for name in hookNames {
            if name != pretendMissing, let address = dlsym(me, name) {
                addresses[name] = address
            } else {
                missing.append(name)
            }
        }
        #if !(compiler(>=6.3) && compiler(<6.4))
        missing.append("ExecutorFactory (SPI tested with Swift 6.3 only)")
        #endif
        guard missing.isEmpty else { return }
        func hook<T>(_ name: String, _ function: T) {
            addresses[name]?.assumingMemoryBound(to: Optional<T>.self).pointee = function
        }
        let enqueue: Enqueue = { job, _ in LineTasks.add(job, due: 0, onMain: false) }
        let main: Enqueue = { job, _ in LineTasks.add(job, due: 0, onMain: true) }
        let delayed: EnqueueWithDelay = { delay, job, _ in
            LineTasks.add(job, due: LineTasks.now() &+ delay, onMain: false)
        }
        let deadline: EnqueueWithDeadline = { seconds, nanoseconds, _, _, clock, job, _ in
            // The continuous clock (1) counts time asleep, the suspending one does not: both are read here.
            let wanted = UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, nanoseconds))
            let clockNow = LineTasks.now(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC)
            let due = wanted > clockNow ? LineTasks.now() &+ (wanted - clockNow) : 0
            LineTasks.add(job, due: due, onMain: false)
        }
        hook("swift_task_enqueueGlobal_hook", enqueue)
        hook("swift_task_enqueueGlobalWithDelay_hook", delayed)
        hook("swift_task_enqueueGlobalWithDeadline_hook", deadline)
        hook("swift_task_enqueueMainExecutor_hook", main)
        #if compiler(>=6.3) && compiler(<6.4)
        // The default and main executors too, so that a sleep (`Task.sleep(for:)`) is timed here.
        _createExecutors(factory: LineExecutorFactory.self)
        #endif
        isInstalled = true
    }

    static func add(_ job: UnsafeMutableRawPointer, due: UInt64, onMain: Bool) {
        add(unsafeBitCast(job, to: UnownedJob.self), due: due, onMain: onMain)
    }

    static func add(_ job: UnownedJob, due: UInt64, onMain: Bool) {
        pthread_mutex_lock(queue.mutex)
        queue.pending.append(Pending(job: job, due: due, onMain: onMain))
        pthread_cond_signal(queue.condition)
        pthread_mutex_unlock(queue.mutex)
    }

    static func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The first job that is due, taken from the queue, or when the next one will be (nil: none waits).
    private static func takeDue() -> (job: Pending?, next: UInt64?) {
        pthread_mutex_lock(queue.mutex)
        defer { pthread_mutex_unlock(queue.mutex) }
        let time = now()
        if let index = queue.pending.firstIndex(where: { $0.due <= time }) {
            return (queue.pending.remove(at: index), nil)
        }
        return (nil, queue.pending.map(\.due).min())
    }

    private static func run(_ pending: Pending) {
        if pending.onMain {
            pending.job.runSynchronously(on: MainActor.sharedUnownedExecutor)
        } else {
            pending.job.runSynchronously(on: executor.asUnownedTaskExecutor())
        }
    }

    /// Runs every job that is due, and those they make due, until none is (a job waiting for its time stays).
    public static func runDue() {
        guard isInstalled else { return }
        while let job = takeDue().job { run(job) }
    }

    /// Runs jobs as they come due until `done()`: waits for a job's time, or for one from another thread.
    static func run(until done: () -> Bool) {
        while !done() {
            let (job, next) = takeDue()
            if let job {
                run(job)
                continue
            }
            pthread_mutex_lock(queue.mutex)
            if queue.pending.isEmpty || next != nil {
                // Wake at the next job's time, or when one is added; a line that never ends meets its time limit.
                let wake = next ?? (now() &+ 100_000_000)
                var deadline = timespec(
                    tv_sec: Int(wake / 1_000_000_000), tv_nsec: Int(wake % 1_000_000_000))
                pthread_cond_timedwait(queue.condition, queue.mutex, &deadline)
            }
            pthread_mutex_unlock(queue.mutex)
        }
    }
}

/// The task executor global jobs run on: what it is handed waits in the playground's queue with the rest.
final class LineExecutor: TaskExecutor, @unchecked Sendable {
    func enqueue(_ job: consuming ExecutorJob) {
        LineTasks.add(UnownedJob(job), due: 0, onMain: false)
    }
}

#if compiler(>=6.3) && compiler(<6.4)
/// On Swift 6.3: a sleep in a task on this executor waits in the queue, not on the runtime's timer thread.
extension LineExecutor: SchedulingExecutor {
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        LineTasks.add(UnownedJob(job), due: Self.due(clock.now.duration(to: instant)), onMain: false)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        LineTasks.add(UnownedJob(job), due: Self.due(delay), onMain: false)
    }

    /// When a job that waits `wait` may run (0: now; a clock whose durations are not `Duration`: now).
    static func due(_ wait: some DurationProtocol) -> UInt64 {
        guard let wait = wait as? Duration, wait > .zero else { return 0 }
        let (seconds, attoseconds) = wait.components
        return LineTasks.now() &+ UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}

/// The main actor's executor: its jobs wait in the same queue, and run on the line's thread.
final class LineMainExecutor: MainExecutor, @unchecked Sendable {
    func enqueue(_ job: consuming ExecutorJob) {
        LineTasks.add(UnownedJob(job), due: 0, onMain: true)
    }

    func run() throws {}
    func stop() {}
}

/// The executors the runtime uses by default, once `LineTasks.install` made them the playground's.
struct LineExecutorFactory: ExecutorFactory {
    static let main = LineMainExecutor()
    static var mainExecutor: any MainExecutor { main }
    static var defaultExecutor: any TaskExecutor { LineTasks.executor }
}
#endif
