import ArgumentParser
import ClassWire
import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// The presenter's side: each step the presenter shows is published to the class, and the room's exercise,
/// hints, solution and answers are opened from here. The room's hint and solution counters are the server's (per
/// step): the presenter is shown the hint the room got, by the server's count. A reveal made while the server is out
/// of reach is shown to the presenter, kept, and sent when the server answers again.
final class PresenterLink {
    let client: ClassClient
    let token: String
    var published: (lesson: String, step: Int)?
    /// The class as the server last answered.
    var room: ClassState?
    /// Reveals made while the server was out of reach, for `pendingLesson`: sent when it is back.
    var pending: [StepReveal] = []
    var pendingAnswers: [Int] = []
    var pendingLesson: String?
    /// Whether joining is closed, as the server last said.
    var closed = false

    init(client: ClassClient, token: String) {
        self.client = client
        self.token = token
    }

    /// Where the server stands, as the last change found it.
    enum Reach {
        /// It answered (taken or refused).
        case answering
        /// Out of reach: the step shown is still to be sent, and the wait at a key sends it each second.
        case away
        /// It answered again after being away, with a refusal (a restarted server that knows another class): the
        /// step is not sent again each second, to be refused each second, only at the presenter's next change.
        case refusedSinceAway
    }
    var reach = Reach.answering

    /// Whether the server was out of reach at the last change, so the step shown is still to be sent.
    var awaitsServer: Bool { reach == .away }

    /// Tells the class the presenter's step when it changed (or always, with `force`).
    func publish(console: Console, force: Bool) -> Bool {
        let session = console.session
        guard let lesson = session.lesson else { return true }
        let step = session.stepIndex + 1
        if !force, let published, published.lesson == lesson.id, published.step == step { return true }
        var update = PresenterUpdate(
            lesson: lesson.id, lessonTitle: lesson.title, step: step, lang: session.options.lang.rawValue)
        if published?.lesson != lesson.id || force {
            let steps = Self.steps(of: lesson)
            update.titles = steps.titles
            update.predictionSteps = steps.predictionSteps
            // The server refuses an answer outside a step's options (0: the step names no number of options).
            update.predictionOptions = steps.predictionOptions
            update.exerciseSteps = steps.exerciseSteps
            update.translations = Self.translations(of: lesson, in: session.catalog)
        }
        let lang = session.options.lang
        let ok = send(update, console: console, saying: nil)
        if ok {
            published = (lesson.id, step)
            if force {
                ClassLink.tell(ClassText.presenterConnected.text(lang, client.address.code, String(step)), console)
            }
        }
        return ok
    }

    /// The lesson's titles in each language it has (its twins: the same id and as many steps), so that the board and
    /// each learner read them in their own.
    static func translations(of lesson: Lesson, in catalog: LessonCatalog) -> [String: LessonTitles]? {
        var found: [String: LessonTitles] = [:]
        for lang in Lang.allCases {
            guard let twin = catalog.lesson(id: lesson.id, lang: lang), twin.lang == lang.rawValue,
                twin.steps.count == lesson.steps.count
            else { continue }
            found[lang.rawValue] = LessonTitles(title: twin.title, steps: twin.steps.map(\.title))
        }
        return found.isEmpty ? nil : found
    }

    /// What the class is told of a lesson's steps (1-based): their titles, which ask for a prediction and with how many
    /// options (0: the step names no number), and which a learner can pass (a demonstration, an explanation and the
    /// recap cannot be: nobody is stuck on them).
    static func steps(of lesson: Lesson) -> PresenterUpdate {
        let questions = lesson.steps.indices.filter { lesson.steps[$0].isPrediction }
        var update = PresenterUpdate(
            titles: lesson.steps.map(\.title), predictionSteps: questions.map { $0 + 1 },
            exerciseSteps: lesson.exerciseIndices.map { $0 + 1 })
        update.predictionOptions = questions.map { lesson.steps[$0].predictionOptions ?? 0 }
        return update
    }

    /// How many hints of `step` the room has been shown: the server's count, or more when reveals wait to be sent.
    func roomHints(at step: Int, lesson: String) -> Int {
        var count = 0
        if let room, room.lesson == lesson {
            count = room.step == step ? room.hintsRevealed : room.reveal(at: step).hints
        }
        if pendingLesson == lesson, let kept = pending.first(where: { $0.step == step }) {
            count = max(count, kept.hints)
        }
        return count
    }

