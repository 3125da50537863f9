import ArgumentParser
import LessonModules
import PlaygroundCore

/// `patterns bindings <module>` (not in the help): the names a module's lesson lends a compiled line, declared in
/// Swift with their types. `Scripts/swift-check` type-checks each lesson's lines after them.
struct BindingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bindings", abstract: "Print a module's live objects as Swift declarations.",
        shouldDisplay: false)
    @Argument(help: "The module, as a lesson's front matter names it.") var module: String

    func run() throws {
        guard let factory = LessonModules.all.first(where: { $0.name == module }) else {
            Output.error(
                "error: unknown module '\(module)'; modules: \(LessonModules.all.map(\.name).joined(separator: ", "))")
            throw ExitCode(1)
        }
        Output.text(ModuleBindings.swiftSource(of: factory))
    }
}
