import CPosix
import LessonModules
import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// `patterns test` on a machine with more than one core: a copy of the process tests the lessons from the last one
/// backwards, only so that the Swift they compile is in the line cache when the real run, going forwards, reaches
/// them. Its results are thrown away; what `patterns test` reports is the real run's alone, in order, and the same
/// as without it. The copy ends when the real run has no more need of it, or when the process that made it ends.
struct CacheWarmer {
    private var pid: pid_t = 0

    init(lessons: [Lesson], tester: LessonTester) {
        guard lessons.count > 1, tester.compiler != nil, sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else { return }
        let parent = getpid()
        // Without a copy the real run is only slower.
        let child = (try? Processes.forkCopy()) ?? -1
        guard child == 0 else {
            pid = max(child, 0)
            return
        }
        _ = patterns_set_parent_death_signal(SIGKILL)
        if getppid() != parent { _exit(0) }
        // Nothing it says reaches the terminal.
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            dup2(null, 1)
            dup2(null, 2)
        }
        for lesson in lessons.reversed() { _ = tester.test(lesson) }
        _exit(0)
    }

    /// Stops the copy, if it still runs.
    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        _ = Processes.wait(pid)
    }
}