    /// The next hint of the step for the room (the server counts it): the presenter is shown the hint the room got.
    /// A prediction's last hint names the answer: the room is not shown it (each learner gets it after predicting).
    func revealHint(console: Console) -> Bool {
        let session = console.session
        let lang = session.options.lang
        let number = session.stepIndex + 1
        guard let lesson = session.lesson, let step = session.currentStep else { return true }
        let count = step.hints.count
        guard count > 0 else {
            ClassLink.tell(ClassNewsText.noRoomHints.text(lang, String(number)), console); return true
        }
        let next = roomHints(at: number, lesson: lesson.id) + 1
        guard next <= count else {
            ClassLink.tell(ClassNewsText.noMoreRoomHints.text(lang, String(number)), console); return true
        }
        if step.isPrediction && next == count {
            ClassLink.tell(ClassNewsText.predictionHintHeld.text(lang, String(number)), console); return true
        }
        _ = publish(console: console, force: false)
        switch post(PresenterUpdate(hints: next, revealStep: number), console: console) {
        case .sent(let state):
            let shown = state.step == number ? state.hintsRevealed : state.reveal(at: number).hints
            showHint(shown, console: console, kept: false)
            return true
        case .away:
            keep(StepReveal(step: number, hints: next), lesson: lesson.id)
            showHint(next, console: console, kept: true)
            return true
        case .refused: return false
        }
    }

    /// The line the room got for hint `number` (the learners' own words), on the presenter's screen.
    func showHint(_ number: Int, console: Console, kept: Bool) {
        let lang = console.session.options.lang
        guard let text = console.session.lessons.roomHint(number) else { return }
        ClassLink.tell(
            ClassNewsText.roomHint.text(lang, text) + (kept ? " " + ClassNewsText.keptForRoom.text(lang) : ""), console)
    }

    /// The step's solution for the room, shown to the presenter as the room gets it. A prediction's solution names
    /// the answer: the room is not shown it.
    func revealSolution(console: Console) -> Bool {
        let session = console.session
        let lang = session.options.lang
        let number = session.stepIndex + 1
        guard let lesson = session.lesson, let step = session.currentStep else { return true }
        if step.isPrediction {
            ClassLink.tell(ClassNewsText.predictionSolutionHeld.text(lang, String(number)), console); return true
        }
        _ = publish(console: console, force: false)
        let said = ClassNewsText.roomSolution.text(lang, String(number))
        switch post(PresenterUpdate(revealSolution: true, revealStep: number), console: console) {
        case .sent: ClassLink.tell(said, console)
        case .away:
            keep(StepReveal(step: number, solution: true), lesson: lesson.id)
            ClassLink.tell(said + " " + ClassNewsText.keptForRoom.text(lang), console)
        case .refused: return false
        }
        // What the room's playgrounds print for `solution`, printed here too.
        _ = console.run("solution", echo: false)
        return true
    }

    /// The room's answers to the step's prediction on the board; kept while the server is away.
    func revealAnswers(console: Console) -> Bool {
        let lang = console.session.options.lang
        let number = console.session.stepIndex + 1
        let said = ClassText.answersRevealed.text(lang, String(number))
        switch post(PresenterUpdate(revealAnswers: number), console: console) {
        case .sent: ClassLink.tell(said, console)
        case .away:
            if let lesson = console.session.lesson {
                if pendingLesson != lesson.id { pending = []; pendingAnswers = []; pendingLesson = lesson.id }
                if !pendingAnswers.contains(number) { pendingAnswers.append(number) }
            }
            ClassLink.tell(said + " " + ClassNewsText.keptForRoom.text(lang), console)
        case .refused: return false
        }
        return true
    }

    func keep(_ reveal: StepReveal, lesson: String) {
        if pendingLesson != lesson { pending = []; pendingAnswers = []; pendingLesson = lesson }
        var kept = pending.first { $0.step == reveal.step } ?? StepReveal(step: reveal.step)
        kept.hints = max(kept.hints, reveal.hints)
        kept.solution = kept.solution || reveal.solution
        pending = pending.filter { $0.step != reveal.step } + [kept]
    }

    /// The presenter stops (`q` at a wait, or the keys end): the room is told, and the board says it.
    func stop(console: Console) {
        var update = PresenterUpdate()
        update.stopped = true
        send(update, console: console, saying: ClassText.roomToldStopped.text(console.session.options.lang))
    }

    /// One change to the class; a refusal or an unreachable server is said in one line (that once, until it answers
    /// again).
    @discardableResult
    func send(_ update: PresenterUpdate, console: Console, saying: String?) -> Bool {
        guard case .sent = post(update, console: console) else { return false }
        if let saying { ClassLink.tell(saying, console) }
        return true
    }

    enum Outcome {
        case sent(ClassState)
        case away
        case refused
    }

    /// Sends one change. When the server answers again after being away, the reveals kept meanwhile go first (those
    /// of the lesson it now shows; a reveal sent twice counts once).
    func post(_ update: PresenterUpdate, console: Console) -> Outcome {
        let lang = console.session.options.lang
        do {
            var state = try client.present(update, token: token)
            let wasAnswering = reach == .answering
            reach = .answering
            if !wasAnswering {
                let sent = try flush(state)
                if let sent { state = sent }
                ClassLink.tell(
                    (sent == nil ? ClassNewsText.presenterBack : ClassNewsText.presenterBackSent).text(lang), console)
            }
            room = state
            closed = state.joiningClosed == true
            return .sent(state)
        } catch {
            switch error {
            case .unreachable:
                if reach == .answering { ClassLink.tell(ClassNewsText.presenterGone.text(lang), console) }
                reach = .away
                published = nil
                return .away
            case .refused:
                if reach == .away { reach = .refusedSinceAway }
                ClassLink.tell(ClassText.classRefused.text(lang, ClassLink.describe(error, lang)), console, error: true)
                return .refused
            }
        }
    }

