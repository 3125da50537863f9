/// `pane add|show|hide` and `route`: the learner changing the program's own mediator.
extension LessonController {
    func applyPaneCommand(_ command: GlobalCommand) throws {
        switch command {
        case .addPane(let name):
            try checkPaneName(name)
            guard mediator.pane(named: name) == nil else { throw PlaygroundError(CoreText.paneAlreadyExists(name)) }
            mediator.addPane(Pane(name: name, kind: .append))
            session.say(CoreText.addedPaneRouteTopicToSends(name))
        case .showPane(let name), .hidePane(let name):
            guard let pane = mediator.pane(named: name) else { throw unknownPane(name) }
            let show: Bool
            if case .showPane = command { show = true } else { show = false }
            pane.isShown = show
            session.say(show ? CoreText.paneIsShown(name) : CoreText.paneIsHidden(name))
        case .route(let topic, let paneName):
            guard mediator.pane(named: paneName) != nil else { throw unknownPane(paneName) }
            let known = mediator.routes.map(\.topic)
            guard known.contains(topic) else {
                var message = CoreText.unknownTopic(topic)
                if let s = Suggest.closest(to: topic, in: known) { message += CoreText.andDidYouMean(s) }
                throw PlaygroundError(message)
            }
            mediator.route(topic, to: paneName)
            session.say(CoreText.routed(topic, paneName))
        default:
            throw InternalError("\(command) is not a pane command")
        }
    }

    func checkPaneName(_ name: String) throws {
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), name.count <= 20 else {
            throw PlaygroundError(CoreText.aPaneNameIsUpTo.phrase)
        }
    }

    func unknownPane(_ name: String) -> PlaygroundError {
        var message = CoreText.unknownPane(name)
        if let s = Suggest.closest(to: name, in: mediator.panes.map(\.name)) { message += CoreText.andDidYouMean(s) }
        return PlaygroundError(message)
    }

    /// Topics that can be routed (for completion).
    public var topics: [String] { mediator.routes.map(\.topic) }
}
