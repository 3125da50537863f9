/// Predictions that count: the first answer, given before the thing is run, is the one kept and judged.
extension LessonController {
    /// The current step's prediction, when it asks for one.
    var prediction: LessonNavigator.Prediction? {
        guard let navigator else { return nil }
        return navigator.predictions[navigator.stepIndex]
    }

    /// What goals and hints look at: the live state, and the learner's prediction once the thing it is about has
    /// run (before that, nothing can be judged).
    func goalState() -> [StateGroup] {
        guard let workspace else { return [] }
        guard let prediction, prediction.ran else { return workspace.goalState() }
        return workspace.goalState(prediction: prediction.answer)
    }

    /// `predict 2`: kept only as the step's first answer, one of the options the step offers.
    func predict(_ answer: String) throws {
        var navigator = try requireNavigator()
        let step = navigator.step
        guard step.isPrediction else { throw PlaygroundError(PredictText.noPredictionHere.phrase) }
        if let options = step.predictionOptions {
            guard let number = Int(answer), (1...options).contains(number) else {
                throw PlaygroundError(PredictText.chooseAnOption(answer, Self.optionList(options, lang)))
            }
        }
        if let made = navigator.predictions[navigator.stepIndex] {
            throw PlaygroundError(PredictText.firstAnswerStands(made.answer))
        }
        // Kept for the learner, not for this load of the lesson: the progress store has the last word (another
        // session may have answered first).
        let lessonID = navigator.lesson.id, index = navigator.stepIndex
        let stands =
            progress?.keepPrediction(answer, lesson: lessonID, step: index, total: navigator.lesson.steps.count)
            ?? answer
        sayProgressWarnings()
        predictionsKept[lessonID, default: [:]][index] = stands
        navigator.predictions[index] = LessonNavigator.Prediction(answer: stands)
        self.navigator = navigator
        guard stands == answer else { throw PlaygroundError(PredictText.firstAnswerStands(stands)) }
        session.say(PredictText.predicted(answer, Self.revealHint(step)))
    }

    /// The first answers this learner gave in `lesson`, by 0-based step: the progress store's, then the session's
    /// own (a session without a store keeps them in memory).
    func keptPredictions(_ lesson: String) -> [Int: LessonNavigator.Prediction] {
        let kept = (progress?.predictions(lesson: lesson) ?? [:])
            .merging(predictionsKept[lesson] ?? [:]) { stored, _ in stored }
        return kept.mapValues { LessonNavigator.Prediction(answer: $0) }
    }

    /// Forgets the current step's prediction (the lesson tester, between the ways it tries a step; it has no
    /// progress store).
    func forgetPrediction() {
        guard let navigator else { return }
        self.navigator?.predictions[navigator.stepIndex] = nil
        predictionsKept[navigator.lesson.id]?[navigator.stepIndex] = nil
    }

    /// A prediction step runs nothing before the learner has answered: what runs would answer it.
    func requirePredictionFirst(_ command: Command) throws {
        guard !mediator.isMuted, let step = currentStep, step.isPrediction, prediction == nil else { return }
        // A read of a property or a print looks at the step's start, which the question is about: allowed.
        if case .call(let statement) = command, statement.binding == nil,
            statement.isPrint || statement.calls.last?.hasParens == false
        {
            return
        }
        throw PlaygroundError(PredictText.predictFirst(Self.optionList(step.predictionOptions ?? 3, lang)))
    }

    /// Marks the prediction's thing as run when the command just performed ran its Swift (in either spelling).
    func noteReveal(since mark: Int) {
        guard !mediator.isMuted, var navigator, navigator.step.isPrediction,
            var made = navigator.predictions[navigator.stepIndex], !made.ran,
            let reveal = navigator.step.revealCode
        else { return }
        guard codeLines(since: mark).contains(where: { Self.sameSwift($0, reveal) }) else { return }
        made.ran = true
        navigator.predictions[navigator.stepIndex] = made
        self.navigator = navigator
    }

    /// The code pane lines posted since `mark` in the mediator's events.
    func codeLines(since mark: Int) -> [String] {
        guard mark <= mediator.events.count else { return [] }
        return mediator.events[mark...].flatMap { event -> [String] in
            guard case .delivery(let delivery) = event, delivery.message.topic == "code" else { return [] }
            return delivery.message.text.split(separator: "\n").map(String.init)
        }
    }

    /// Two spellings of one line of Swift: equal once spaces are ignored (a transcript's line may be cut where the
    /// code pane wrapped it, so the typed line may go on).
    static func sameSwift(_ typed: String, _ expected: String) -> Bool {
        // `try!` and `try?` run the same call as `try`.
        func plain(_ s: String) -> String {
            s.filter { $0 != " " }.replacingOccurrences(of: "try!", with: "try").replacingOccurrences(
                of: "try?", with: "try")
        }
        let a = plain(typed), b = plain(expected)
        return !b.isEmpty && a.hasPrefix(b)
    }

