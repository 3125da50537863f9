import PlaygroundCore
import Terminal

/// The presenter's waits and keys: what a key does, the wait drawn under the screen, a line of one's own.
extension Presenter {
    /// Shows what the key will do and waits for it. End of input stops, as `q` does.
    func wait(_ prompt: String) -> Answer {
        var announce = true
        while true {
            let key = readKey(prompt, announce: announce)
            switch key {
            case .enter: return .go
            case .character("r"), .character("R"): return .rest
            case .character("b"), .character("B"): return .back
            case .character("q"), .character("Q"), .end:
                // In a live class the room is told; `q` asks first (the keys ending cannot be asked).
                guard let presenter = console.classLink?.presenter else { return .stop }
                if key != .end {
                    switch readKey(ClassText.stopPresenting.text(lang)) {
                    case .character("y"), .character("Y"), .character("q"), .character("Q"), .end: break
                    default:
                        announce = true
                        continue
                    }
                }
                presenter.stop(console: console)
                return .stop
            default:
                // A live class's keys first (ClassLink.swift): the room's exercise, a hint, the solution, the answers.
                var forClass = false
                if case .character(let c) = key {
                    forClass = console.classLink?.presenterKey(c, console: console) == true
                }
                // The keys that do not move the script on: a hint, a line of one's own, a page, a zoom.
                // In a class, `h` is the room's hint and the presenter's too (the step is published already, so the
                // hint moves nothing on the board).
                let acted = act(on: key)
                if let target = jumped() { return .jump(target) }
                // From a pipe the prompt is said again only after something was printed.
                announce = acted || forClass && dashboard != nil
            }
        }
    }

    /// The step the presenter's own line moved the session to (`goto 8`), if it did.
    func jumped() -> Int? {
        guard session.lesson != nil, view.step >= 0, session.stepIndex != view.step else { return nil }
        return session.stepIndex
    }

    /// Shows the wait (the key line, the clock, a class's keys) and reads a key. While no key comes the clock goes
    /// on by itself (redrawn when its text changes, once a second), and a resized terminal gets the screen drawn
    /// again at its new size. On a terminal the wait is taken away once the key is read; from a pipe it stays as a
    /// line (shown when `announce`).
    func readKey(_ prompt: String, announce: Bool = true) -> KeyReader.Key {
        guard overwrites else {
            if announce { console.note(style.dim(prompt) + "\n", pane: "out") }
            return keys.next()
        }
        drawWait(prompt)
        let key = keys.next(
            every: .seconds(1),
            tick: {
                // A live class whose server was away: the step shown is sent again each second while no key comes,
                // so the room follows as soon as the server is back (not at the presenter's next key).
                if let presenter = console.classLink?.presenter, presenter.awaitsServer {
                    if dashboard == nil { eraseWait() }
                    _ = presenter.publish(console: console, force: false)
                    drawWait(prompt)
                    return
                }
                guard clockText() != view.clock else { return }
                if dashboard == nil { eraseWait() }
                drawWait(prompt)
            },
            resized: {
                followResize()
                drawWait(prompt)
            })
        eraseWait()
        return key
    }

    /// The wait under the screen's text. In the dashboard: the frame, with the class's keys and the clock over its
    /// status line when the prompt line cannot hold the clock. In the stream: the lines of ``waitLines(_:width:)``.
    func drawWait(_ prompt: String) {
        let clock = clockText()
        view.clock = clock
        let width = screenWidth
        if let dashboard {
            var board = frame(dashboard)
            var line = DisplayWidth.truncate(prompt, to: max(1, board.width - 1))
            var footer = classKeys.map { [$0] } ?? []
            if DisplayWidth.of(line) + 3 + DisplayWidth.of(clock) <= board.width - 1 {
                line += "   " + clock
            } else {
                footer.append(clock)
            }
            board.footer = footer
            Output.write(board.frame(session.mediator))
            console.note(style.dim(line), pane: "out")
            view.waitRows = 1
            return
        }
        let lines = Self.waitLines(prompt, clock: clock, classKeys: classKeys, width: width)
        view.waitRows = lines.count
        console.note(lines.map { style.dim($0) }.joined(separator: "\n"), pane: "out")
    }

