#if canImport(Glibc)
import Glibc
#endif

/// Work a line hands to the main queue (`DispatchQueue.main.async`) runs as it would in an app that keeps running:
/// after the line's own code, on the line's thread, within the line's limits.
///
/// The playground never runs a run loop of its own between lines (the prompt waits for the learner), so after each
/// line it does what a run loop would for the main queue: it drains libdispatch's main queue (the hook
/// CoreFoundation's run loop calls). A `Timer` needs Foundation's run loop, which runs on threads of its own: a line
/// that leaves one scheduled is told so. Entry points are looked up by name in what is loaded, so nothing here links
/// Foundation into the playground.
public enum MainQueue {
    private typealias Drain = @convention(c) (UnsafeMutableRawPointer?) -> Void
    private typealias GetMain = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias NextFire = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Double

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        // RTLD_DEFAULT: every object loaded so far, a line's Foundation included.
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// What the main queue holds runs now, and what it makes in turn.
    public static func drain() {
        let dispatch = symbol("_dispatch_main_queue_callback_4CF", as: Drain.self)
        // A job the main queue runs may enqueue another, or a task: a few rounds take what they make.
        for _ in 0..<4 {
            dispatch?(nil)
            LineTasks.runDue()
        }
    }

    /// Whether a line loaded Foundation and left a timer on the main run loop. Running that run loop starts
    /// libdispatch's worker threads (measured: a one-shot `Timer` fired through `RunLoop.run(until:)` left 2), so the
    /// playground does not run it.
    public static func timerScheduled() -> Bool {
        guard let getMain = symbol("CFRunLoopGetMain", as: GetMain.self),
            let nextFire = symbol("CFRunLoopGetNextTimerFireDate", as: NextFire.self),
            let modeAddress = dlsym(nil, "kCFRunLoopDefaultMode")
        else { return false }
        let mode = modeAddress.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee
        return nextFire(getMain(), mode) != 0
    }

    /// How many threads this process has (`/proc/self/task`); nil when it cannot be read.
    public static func threadCount() -> Int? {
        guard let directory = opendir("/proc/self/task") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name.first != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }
}
