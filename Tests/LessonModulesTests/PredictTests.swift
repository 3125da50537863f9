import PlaygroundCore
import LessonModules
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

    @Test func aWrongPredictionIsNamedButTheAnswerIsNotGiven() {
        let session = atThePredictExercise()
        expectSame(session.run("check"), """
        ✗ not yet: 1 of 1 goal fields differ
          prediction.answer  no prediction yet: 'predict <answer>', then run it
        Stuck? 'restart' sets the live objects up as this step starts; 'hint' helps.

        """)
        expectSame(session.run("predict 1", "check"), """
        your prediction: 1. Now run it and watch; 'check' says whether you were right.
        ✗ not yet: 1 of 1 goal fields differ
          prediction.answer  1 is not what happens: run it, watch, then predict again
        Stuck? 'restart' sets the live objects up as this step starts; 'hint' helps.

        """)
        expectSame(session.run("predict 2", "check"), """
        your prediction: 2. Now run it and watch; 'check' says whether you were right.
        ✓ goal met: step 5 is done. 'next' moves on.

        """)
    }

    @Test func aPredictionIsJournaledLikeAnyChange() {
        let session = atThePredictExercise()
        _ = session.run("predict 2", "meat chicken", "undo")
        #expect(session.goalMet, "undoing the command after it keeps the prediction")
        _ = session.run("undo")
        #expect(!session.goalMet, "undoing the prediction removes it")
        _ = session.run("predict 2", "restart")
        #expect(!session.goalMet, "restart sets the step up afresh, without the prediction")
    }

    @Test func predictNeedsALessonAndSpeaksKorean() {
        let bare = RepositoryLessons.session()
        #expect(bare.run("predict 2").hasPrefix("error: 'predict' belongs to a lesson's exercise"))
        let korean = atThePredictExercise(.ko)
        #expect(korean.run("predict 3") == "예측: 3. 이제 실행해서 확인하세요. 맞았는지는 'check'가 알려 줍니다.\n")
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
        let presenters = try Handout(lesson: lesson, catalog: catalog, modules: LessonModules.all, audience: .presenters)
        #expect(presenters.markdown.contains("- `prediction.answer: 2`"))
    }

    @Test func theStatePaneLeavesThePredictionOut() {
        let session = atThePredictExercise()
        _ = session.run("predict 2")
        #expect(!session.run("state").contains("prediction"))
    }
}
