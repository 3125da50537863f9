import ArgumentParser
import ClassWire
import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// The presenter's side: each step the presenter shows is published to the class, and the room's exercise,
/// hints, solution and answers are opened from here.
final class PresenterLink {
    let client: ClassClient
    let token: String
    var published: (lesson: String, step: Int)?
    var reachable = true

    init(client: ClassClient, token: String) {
        self.client = client
        self.token = token
    }

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
            update.exerciseSteps = steps.exerciseSteps
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

    /// What the class is told of a lesson's steps (1-based): their titles, which ask for a prediction, and which a
    /// learner can pass (a demonstration, an explanation and the recap cannot be: nobody is stuck on them).
    static func steps(of lesson: Lesson) -> PresenterUpdate {
        PresenterUpdate(
            titles: lesson.steps.map(\.title),
            predictionSteps: lesson.steps.indices.filter { lesson.steps[$0].isPrediction }.map { $0 + 1 },
            exerciseSteps: lesson.exerciseIndices.map { $0 + 1 })
    }

    func revealHint(console: Console) -> Bool {
        send(
            PresenterUpdate(revealHint: true), console: console,
            saying: ClassText.hintRevealed.text(console.session.options.lang, String(console.session.stepIndex + 1)))
    }

    func revealSolution(console: Console) -> Bool {
        send(
            PresenterUpdate(revealSolution: true), console: console,
            saying: ClassText.solutionRevealed.text(console.session.options.lang, String(console.session.stepIndex + 1))
        )
    }

    /// One change to the class; a refusal or an unreachable server is said in one line (that once, until it answers
    /// again).
    @discardableResult
    func send(_ update: PresenterUpdate, console: Console, saying: String?) -> Bool {
        let lang = console.session.options.lang
        do {
            _ = try client.present(update, token: token)
            if !reachable { reachable = true; ClassLink.tell(ClassText.serverBack.text(lang, "0"), console) }
            if let saying { ClassLink.tell(saying, console) }
            return true
        } catch {
            switch error {
            case .unreachable:
                if reachable { ClassLink.tell(ClassText.serverGone.text(lang), console) }
                reachable = false
                published = nil
            case .refused:
                ClassLink.tell(ClassText.classRefused.text(lang, ClassLink.describe(error, lang)), console, error: true)
            }
            return false
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
        return send(PresenterUpdate(tries: true), console: console, saying: ClassText.roomTries.text(lang, step))
    }

    /// `run --pace` keys for the room: t (tries now), h (a hint), s (the solution), a (the answers).
    func key(_ character: Character, console: Console) -> Bool {
        let lang = console.session.options.lang
        let step = String(console.session.stepIndex + 1)
        switch character {
        case "t": _ = openExercise(console: console)
        case "h": _ = revealHint(console: console)
        case "s": _ = revealSolution(console: console)
        case "a":
            send(
                PresenterUpdate(revealAnswers: console.session.stepIndex + 1), console: console,
                saying: ClassText.answersRevealed.text(lang, step))
        default: return false
        }
        return true
    }
}
