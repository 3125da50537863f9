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
