extension Mediator {
    /// Posts `text` as the session's own answer, on the `out` topic.
    func say(_ text: String) { post(PaneMessage(topic: "out", source: "session", text: text)) }
}
