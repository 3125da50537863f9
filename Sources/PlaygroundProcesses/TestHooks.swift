#if canImport(Glibc)
import Glibc
#endif

/// The environment variables the test suites set to reach behaviour a learner never meets. Each is named here and
/// read through here alone, and every name starts with `PATTERNS_TEST_`: a learner's environment does not set one by
/// chance, and a reader of the binary's strings (or of `env`) knows them for what they are.
public enum TestHooks {
    /// `PATTERNS_TEST_CHECK_THREADS=1`: a second thread at a fork that does not exec is said on standard error and
    /// the process aborts (``ThreadCount/checkBeforeFork(_:)``), so that a test sees it at once.
    public static let checkThreads = "PATTERNS_TEST_CHECK_THREADS"
    /// `PATTERNS_TEST_MISSING_HOOK=<symbol>`: that Swift runtime hook is taken as missing, so that tests see the
    /// playground's fallback when a toolchain lacks it.
    public static let missingHook = "PATTERNS_TEST_MISSING_HOOK"

    /// Whether ``checkThreads`` is set to 1 in this process's environment.
    public static var checksThreads: Bool {
        getenv(checkThreads).map { String(cString: $0) == "1" } ?? false
    }
}