    /// Where a prediction exercise stands, for `check`: never the right answer.
    func predictionStanding(_ step: Step) -> String {
        guard let made = prediction else {
            return PredictText.notMade(Self.optionList(step.predictionOptions ?? 3, lang)).text(lang)
        }
        guard made.ran else { return PredictText.notRunYet(made.answer, Self.revealHint(step)).text(lang) }
        return PredictText.missed(made.answer).text(lang)
    }

    /// "1, 2 or 3".
    static func optionList(_ count: Int, _ lang: Lang) -> String {
        let numbers = (1...max(1, count)).map(String.init)
        guard numbers.count > 1 else { return numbers[0] }
        return numbers.dropLast().joined(separator: ", ") + PredictText.or.text(lang) + numbers.last!
    }

    /// The Swift that reveals the answer, in backticks, or nothing when the transcript shows none.
    static func revealHint(_ step: Step) -> String { step.revealCode.map { "'" + $0 + "'" } ?? "" }
}

extension LessonNavigator {
    /// The learner's answer to a prediction exercise, and whether the thing it is about has run since.
    public struct Prediction: Equatable, Sendable {
        public var answer: String
        public var ran = false
    }
}

/// What the playground says about predictions.
public enum PredictText: String, TextCatalog {
    case noPredictionHere, chooseAnOption, firstAnswerStands, predicted, predictFirst, notMade, notRunYet, missed, or,
        historySetUp,
        notTheStory, lastHintAfterPredicting, nothingTypedToUndo

    public var texts: (en: String, ko: String) {
        switch self {
        case .noPredictionHere:
            (
                "this step asks for no prediction; 'predict' answers a prediction exercise",
                "이 단계에는 예측할 것이 없습니다. 'predict'는 예측 연습에서 답할 때 씁니다"
            )
        case .chooseAnOption: ("'{0}' is not one of the options: predict {1}", "보기에 없는 답입니다: '{0}'. {1} 중에서 예측하세요")
        case .firstAnswerStands:
            (
                "your prediction stands: {0}. The first answer is the one that counts; run it and watch",
                "예측은 처음 답 그대로입니다: {0}. 처음 답만 인정됩니다. 실행해서 확인하세요"
            )
        case .predicted:
            (
                "your prediction: {0}, kept (the first answer counts). Now run it ({1}) and watch; 'check' says "
                    + "whether you were right.",
                "예측: {0}. 처음 답만 인정되니 이 답으로 정해졌습니다. 이제 실행하고({1}) 지켜보세요. 맞았는지는 'check'가 알려 줍니다."
            )
        case .predictFirst:
            (
                "this step asks you to predict first: 'predict' {0}, before anything runs; what runs would answer it",
                "이 단계는 먼저 예측하는 단계입니다. 무엇이든 실행하기 전에 'predict' {0} 중 하나를 입력하세요. 실행하면 답이 보입니다"
            )
        case .notMade:
            ("no prediction yet: 'predict' {0} first, then run it", "아직 예측이 없습니다. 먼저 'predict' {0} 중 하나를 입력하고 실행하세요")
        case .notRunYet:
            (
                "your prediction {0} is kept; now run it ({1}), watch, then 'check'",
                "받은 예측: {0}. 이제 실행하고({1}) 지켜본 다음 'check'를 입력하세요"
            )
        case .missed:
            (
                "you predicted {0}, and that is not what happened: the panes above show what did. Only the first "
                    + "answer counts, so this prediction stays missed; 'next' moves on",
                "예측한 답은 {0}, 실제 결과는 달랐습니다. 무슨 일이 일어났는지는 위 창에 있습니다. 처음 답만 인정되므로 이 예측은 틀린 것으로 남습니다. 'next'로 넘어가세요"
            )
        case .or: (" or ", " 또는 ")
        case .notTheStory:
            (
                "✗ what ran is not what the step describes ({0} differ): 'restart', then run it as the step says; your "
                    + "prediction stands",
                "✗ 실행한 것이 단계의 설명과 다릅니다(다른 필드: {0}). 'restart' 후 단계가 말한 대로 실행하세요. 예측은 그대로입니다"
            )
        case .lastHintAfterPredicting:
            (
                "the last hint names the answer: it comes after your prediction ('predict' first)",
                "마지막 힌트는 답을 알려 줍니다. 예측한 뒤에 볼 수 있습니다(먼저 'predict')"
            )
        case .nothingTypedToUndo:
            (
                "nothing you typed at this step to undo; 'restart' sets the step up again",
                "이 단계에서 입력한 명령이 없어 되돌릴 것이 없습니다. 'restart'로 단계를 다시 준비하세요"
            )
        case .historySetUp:
            (
                "(the lesson ran {0} command(s) to set this step up; 'restart' runs them again)",
                "(이 단계를 준비하려고 레슨이 명령 {0}개를 실행했습니다. 'restart'가 다시 실행합니다)"
            )
        }
    }
}

extension LessonController {
    /// Every `object.field` a goal or a hint could name now (for the lesson tester's check of goal and hint fields).
    public var goalFieldKeys: [String] {
        goalState().flatMap { group in group.fields.map { group.object + "." + $0.name } }
    }
}
