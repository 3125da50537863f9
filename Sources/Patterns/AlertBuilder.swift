// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// A finished alert: what a screen shows. Stands in for a UIKit alert view on a platform without UIKit.
public struct Alert: Sendable {
    public let title: String?
    public let message: String?
    /// The confirm button; `nil` when the builder never made one.
    public let confirm: AlertAction?
    public init(title: String?, message: String?, confirm: AlertAction?) {
        self.title = title
        self.message = message
        self.confirm = confirm
    }
}

/// A button and what happens when it is tapped.
public struct AlertAction: Sendable {
    public var title: String?
    public var handler: (@Sendable () -> Void)?
    public init(title: String?, handler: (@Sendable () -> Void)?) {
        self.title = title
        self.handler = handler
    }
}

/// Where alerts are presented: the stand-in for a root view controller.
public final class Screen {
    /// A tap on the confirm button: the alert that was on screen (nil: there was none) and whether an action ran.
    public struct Tap: Sendable {
        public let alert: Alert?
        public let actionRan: Bool
    }

    public private(set) var presented: Alert?
    /// The last tap since an alert was presented: nil before one (presenting an alert clears it).
    public private(set) var lastTap: Tap?
    public init() {}
    public func present(_ alert: Alert) {
        CallRecord.call(self, "present(_:)", alert) {
            presented = alert
            lastTap = nil
        }
    }
    /// Taps the confirm button of the alert on screen: runs its action (if any) and dismisses the alert.
    /// Returns whether an action ran.
    @discardableResult
    public func tapConfirm() -> Bool {
        CallRecord.call(self, "tapConfirm()") { tap() }
    }

    private func tap() -> Bool {
        guard let alert = presented else {
            lastTap = Tap(alert: nil, actionRan: false)
            return false
        }
        presented = nil
        guard let handler = alert.confirm?.handler else {
            lastTap = Tap(alert: alert, actionRan: false)
            return false
        }
        // Recorded before the action runs: an action that taps again or presents another alert has the last word.
        lastTap = Tap(alert: alert, actionRan: true)
        handler()
        return true
    }
}

/// The builder interface of the alert: every step returns `Self`, so steps chain into one fluent line.
public protocol AlertBuilding: AnyObject {
    var title: String? { get }
    var message: String? { get }
    @discardableResult func setTitle(_ title: String) -> Self
    @discardableResult func setMessage(_ message: String) -> Self
    @discardableResult func addConfirmAction(_ title: String, action: @escaping @Sendable () -> Void) -> Self
    @discardableResult func present() -> Alert
}

/// The concrete alert builder: keeps the parts, then hands them to an ``Alert`` presented on its ``Screen``.
public final class AlertConcreteBuilder: AlertBuilding {
    public private(set) var title: String?
    public private(set) var message: String?
    public private(set) var confirmAction: AlertAction?
    public let screen: Screen

    public init(screen: Screen) { self.screen = screen }

    @discardableResult public func setTitle(_ title: String) -> Self {
        CallRecord.call(self, "setTitle(_:)", title) { self.title = title }
        return self
    }
    @discardableResult public func setMessage(_ message: String) -> Self {
        CallRecord.call(self, "setMessage(_:)", message) { self.message = message }
        return self
    }
    @discardableResult
    public func addConfirmAction(_ title: String, action: @escaping @Sendable () -> Void) -> Self {
        // Create the action: the part exists from here on.
        CallRecord.call(self, "addConfirmAction(_:action:)", title, action) {
            confirmAction = AlertAction(title: title, handler: action)
        }
        return self
    }
    @discardableResult public func present() -> Alert {
        CallRecord.call(self, "present()") {
            let alert = Alert(title: title, message: message, confirm: confirmAction)
            screen.present(alert)
            return alert
        }
    }
}

/// The same builder with the bug worth learning from: `addConfirmAction` writes *through* an optional that nothing
/// ever created, so optional chaining silently does nothing. The button has no title and its action never runs.
public final class BuggyAlertBuilder: AlertBuilding {
    public private(set) var title: String?
    public private(set) var message: String?
    public private(set) var confirmAction: AlertAction?
    public let screen: Screen

    public init(screen: Screen) { self.screen = screen }

    @discardableResult public func setTitle(_ title: String) -> Self {
        CallRecord.call(self, "setTitle(_:)", title) { self.title = title }
        return self
    }
    @discardableResult public func setMessage(_ message: String) -> Self {
        CallRecord.call(self, "setMessage(_:)", message) { self.message = message }
        return self
    }
    @discardableResult
    public func addConfirmAction(_ title: String, action: @escaping @Sendable () -> Void) -> Self {
        CallRecord.call(self, "addConfirmAction(_:action:)", title, action) {
            confirmAction?.title = title  // confirmAction is nil: nothing happens
            confirmAction?.handler = action  // nor here
        }
        return self
    }
    @discardableResult public func present() -> Alert {
        CallRecord.call(self, "present()") {
            // The screen still draws a confirm button, with whatever the builder holds: nothing.
            let alert = Alert(
                title: title, message: message, confirm: confirmAction ?? AlertAction(title: nil, handler: nil))
            screen.present(alert)
            return alert
        }
    }
}
