import Patterns
import PlaygroundCore

/// The `decorator` lesson: a profile screen loads through a `DataLoader`, first the network itself, then the wrappers
/// the learner puts around it (a cache, a logger, a retry, a placeholder of their own). The wrappers are made by the
/// learner's lines, so the state pane shows them as the compiler made them.
enum DecoratorModule {
    static let factory = DeclaredModule.factory("decorator") { m in
        let network = NetworkLoader()
        let screen = ProfileScreen(loader: network)
        m.live("screen", screen) { api in
            api.call("display", ProfileScreen.display)
            api.property("shown", \.shown)
        }
        m.live("network", network) { api in
            api.call("failNext", NetworkLoader.failNext)
            api.property("requests", \.requests)
        }
        m.command("display", [ArgumentSpec("path")], summary: "screen.display(_:)") {
            "screen.display(\(SwiftValue.quoted(try $0.word(0))))"
        }
        m.command("flaky", [ArgumentSpec("count", .int)], summary: "network.failNext(_:)") {
            "network.failNext(\(try $0.number(0)))"
        }
    }
}
