import Foundation
import PlaygroundTestSupport
import Testing

/// The decorator lesson's code exercise holds only for a wrapper that passes each load on to the loader it wraps: the
/// real binary, the real compiler, the file written by an "editor".
extension CodeExerciseTests {
    /// A `PlaceholderLoader` file with the learner's `load(_:)` body (`extra` declares more).
    static func placeholderLoader(load: String, extra: String = "") -> String {
        """
        import Patterns
        final class PlaceholderLoader: DataLoader {
            let wrapped: DataLoader
            let placeholder: String
            private(set) var fallbacks = 0
            \(extra)
            init(wrapping wrapped: DataLoader, placeholder: String) {
                self.wrapped = wrapped
                self.placeholder = placeholder
            }
            func load(_ path: String) throws -> String { \(load) }
        }
        """
    }

    /// False passes: the screen shows what the step wants and the fallback is counted, but the load never reaches
    /// the loader the wrapper was given (a network of its own is asked instead, or the failing path is answered by
    /// hand). The goal's calls through the learner's wrapper say so; the honest file passes.
    @Test(arguments: [
        (
            "if path == \"/avatar/8\" { fallbacks += 1; return placeholder }; return try network.load(path)",
            "private let network = NetworkLoader()",
            """
            ✗ not yet: 2 of 6 goal fields differ
              trace.has  expected safe -> network.load("/avatar/7"), actual no such call
              trace.has  expected safe -> network.load("/avatar/8"), actual no such call
            """
        ),
        (
            "if path == \"/avatar/8\" { fallbacks += 1; return placeholder }; return try wrapped.load(path)", "",
            """
            ✗ not yet: 1 of 6 goal fields differ
              trace.has  expected safe -> network.load("/avatar/8"), actual no such call
            """
        ),
        (
            "do { return try wrapped.load(path) } catch { fallbacks += 1; return placeholder }", "",
            "✓ goal met: step 6 is done. 'next' moves on."
        ),
    ])
    func aPlaceholderMustAskTheLoaderItWraps(load: String, extra: String, verdict expected: String) throws {
        let output = try checked("decorator", file: Self.placeholderLoader(load: load, extra: extra))
        let shown = verdict(output, lines: expected.split(separator: "\n").count)
        #expect(shown == expected, "\(output)")
    }

    /// A lesson object's field that holds an object the learner made is named by the learner's `let`, in the state
    /// pane and in the log of what changed.
    @Test func theScreensLoaderIsNamedByTheLearnersLet() throws {
        let result = try playground.runAsLearner(
            "load decorator\nlet cache = CachingLoader(wrapping: network)\nscreen.loader = cache\nstate\n")
        #expect(result.output.contains("screen.loader: same object as network → same object as cache\n"))
        #expect(
            result.output.hasSuffix(
                """
                ── state ───────────────────
                screen: ProfileScreen
                  loader: same object as cache
                  shown:  "-"
                network: NetworkLoader
                  requests: 0
                  failing:  0
                cache: CachingLoader
                  wrapped: same object as network
                  cached:  []
                  hits:    0

                """), "\(result.output)")
    }
}
