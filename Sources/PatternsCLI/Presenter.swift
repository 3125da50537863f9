import PlaygroundCore
import Terminal

/// `run --pace`: a lesson at the speed of the person in front of the room. Each step's text comes first; then each
/// command waits for a key (Enter runs it, `r` runs the rest of the step, `b` goes back a step, `q` stops at once);
/// an exercise stops with its goal on screen while the room tries, before its solution runs.
struct Presenter {
    let session: Session
    let console: Console
    let keys: KeyReader
    let style: Style
    /// On a terminal the waiting line is replaced by the command it announced; elsewhere it stays as a line.
    let overwrites: Bool
    /// The dashboard is drawn (full screen) before each wait; the front end's own words go to the `out` pane.
    var dashboard: DashboardRenderer? = nil

    var lang: Lang { session.options.lang }

    enum Answer { case go, rest, back, stop }

    /// Walks steps `first...last` (0-based) and returns when the lesson ends or the presenter stops.
    func run(first: Int, last: Int) throws {
        let steps = session.lesson!.steps
        var index = first
        walking: while index <= last {
            session.setStep(index)
            let step = steps[index]
            if dashboard == nil { console.note(banner(index: index, of: steps.count, title: step.title)) }
            session.showStep()
            console.flush()
            var rest = false
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
                console.run("solution", echo: true)
                guard try session.prepareToWalk(index) else {
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
                _ = try session.prepareToWalk(index)
                _ = session.takeEvents()
            }
            if step.isExercise && step.code == nil && !step.walkthrough.isEmpty {
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
            if !step.walkthrough.isEmpty && !rest {
                if dashboard != nil {
                    say(PresenterText.keys.text(lang))
                } else {
                    console.note(style.header(PresenterText.keys.text(lang)) + "\n", pane: "out")
                }
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
                console.run(command, echo: true)
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
        } else {
            console.note("\n" + style.bold(text) + "\n", pane: "out")
        }
    }

    /// Shows what the key will do and waits for it. End of input stops, as `q` does.
    func wait(_ prompt: String) -> Answer {
        // The dashboard is drawn afresh; its last line is left for this prompt.
        if let dashboard { Output.write(dashboard.frame(session.mediator)) }
        // A line the terminal wraps could not be taken back with one carriage return: keep it to the width.
        let shown = style.dim(overwrites ? DisplayWidth.truncate(prompt, to: session.options.render.width - 1) : prompt)
        console.note(overwrites ? shown : shown + "\n", pane: "out")
        while true {
            let key = keys.next()
            if overwrites { console.note("\r\u{1B}[K", pane: "out") }
            switch key {
            case .enter: return .go
            case .character("r"), .character("R"): return .rest
            case .character("b"), .character("B"): return .back
            case .character("q"), .character("Q"), .end: return .stop
            case .character(let c) where console.classLink?.presenterKey(c, console: console) == true:
                // A live class's keys (ClassLink.swift): the room's exercise, a hint, the solution, the answers.
                if overwrites { console.note(shown, pane: "out") }
                continue
            case .character:
                if overwrites { console.note(shown, pane: "out") }
                continue
            }
        }
    }

    /// The step before (or this one again, at the first), with the live objects as the steps before it leave them.
    func back(from index: Int, first: Int) throws -> Int {
        let target = max(first, index - 1)
        try session.setUpLiveObjects(before: target)
        _ = session.takeEvents()
        return target
    }

    /// A header big enough for the back of a room.
    func banner(index: Int, of count: Int, title: String) -> String {
        let rule = String(repeating: "━", count: min(session.options.render.width, 72))
        let label = "  " + PresenterText.step.text(lang, String(index + 1), String(count)) + "  ·  " + title.uppercased()
        return "\n" + style.bold(rule) + "\n" + style.bold(label) + "\n" + style.bold(rule) + "\n\n"
    }
}

/// What the presenter mode says, in English and Korean.
enum PresenterText: String, TextCatalog {
    case step, keys, theRoomTriesNow, enterShowsTheSolution, enterNextStep

    var texts: (en: String, ko: String) {
        switch self {
        case .step: ("STEP {0} / {1}", "{0} / {1} 단계")
        case .keys: ("[Enter: run the next command · r: rest of step · b: back · q: stop]",
                     "[Enter: 다음 명령 실행 · r: 단계의 나머지 · b: 뒤로 · q: 멈춤]")
        case .theRoomTriesNow: ("▶ Exercise: the room tries now. The goal is above.", "▶ 연습: 이제 모두 직접 해 봅니다. 목표는 위에 있습니다.")
        case .enterShowsTheSolution: ("[Enter: show the solution · r: all of it at once · b: back · q: stop]",
                                      "[Enter: 풀이 보기 · r: 한꺼번에 · b: 뒤로 · q: 멈춤]")
        case .enterNextStep: ("[Enter: next step · b: back a step · q: stop]", "[Enter: 다음 단계 · b: 한 단계 뒤로 · q: 멈춤]")
        }
    }
}
