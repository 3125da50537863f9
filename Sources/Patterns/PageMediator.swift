// The call record is the playground's: imported for this module only, never seen by its clients.
internal import CallRecording

/// Hears messages from the mediator.
public protocol Receiver: AnyObject {
    func receive(message: String)
}

/// Sends messages, but only ever to its mediator.
public protocol Sender: AnyObject {
    func send(message: String)
}

/// The hub: knows the colleagues that can receive, and delivers to each. Colleagues know only the mediator, never
/// each other, so adding one changes none of the others.
public protocol PageMediator: AnyObject {
    var recipients: [Receiver] { get }
    func send(message: String)
    /// The same, saying who sends: a mediator that keeps no record may leave this to ``send(message:)``.
    func send(message: String, from sender: Sender)
}

extension PageMediator {
    public func send(message: String, from sender: Sender) { send(message: message) }
}

/// A page of a paged screen.
open class Page {
    public let name: String
    public init(name: String) { self.name = name }
}

/// The page that talks: when it disappears it tells the mediator, which tells every receiving page.
public final class SenderPage: Page, Sender {
    /// Weak: the mediator owns its pages.
    public weak var mediator: PageMediator?
    public func send(message: String) {
        CallRecord.call(self, "send(message:)", message) {
            guard let mediator else { return }
            CallRecord.call(mediator, "send(message:from:)", message, self) {
                mediator.send(message: message, from: self)
            }
        }
    }
    /// What UIKit would call when the page is hidden.
    public func viewDidDisappear() {
        CallRecord.call(self, "viewDidDisappear()") { send(message: "\(name) page viewDidDisappear()") }
    }
}

/// A page that listens.
public final class ReceiverPage: Page, Receiver {
    public private(set) var received: [String] = []
    public var onReceive: ((String) -> Void)?
    public func receive(message: String) {
        CallRecord.call(self, "receive(message:)", message) {
            received.append(message)
            onReceive?("\(message) received")
        }
    }
}

/// The page view controller as mediator between its child pages.
public final class PageViewController: PageMediator {
    public private(set) var pages: [Page] = []
    public init() {}

    /// The children that can receive, in order.
    public var recipients: [Receiver] { pages.compactMap { $0 as? Receiver } }

    /// Adds a child page; a sender page gets this controller as its mediator.
    public func add(_ page: Page) {
        CallRecord.call(self, "add(_:)", page) {
            pages.append(page)
            (page as? SenderPage)?.mediator = self
        }
    }

    /// How many messages this controller has delivered, and whether it is delivering one now: a page can tell a
    /// message the mediator brought from a direct call.
    public private(set) var messagesSent = 0
    public private(set) var isDelivering = false

    /// The name of the page that sent the last message (nil before any, or when it came with no sender page).
    public private(set) var lastSender: String?
    /// How many recipients the last message was delivered to: each one's `receive(message:)` was called.
    public private(set) var lastDelivery = 0

    public func send(message: String) {
        CallRecord.call(self, "send(message:)", message) { deliver(message, from: nil) }
    }

    public func send(message: String, from sender: Sender) {
        CallRecord.call(self, "send(message:from:)", message, sender) {
            deliver(message, from: (sender as? Page)?.name)
        }
    }

    private func deliver(_ message: String, from sender: String?) {
        messagesSent += 1
        lastSender = sender
        lastDelivery = 0
        isDelivering = true
        defer { isDelivering = false }
        for recipient in recipients {
            lastDelivery += 1
            CallRecord.call(recipient, "receive(message:)", message) { recipient.receive(message: message) }
        }
    }

    /// Links needed between `count` colleagues when each talks to each directly: n(n-1)/2.
    public static func directLinks(_ count: Int) -> Int { count * (count - 1) / 2 }
    /// Links needed when each talks only to the mediator: n.
    public static func mediatedLinks(_ count: Int) -> Int { count }
}
