import CPosix
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end, or stopped: the compiler, run for a line or an exercise file.
///
/// It runs in a process group of its own (the driver starts the frontend and the linker: stopping the line stops them
/// all), and dies with the process that started it, so no compiler outlives its line or the playground.
enum Subprocess {
    enum Ended: Equatable {
        case exited(status: Int32, output: String)
        case timedOut
        case interrupted
        case failed(String)
    }

    /// Runs `arguments` with standard input from /dev/null and standard output and error captured together.
    /// `started` hears the process group (= the pid) before anything is read.
    static func run(_ arguments: [String], limit: Double, interrupted: () -> Bool,
                    started: (Int32) -> Void = { _ in }) -> Ended {
        var fds: [Int32] = [0, 0]
        guard patterns_pipe(&fds, 0) == 0 else { return .failed("pipe: " + String(cString: strerror(errno))) }
        // Everything the child touches is made before the fork: between fork and exec it only calls the system.
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let parent = getpid()
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let pid = fork()
        if pid == 0 {
            setpgid(0, 0)
            _ = patterns_set_parent_death_signal(SIGKILL)
            if getppid() != parent { _exit(127) }
            if null >= 0 { dup2(null, 0) }
            dup2(fds[1], 1)
            dup2(fds[1], 2)
            execv(arguments[0], argv)
            _exit(127)
        }
        if null >= 0 { close(null) }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            return .failed("fork: " + String(cString: strerror(errno)))
        }
        started(pid)
        let deadline = LineCompiler.now() + limit
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        var stop: Ended?
        var open = true
        while open {
            var item = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&item, 1, 100)
            if ready > 0 {
                let count = read(fds[0], &buffer, buffer.count)
                if count > 0 {
                    if bytes.count < 1 << 20 { bytes += buffer[0..<count] }
                } else if count == 0 || errno != EINTR {
                    open = false
                }
            }
            if interrupted() { stop = .interrupted } else if LineCompiler.now() > deadline { stop = .timedOut }
            if stop != nil { break }
        }
        close(fds[0])
        if stop != nil { kill(-pid, SIGKILL); kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Whatever the driver left behind in its group (a frontend, a linker) goes with it.
        kill(-pid, SIGKILL)
        if let stop { return stop }
        let exited = status & 0x7f == 0
        if exited && (status >> 8) & 0xff == 127 && bytes.isEmpty { return .failed("cannot start '\(arguments[0])'") }
        return .exited(status: status, output: String(decoding: bytes, as: UTF8.self))
    }
}

/// A line that never finished where the session runs it in-process (the compiler stopped by its time limit or
/// Ctrl-C): reported as the stop it was.
public struct LineStopped: Error, Equatable, Sendable {
    public var stop: LineStop
}
