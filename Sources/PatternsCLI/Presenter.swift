import PlaygroundCore
import Terminal

/// `run --pace`: a lesson at the speed of the person in front of the room. The lesson's introduction (what the
/// pattern is, the problem it solves) comes first; then each step's text, paged when it is taller than the screen
/// (Space/PgDn, PgUp; the step's banner stays on top); then each command waits for a key (Enter runs it, `r` runs
/// the rest of the step, `b` goes back a step, `q` stops at once). At any wait `h` shows the room the next hint and
/// `:` runs a line the presenter types, then the script goes on; a clock runs against the lesson's minutes. An
/// exercise stops with its goal on screen while the room tries, before its solution runs; a demonstration (a goal its
/// commands leave unmet on purpose) is not opened to the room: the room watches it.
struct Presenter {
    let session: Session
    let console: Console
    let keys: KeyReader
    let style: Style
    /// On a terminal the waiting line is replaced by the command it announced; elsewhere it stays as a line.
    let overwrites: Bool
    /// The dashboard is drawn (full screen) before each wait; the front end's own words go to the `out` pane.
    var dashboard: DashboardRenderer? = nil
    /// What the keys change between waits: the page or scroll, the zoomed pane, the answers, the clock's start.
    let view = PresenterView()

    var lang: Lang { session.options.lang }

    enum Answer { case go, rest, back, stop }

    /// Walks steps `first...last` (0-based) and returns when the lesson ends or the presenter stops.
    func run(first: Int, last: Int) throws {
        let steps = session.lesson!.steps
        var index = first
        // From the top, the lesson's first screen is what the pattern is and the problem it solves.
        if first == 0, let introduction = session.navigator?.introductionText() {
            session.mediator.post(PaneMessage(topic: "lesson", source: "lesson", text: introduction))
            present(banner: introductionBanner())
            if let answer = turnPages(), answer == .stop { return }
            switch wait(PresenterText.enterFirstStep.text(lang)) {
            case .stop: return
            default: break
            }
        }
        walking: while index <= last {
            session.lessons.setStep(index)
            let step = steps[index]
            view.step = index
            session.lessons.showStep()
            // A live class sees the step as it is shown (ClassLink.swift).
            if let presenter = console.classLink?.presenter { _ = presenter.publish(console: console, force: false) }
            present(banner: banner(index: index, of: steps.count, title: step.title))
            var rest = false
            // A step taller than the screen is read a page at a time before its commands.
            switch turnPages() {
            case nil, .go?: break
            case .rest?: rest = true
            case .back?: index = try back(from: index, first: first); continue walking
            case .stop?: return
            }
            if let code = step.code {
                // The starter is on screen: the room writes the file, then the reference solution is shown and driven.
                say(CodeText.roomWrites.text(lang, code.file))
                console.classLink?.roomTries(console: console)
                switch wait(PresenterText.enterShowsTheSolution.text(lang)) {
                case .go: break
                case .rest: rest = true
                case .back: index = try back(from: index, first: first); continue walking
                case .stop: return
                }
                perform("solution")
                guard try session.code.prepareToWalk(index) else {
                    console.flush()
                    guard index < last else { break }
                    switch wait(PresenterText.enterNextStep.text(lang)) {
                    case .go, .rest: index += 1
                    case .back: index = try back(from: index, first: first)
                    case .stop: return
                    }
                    continue walking
                }
                console.flush()
            } else {
                _ = try session.code.prepareToWalk(index)
                _ = session.takeEvents()
            }
            if step.goalStaysUnmet && step.code == nil && !step.walkthrough.isEmpty {
                // A demonstration: its goal stays unmet on purpose, so the room watches it fail; nothing is opened to
                // the room (no exercise, no solution to wait for).
                say(PresenterText.theRoomWatches.text(lang))
            } else if step.isExercise && step.code == nil && !step.walkthrough.isEmpty {
                // The goal is on screen (the step's text ends with it): the room works on it before the solution.
                say(PresenterText.theRoomTriesNow.text(lang))
                console.classLink?.roomTries(console: console)
                switch wait(PresenterText.enterShowsTheSolution.text(lang)) {
                case .go: break
                case .rest: rest = true
                case .back: index = try back(from: index, first: first); continue walking
                case .stop: return
                }
            }
            if !step.walkthrough.isEmpty && !rest && dashboard == nil {
                // One line of keys (the dashboard has it in its status line).
                console.note(style.header(PresenterText.keys.text(lang)) + "\n", pane: "out")
            }
            for command in step.walkthrough {
                if !rest {
                    switch wait("▸ " + session.prompt + command) {
                    case .go: break
                    case .rest: rest = true
                    case .back: index = try back(from: index, first: first); continue walking
                    case .stop: return
                    }
                }
                perform(command)
            }
            guard index < last else { break }
            switch wait(PresenterText.enterNextStep.text(lang)) {
            case .go, .rest: index += 1
            case .back: index = try back(from: index, first: first)
            case .stop: return
            }
        }
    }

    /// Words of the presenter mode itself: a line in the stream, or the `out` pane of the dashboard.
    func say(_ text: String) {
        if dashboard != nil {
            session.mediator.post(PaneMessage(topic: "out", source: "run", text: text))
            view.answers.append(text)
        } else {
            console.note("\n" + style.bold(text) + "\n", pane: "out")
        }
    }

