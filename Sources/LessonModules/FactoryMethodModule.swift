import Patterns
import PlaygroundCore

/// The `factory-method` lesson: a settings screen (the creator) writes `addRow(_:)` once and asks its factory method,
/// `makeCell()`, for each row's cell; a phone screen makes list cells, a tablet screen overrides the one method to
/// make cards, and the learner writes a watch screen of their own.
enum FactoryMethodModule {
    static let factory = DeclaredModule.factory("factory-method") { m in
        m.live("phone", SettingsScreen()) { api in
            api.call("addRow", SettingsScreen.addRow)
            api.call("clear", SettingsScreen.clear)
            api.property("rows", \.rows)
        }
        m.live("tablet", TabletSettingsScreen()) { api in
            api.call("addRow", TabletSettingsScreen.addRow)
            api.call("clear", TabletSettingsScreen.clear)
            api.property("rows", \.rows)
        }
        m.command(
            "row", [ArgumentSpec("screen", .choice(["phone", "tablet"])), ArgumentSpec("title", .text)],
            summary: "addRow(_:)"
        ) { "\(try $0.word(0)).addRow(\(SwiftValue.quoted(try $0.word(1))))" }
    }
}
