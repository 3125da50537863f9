#if canImport(Glibc)
import Glibc
#endif

/// The full-screen mode of the dashboard: the alternate screen, left again on exit, SIGTERM and crashes, with the
/// terminal's original modes put back.
public enum AlternateScreen {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var active = false
    static let leaveSequence: StaticString = "\u{1B}[?1049l\u{1B}[?25h"

    public static func enter() {
        guard !active else { return }
        tcgetattr(0, &saved)
        active = true
        installCrashHandlers()
        write("\u{1B}[?1049h")
    }

    public static func leave() {
        guard active else { return }
        active = false
        write("\u{1B}[?1049l")
    }

    /// Before the process ends on a signal: leaves the alternate screen, shows the cursor and puts the terminal modes
    /// back, when the screen is active. Returns whether it was.
    static func restoreForExit() -> Bool {
        guard active else { return false }
        active = false
        leaveSequence.withUTF8Buffer { _ = Glibc.write(1, $0.baseAddress, $0.count) }
        tcsetattr(0, TCSANOW, &saved)
        return true
    }

    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress, $0.count) }
    }

    /// On a crash signal: leave the alternate screen, restore the terminal modes, then die as the signal says.
    static func installCrashHandlers() {
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if AlternateScreen.active {
                    AlternateScreen.leaveSequence.withUTF8Buffer { _ = Glibc.write(1, $0.baseAddress, $0.count) }
                    tcsetattr(0, TCSANOW, &AlternateScreen.saved)
                }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}
