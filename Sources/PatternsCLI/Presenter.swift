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
    /// `--width` was given: the stream keeps that width when the terminal is resized.
    var fixedWidth = false
    /// What the keys change between waits: the page or scroll, the zoomed pane, the answers, the clock's start.
    let view = PresenterView()

    var lang: Lang { session.options.lang }

    /// What a key asked for; `jump` when the presenter's own line moved the session (`goto 8`): the script follows.
    enum Answer: Equatable {
        case go, rest, back, stop
        case jump(Int)
    }

    /// Walks steps `first...last` (0-based) and returns when the lesson ends or the presenter stops.
    func run(first: Int, last: Int) throws {
        let steps = session.lesson!.steps
        var index = first
        // From the top, the lesson's first screen is what the pattern is and the problem it solves.
        if first == 0, let introduction = session.navigator?.introductionText() {
            session.mediator.post(PaneMessage(topic: "lesson", source: "lesson", text: introduction))
            present(banner: introductionBanner())
            switch turnPages() {
            case .stop?: return
            case .jump(let target)?: index = target
            default:
                switch wait(PresenterText.enterFirstStep.text(lang)) {
                case .stop: return
                case .jump(let target): index = target
                default: break
                }
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
            case .jump(let target)?: index = target; continue walking
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
                case .jump(let target): index = target; continue walking
                case .stop: return
                }
                perform("solution")
                guard try session.code.prepareToWalk(index) else {
                    console.flush()
                    guard index < last else { break }
                    switch wait(PresenterText.enterNextStep.text(lang)) {
                    case .go, .rest: index += 1
                    case .back: index = try back(from: index, first: first)
                    case .jump(let target): index = target
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
                case .jump(let target): index = target; continue walking
                case .stop: return
                }
            }
            if !step.walkthrough.isEmpty && !rest && dashboard == nil {
                // One line of keys (the dashboard has it in its status line).
                let keys = wrapped(PresenterText.keys.text(lang)).map { style.header($0) }
                console.note(keys.joined(separator: "\n") + "\n", pane: "out")
            }
            for command in step.walkthrough {
                if !rest {
                    switch wait("▸ " + session.prompt + command) {
                    case .go: break
                    case .rest: rest = true
                    case .back: index = try back(from: index, first: first); continue walking
                    case .jump(let target): index = target; continue walking
                    case .stop: return
                    }
                }
                perform(command)
            }
            guard index < last else {
                // The lesson's end: a moment for the room, with what was covered, before the shell's prompt.
                guard last == steps.count - 1 else { break }
                switch close() {
                case .back: index = try back(from: index, first: first); continue walking
                case .jump(let target): index = target; continue walking
                default: break walking
                }
            }
            switch wait(PresenterText.enterNextStep.text(lang)) {
            case .go, .rest: index += 1
            case .back: index = try back(from: index, first: first)
            case .jump(let target): index = target
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
            view.said.append(text)
            console.note("\n" + wrapped(text).map { style.bold($0) }.joined(separator: "\n") + "\n", pane: "out")
        }
    }

    /// A text cut at its words to the screen's width (on a terminal; a pipe keeps its lines), so that the terminal
    /// never breaks a word.
    func wrapped(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard overwrites else { return lines }
        return lines.flatMap { DisplayWidth.wrap($0, width: max(10, screenWidth - 1)) }
    }

    /// The terminal's width now (it may have been resized since the start).
    var screenWidth: Int { overwrites ? WindowSize.current().columns : session.options.render.width }

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

/// What the presenter mode says, in English and Korean.
enum PresenterText: String, TextCatalog {
    case step, keys, theRoomTriesNow, theRoomWatches, enterShowsTheSolution, enterNextStep, introduction,
        enterFirstStep, nextPage,
        page, ownLine,
        dashboardKeys, slot, late, covered, took, roomResults, roomResultsElsewhere, theEnd, enterEnds, noServer

    var texts: (en: String, ko: String) {
        switch self {
        case .step: ("STEP {0} / {1}", "{0} / {1} 단계")
        case .keys:
            (
                "[Enter: next command · r: the rest at once · b: back · h: hint · ':' own line · q: stop]",
                "[Enter: 다음 명령 · r: 나머지 한꺼번에 · b: 뒤로 · h: 힌트 · ':' 직접 입력 · q: 멈춤]"
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
                "Enter run · r rest at once · b back · h hint · : own line · PgUp/PgDn · z zoom · q stop",
                "Enter 실행 · r 나머지 한꺼번에 · b 뒤로 · h 힌트 · : 직접 · PgUp/PgDn · z 창 · q 멈춤"
            )
        case .slot: ("step: min {0}–{1} of {2}", "이 단계: {0}–{1}분 / {2}분")
        case .late: ("{0} min behind", "{0}분 늦음")
        case .covered: ("What we covered:", "다룬 내용:")
        case .took: ("⏱ {0} for a lesson of {1} min", "⏱ {0} (계획: {1}분)")
        case .roomResults:
            (
                "The room: {0} learners, {1} at the last step, {2} exercises passed.\nEvery learner's results: "
                    + "{3}/results.csv (the presenter's token).",
                "모두의 결과: 학습자 {0}명, 마지막 단계 {1}명, 통과한 연습 {2}개.\n학습자별 결과: {3}/results.csv "
                    + "(발표자 토큰)."
            )
        case .roomResultsElsewhere:
            (
                "The room's results: {0}/results.csv (the presenter's token); the server does not answer now.",
                "모두의 결과: {0}/results.csv (발표자 토큰). 지금은 서버가 응답하지 않습니다."
            )
        case .theEnd: ("THE END  ·  {0}", "끝  ·  {0}")
        case .enterEnds: ("[Enter: end · b: back a step]", "[Enter: 마치기 · b: 한 단계 뒤로]")
        case .noServer:
            (
                "no class server answers at {0} ({1}): check the host, the port and the code; the lesson does not "
                    + "start.",
                "{0}에서 수업 서버가 응답하지 않습니다({1}). 호스트, 포트, 코드를 확인하세요. 수업을 시작하지 않습니다."
            )
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
    /// The step's text as posted, cut into pages again at a new size.
    var events: [Event] = []
    /// What was said and the last command run since the page was shown, shown again after a resize.
    var said: [String] = []
    var command: String?
    /// The clock as last drawn, and how many lines the wait takes on screen.
    var clock = ""
    var waitRows = 0
    /// The closing screen is on (a resize draws it again).
    var closing = false
}

extension String {
    /// A number of two digits at least: `7` is `07`.
    init(format2 value: Int) { self = value < 10 && value >= 0 ? "0\(value)" : String(value) }
}
