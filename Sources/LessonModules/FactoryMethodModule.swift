import Patterns
import PlaygroundCore

/// The `factory-method` lesson: a settings screen (the creator) writes `addRow(_:)` once and asks its factory method,
/// `makeCell()`, for each row's cell; a phone screen makes list cells, a tablet screen overrides the one method to
/// make cards, and the learner writes a watch screen of their own.
enum FactoryMethodModule {
    static let factory = DeclaredModule.factory("factory-method") { m in
        // The tablet's `addRow(_:)` is the phone's, inherited: only the factory method differs.
        for (name, screen) in [("phone", SettingsScreen()), ("tablet", TabletSettingsScreen() as SettingsScreen)] {
            m.live(name, screen) { api in
                api.call("addRow", SettingsScreen.addRow)
                api.call("clear", SettingsScreen.clear)
                api.property("rows", \.rows)
            }
        }
        m.command(
            "row", [ArgumentSpec("screen", .choice(["phone", "tablet"])), ArgumentSpec("title", .text)],
            summary: "addRow(_:)"
        ) { "\(try $0.word(0)).addRow(\(SwiftValue.quoted(try $0.word(1))))" }
    }
}
