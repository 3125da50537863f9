import LessonModules
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// `predict`: the learner's answer before a run, which an exercise's goal can ask for and `check` never gives away.
@Suite struct PredictTests {
    /// The builder lesson at its predict exercise (step 5: after `meat kitten` fails, which meat is left? 2: tofu).
    func atThePredictExercise(_ lang: Lang = .en) -> Session {
        let session = RepositoryLessons.loaded("builder", lang)
        session.execute("goto 5")
        _ = session.takeOutput()
        return session
    }

    @Test func nothingRunsBeforeThePredictionAndNothingOutsideTheOptionsIsOne() {
        let session = atThePredictExercise()
        expectSame(
            session.run("check"),
            """
            no prediction yet: 'predict' 1, 2 or 3 first, then run it

            """)
        // Running it first would answer the question: refused, in either spelling, and so is `run`.
        for line in ["meat kitten", "try builder.setMeat(.kitten)", "run"] {
            expectSame(
                session.run(line),
                """
                error: this step asks you to predict first: 'predict' 1, 2 or 3, before anything
                runs; what runs would answer it

                """)
        }
        expectSame(session.run("predict 7"), "error: '7' is not one of the options: predict 1, 2 or 3\n")
        expectSame(session.run("predict tofu"), "error: 'tofu' is not one of the options: predict 1, 2 or 3\n")
        #expect(session.run("state").contains("meat:     .tofu"), "looks are not locked")
        #expect(session.run("builder.meat").contains(".tofu"), "nor are reads")
    }

    @Test func theFirstAnswerStandsAndIsJudgedOnlyAfterTheRun() {
        let session = atThePredictExercise()
        expectSame(
            session.run("predict 1", "predict 2", "check"),
            """
            your prediction: 1, kept (the first answer counts). Now run it ('try
            builder.setMeat(.kitten)') and watch; 'check' says whether you were right.
            error: your prediction stands: 1. The first answer is the one that counts; run
            it and watch
            your prediction 1 is kept; now run it ('try builder.setMeat(.kitten)'), watch,
            then 'check'

            """)
        _ = session.run("meat kitten")
        // Undo and restart do not take a prediction back.
        _ = session.run("undo", "restart")
        #expect(session.run("predict 2").hasPrefix("error: your prediction stands: 1."))
        let judged = session.run("check")
        expectSame(
            judged,
            """
            ✗ you predicted 1, and that is not what happened: the panes above show what did.
            Only the first answer counts, so this prediction stays missed; 'next' moves on

            """)
        #expect(!session.lessons.doneSteps.contains(4))
    }

    /// A prediction is made once per learner: loading another lesson and coming back, `goto` and `restart` keep the
    /// first answer (a session without a progress store keeps it in memory), and a missed one stays missed.
    @Test func theFirstAnswerOutlivesLoadGotoAndRestart() {
        let session = atThePredictExercise()
        let missed = """
            ✗ you predicted 3, and that is not what happened: the panes above show what did.
            Only the first answer counts, so this prediction stays missed; 'next' moves on

            """
        _ = session.run("predict 3", "meat kitten")
        expectSame(session.run("check"), missed)
        for way in [["load director", "load builder", "goto 5"], ["goto 4", "goto 5"], ["restart"]] {
            for line in way { session.execute(line) }
            _ = session.takeOutput()
            expectSame(
                session.run("predict 2"),
                """
                error: your prediction stands: 3. The first answer is the one that counts; run
                it and watch

                """)
            _ = session.run("meat kitten")
            expectSame(session.run("check"), missed)
            #expect(!session.lessons.doneSteps.contains(4), "after \(way)")
        }
    }

    /// `check` before any prediction says only that: never the scenario's fields (which would say nothing ran).
    @Test func checkBeforeAnyPredictionSaysToPredictFirst() {
        for (lesson, step) in [("builder", 5), ("director", 5), ("mediator", 6), ("delegate", 6), ("observer", 5)] {
            let session = RepositoryLessons.loaded(lesson)
            _ = session.run("goto \(step)")
            expectSame(session.run("check"), "no prediction yet: 'predict' 1, 2 or 3 first, then run it\n")
        }
        let korean = RepositoryLessons.loaded("mediator", .ko)
        _ = korean.run("goto 6")
        expectSame(korean.run("check"), "아직 예측이 없습니다. 먼저 'predict' 1, 2 또는 3 중 하나를 입력하고 실행하세요\n")
    }

