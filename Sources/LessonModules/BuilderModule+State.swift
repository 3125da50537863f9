import Patterns
import PlaygroundCore

/// The builder lesson's state pane and pictures, read from its objects.
extension BuilderModule {
    // MARK: state

    public func state() -> [StateGroup] {
        let builderParts = BuilderParts(
            meat: builder.meat, sauces: builder.sauces.rawValue, toppings: builder.toppings.rawValue)
        var groups = [
            builderMemo.value(for: builderParts) {
                StateGroup("builder", type: "HamburgerBuilder", Self.fields(of: builder))
            }
        ]
        // The alert builders are in the state pane once they hold a part (by whichever engine it was set).
        let alert = AlertParts(alertBuilder.title, alertBuilder.message, alertBuilder.confirmAction)
        let buggy = AlertParts(buggyBuilder.title, buggyBuilder.message, buggyBuilder.confirmAction)
        guard alert.holdsAPart || buggy.holdsAPart else { return groups }
        if alert.holdsAPart { groups.append(alertMemo.value(for: alert) { alertState("alert", alert) }) }
        if buggy.holdsAPart { groups.append(buggyAlertMemo.value(for: buggy) { alertState("buggyAlert", buggy) }) }
        let tap = screen.lastTap
        let screenParts = ScreenParts(
            presented: screen.presented.map { $0.title }, tapped: tap.map { $0.alert?.title },
            tapRan: tap?.actionRan)
        groups.append(
            screenMemo.value(for: screenParts) {
                StateGroup(
                    "screen", type: "Screen",
                    [
                        StateField("presented", .plain(screen.presented.map { Render.optional($0.title) } ?? "nil")),
                        StateField("lastTap", .plain(tap.map(Self.describe) ?? "nil")),
                    ])
            })
        return groups
    }

    /// What the screen's last tap did: `action of "Delete?" ran` (`action ran` for an alert without a title), or
    /// `nothing ran`.
    static func describe(_ tap: Screen.Tap) -> String {
        guard tap.actionRan, let alert = tap.alert else { return "nothing ran" }
        return alert.title.map { "action of \(StateValue.optionalString($0).display) ran" } ?? "action ran"
    }

    func alertState(_ name: String, _ parts: AlertParts) -> StateGroup {
        // A closure's source cannot be read back from the object: `{ ... }`, whoever made it.
        let handler = parts.hasHandler ? "{ ... }" : "nil"
        let actionText =
            parts.hasAction ? "AlertAction(title: \(Render.optional(parts.actionTitle)), handler: \(handler))" : "nil"
        return StateGroup(
            name, type: name == "alert" ? "AlertConcreteBuilder" : "BuggyAlertBuilder",
            [
                StateField("title", .optionalString(parts.title)),
                StateField("message", .optionalString(parts.message)),
                StateField("confirmAction", .plain(actionText)),
            ])
    }

    public func explain(field: String, expected: String, actual: String) -> Phrase? {
        if field == "buggyAlert.confirmAction"
            || (field == "screen.lastTap" && lastPresenter == "buggyAlert" && buggyBuilder.confirmAction == nil)
        {
            return BuilderText.whyNoAction.phrase
        }
        if field == "screen.lastTap", lastPresenter == nil, screen.lastTap?.actionRan == false {
            return BuilderText.actionNotKept.phrase
        }
        if field == "screen.lastTap", screen.lastTap?.actionRan == true {
            return BuilderText.whichActionRan.phrase
        }
        return nil
    }

    // MARK: pictures

    static func picture(of burger: Hamburger) -> String {
        let width = 17
        var out = TextBuffer(capacity: 24 * 12)
        TextPicture.appendCentred(burger.description, width: width, to: &out)
        out.write("\n  _____________\n /  . . . . .  \\")
        for topping in burger.toppings.names.reversed() {
            out.write("\n ")
            TextPicture.appendCentred(" " + topping + " ", width: width - 2, fill: "~", to: &out)
        }
        for sauce in burger.sauces.names.reversed() {
            out.write("\n ")
            TextPicture.appendCentred(" " + sauce + " ", width: width - 2, fill: "=", to: &out)
        }
        out.write("\n[")
        TextPicture.appendCentred(" " + burger.meat.rawValue + " ", width: width - 2, fill: "#", to: &out)
        out.write("]\n \\_____________/")
        return out.string
    }

    static func picture(of alert: Alert) -> String {
        var lines: [String?] = []
        lines.append(alert.title ?? "")
        if let message = alert.message { lines.append(message) }
        lines.append(nil)
        lines.append("[ " + (alert.confirm?.title ?? "") + " ]")
        return TextPicture.box(lines)
    }
}
