import PackagePlugin
import Foundation

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
                if url.pathExtension == "md" || (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    inputs.append(url)
                }
            }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLessons.swift")
        return [
            .buildCommand(
                displayName: "Embedding lessons",
                executable: try context.tool(named: "EmbedLessonsTool").url,
                arguments: [lessons.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