    /// The kept reveals of the lesson the server shows now; nil when there were none.
    func flush(_ state: ClassState) throws(ClassClient.Failure) -> ClassState? {
        guard let lesson = pendingLesson, lesson == state.lesson, !pending.isEmpty || !pendingAnswers.isEmpty else {
            pending = []; pendingAnswers = []; pendingLesson = nil
            return nil
        }
        var latest = state
        for reveal in pending.sorted(by: { $0.step < $1.step }) {
            latest = try client.present(
                PresenterUpdate(
                    revealSolution: reveal.solution ? true : nil, hints: reveal.hints > 0 ? reveal.hints : nil,
                    revealStep: reveal.step), token: token)
        }
        for step in pendingAnswers { latest = try client.present(PresenterUpdate(revealAnswers: step), token: token) }
        pending = []; pendingAnswers = []; pendingLesson = nil
        return latest
    }

    /// Closes or reopens joining the class.
    func joining(open: Bool, console: Console) -> Bool {
        let lang = console.session.options.lang
        do {
            let state = try client.joining(open: open, token: token)
            closed = state.joiningClosed == true
            ClassLink.tell((closed ? ClassText.joiningClosed : ClassText.joiningOpened).text(lang), console)
            return true
        } catch {
            report(error, console: console)
            return false
        }
    }

    /// Removes every learner of that name from the class.
    func remove(name: String, console: Console) -> Bool {
        let lang = console.session.options.lang
        let shown = TextSanitizer.clean(name)
        do {
            let answer = try client.remove(name: name, token: token)
            ClassLink.tell(ClassText.learnersRemoved.text(lang, shown, String(answer.removed)), console)
            return true
        } catch {
            if case .refused(_, _, .noSuchLearner) = error {
                ClassLink.tell(ClassText.noLearnerNamed.text(lang, shown), console, error: true)
            } else {
                report(error, console: console)
            }
            return false
        }
    }

    /// Removes every learner who joined at `time` (HH:MM, today on this machine's clock) or later: a flood of joins
    /// cleared with one command.
    func remove(after time: String, console: Console) -> Bool {
        let lang = console.session.options.lang
        let shown = TextSanitizer.clean(time)
        guard let since = Self.today(at: time) else {
            ClassLink.tell(ClassText.notATime.text(lang, shown), console, error: true)
            return false
        }
        do {
            let answer = try client.remove(RemoveRequest(joinedAfter: since), token: token)
            ClassLink.tell(ClassText.learnersRemovedAfter.text(lang, shown, String(answer.removed)), console)
            return true
        } catch {
            if case .refused(_, _, .noSuchLearner) = error {
                ClassLink.tell(ClassText.noLearnerAfter.text(lang, shown), console, error: true)
            } else {
                report(error, console: console)
            }
            return false
        }
    }

    /// HH:MM as seconds since 1970: today's, or yesterday's when today's has not come yet (a class past midnight).
    static func today(at time: String, now: Double = Date().timeIntervalSince1970) -> Double? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2,
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        var seconds = time_t(now)
        var local = tm()
        localtime_r(&seconds, &local)
        local.tm_hour = Int32(hour)
        local.tm_min = Int32(minute)
        local.tm_sec = 0
        local.tm_isdst = -1
        var at = Double(mktime(&local))
        if at > now { at -= 24 * 3600 }
        return at
    }

    func report(_ error: ClassClient.Failure, console: Console) {
        let lang = console.session.options.lang
        switch error {
        case .unreachable:
            ClassLink.tell(ClassText.serverGone.text(lang), console)
        case .refused:
            ClassLink.tell(ClassText.classRefused.text(lang, ClassLink.describe(error, lang)), console, error: true)
        }
    }

    /// "The room tries now": the current step's exercise is open to everyone. A demonstration (a goal its commands
    /// leave unmet on purpose) is never opened: the room watches it, and the presenter is told so.
    func openExercise(console: Console) -> Bool {
        let lang = console.session.options.lang
        let step = String(console.session.stepIndex + 1)
        if console.session.currentStep?.goalStaysUnmet == true {
            ClassLink.tell(ClassText.demonstrationNotOpened.text(lang, step), console)
            return true
        }
        return send(
            PresenterUpdate(tries: true), console: console, saying: ClassNewsText.roomTriesSaid.text(lang, step))
    }

    /// `run --pace` keys for the room: t (tries now), h (a hint), s (the solution), a (the answers), c (close or
    /// reopen joining).
    func key(_ character: Character, console: Console) -> Bool {
        switch character {
        case "t": _ = openExercise(console: console)
        case "h": _ = revealHint(console: console)
        case "s": _ = revealSolution(console: console)
        case "a": _ = revealAnswers(console: console)
        case "c": _ = joining(open: closed, console: console)
        default: return false
        }
        return true
    }
}
