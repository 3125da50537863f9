/// What the playground itself says, in English and Korean side by side. The compiler checks that every case has
/// both (the `switch` is exhaustive); `MessageTests` checks that the placeholders agree and the Korean is Korean.
public enum CoreText: String, TextCatalog {
    case gone, internalError, theDashboardNeedsJSONLines, theDashboardNeedsScreenControl,
        isNotANumberUsage, isNotAValidActionExpected, isNotAValidExpectedOne, needsUsage, takesAtMostArgumentSGot,
        noChange, noSuchField, andDidYouMeanCase, andDidYouMean, andLessons, andLiveObjects, andTypeHelpForTheList,
        aPaneNameIsUpTo, addAPaneOrShowOr, addedPaneRouteTopicToSends, chooseHowPanesAreDrawn, commands,
        doesTheLiveStateMeetThis, error, expectedActual, goToStepNWithThe, goToTheNextStep, goToThePreviousStep, goal,
        hint, id, lang, layoutIs, leaveThePlayground, lessonCommands, lessons, lineTooLongBytesTheLimit,
        listCommandsOrExplainOneCommand, listPanesTheirTopicsAndWhether, listTheLessons, liveObjectsSwiftCallFormE,
        loadALessonAndShowIts, methodsHelp, no, noCommandsYet, noHelpFor, noHintsForThisStep, noLessonIsLoadedTryLoad,
        noMoreHintsSolutionShowsThe, nothingToUndo, pane, paneAlreadyExists, paneIsHidden, paneIsShown,
        performTheCurrentStepSCommands, progress, resumingAtStepGoto1Starts, routed, sendATopicSMessagesTo,
        showTheCommandsThatSolveThis, showTheCurrentStepAgain, showTheLiveObjects, shown, solutionForStep,
        startTheLiveObjectsAfreshThe, stepOfTotal, steps, theCommandsOfThisLessonAnd, theDashboardNeedsATerminalOf,
        theDashboardNeedsATerminalUsing, theLineEndsWithALone, theLineHoldsControlCharactersOr, theLineIsNotValidUTF,
        theLiveObjectsAreSetUp, theLiveObjectsStartAfresh, theNextHintForThisStep, thereIsNoStepThisLesson,
        thisIsTheFirstStep, theEndOfTheLesson, reminderEnd, thisStepHasNoCommands, thisStepHasNoCommandsTo,
        thisStepHasNoGoalTo, title, topics, tryThese, typeCheckWhenYouThinkYou, typeLessonsToSeeTheLessons,
        typeLoadLessonToStart, undid, undoTheLastCommandThatChanged, unknownCommand, unknownLesson, unknownModule,
        unknownPane, unknownTopic, unterminatedQuoteStartingAtColumn, yes, atColumn, thisLessonMakesNoNewObjects,
        thisLessonMakesOnly, didYouMeanToUseTry, tryOptionalGaveNil, aTrapStopsTheProgram, dashboardKeys,
        dashboardTooSmall, dashboardZoomed, dashboardPanesWaiting, dashboardLinesAbove, dashboardLinesBelow,
        reminderExercise, reminderNext, reminderTry, thePanesAreThisLessonsOwn, nothingChangedStateShowsAll,
        unchangedStateShowsAll, restartSummary, stuckRestart, demonstrationRunFirst, demonstrationUnmet,
        solutionStartsAtTheStepsStart, minutes, stepsAndExercises,
        stepOfTotalExercisesDone, minutesShort, wasThrown, goalMet, notYet, predictSummary, predicted,
        predictionNotMade, predictionWrong, predictNeedsALesson, yourPrediction, compiledThrown, compiledTimedOut,
        compiledInterrupted, compiledCrashed, interpreterOnly,
        compiledBindingNotKept, compiledDeclarationsNotKept, beyondTheSubset, interpreterKnowsNoMember,
        interpreterKeepsNoResult,
        interpreterKnowsNoName, morePrinted, interpreterReadsOneCall, answersWentToHiddenPanes

