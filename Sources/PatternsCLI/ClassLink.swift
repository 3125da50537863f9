import ArgumentParser
import ClassWire
import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// A live class, seen from the REPL: `join` / `follow` for a learner, `class` for the presenter. It listens to what
/// each line did (the session's events) and reports it. A learner's network is the class link's, a process of its own
/// (LearnerLink.swift, LinkSender.swift), never in the session's way; the presenter's few requests are made between
/// lines, in the session, without a thread.
final class ClassLink {
    var learner: LearnerLink?
    var presenter: PresenterLink?
    /// A class command failed (the pipe front end's exit status).
    var anyFailed = false
    /// Set while `follow` runs its own lines.
    var quiet = false
    /// Where the learner's token for each class is kept (`classes.json` in the state folder), so that joining the
    /// same class again under the same name is the same learner; nil: not kept.
    var identities: String?

    init(identities: String? = nil) { self.identities = identities }

    /// The words this link answers itself (when the lesson has no command by that name).
    static let words: Set<String> = ["join", "follow", "class"]

    /// `run --pace --class URL --token T`: publishes each step the presenter shows; a refused token stops at once.
    static func lead(url: String, token: String, from step: Int, console: Console) throws {
        let link = ClassLink()
        console.classLink = link
        // The room starts where the presenter does (`--from`).
        console.session.lessons.setStep(step)
        guard link.connectPresenter(url: url, token: token, console: console) else { throw ExitCode(1) }
        tell(ClassText.presenterKeys.text(console.session.options.lang), console)
    }

    /// The presenter mode says "the room tries now": the class hears it too.
    func roomTries(console: Console) {
        // A demonstration is watched, never tried: the room is not told an exercise is open.
        guard let presenter, console.session.currentStep?.goalStaysUnmet != true else { return }
        _ = presenter.publish(console: console, force: false)
        presenter.send(PresenterUpdate(tries: true), console: console, saying: nil)
    }

    /// A key of `run --pace` for the class (t, h, s, a); false for any other.
    func presenterKey(_ character: Character, console: Console) -> Bool {
        presenter?.key(character, console: console) ?? false
    }

