import Testing

@testable import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// The line cache: keyed by the compiler and the modules as well as the line, its failures of the moment never kept
/// as a line's verdict, its folder the user's own.
struct LineCacheTests {
    func compiler(identity: String, cache: String = "/nonexistent") -> LineCompiler {
        LineCompiler(swiftc: "/usr/bin/false", modules: "/nonexistent", cacheDirectory: cache, identity: identity)
    }

    @Test func theKeyChangesWithTheCompilerOrTheModulesAndOnlyThen() {
        let source = "print(1)"
        let first = compiler(identity: "/opt/swift/usr/bin/swiftc|1234|1.5|9")
        #expect(first.key(for: source) == compiler(identity: "/opt/swift/usr/bin/swiftc|1234|1.5|9").key(for: source))
        #expect(first.key(for: source) != compiler(identity: "/usr/local/bin/swiftc|1234|1.5|9").key(for: source))
        #expect(first.key(for: source) != compiler(identity: "/opt/swift/usr/bin/swiftc|1235|1.5|9").key(for: source))
        #expect(first.key(for: source) != first.key(for: "print(2)"))
        #expect(first.key(for: source).count == 16)
    }

    @Test func onlyTheCompilersVerdictOnTheSourceIsCached() {
        #expect(
            LineCompiler.isVerdict(
                """
                repl:1:5: error: cannot find 'x' in scope
                print(x)
                      ^
                """))
        #expect(!LineCompiler.isVerdict("error: error opening input file '/c/ab.1.swift' (No such file or directory)"))
        #expect(!LineCompiler.isVerdict("<unknown>:0: error: module 'Patterns' was created by a newer compiler"))
        #expect(!LineCompiler.isVerdict("prelude.swift:3:8: error: no such module 'Exercise_ada95db1c7a05c2a'"))
    }

    @Test func aFolderThatCannotBeUsedGivesWayToAPrivateOne() throws {
        let root = "/tmp/patterns-cache-test-\(getpid())"
        _ = mkdir(root, 0o700)
        defer { _ = system("rm -rf '\(root)'") }
        let (good, none) = LineCompiler.usableCache(root + "/mine/lines", temporaryRoot: root)
        #expect(good == root + "/mine/lines" && none == nil)
        _ = mkdir(root + "/open", 0o777)
        chmod(root + "/open", 0o777)
        let (other, warning) = LineCompiler.usableCache(root + "/open", temporaryRoot: root)
        #expect(other.hasPrefix(root + "/patterns-lines-"))
        #expect(
            warning?.text(.en) == "the line cache \(root)/open cannot be used (others can write to it); compiled "
                + "lines are kept in \(other) for this session only")
        var info = stat()
        #expect(stat(other, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }
}