    public var texts: (en: String, ko: String) {
        switch self {
        case .internalError:
            (
                "internal error: {0}; this is a bug in the playground, please report it",
                "내부 오류: {0}. 플레이그라운드의 버그이니 알려 주세요"
            )
        case .theDashboardNeedsJSONLines:
            (
                "--format jsonl writes JSON Lines whatever the layout; the dashboard is not drawn",
                "--format jsonl은 레이아웃과 상관없이 JSON Lines를 씁니다. 대시보드는 그리지 않습니다"
            )
        case .theDashboardNeedsScreenControl:
            (
                "this terminal (TERM={0}) cannot draw the dashboard; the stream layout stays",
                "이 터미널(TERM={0})은 대시보드를 그릴 수 없습니다. stream 레이아웃을 그대로 씁니다"
            )
        case .isNotANumberUsage: ("'{0}' is not a number; usage: {1}", "'{0}'은(는) 숫자가 아닙니다. 사용법: {1}")
        case .isNotAValidActionExpected:
            (
                "'{0}' is not a valid <action>; expected one of: add, show, hide",
                "'{0}'은(는) 올바른 <action> 값이 아닙니다. 가능한 값: add, show, hide"
            )
        case .isNotAValidExpectedOne:
            ("'{0}' is not a valid <{1}>; expected one of: {2}", "'{0}'은(는) 올바른 <{1}> 값이 아닙니다. 가능한 값: {2}")
        case .needsUsage: ("'{0}' needs {1}; usage: {2}", "'{0}'에는 {1}이(가) 필요합니다. 사용법: {2}")
        case .takesAtMostArgumentSGot:
            (
                "'{0}' takes at most {1} argument(s), got {2}; usage: {3}",
                "'{0}'은(는) 인자를 최대 {1}개 받는데 {2}개가 왔습니다. 사용법: {3}"
            )
        case .answersWentToHiddenPanes:
            ("answers went to hidden panes: {0}; 'pane show {1}'", "답이 숨긴 패널로 갔습니다: {0}. 보려면 'pane show {1}'")
        case .noChange: ("(no change)", "(변화 없음)")
        case .noSuchField: ("(no such field)", "(없는 필드)")
        case .andDidYouMeanCase: ("; did you mean '.{0}'?", ". 혹시 '.{0}'인가요?")
        case .andDidYouMean: ("; did you mean '{0}'?", ". 혹시 '{0}'인가요?")
        case .andLessons: ("; lessons: {0}", ". 레슨: {0}")
        case .andLiveObjects: ("; live objects: {0}", ". 라이브 객체: {0}")
        case .andTypeHelpForTheList: ("; type 'help' for the list", ". 'help'로 명령 목록을 볼 수 있습니다")
        case .aPaneNameIsUpTo:
            ("a pane name is up to 20 letters, digits, '-' or '_'", "패널 이름은 글자, 숫자, '-', '_'로 20자까지입니다")
        case .addAPaneOrShowOr: ("add a pane, or show or hide one", "패널 추가, 표시, 숨기기")
        case .addedPaneRouteTopicToSends:
            (
                "added pane '{0}'; 'route <topic> to {0}' sends messages to it",
                "'{0}' 패널을 추가했습니다. 'route <토픽> to {0}'로 메시지를 보낼 수 있습니다"
            )
        case .chooseHowPanesAreDrawn: ("choose how panes are drawn", "패널을 그리는 방식 선택")
        case .commands: ("Commands:", "명령:")
        case .doesTheLiveStateMeetThis: ("does the live state meet this step's goal?", "라이브 상태가 이 단계의 목표를 만족하는지 확인")
        case .error: ("error: {0}", "오류: {0}")
        case .expectedActual: ("expected {0}, actual {1}", "기대값 {0}, 실제값 {1}")
        case .goToStepNWithThe:
            ("go to step n, with the live objects as the earlier steps leave them", "n단계로 (라이브 객체는 앞 단계들이 남긴 상태로)")
        case .goToTheNextStep: ("go to the next step", "다음 단계로")
        case .goToThePreviousStep: ("go to the previous step", "이전 단계로")
        case .goal: ("Goal:", "목표:")
        case .hint: ("Hint {0}/{1}: {2}", "힌트 {0}/{1}: {2}")
        case .id: ("id", "아이디")
        case .lang: ("lang", "언어")
        case .layoutIs: ("layout: {0}", "레이아웃: {0}")
        case .leaveThePlayground: ("leave the playground", "플레이그라운드 종료")
        case .lessonCommands: ("Lesson '{0}' commands:", "'{0}' 레슨 명령:")
        case .lessons: ("Lessons:", "레슨:")
        case .lineTooLongBytesTheLimit: ("line too long ({0} bytes; the limit is {1})", "줄이 너무 깁니다 ({0}바이트, 최대 {1}바이트)")
        case .listCommandsOrExplainOneCommand:
            ("list commands, or explain one command or live object", "명령 목록, 또는 명령 하나나 라이브 객체 설명")
        case .listPanesTheirTopicsAndWhether:
            ("list panes, their topics and whether they are shown", "패널 목록, 받는 토픽, 표시 여부")
        case .listTheLessons: ("list the lessons", "레슨 목록")
        case .liveObjectsSwiftCallFormE: ("Live objects (Swift-call form, e.g. {0}):", "라이브 객체 (Swift 호출 형식, 예: {0}):")
        case .loadALessonAndShowIts: ("load a lesson and show its current step", "레슨을 불러와 현재 단계를 보여 줌")
        case .methodsHelp: ("methods: 'help {0}'", "메서드: 'help {0}'")
        case .no: ("no", "아니오")
        case .noCommandsYet: ("no commands yet", "아직 실행한 명령이 없습니다")
        case .noHelpFor: ("no help for '{0}'", "'{0}'에 대한 도움말이 없습니다")
        case .noHintsForThisStep: ("no hints for this step", "이 단계에는 힌트가 없습니다")
        case .noLessonIsLoadedTryLoad:
            (
                "no lesson is loaded; try 'load builder' ('lessons' lists them)",
                "불러온 레슨이 없습니다. 'load builder'로 시작하세요 ('lessons'로 목록 보기)"
            )
        case .noMoreHintsSolutionShowsThe:
            ("no more hints; 'solution' shows the commands", "힌트가 더 없습니다. 'solution'으로 정답 명령을 볼 수 있습니다")
        case .nothingToUndo: ("nothing to undo", "되돌릴 것이 없습니다")
        case .pane: ("pane", "패널")
        case .paneAlreadyExists: ("pane '{0}' already exists", "'{0}' 패널이 이미 있습니다")
        case .paneIsHidden: ("pane '{0}' is hidden", "'{0}' 패널을 숨겼습니다")
        case .paneIsShown: ("pane '{0}' is shown", "'{0}' 패널을 표시합니다")
        case .performTheCurrentStepSCommands: ("perform the current step's commands (show me)", "현재 단계의 명령을 실행 (시범 보기)")
        case .progress: ("progress", "진행")
        case .resumingAtStepGoto1Starts:
            ("Resuming at step {0} ('goto 1' starts over).", "{0}단계부터 이어서 합니다 ('goto 1'로 처음부터).")
        case .routed: ("route: {0} → {1}", "라우트: {0} → {1}")
        case .sendATopicSMessagesTo: ("send a topic's messages to a pane", "토픽의 메시지를 패널로 보내기")
        case .showTheCommandsThatSolveThis: ("show the commands that solve this step", "이 단계를 푸는 명령 보기")
        case .showTheCurrentStepAgain: ("show the current step again", "현재 단계를 다시 보여 줌")
        case .showTheLiveObjects: ("show the live objects", "라이브 객체 보기")
        case .shown: ("shown", "표시")
        case .solutionForStep: ("Solution for step {0}:", "{0}단계 정답:")
        case .startTheLiveObjectsAfreshThe:
            ("start the live objects afresh (the step stays)", "라이브 객체를 새로 만듦 (단계는 그대로)")
        case .stepOfTotal: ("step {0}/{1}", "{0}/{1}단계")
        case .steps: ("steps", "단계")
        case .theCommandsOfThisLessonAnd:
            ("the commands of this lesson and the fields each changed", "이 레슨에서 실행한 명령과 각 명령이 바꾼 필드")
        case .theDashboardNeedsATerminalOf:
            (
                "the dashboard needs a terminal of at least {0}x{1}; staying with the stream layout",
                "대시보드는 최소 {0}x{1} 크기의 터미널이 필요합니다. 스트림 레이아웃을 유지합니다"
            )
        case .theDashboardNeedsATerminalUsing:
            ("the dashboard needs a terminal; using the stream layout", "대시보드는 터미널에서만 쓸 수 있습니다. 스트림 레이아웃을 씁니다")
        case .theLineEndsWithALone: ("the line ends with a lone backslash", "줄이 백슬래시 하나로 끝납니다")
        case .theLineHoldsControlCharactersOr:
            (
                "the line holds control characters or escape sequences; type plain text",
                "제어 문자나 이스케이프 시퀀스가 들어 있습니다. 일반 텍스트로 입력하세요"
            )
        case .theLineIsNotValidUTF:
            ("the line is not valid UTF-8; nothing was run", "올바른 UTF-8이 아닌 줄입니다. 아무것도 실행하지 않았습니다")
        case .theLiveObjectsAreSetUp:
            ("The live objects are set up as steps 1–{0} leave them.", "라이브 객체를 1–{0}단계가 끝난 상태로 맞췄습니다.")
        case .theLiveObjectsStartAfresh: ("the live objects start afresh", "라이브 객체를 새로 만들었습니다")
        case .theNextHintForThisStep: ("the next hint for this step", "이 단계의 다음 힌트")
        case .thereIsNoStepThisLesson: ("there is no step {0}; this lesson has {1}", "{0}단계는 없습니다. 이 레슨은 {1}단계입니다")
        case .thisIsTheFirstStep: ("this is the first step", "첫 단계입니다")
        case .theEndOfTheLesson:
            (
                "That was the last step of '{0}'. 'lessons' lists what to try next; 'goto 1' starts this one again.",
                "'{0}'의 마지막 단계였습니다. 'lessons'에서 다음 레슨을 고르거나 'goto 1'로 처음부터 다시 할 수 있습니다."
            )
        case .reminderEnd: ("the end of the lesson: 'lessons' lists what to try next", "레슨의 끝: 'lessons'에서 다음 레슨을 고르세요")
        case .thisStepHasNoCommands: ("this step has no commands", "이 단계에는 명령이 없습니다")
        case .thisStepHasNoCommandsTo: ("this step has no commands to run", "이 단계에는 실행할 명령이 없습니다")
        case .thisStepHasNoGoalTo:
            ("this step has no goal to check; 'next' moves on", "이 단계에는 확인할 목표가 없습니다. 'next'로 넘어가세요")
        case .title: ("title", "제목")
        case .topics: ("topics", "토픽")
        case .tryThese: ("Try:", "해 보기:")
        case .typeCheckWhenYouThinkYou:
            ("Type 'check' when you think you are there, 'hint' for help.", "다 됐다 싶으면 'check', 도움이 필요하면 'hint'를 입력하세요.")
        case .typeLessonsToSeeTheLessons:
            (
                "type 'lessons' to see the lessons, 'load builder' to start, 'help' for commands, Ctrl-D to leave.",
                "'lessons'로 레슨 목록, 'load builder'로 시작, 'help'로 명령 보기, Ctrl-D로 종료합니다."
            )
        case .typeLoadLessonToStart: ("Type 'load <lesson>' to start.", "'load <레슨>'으로 시작하세요.")
        case .undid: ("undid: {0}", "되돌림: {0}")
        case .undoTheLastCommandThatChanged:
            ("undo the last command that changed a live object", "라이브 객체를 바꾼 마지막 명령 되돌리기")
        case .unknownCommand: ("unknown command '{0}'", "알 수 없는 명령 '{0}'")
        case .unknownLesson: ("unknown lesson '{0}'", "알 수 없는 레슨 '{0}'")
        case .unknownModule: ("unknown module '{0}'", "알 수 없는 모듈 '{0}'")
        case .unknownPane: ("unknown pane '{0}'", "알 수 없는 패널 '{0}'")
        case .unknownTopic: ("unknown topic '{0}'", "알 수 없는 토픽 '{0}'")
        case .unterminatedQuoteStartingAtColumn:
            ("unterminated {0} quote starting at column {1}", "{1}번째 칸에서 시작한 {0} 따옴표가 닫히지 않았습니다")
        case .yes: ("yes", "예")
        case .atColumn: ("{0} (column {1})", "{0} ({1}번째 칸)")
        case .stepsAndExercises: ("{0} steps · {1} exercises", "{0}단계 · 연습 {1}개")
        case .stepOfTotalExercisesDone:
            ("step {0} of {1} · {2} of {3} exercises done", "{1}단계 중 {0}단계 · 연습 {3}개 중 {2}개 완료")
        case .minutes: ("minutes", "시간")
        case .thisLessonMakesNoNewObjects:
            (
                "the playground does not make a new {0} in this lesson: use its live objects",
                "이 레슨에서는 새 {0}를 만들지 않습니다: 라이브 객체를 쓰세요"
            )
        case .thisLessonMakesOnly:
            (
                "the playground does not make a new {0} in this lesson; it makes: {1}",
                "이 레슨에서는 새 {0}를 만들지 않습니다. 만들 수 있는 것: {1}"
            )
        case .didYouMeanToUseTry: ("; write 'try' before the call: {0}", ". 호출 앞에 'try'를 쓰세요: {0}")
        case .tryOptionalGaveNil: ("try? gave nil: {0} was thrown and discarded", "try?가 nil을 돌려주었습니다: {0} 에러는 버려졌습니다")
        case .aTrapStopsTheProgram:
            (
                "(a trap: a real program stops here; the playground keeps the live objects as they were)",
                "(트랩: 실제 프로그램은 여기서 멈춥니다. 플레이그라운드는 라이브 객체를 그대로 둡니다)"
            )
        case .dashboardKeys:
            (
                "PgUp/PgDn: scroll the lesson · Ctrl-O: zoom the next pane · Tab: complete · Ctrl-D: leave",
                "PgUp/PgDn: 레슨 스크롤 · Ctrl-O: 다음 창 크게 · Tab: 자동 완성 · Ctrl-D: 나가기"
            )
        case .gone: ("(gone)", "(사라짐)")
        case .dashboardZoomed: ("zoomed", "크게 보기")
        case .dashboardPanesWaiting: ("+{0} more: {1}", "+{0}개 더: {1}")
        case .dashboardLinesAbove: ("↑ {0} earlier", "↑ 앞의 {0}줄")
        case .dashboardLinesBelow: ("↓ {0} more", "↓ {0}줄 더")
        case .dashboardTooSmall:
            (
                "The dashboard needs at least {0}; this terminal is {1}. Make it larger, or type 'layout stream'.",
                "대시보드는 최소 {0} 크기가 필요한데 이 터미널은 {1}입니다. 창을 키우거나 'layout stream'을 입력하세요."
            )
        case .reminderExercise:
            ("exercise: reach the goal, then 'check' ('step' shows it)", "연습: 목표 상태를 만든 뒤 'check' ('step'으로 다시 보기)")
        case .reminderNext: ("'next' moves on ('step' shows this step again)", "'next'로 넘어갑니다 ('step'으로 이 단계 다시 보기)")
        case .reminderTry: ("next: > {0}", "다음: > {0}")
        case .thePanesAreThisLessonsOwn:
            (
                "the panes and routes are {0}'s own again; your changes to them stayed with the lesson before",
                "패널과 경로를 {0} 레슨의 것으로 되돌렸습니다. 바꾼 내용은 이전 레슨에 두고 왔습니다"
            )
        case .nothingChangedStateShowsAll:
            ("(nothing changed; 'state' shows every object)", "(바뀐 것이 없습니다. 'state'는 모든 객체를 보여 줍니다)")
        case .unchangedStateShowsAll:
            ("(unchanged: {0}; 'state' shows every object)", "(그대로: {0}. 'state'는 모든 객체를 보여 줍니다)")
        case .restartSummary:
            (
                "set the live objects up as this step starts (the earlier steps' commands, nothing else)",
                "라이브 객체를 이 단계가 시작할 때의 상태로 (앞 단계의 명령만 다시 실행)"
            )
        case .demonstrationRunFirst:
            (
                "this step shows a goal its commands leave unmet on purpose: run them first ('run' runs them), then "
                    + "'check' says why it stays unmet",
                "이 단계는 명령을 실행해도 목표가 일부러 달성되지 않는 모습을 보여 줍니다. 먼저 명령을 실행하고('run'이 실행합니다) 'check'를 입력하면 "
                    + "왜 달성되지 않는지 알려 줍니다"
            )
        case .demonstrationUnmet:
            (
                "This step's goal stays unmet on purpose: it shows the bug, nothing here is yours to fix. 'next' moves "
                    + "on.",
                "이 단계의 목표는 일부러 달성되지 않습니다. 버그를 보여 주는 단계이니 여기서 고칠 것은 없습니다. 'next'로 넘어가세요."
            )
        case .stuckRestart:
            (
                "Stuck? 'restart' sets the live objects up as this step starts; 'hint' helps.",
                "막혔나요? 'restart'는 라이브 객체를 이 단계가 시작할 때로 되돌립니다. 'hint'도 도움이 됩니다."
            )
        case .solutionStartsAtTheStepsStart:
            (
                "They start from the step's own start: 'restart' sets it up, 'run' sets it up and runs them.",
                "이 명령들은 단계가 시작할 때의 상태에서 출발합니다: 'restart'로 되돌리고, 'run'은 되돌린 뒤 실행합니다."
            )
        case .minutesShort: ("{0} min", "{0}분")
        case .wasThrown: ("{0} was thrown: {1}", "{0} 에러 발생: {1}")
        case .goalMet: ("✓ goal met: step {0} is done. 'next' moves on.", "✓ 목표 달성: {0}단계 완료. 'next'로 넘어가세요.")
        case .predictSummary:
            (
                "say what you expect before you run it; 'check' tells you if you were right",
                "실행 전에 결과를 예측 (맞았는지는 'check'가 알려 줌)"
            )
        case .predicted:
            (
                "your prediction: {0}. Now run it and watch; 'check' says whether you were right.",
                "예측: {0}. 이제 실행해서 확인하세요. 맞았는지는 'check'가 알려 줍니다."
            )
        case .predictionNotMade:
            ("no prediction yet: 'predict <answer>', then run it", "아직 예측이 없습니다: 'predict <답>' 다음에 실행하세요")
        case .predictionWrong:
            (
                "{0} is not what happens: run it, watch, then predict again",
                "{0}은(는) 실제와 다릅니다: 실행해서 보고 다시 예측하세요"
            )
        case .yourPrediction: ("the right answer, given with 'predict'", "'predict'로 적은 정답")
        case .predictNeedsALesson:
            (
                "'predict' belongs to a lesson's exercise; 'load <lesson>' first",
                "'predict'는 레슨의 연습 문제에서 씁니다. 먼저 'load <레슨>'을 입력하세요"
            )
        case .compiledThrown:
            (
                "{0} was thrown and not caught; the live objects are as they were before the line",
                "{0} 에러가 발생했고 잡히지 않았습니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .compiledTimedOut:
            (
                "stopped: the line was still running after {0} s (an endless loop?); the live objects are as they were "
                    + "before it",
                "중지: {0}초가 지나도 이 줄이 끝나지 않았습니다(무한 루프?). 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .compiledInterrupted:
            (
                "stopped by Ctrl-C; the live objects are as they were before the line",
                "Ctrl-C로 중지했습니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .compiledCrashed:
            (
                "this line would crash the program (signal {0}); the live objects are as they were before it",
                "이 줄은 프로그램을 비정상 종료시킵니다(시그널 {0}). 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .interpreterOnly:
            (
                "the playground's own interpreter does not run this: {0} (with a Swift toolchain on PATH, the compiler "
                    + "judges any Swift)",
                "플레이그라운드 자체 인터프리터는 이 줄을 실행하지 않습니다: {0} (PATH에 Swift 툴체인이 있으면 컴파일러가 어떤 Swift든 판단합니다)"
            )
        case .compiledBindingNotKept:
            (
                "note: the type of '{0}' is declared on this line, so later lines cannot use '{0}'",
                "참고: '{0}'의 타입이 이 줄에서 선언되어, 다음 줄에서는 '{0}'을 쓸 수 없습니다"
            )
        case .compiledDeclarationsNotKept:
            (
                "note: a type or function declared on a line that also runs statements lasts for that line; declared "
                    + "on a line (or a block) of its own, it lasts for every later line",
                "참고: 문장도 실행하는 줄에서 선언한 타입이나 함수는 그 줄에서만 쓸 수 있습니다. 따로 한 줄(또는 블록)에서 선언하면 다음 줄에서도 계속 쓸 수 있습니다"
            )
        case .beyondTheSubset: ("'{0}' is beyond its subset of Swift", "'{0}'은(는) 인터프리터가 다루는 Swift의 범위 밖입니다")
        case .interpreterKnowsNoMember: ("it knows no member '{1}' of {0}", "인터프리터는 {0}의 멤버 '{1}'을(를) 모릅니다")
        case .interpreterKeepsNoResult:
            (
                "it cannot print, keep or go on from what this call gives back",
                "인터프리터는 이 호출이 돌려주는 값을 출력하거나 보관하거나 이어서 쓰지 못합니다"
            )
        case .morePrinted: ("… and {0} more lines it printed", "… 그리고 출력한 줄 {0}개 더")
        case .interpreterReadsOneCall:
            (
                "it reads one call or read on a live object per line, and this line goes beyond that at column {0}",
                "인터프리터는 한 줄에 라이브 객체의 호출이나 읽기 하나만 읽는데, 이 줄은 {0}번째 열에서 그 범위를 넘습니다"
            )
        case .interpreterKnowsNoName: ("it knows no live object or name '{0}'", "인터프리터는 '{0}'라는 라이브 객체나 이름을 모릅니다")
        case .notYet: ("✗ not yet: {0} of {1} goal fields differ", "✗ 아직입니다: 목표 필드 {1}개 중 {0}개가 다릅니다")
        }
    }
}