    /// The progress file keeps each first answer by step; saving the place keeps them; forgetting clears them.
    @Test func theProgressRecordKeepsTheFirstAnswer() throws {
        var record = try ProgressRecord(
            decoding: Array(#"{"version":1,"lessons":{"builder":{"step":4,"done":[],"total":12}}}"#.utf8))
        #expect(record.lessons["builder"]?.predictions == [:], "a file from before predictions were kept")
        record.apply(.predict("builder", step: 4, answer: "3", total: 12))
        record.apply(.predict("builder", step: 4, answer: "2", total: 12))
        record.apply(.set("builder", .init(step: 6, done: [2], total: 12)))
        record.apply(.predict("observer", step: 4, answer: "1", total: 8))
        record.apply(.predict("observer", step: 99, answer: "1", total: 8))
        #expect(record.lessons["builder"] == .init(step: 6, done: [2], total: 12, predictions: [4: "3"]))
        #expect(record.lessons["observer"] == .init(step: 4, done: [], total: 8, predictions: [4: "1"]))
        let again = try ProgressRecord(decoding: record.encoded)
        #expect(again == record)
        expectSame(
            String(decoding: again.encoded, as: UTF8.self),
            """
            {
              "lessons" : {
                "builder" : {
                  "done" : [
                    2
                  ],
                  "predictions" : {
                    "4" : "3"
                  },
                  "step" : 6,
                  "total" : 12
                },
                "observer" : {
                  "done" : [

                  ],
                  "predictions" : {
                    "4" : "1"
                  },
                  "step" : 4,
                  "total" : 8
                }
              },
              "version" : 1
            }

            """)
        record.apply(.forget("builder"))
        #expect(record.lessons["builder"] == nil)
    }

    @Test func theSwiftSpellingRunsItToo() {
        let session = atThePredictExercise()
        _ = session.run("predict 2", "try! builder.setMeat(.kitten)")
        expectSame(session.run("check"), "✓ goal met: step 5 is done. 'next' moves on.\n")
    }

    @Test func predictNeedsALessonAndSpeaksKorean() {
        let bare = RepositoryLessons.session()
        #expect(bare.run("predict 2").hasPrefix("error: 'predict' belongs to a lesson's exercise"))
        let elsewhere = RepositoryLessons.loaded("builder")
        #expect(
            elsewhere.run("predict 2")
                == "error: this step asks for no prediction; 'predict' answers a prediction exercise\n")
        let korean = atThePredictExercise(.ko)
        #expect(korean.run("predict 3").hasPrefix("예측: 3. 처음 답만 인정되니 이 답으로 정해졌습니다."))
        #expect(korean.run("predict 2").hasPrefix("오류: 예측은 처음 답 그대로입니다: 3."))
    }

    @Test func theGoalDoesNotGiveTheAnswerAway() throws {
        let session = RepositoryLessons.loaded("builder")
        let step = session.run("goto 5")
        #expect(step.contains("  prediction.answer: the right answer, given with 'predict'\n"), "\(step)")
        #expect(!step.contains("prediction.answer: 2"))
        let catalog = RepositoryLessons.catalog
        let lesson = try #require(catalog.lesson(id: "builder", lang: .en))
        let students = try Handout(lesson: lesson, catalog: catalog, modules: LessonModules.all, audience: .students)
        #expect(students.markdown.contains("- `prediction.answer: the right answer, given with 'predict'`"))
        #expect(!students.html.contains("prediction.answer: 2"))
        let presenters = try Handout(
            lesson: lesson, catalog: catalog, modules: LessonModules.all, audience: .presenters)
        #expect(presenters.markdown.contains("- `prediction.answer: 2`"))
    }

    @Test func theStatePaneLeavesThePredictionOut() {
        let session = atThePredictExercise()
        _ = session.run("predict 2")
        #expect(!session.run("state").contains("prediction"))
    }

    /// A prediction is judged on the run the step describes: another run is said to differ (never with values), the
    /// goal shows only the prediction line, the last hint and the solution wait for the answer.
    @Test func theRunMustBeTheStepsAndNothingGivesTheAnswerAway() {
        let session = RepositoryLessons.loaded("director")
        let step = session.run("goto 5")
        #expect(!step.contains("burgerBuilder.sauces:"), "the scenario line would answer it: \(step)")
        #expect(session.run("solution").hasPrefix("error: this step asks you to predict first"))
        _ = session.run("hint", "hint")
        expectSame(
            session.run("hint"), "the last hint names the answer: it comes after your prediction ('predict' first)\n")
        // The recipe run without the mustard the step adds first: not the story, and no value named.
        _ = session.run("predict 2", "combo1")
        expectSame(
            session.run("check"),
            """
            ✗ what ran is not what the step describes (burgerBuilder.sauces differ):
            'restart', then run it as the step says; your prediction stands

            """)
        _ = session.run("restart", "burgerBuilder.addSauces(.mustard)", "combo1")
        expectSame(session.run("check"), "✓ goal met: step 5 is done. 'next' moves on.\n")
        // What the lesson ran to set the step up is not the learner's to undo.
        _ = session.run("restart")
        expectSame(
            session.run("undo"), "error: nothing you typed at this step to undo; 'restart' sets the step up again\n")
    }
}
