#if canImport(Glibc)
import Glibc
#endif

/// Signal handling for the REPL. SIGINT, SIGTERM and SIGHUP are caught without SA_RESTART, so a blocked read in
/// libedit returns EINTR: Ctrl-C cancels the line, SIGTERM/SIGHUP let the loop save history and restore the terminal.
public enum Signals {
    /// The last signal caught (0: none). Written by the handler, read by the loop.
    nonisolated(unsafe) public static var pending: Int32 = 0
    /// The terminal was resized since the flag was last cleared (SIGWINCH).
    nonisolated(unsafe) public static var resized = false

    public static func install() {
        // A parent may have left these blocked (threads of test runners do); the REPL needs them delivered.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&unblock, signal) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { Signals.pending = $0 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        // Ctrl-\ quits as it quits a program, with no report: the Swift runtime's own handler printed a backtrace of
        // some sixty lines of the playground's frames (into the transcript, when a line sent it to its parent).
        signal(SIGQUIT, SIG_DFL)
        // A resize interrupts a blocked read (no SA_RESTART), so the dashboard is redrawn at once.
        var winch = sigaction()
        winch.__sigaction_handler.sa_handler = { _ in Signals.resized = true }
        sigemptyset(&winch.sa_mask)
        winch.sa_flags = 0
        sigaction(SIGWINCH, &winch, nil)
    }

    /// Whether the last signal caught asks the program to end (Ctrl-C, SIGTERM, SIGHUP).
    public static var endRequested: Bool { [SIGINT, SIGTERM, SIGHUP].contains(pending) }

    /// Ends the process as `signal` would have ended it (the shell sees 130 for Ctrl-C, 143 for SIGTERM), after
    /// putting the terminal back: the alternate screen left, the cursor shown, the modes from before. For a program
    /// waiting on single keys (the presenter mode), where there is nothing to save and nothing to finish.
    public static func terminate(by signal: Int32) -> Never {
        if !AlternateScreen.restoreForExit(), isatty(1) == 1 {
            // The stream layout: the shell's prompt starts on a line of its own.
            _ = Glibc.write(1, "\r\n", 2)
        }
        Glibc.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        _exit(128 + signal)
    }

    /// Ignores SIGPIPE so that a closed output pipe shows up as a write error (and a quiet exit) instead of a kill.
    public static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }
}

/// The terminal's size, asked fresh every time (after SIGWINCH the next render uses the new width).
public struct WindowSize: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public static func current(fd: Int32 = 1) -> WindowSize {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
        }
        return WindowSize(columns: 80, rows: 24)
    }
}

/// Locale setup: libedit drops non-ASCII input unless LC_CTYPE is a UTF-8 locale.
public enum Locale {
    public static func ensureUTF8() {
        if let set = setlocale(LC_CTYPE, ""), String(cString: set).uppercased().contains("UTF") { return }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "en_US.UTF-8") }
    }
}

/// Whether a file descriptor is a terminal.
public func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
