import ClassWire
import Foundation

/// What the presenter changes: the lesson, the step, what the room is shown.
extension ClassRoom {
    public func isPresenter(_ token: String?) -> Bool {
        guard let token else { return false }
        return Tokens.equal(token, presenterToken)
    }

    public func present(_ update: PresenterUpdate, token: String?) throws(Refusal) -> ClassState {
        guard isPresenter(token) else {
            throw Refusal(403, "only the presenter's token changes the step or reveals answers", reason: .notPresenter)
        }
        if let lesson = update.lesson, !Self.isLessonID(lesson) { throw Refusal(400, "a lesson is named by its id") }
        if let titles = update.titles, titles.count > 500 || titles.contains(where: { $0.count > 200 }) {
            throw Refusal(400, "at most 500 step titles of 200 characters")
        }
        if let title = update.lessonTitle, title.count > 200 {
            throw Refusal(400, "a lesson title is at most 200 characters")
        }
        if let translations = update.translations,
            translations.count > 4
                || translations.contains(where: { lang, titles in
                    !["en", "ko"].contains(lang) || titles.title.count > 200 || titles.steps.count > 500
                        || titles.steps.contains { $0.count > 200 }
                })
        {
            throw Refusal(400, "translations: en or ko, titles of at most 200 characters, at most 500 steps")
        }
        if let lang = update.lang, !["en", "ko"].contains(lang) { throw Refusal(400, "the language is en or ko") }
        if let options = update.predictionOptions,
            options.count != update.predictionSteps?.count || options.contains(where: { !(0...99).contains($0) })
        {
            throw Refusal(400, "predictionOptions gives 0 to 99 options for each of predictionSteps")
        }
        return try locked { () throws(Refusal) -> ClassState in
            var next = state
            var nextTitles = titles
            var nextPredictions = predictionSteps
            var nextExercises = exerciseSteps
            var nextPassed = presenterPassed
            if let lesson = update.lesson, lesson != next.lesson {
                next.lesson = lesson
                next.answersRevealed = []
                next.reveals = nil
                nextTitles = []
                nextPredictions = []
                nextExercises = nil
                nextPassed = [:]
            }
            if let title = update.lessonTitle { next.lessonTitle = title }
            if let titles = update.titles { nextTitles = titles; next.steps = titles.count }
            if let predictions = update.predictionSteps {
                nextPredictions = predictions.filter { (1...500).contains($0) }
            }
            if let exercises = update.exerciseSteps { nextExercises = exercises.filter { (1...500).contains($0) } }
            if let step = update.step {
                guard next.lesson != nil, (1...max(1, next.steps)).contains(step) else {
                    throw Refusal(400, "the step is from 1 to the lesson's number of steps")
                }
                if step != next.step {
                    next.step = step
                    next.tries = false
                }
            }
            if next.step != state.step || next.lesson != state.lesson {
                let now = clock()
                for passed in stride(from: 1, to: next.step, by: 1) where nextPassed[passed] == nil {
                    nextPassed[passed] = now
                }
                for back in nextPassed.keys where back >= next.step { nextPassed[back] = nil }
            }
            next.stepTitle = next.step > 0 && next.step <= nextTitles.count ? nextTitles[next.step - 1] : nil
            // The titles in every language published for this lesson (now, or before for the same lesson).
            let translations = next.lesson.flatMap { update.translations ?? lessons[$0]?.translations }
            next.lessonTitles = translations?.mapValues(\.title)
            next.stepTitles = translations?.compactMapValues { titles in
                next.step > 0 && next.step <= titles.steps.count ? titles.steps[next.step - 1] : nil
            }
            if let tries = update.tries { next.tries = tries }
            try Self.reveal(update, in: &next)
            if let step = update.revealAnswers {
                guard (1...500).contains(step) else { throw Refusal(400, "the step is from 1 to 500") }
                if !next.answersRevealed.contains(step) { next.answersRevealed.append(step) }
            }
            if let lang = update.lang { next.lang = lang }
            next.presenterStopped = update.stopped == true ? true : nil
            next.revision += 1
            do {
                try store.saveClass(
                    .init(
                        code: code, presenterToken: presenterToken, state: next, titles: nextTitles,
                        predictionSteps: nextPredictions, exerciseSteps: nextExercises, presenterPassed: nextPassed))
            } catch {
                throw Refusal.storeFailed("the class could not be saved", error)
            }
            // The lesson as reports are checked against it: its steps and its questions.
            var nextLessons = lessons
            if let lesson = next.lesson {
                var shape = nextLessons[lesson] ?? LessonShape(steps: 0)
                if update.titles != nil { shape.steps = nextTitles.count }
                if let translations = update.translations { shape.translations = translations }
                shape.steps = max(shape.steps, next.step)
                if let steps = update.predictionSteps {
                    let options = update.predictionOptions ?? Array(repeating: 0, count: steps.count)
                    shape.predictions = Dictionary(zip(steps, options).filter { (1...500).contains($0.0) }) { a, _ in a
                    }
                }
                nextLessons[lesson] = shape
            }
            if nextLessons != lessons {
                do {
                    let json = String(decoding: try JSONEncoder().encode(nextLessons), as: UTF8.self)
                    try store.saveLessons(json)
                } catch {
                    throw Refusal.storeFailed("the class could not be saved", error)
                }
            }
            state = next
            titles = nextTitles
            predictionSteps = nextPredictions
            lessons = nextLessons
            exerciseSteps = nextExercises
            presenterPassed = nextPassed
            version += 1
            return state
        }
    }
}

extension ClassRoom {
    /// The room's hint and solution counters, per step: a reveal raises them (a count sent twice counts once), and
    /// the current step's are the state's `hintsRevealed` and `solutionRevealed`.
    static func reveal(_ update: PresenterUpdate, in state: inout ClassState) throws(Refusal) {
        let at = update.revealStep ?? state.step
        if update.revealHint == true || update.hints != nil || update.revealSolution == true {
            guard state.lesson != nil, (1...max(1, state.steps)).contains(at) else {
                throw Refusal(400, "a reveal names a step of the lesson")
            }
        }
        var reveal = state.reveal(at: at)
        if update.revealHint == true { reveal.hints += 1 }
        if let hints = update.hints {
            guard (0...100).contains(hints) else { throw Refusal(400, "a step has at most 100 hints") }
            reveal.hints = max(reveal.hints, hints)
        }
        if update.revealSolution == true { reveal.solution = true }
        if reveal != state.reveal(at: at) {
            var all = (state.reveals ?? []).filter { $0.step != at }
            all.append(reveal)
            state.reveals = all.sorted { $0.step < $1.step }
        }
        let current = state.reveal(at: state.step)
        state.hintsRevealed = current.hints
        state.solutionRevealed = current.solution
    }
}
