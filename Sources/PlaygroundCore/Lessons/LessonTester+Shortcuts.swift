/// How the lesson tester tries the wrong ways to an exercise's goal: shortcuts and guessed predictions must fail it.
extension LessonTester {
    /// Runs a shortcut from the step's start; says how it got through if it meets the goal.
    func tryShortcut(_ shortcut: Shortcut, at index: Int, in session: Session) throws -> String? {
        try session.lessons.setUpLiveObjects(before: index)
        _ = session.takeOutput()
        defer { _ = session.takeOutput() }
        if let code = shortcut.code {
            guard compiler != nil else { return nil }
            guard (try? session.code.loadCode(code)) == true else {
                return
                    "the shortcut file does not compile: a shortcut is a wrong solution Swift accepts (rule: shortcuts "
                    + "must fail the goal, not the compiler)"
            }
            // The hidden run first, from the file just loaded (as `check` runs it): a wrong file may meet the step's
            // own run, and the hidden scenario must catch it then.
            let hidden = (try? session.code.hiddenScenarioDifferences()) ?? []
            _ = try? session.code.driveStep()
            if session.lessons.goalMet, !hidden.isEmpty { return nil }
        } else {
            for command in shortcut.commands { session.execute(command) }
        }
        guard session.lessons.goalMet else { return nil }
        return
            "this shortcut meets the goal of '\(session.currentStep?.title ?? "")': the goal lets a solution without "
            + "the idea through (rule: a goal checks the task, and every shortcut must fail it)"
    }

    /// A prediction counts once, before the thing is run: guessing each wrong answer and then the right one, or
    /// answering after running the step, must not meet the goal. Tried on every prediction exercise.
    func tryPredictionShortcuts(_ step: Step, at index: Int, in session: Session) -> String? {
        guard let goal = step.goal.first(where: \.isPrediction), let options = step.predictionOptions, options > 1
        else { return nil }
        defer {
            session.lessons.forgetPrediction()
            try? session.lessons.setUpLiveObjects(before: index)
            _ = session.takeOutput()
        }
        // Guessing: a wrong answer first, then the right one, then the step's own commands.
        guard (try? session.lessons.setUpLiveObjects(before: index)) != nil else { return nil }
        session.lessons.forgetPrediction()
        let wrong = (1...options).map(String.init).first { $0 != goal.value } ?? "1"
        session.execute("predict " + wrong)
        session.execute("predict " + goal.value)
        for command in step.commands where !command.hasPrefix("predict") { session.execute(command) }
        if session.lessons.goalMet {
            return
                "a second 'predict' after a wrong one meets the goal: a prediction must count once (rule: the first "
                + "answer stands)"
        }
        // Running first, then answering.
        guard (try? session.lessons.setUpLiveObjects(before: index)) != nil else { return nil }
        session.lessons.forgetPrediction()
        for command in step.commands where !command.hasPrefix("predict") { session.execute(command) }
        session.execute("predict " + goal.value)
        if session.lessons.goalMet {
            return
                "'predict' after running the step meets the goal: a prediction must come before the thing is run "
                + "(rule: predict first)"
        }
        return nil
    }
}
