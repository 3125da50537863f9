// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// A row of a list (the Factory Method pattern's product): configured with a title, it shows its own text.
public protocol SettingsCell: AnyObject {
    /// What the row shows.
    var text: String { get }
    func configure(with title: String)
}

/// A phone's row: the title as it is.
public final class ListCell: SettingsCell {
    public private(set) var text = ""
    public init() {}
    public func configure(with title: String) {
        CallRecord.call(self, "configure(with:)", title) { text = title }
    }
}

/// A tablet's row: the title on a card.
public final class CardCell: SettingsCell {
    public private(set) var text = ""
    public init() {}
    public func configure(with title: String) {
        CallRecord.call(self, "configure(with:)", title) { text = "[ " + title + " ]" }
    }
}

/// A settings screen (the Factory Method pattern's creator): `addRow(_:)` is written once, here, and asks
/// `makeCell()` (the factory method) for each row's cell; a subclass decides which concrete cell that is by
/// overriding `makeCell()`, and the screen's own code never names it. UIKit's `UIView.layerClass` works this way.
open class SettingsScreen {
    /// What each row shows, top to bottom.
    public private(set) var rows: [String] = []

    public init() {}

    /// The factory method: the cell for one more row. This screen makes plain list cells.
    open func makeCell() -> SettingsCell {
        CallRecord.call(self, "makeCell()") { ListCell() }
    }

    /// Adds a row: a new cell from `makeCell()`, configured with the title.
    public final func addRow(_ title: String) {
        CallRecord.call(self, "addRow(_:)", title) {
            let cell = makeCell()
            cell.configure(with: title)
            rows.append(cell.text)
        }
    }

    /// Takes every row off.
    public final func clear() {
        CallRecord.call(self, "clear()") { rows = [] }
    }
}

/// A tablet's settings screen: the same screen, its rows on cards.
public final class TabletSettingsScreen: SettingsScreen {
    override public func makeCell() -> SettingsCell {
        CallRecord.call(self, "makeCell()") { CardCell() }
    }
}
