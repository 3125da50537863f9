import PlaygroundCore

/// How a session's output reaches stdout: rendered text, or (`--format jsonl`) one JSON object per pane message.
struct Console {
    let session: Session
    let format: OutputFormat

    init(session: Session, format: OutputFormat) {
        self.session = session
        self.format = format
        if format == .jsonl {
            session.renderer = { _ in "" }
            session.mediator.observer = { [unowned session] message, pane in
                guard pane.isShown else { return }
                Output.write(JSON.event(pane: pane.name, topic: message.topic, source: message.source, text: TextSanitizer.clean(message.text),
                                        step: session.lesson.map { _ in session.stepIndex + 1 }, lesson: session.lesson?.id, error: message.isError))
            }
        }
    }

    /// Shows a command as typed, after the prompt (text) or as an `input` event (jsonl).
    func echo(_ command: String) {
        let clean = TextSanitizer.clean(command)
        switch format {
        case .text:
            Output.write(session.prompt + clean + "\n")
        case .jsonl:
            Output.write(JSON.event(pane: "input", topic: "command", source: "user", text: clean,
                                    step: session.lesson.map { _ in session.stepIndex + 1 }, lesson: session.lesson?.id))
        }
    }

    /// Writes what the session rendered since the last call.
    func flush() { Output.write(session.takeOutput()) }

    /// Plain text outside any pane (step banners of `run`): printed as is, or as a `lesson` event.
    func note(_ text: String, pane: String = "lesson") {
        switch format {
        case .text: Output.write(text)
        case .jsonl:
            Output.write(JSON.event(pane: pane, topic: pane, source: "run", text: text.hasSuffix("\n") ? String(text.dropLast()) : text,
                                    step: session.lesson.map { _ in session.stepIndex + 1 }, lesson: session.lesson?.id))
        }
    }
}