    /// Shows what the key will do and waits for it. End of input stops, as `q` does.
    func wait(_ prompt: String) -> Answer {
        var shown = ""
        /// The dashboard is drawn afresh; its last line is left for this prompt, with the clock when it fits.
        func show() {
            if let dashboard { Output.write(frame(dashboard).frame(session.mediator)) }
            // A line the terminal wraps could not be taken back with one carriage return: keep it to the width.
            let width = dashboard?.width ?? session.options.render.width
            var line = overwrites ? DisplayWidth.truncate(prompt, to: width - 1) : prompt
            let clock = "   " + clockText()
            if overwrites, DisplayWidth.of(line) + DisplayWidth.of(clock) < width { line += clock }
            shown = style.dim(line)
            console.note(overwrites ? shown : shown + "\n", pane: "out")
        }
        show()
        while true {
            let key = keys.next()
            if overwrites { console.note("\r\u{1B}[K", pane: "out") }
            switch key {
            case .enter: return .go
            case .character("r"), .character("R"): return .rest
            case .character("b"), .character("B"): return .back
            case .character("q"), .character("Q"), .end: return .stop
            default:
                // A live class's keys first (ClassLink.swift): the room's exercise, a hint, the solution, the answers.
                var forClass = false
                if case .character(let c) = key {
                    forClass = console.classLink?.presenterKey(c, console: console) == true
                }
                // The keys that do not move the script on: a hint, a line of one's own, a page, a zoom.
                // In a class, `h` is the room's hint and the presenter's too (the step is published already, so the
                // hint moves nothing on the board).
                if act(on: key) || forClass && dashboard != nil {
                    show()
                } else if overwrites {
                    console.note(shown, pane: "out")
                }
                continue
            }
        }
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

/// What the presenter mode says, in English and Korean.
enum PresenterText: String, TextCatalog {
    case step, keys, theRoomTriesNow, theRoomWatches, enterShowsTheSolution, enterNextStep, introduction,
        enterFirstStep, nextPage,
        page, ownLine,
        dashboardKeys, slot, late

    var texts: (en: String, ko: String) {
        switch self {
        case .step: ("STEP {0} / {1}", "{0} / {1} 단계")
        case .keys:
            (
                "[Enter: next command · r: rest · b: back · h: hint · ':' own line · q: stop]",
                "[Enter: 다음 명령 · r: 나머지 · b: 뒤로 · h: 힌트 · ':' 직접 입력 · q: 멈춤]"
            )
        case .theRoomTriesNow:
            ("▶ Exercise: the room tries now. The goal is above.", "▶ 연습: 이제 모두 직접 해 봅니다. 목표는 위에 있습니다.")
        case .theRoomWatches:
            (
                "▶ Demonstration: the room watches. The goal stays unmet on purpose.",
                "▶ 시연: 모두 지켜봅니다. 목표는 일부러 달성되지 않습니다."
            )
        case .enterShowsTheSolution:
            (
                "[Enter: show the solution · r: all of it at once · b: back · q: stop]",
                "[Enter: 풀이 보기 · r: 한꺼번에 · b: 뒤로 · q: 멈춤]"
            )
        case .enterNextStep: ("[Enter: next step · b: back a step · q: stop]", "[Enter: 다음 단계 · b: 한 단계 뒤로 · q: 멈춤]")
        case .introduction: ("INTRODUCTION", "소개")
        case .enterFirstStep: ("[Enter: step 1 · q: stop]", "[Enter: 1단계 · q: 멈춤]")
        case .nextPage:
            (
                "[Enter: next page · PgUp: page back · r: to the commands · h: hint · q: stop]",
                "[Enter: 다음 쪽 · PgUp: 앞 쪽 · r: 명령으로 · h: 힌트 · q: 멈춤]"
            )
        case .page: ("── page {0} of {1} ──", "── {0} / {1}쪽 ──")
        case .ownLine: ("Your own line (Enter runs it, then the script goes on):", "직접 입력 (Enter로 실행한 뒤 대본을 이어 갑니다):")
        case .dashboardKeys:
            (
                "Enter run · r rest · b back · h hint · : own line · PgUp/PgDn · z zoom · q stop",
                "Enter 실행 · r 나머지 · b 뒤로 · h 힌트 · : 직접 · PgUp/PgDn · z 창 · q 멈춤"
            )
        case .slot: ("step: min {0}–{1} of {2}", "이 단계: {0}–{1}분 / {2}분")
        case .late: ("{0} min behind", "{0}분 늦음")
        }
    }
}

/// What the presenter's keys change between waits (the presenter itself is a value passed around).
final class PresenterView {
    /// When the presenter started: the clock counts from here.
    let started = ContinuousClock.now
    /// The step on screen (-1: the introduction), for the clock's slot.
    var step = -1
    /// The dashboard's lesson scroll and zoomed pane.
    var scroll = 0
    var zoom: String?
    /// The latest command's answers, for the dashboard's answer rows.
    var answers: [String] = []
    /// A paged stream: the banner, the pages of the step's text, the one on screen.
    var banner = ""
    var pages: [[String]] = []
    var page = 0
}

extension String {
    /// A number of two digits at least: `7` is `07`.
    init(format2 value: Int) { self = value < 10 && value >= 0 ? "0\(value)" : String(value) }
}
