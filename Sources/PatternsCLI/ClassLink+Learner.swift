import ArgumentParser
import ClassWire
import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// The learner in a class: `follow`, what each line did reported, the class's news, and what is left at the end.
extension ClassLink {
    /// `follow`: the presenter's lesson and step, with the live objects as that step starts.
    func follow(console: Console) -> Bool {
        let lang = console.session.options.lang
        guard let learner else { say(ClassText.followNeedsClass.text(lang), console, error: true); return false }
        let state = learner.freshState()
        guard let lesson = state.lesson, state.step > 0 else {
            say(ClassText.presenterNotStarted.text(lang), console); return true
        }
        let session = console.session
        // The lines `follow` runs are its own: only where it lands counts as reached.
        quiet = true
        defer { quiet = false; observe("", ok: true, events: [], console: console) }
        if session.lesson?.id != lesson {
            guard console.run("load " + lesson, echo: false).ok else { return false }
        }
        if session.stepIndex + 1 != state.step || session.lesson?.id != lesson {
            // `goto` sets the live objects up as the step starts, whatever came before.
            guard console.run("goto \(state.step)", echo: false).ok else { return false }
        } else {
            _ = console.run("restart", echo: false)
        }
        learner.followed(state)
        return true
    }

    /// After each line: what the learner did (a check, a prediction, a hint, a new step), then any news of the class.
    func observe(_ line: String, ok: Bool, events: [Event], console: Console) {
        if quiet { return }
        helpLine(line, console: console)
        let session = console.session
        if let presenter { _ = presenter.publish(console: console, force: false) }
        guard let learner else { return }
        if let lesson = session.lesson {
            let step = session.stepIndex + 1
            learner.reached(lesson: lesson.id, step: step)
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if ok, let first = words.first, session.command(named: first)?.name == first || first == "?" {
                switch first {
                // A demonstration's check fails on purpose: it is no exercise, and no failed check of the learner's.
                case "check"
                where session.currentStep?.isExercise == true && session.currentStep?.goalStaysUnmet == false:
                    let met = CoreText.goalMet.text(session.options.lang, String(step))
                    let passed = events.contains { event in
                        if case .delivery(let d) = event { return d.message.text == met }
                        return false
                    }
                    learner.add(.check, lesson: lesson.id, step: step, passed: passed)
                case "predict" where words.count >= 2:
                    learner.add(
                        .predict, lesson: lesson.id, step: step,
                        answer: String(words[1].prefix(ClassWire.maximumAnswerLength)))
                case "hint":
                    learner.add(.hint, lesson: lesson.id, step: step)
                default: break
                }
            }
        }
        news(console: console)
    }

    /// What changed in the class since the learner was last told, collapsed to where the presenter is now: one
    /// line when the presenter is elsewhere (the lesson named when it is not the learner's), and on the presenter's
    /// step what the room is shown there (its hints by the server's count, its solution).
    func news(console: Console) {
        guard let learner else { return }
        let lang = console.session.options.lang
        let (notices, state, told) = learner.takeNews()
        for (index, notice) in notices.enumerated() {
            switch notice {
            case .gone:
                // Away and back again since the last line: the line that it is back says both.
                let back = notices[(index + 1)...].contains { if case .back = $0 { true } else { false } }
                if !back { say(ClassText.serverGone.text(lang), console) }
            case .back(let sent):
                say(
                    sent == 0
                        ? ClassNewsText.learnerBackNothing.text(lang)
                        : sent == 1
                            ? ClassNewsText.learnerBackOne.text(lang)
                            : ClassNewsText.learnerBack.text(lang, String(sent)),
                    console)
            case .refused(let failure):
                say(ClassText.classRefused.text(lang, ClassLink.describe(failure, lang)), console, error: true)
            case .joined(let name, let kept):
                joinedNow(name: name, kept: kept, code: nil, console: console)
            }
        }
        announce(state, since: told, console: console)
    }

    func announce(_ state: ClassState, since told: ClassState, console: Console) {
        let lang = console.session.options.lang
        let session = console.session
        if state.presenterStopped == true {
            if told.presenterStopped != true { say(ClassNewsText.presenterStopped.text(lang), console) }
            return
        }
        guard let lesson = state.lesson, state.step > 0, LearnerLink.differs(state, told) else { return }
        let step = String(state.step)
        let sameStep = told.lesson == lesson && told.step == state.step
        guard session.lesson?.id == lesson, session.stepIndex + 1 == state.step else {
            // Elsewhere: where the presenter is now, in one line (what it replaces is no news any more).
            guard !sameStep || state.tries && !told.tries else { return }
            let named =
                session.lesson?.id == lesson ? "" : ClassNewsText.lessonNamed.text(lang, TextSanitizer.clean(lesson))
            say(
                (state.tries ? ClassNewsText.presenterIsAtTries : ClassNewsText.presenterIsAt).text(lang, named, step),
                console)
            return
        }
        if state.tries && !(sameStep && told.tries) {
            say(ClassNewsText.roomTriesHere.text(lang), console)
        } else if !sameStep {
            say(ClassNewsText.presenterHere.text(lang), console)
        }
        // The hints the room was shown here, as numbered by the server (one numbering for the room).
        let before = sameStep ? told.hintsRevealed : 0
        if state.hintsRevealed > before {
            for number in (before + 1)...state.hintsRevealed {
                if let hint = session.lessons.roomHint(number) { say(ClassNewsText.roomHint.text(lang, hint), console) }
            }
        }
        if state.solutionRevealed && !(sameStep && told.solutionRevealed) {
            say(ClassNewsText.roomSolution.text(lang, step), console)
            _ = console.run("solution", echo: false)
        }
    }

    /// Before the program ends: what is still queued is sent (for a few seconds at most).
    func finish(console: Console) {
        guard let learner else { return }
        Supervisor.sessionOnly.remove(learner.channel.fd)
        let answer = learner.finish(timeout: 5)
        self.learner = nil
        let lang = console.session.options.lang
        // What is left stays kept on disk (when there is a state folder): the next join sends it.
        guard let (left, keptOnDisk) = answer, left > 0 else { return }
        Self.tell(
            !keptOnDisk
                ? ClassText.unsentAtExit.text(lang, String(left))
                : left == 1
                    ? ClassNewsText.keptAtExitOne.text(lang) : ClassNewsText.keptAtExit.text(lang, String(left)),
            console)
    }
}