    /// The lines of a wait, each narrower than `width` (a wrapped line could not be taken back): a class's keys, the
    /// prompt cut at its words, the clock after it when it fits there, else on its own line above it.
    static func waitLines(_ prompt: String, clock: String, classKeys: String?, width: Int) -> [String] {
        let room = max(10, width - 1)
        var lines = classKeys.map { DisplayWidth.wrap($0, width: room) } ?? []
        var promptLines = DisplayWidth.wrap(prompt, width: room)
        if let last = promptLines.last, DisplayWidth.of(last) + 3 + DisplayWidth.of(clock) <= room {
            promptLines[promptLines.count - 1] = last + "   " + clock
        } else {
            lines += DisplayWidth.wrap(clock, width: room)
        }
        return lines + promptLines
    }

    /// The keys of a live class (t, h, s, a), shown at every wait while the presenter leads one.
    var classKeys: String? { console.classLink?.presenter == nil ? nil : ClassText.presenterKeys.text(lang) }

    /// Takes the wait off the screen (its lines, from the last up).
    func eraseWait() {
        let up = String(repeating: "\u{1B}[1A\u{1B}[K", count: max(0, view.waitRows - 1))
        console.note("\r\u{1B}[K" + up, pane: "out")
        view.waitRows = 0
    }

    /// A key that acts without moving the script on. Returns whether the screen changed (the prompt is shown again).
    func act(on key: KeyReader.Key) -> Bool {
        switch key {
        case .character("h"), .character("H"):
            // The next hint, for the whole room (an exercise's hints, graded from the idea to the command). In a class
            // the link showed the hint the room got (by the server's count): the presenter's own counter stays out.
            if console.classLink?.presenter == nil { perform("hint") }
            return true
        case .character(":"):
            ownLine()
            return true
        case .character(" "), .pageDown: return turn(1)
        case .pageUp: return turn(-1)
        case .character("z"), .character("Z"):
            guard dashboard != nil else { return false }
            view.zoom = DashboardRenderer.nextZoom(after: view.zoom, in: session.mediator)
            return true
        default:
            return false
        }
    }

    /// `:` — a line of the presenter's own ("what if…?"), run like any typed command; then the script goes on from
    /// where it was, on the live objects as that line left them.
    func ownLine() {
        if let dashboard {
            var board = frame(dashboard)
            board.status = PresenterText.ownLine.text(lang)
            Output.write(board.frame(session.mediator))
        } else {
            if overwrites { console.note("\n", pane: "out") }
            console.note(style.bold(PresenterText.ownLine.text(lang)) + (overwrites ? "\n" : "\n"), pane: "out")
        }
        if overwrites { console.note(session.prompt, pane: "out") }
        guard let line = keys.line(), line.contains(where: { $0 != " " }) else { return }
        // On a terminal the line is on screen as typed; from a pipe it is shown after its prompt.
        perform(line, echo: !overwrites)
    }

    /// Runs a command (the script's, or the presenter's own) and keeps its answers for the dashboard's answer rows.
    func perform(_ command: String, echo: Bool = true) {
        let (_, events) = console.run(command, echo: echo)
        view.command = command
        view.answers = []
        for case .delivery(let delivery) in events where delivery.pane == "out" || delivery.message.isError {
            view.answers.append(delivery.message.text)
        }
    }

    /// The dashboard as the presenter's keys leave it: scrolled, zoomed, with this command's answers, the keys and
    /// the clock in its status line.
    func frame(_ dashboard: DashboardRenderer) -> DashboardRenderer {
        var board = dashboard
        let size = WindowSize.current()
        if size.columns > 0 && size.rows > 0 { board.width = size.columns; board.height = size.rows }
        board.lessonScroll = view.scroll
        board.zoom = view.zoom
        board.answers = view.answers
        board.lang = lang
        board.status = PresenterText.dashboardKeys.text(lang)
        return board
    }
}
