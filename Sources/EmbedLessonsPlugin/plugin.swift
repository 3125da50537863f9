import Foundation
import PackagePlugin

/// Embeds every file under the package's `Lessons/` folder into the `patterns` executable, so the built binary
/// works from any folder. Each lesson file is an input: editing one rebuilds the generated source.
@main
struct EmbedLessonsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let lessons = context.package.directoryURL.appending(path: "Lessons")
        // SwiftPM caches this list: after adding or removing a lesson file, `touch Package.swift` to refresh it.
        // The tool lists the folder itself, so it always embeds every file present when it runs.
        var inputs: [URL] = [lessons]
        if let walker = FileManager.default.enumerator(at: lessons, includingPropertiesForKeys: [.isDirectoryKey]) {
            for case let url as URL in walker {
                if url.pathExtension == "md"
                    || (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
                {
                    inputs.append(url)
                }
            }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLessons.swift")
        // The commit the binary is built from, for `patterns --version`: read from .git's files by the tool (git itself
        // is not run: a sandboxed plugin may not). They are inputs, so a new commit rebuilds. No .git (a tarball):
        // none.
        let git = Self.gitFiles(package: context.package.directoryURL)
        inputs += git.existing
        return [
            .buildCommand(
                displayName: "Embedding lessons",
                executable: try context.tool(named: "EmbedLessonsTool").url,
                arguments: [lessons.path, output.path] + git.arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// `.git/HEAD`, the branch's ref file and `packed-refs` (in a worktree, the ref lives in the common folder named
    /// by `commondir`), as arguments for the tool and as the existing ones to watch.
    static func gitFiles(package: URL) -> (arguments: [String], existing: [URL]) {
        let dotGit = package.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return ([], []) }
        var gitDir = dotGit
        if !isFolder.boolValue {
            // A worktree or submodule: `.git` is a file saying `gitdir: <path>`.
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else {
                return ([], [])
            }
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        var common = gitDir
        if let text = try? String(contentsOf: gitDir.appending(path: "commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appending(path: path)
        }
        let head = gitDir.appending(path: "HEAD")
        var watched = [head, common.appending(path: "packed-refs")]
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref:") {
            let ref = text.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            watched += [gitDir.appending(path: ref), common.appending(path: ref)]
        }
        return (
            ["--git", gitDir.standardizedFileURL.path, common.standardizedFileURL.path],
            watched.filter { FileManager.default.fileExists(atPath: $0.path) }
        )
    }
}