    /// A line this link answers itself (`join`, `follow`, `class`), or nil for the session to run.
    func intercept(_ line: String, console: Console, echo: Bool) -> (ok: Bool, events: [Event])? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, Self.words.contains(first), console.session.command(named: first) == nil,
            case let trimmed = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" }).description,
            !CommandReader.isTypeDeclaration(trimmed), !CommandReader.isAssignment(trimmed)
        else {
            // `class Foo {` declares a class, `follow = 2` assigns: Swift, for the session.
            return nil
        }
        if echo { console.show([.input(prompt: console.session.prompt, line: line)]) }
        let ok: Bool
        switch first {
        case "join":
            ok = join(Array(words.dropFirst()), console: console)
        case "follow":
            ok = follow(console: console)
        default:
            ok = classCommand(Array(words.dropFirst()), console: console)
        }
        if !ok { anyFailed = true }
        return (ok, [])
    }

    func say(_ text: String, _ console: Console, error: Bool = false) { Self.tell(text, console, error: error) }

    /// One line of the class: in the stream after the answer, in the dashboard in the `out` pane.
    static func tell(_ text: String, _ console: Console, error: Bool = false) {
        let lang = console.session.options.lang
        if console.layout == .dashboard {
            // The dashboard draws its panes: the line goes to the `out` pane, drawn before the next prompt.
            console.session.mediator.post(
                PaneMessage(
                    topic: error ? "error" : "out", source: "class",
                    text: error ? CoreText.error.text(lang, text) : text, isError: error))
            return
        }
        let line = error ? CoreText.error.text(lang, text) : text
        // On a terminal, cut at words to its width: the terminal would break a word where the line meets the edge.
        guard console.format == .text, isatty(STDOUT_FILENO) == 1 else {
            console.note(line + "\n", pane: "out")
            return
        }
        let width = WindowSize.current().columns - 1
        console.note(Self.lines(line, width: width).joined(separator: "\n") + "\n", pane: "out")
    }

    /// A notice cut at its words to `width` columns.
    static func lines(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            DisplayWidth.wrap(String($0), width: max(20, width))
        }
    }

    func join(_ arguments: [String], console: Console) -> Bool {
        let lang = console.session.options.lang
        guard arguments.count >= 2 else { say(ClassText.joinUsage.text(lang), console, error: true); return false }
        return join(url: arguments[0], name: arguments.dropFirst().joined(separator: " "), console: console)
    }

    func join(url: String, name: String, console: Console) -> Bool {
        let lang = console.session.options.lang
        guard let address = ClassAddress(url) else {
            say(ClassText.notAClassAddress.text(lang, TextSanitizer.clean(url)), console, error: true)
            return false
        }
        let trimmed = String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !trimmed.isEmpty, trimmed.count <= ClassWire.maximumNameLength else {
            say(ClassText.nameNeeded.text(lang, String(ClassWire.maximumNameLength)), console, error: true)
            return false
        }
        let answer = LearnerLink.spawn(url: address.url, name: trimmed, identities: identities)
        return welcome(answer, code: address.code, console: console)
    }

    /// `--class-link-fd N`: the other end of fd N (the browser classroom's server) is the link; it says who joined.
    func attach(fd: Int32, console: Console) -> Bool {
        // Compilers never hold it; the supervisor closes its copy (the other end sees the session end).
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return welcome(LearnerLink.answer(on: LinkChannel(fd: fd), timeout: 15), code: nil, console: console)
    }

    /// Says how the link answered a join; the learner's link from now on when it joined.
    private func welcome(_ answer: LearnerLink.Joined, code: String?, console: Console) -> Bool {
        let lang = console.session.options.lang
        switch answer {
        case .silent:
            say(ClassText.notJoined.text(lang, ClassNewsText.linkSilent.text(lang)), console, error: true)
            return false
        case .failed(let failure):
            say(ClassText.notJoined.text(lang, Self.describe(failure, lang)), console, error: true)
            return false
        case .pending(let link, let failure):
            // The server away or joining closed: the playground goes on, and is in as soon as the link gets in.
            if let learner { Supervisor.sessionOnly.remove(learner.channel.fd); learner.stop() }
            learner = link
            Supervisor.sessionOnly.insert(link.channel.fd)
            say(ClassText.notJoinedYet.text(lang, Self.describe(failure, lang)), console)
            return true
        case .joined(let link, let name, let kept):
            // A class joined before is left (its link sends what it holds, and ends).
            if let learner { Supervisor.sessionOnly.remove(learner.channel.fd); learner.stop() }
            learner = link
            Supervisor.sessionOnly.insert(link.channel.fd)
            joinedNow(name: name, kept: kept, code: code, console: console)
            return true
        }
    }

    /// Says the learner is in: the class, any results kept from before that are sent, where the presenter is.
    func joinedNow(name: String, kept: Int, code: String?, console: Console) {
        let lang = console.session.options.lang
        guard let state = learner?.state else { return }
        say(ClassText.joined.text(lang, code ?? state.code, TextSanitizer.clean(name)), console)
        if kept > 0 {
            say(
                kept == 1 ? ClassNewsText.keptSentOne.text(lang) : ClassNewsText.keptSent.text(lang, String(kept)),
                console)
        }
        if let lesson = state.lesson, state.step > 0 {
            say(
                ClassText.joinedAt.text(
                    lang, TextSanitizer.clean(state.lessonTitle(in: lang.rawValue) ?? lesson), String(state.step)),
                console)
        }
        // Where the learner already is counts as reached.
        observe("", ok: true, events: [], console: console)
    }

    /// A failure in the learner's language: the server's own sentence (English) only where no status says it.
    static func describe(_ failure: ClassClient.Failure, _ lang: Lang) -> String {
        switch failure {
        case .unreachable(let why): return TextSanitizer.clean(why)
        case .refused(let status, let why, let reason):
            // The server's reason first: a full class, closed joining and a wrong token are all 403.
            if let reason, let text = Self.reasonText(reason) { return "\(status): " + text.text(lang) }
            if reason == .badName {
                return "\(status): " + ClassText.nameNeeded.text(lang, String(ClassWire.maximumNameLength))
            }
            return switch status {
            case 401: "\(status): " + ClassText.refusedToken.text(lang)
            case 403: "\(status): " + ClassText.refusedPresenter.text(lang)
            case 413: "\(status): " + ClassText.refusedTooLarge.text(lang)
            case 429: "\(status): " + ClassText.refusedTooMany.text(lang)
            case 404: "\(status): " + ClassText.refusedNoClass.text(lang)
            default: "\(status): " + ClassText.refusedBadRequest.text(lang, TextSanitizer.clean(why))
            }
        }
    }

    /// What the learner is told for a refusal the status alone does not say.
    static func reasonText(_ reason: RefusalReason) -> ClassText? {
        switch reason {
        case .classFull: .refusedClassFull
        case .addressFull: .refusedAddressFull
        case .joiningClosed: .refusedJoiningClosed
        case .tooManyJoins: .refusedTooManyJoins
        case .tooManyReports, .tooManyRequests, .tooManyBoards: .refusedTooMany
        case .removed: .refusedRemoved
        case .unknownToken: .refusedToken
        case .notPresenter: .refusedPresenter
        case .notInLesson, .noQuestion, .notAnOption: .refusedNotInLesson
        case .badName, .noSuchLearner: nil
        }
    }

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

    /// `class URL TOKEN` connects the presenter; `class tries|hint|solution|answers` speaks to the room.
    func classCommand(_ arguments: [String], console: Console) -> Bool {
        let lang = console.session.options.lang
        guard let first = arguments.first else {
            say(ClassText.classUsage.text(lang), console, error: true); return false
        }
        if first.hasPrefix("http://") {
            guard arguments.count == 2 else { say(ClassText.classUsage.text(lang), console, error: true); return false }
            return connectPresenter(url: first, token: arguments[1], console: console)
        }
        guard let presenter else { say(ClassText.presenterNotConnected.text(lang), console, error: true); return false }
        switch first {
        case "tries": return presenter.openExercise(console: console)
        case "hint": return presenter.revealHint(console: console)
        case "solution": return presenter.revealSolution(console: console)
        case "answers": return presenter.revealAnswers(console: console)
        case "close" where arguments.count == 1: return presenter.joining(open: false, console: console)
        case "open" where arguments.count == 1: return presenter.joining(open: true, console: console)
        case "remove" where arguments.count == 3 && arguments[1] == "--after":
            return presenter.remove(after: arguments[2], console: console)
        case "remove" where arguments.count >= 2:
            return presenter.remove(name: arguments.dropFirst().joined(separator: " "), console: console)
        default: say(ClassText.classUsage.text(lang), console, error: true); return false
        }
    }

    func connectPresenter(url: String, token: String, console: Console) -> Bool {
        let lang = console.session.options.lang
        guard let address = ClassAddress(url) else {
            say(ClassText.notAClassAddress.text(lang, TextSanitizer.clean(url)), console, error: true)
            return false
        }
        let link = PresenterLink(client: ClassClient(address: address, timeout: 2), token: token)
        presenter = link
        guard console.session.lesson != nil else {
            // Checked now, so that a wrong token is said at once.
            return link.send(PresenterUpdate(lang: lang.rawValue), console: console, saying: nil)
        }
        return link.publish(console: console, force: true)
    }

    /// `help` lists the session's commands; the class's own are said after them.
    func helpLine(_ line: String, console: Console) {
        let words = line.split(separator: " ")
        guard words.count == 1, words[0] == "help" || words[0] == "?" else { return }
        say(ClassText.classCommandsHelp.text(console.session.options.lang), console)
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
