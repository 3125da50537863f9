/// What a live class says: the board on the projector, the class server's console, and the REPL's class commands
/// (`join`, `follow`, `class`), in English and Korean.
public enum ClassText: String, TextCatalog {
    // The board.
    case boardTitle, joinWith, waitingForPresenter, stepOf, roomTriesNow, progress, stepColumn, reachedColumn,
        passedColumn, predictions, answersHidden, answersCount, stuck, nobodyStuck, failedChecks, idleMinutes,
        learnersInClass, solutionShown, hintsShown, liveUpdates, reconnecting, connecting
    case stuckMore, behindMinutes, notStarted, learnersLeft
    // The server's console.
    case serving, servingEvery, learnersJoin, board, presenterToken, presentWith, keptIn, resumed, acceptTrouble
    case playgroundsAt, playgroundsPerProcess, boardInBrowser, boardOpenPlayground, boardBrowserMark,
        boardPresenterStopped, roomToldStopped, stopPresenting
    // The REPL.
    case joined, joinedAt, presenterAt, followNeedsClass, presenterNotStarted, notJoined, serverGone, serverBack,
        roomTries, hintRevealed, solutionRevealed, presenterConnected, presenterNotConnected,
        classRefused, classUsage, joinUsage, notJoinedYet, notAClassAddress, nameNeeded, serverBinaryMissing,
        answersRevealed, presenterKeys, unsentAtExit, refusedToken, refusedPresenter, refusedTooLarge, refusedTooMany,
        refusedNoClass, refusedBadRequest, classCommandsHelp, demonstrationNotOpened
    // Limits, and the presenter closing joining or removing a learner.
    case refusedClassFull, refusedAddressFull, refusedJoiningClosed, refusedTooManyJoins, refusedRemoved,
        refusedNotInLesson, joiningClosed, joiningOpened, learnersRemoved, noLearnerNamed, boardJoiningClosed,
        learnersRemovedAfter, noLearnerAfter, notATime

    public var texts: (en: String, ko: String) {
        switch self {
        case .boardTitle: ("Pattern Playground · class {0}", "Pattern Playground · 수업 {0}")
        case .joinWith: ("Join: patterns --join {0} --name YOUR-NAME", "참여: patterns --join {0} --name 내-이름")
        case .waitingForPresenter: ("Waiting for the presenter to start a lesson.", "발표자가 레슨을 시작하기를 기다립니다.")
        case .stepOf: ("Step {0} of {1}", "{1}단계 중 {0}단계")
        case .roomTriesNow: ("The room tries now", "이제 모두 직접 해 봅니다")
        case .progress: ("Progress", "진행")
        case .stepColumn: ("Step", "단계")
        case .reachedColumn: ("reached", "도착")
        case .passedColumn: ("passed", "통과")
        case .predictions: ("Predictions", "예측")
        case .answersHidden: ("answers: {0}, hidden until the presenter shows them", "답: {0}개, 발표자가 보여 줄 때까지 숨김")
        case .answersCount: ("answers: {0}", "답: {0}개")
        case .stuck: ("Stuck longest", "가장 오래 막힌 사람")
        case .nobodyStuck: ("Nobody is stuck.", "막힌 사람이 없습니다.")
        case .failedChecks: ("{0} failed checks", "check 실패 {0}번")
        case .idleMinutes: ("no progress for {0} min", "{0}분 동안 진행 없음")
        case .learnersInClass: ("{0} in the class", "수업 참여자 {0}명")
        case .learnersLeft: ("{0} left", "{0}명 나감")
        case .notStarted: ("joined, not started for {0} min", "참여했지만 {0}분 동안 시작하지 않음")
        case .solutionShown: ("solution shown", "풀이 공개됨")
        case .hintsShown: ("{0} hints shown", "힌트 {0}개 공개됨")
        case .liveUpdates: ("live", "실시간")
        case .reconnecting: ("reconnecting…", "다시 연결하는 중…")
        case .connecting: ("connecting…", "연결하는 중…")
        case .stuckMore: ("and {0} more", "외 {0}명")
        case .behindMinutes: ("behind the presenter, no progress for {0} min", "발표자보다 뒤처짐, {0}분 동안 진행 없음")
        case .serving: ("Class {0} is open on {1} (this interface only).", "수업 코드 {0}: {1}에서 엽니다(이 인터페이스만).")
        case .servingEvery: ("Class {0} is open on every interface, port {1}.", "수업 코드 {0}: 모든 인터페이스의 {1}번 포트에서 엽니다.")
        case .learnersJoin:
            ("Learners join:  patterns --join {0} --name NAME", "학습자 참여:  patterns --join {0} --name 이름")
        case .board: ("The board:      {0}", "보드:           {0}")
        case .presenterToken: ("Presenter's token (keep it to yourself): {0}", "발표자 토큰(혼자만 아세요): {0}")
        case .presentWith:
            (
                "Present:        patterns run LESSON --pace --class {0} --token {1}",
                "발표:           patterns run 레슨 --pace --class {0} --token {1}"
            )
        case .keptIn: ("The class is kept in {0}; a restart keeps it.", "수업은 {0}에 저장됩니다. 다시 시작해도 그대로입니다.")
        case .resumed: ("Resumed: {0} learners, {1} reports.", "이어서 엽니다: 학습자 {0}명, 보고 {1}개.")
        case .acceptTrouble:
            (
                "The server could not take a connection ({0}); it goes on and takes them again in a moment. "
                    + "If this comes back, raise the open-file limit (ulimit -n; now {1}).",
                "서버가 연결을 받지 못했습니다({0}). 서버는 계속 돌고 잠시 뒤 다시 연결을 받습니다. "
                    + "또 생기면 열린 파일 제한을 올리세요(ulimit -n, 지금 {1})."
            )
        case .playgroundsAt:
            (
                "In a browser:   {0}  (a sandboxed playground per learner, {1} at most)",
                "브라우저:       {0}  (학습자마다 샌드박스 플레이그라운드, 최대 {1}개)"
            )
        case .playgroundsPerProcess:
            (
                "Playground limits are per process here (no control groups this server may make): "
                    + "a seat's processes and memory are not capped as a whole.",
                "여기서는 플레이그라운드 제한이 프로세스마다 걸립니다(이 서버가 만들 수 있는 컨트롤 그룹이 없음). "
                    + "자리 전체의 프로세스 수와 메모리는 묶어서 제한되지 않습니다."
            )
        case .boardInBrowser: ("{0} in the browser", "브라우저에서 {0}명")
        case .boardBrowserMark: ("browser", "브라우저")
        case .boardOpenPlayground: ("or open the playground in a browser tab: {0}", "또는 브라우저 탭에서 플레이그라운드 열기: {0}")
        case .joined:
            (
                "You joined class {0} as {1}. Type 'follow' to go to the presenter's step.",
                "수업 {0}에 '{1}' 이름으로 참여했습니다. 발표자의 단계로 가려면 'follow'를 입력하세요."
            )
        case .joinedAt: ("The presenter is at {0}, step {1}.", "발표자는 {0}의 {1}단계에 있습니다.")
        case .presenterAt:
            ("The presenter moved to step {0} ('follow' takes you there).", "발표자가 {0}단계로 갔습니다('follow'로 따라갑니다).")
        case .followNeedsClass:
            (
                "'follow' needs a class: join one with 'join http://HOST:PORT/CODE NAME'",
                "'follow'는 수업에 참여해야 쓸 수 있습니다: 'join http://HOST:PORT/CODE 이름'"
            )
        case .presenterNotStarted: ("The presenter has not started a lesson yet.", "발표자가 아직 레슨을 시작하지 않았습니다.")
        case .notJoined: ("could not join: {0}", "참여하지 못했습니다: {0}")
        case .notJoinedYet:
            (
                "Not in the class yet ({0}): the playground starts, and joins as soon as it can.",
                "아직 수업에 참여하지 못했습니다({0}). 플레이그라운드는 시작하고, 참여할 수 있게 되면 바로 참여합니다."
            )
        case .serverGone:
            (
                "Class server out of reach: the playground goes on, and keeps your results until it is back.",
                "수업 서버에 닿지 않습니다. 플레이그라운드는 계속되고, 결과는 서버가 돌아올 때까지 보관합니다."
            )
        case .serverBack: ("The class server is back; {0} kept results sent.", "수업 서버가 돌아왔습니다. 보관한 결과 {0}개를 보냈습니다.")
        case .demonstrationNotOpened:
            (
                "Step {0} is a demonstration (its goal stays unmet on purpose): the room watches it; nothing is opened "
                    + "to the room.",
                "{0}단계는 시연입니다(목표가 일부러 달성되지 않습니다). 모두 지켜보는 단계라 연습을 열지 않습니다."
            )
        case .roomTries:
            (
                "The room tries now: step {0}'s exercise is open ('follow' takes you there).",
                "이제 모두 직접 해 봅니다: {0}단계 연습이 열렸습니다('follow'로 갑니다)."
            )
        case .hintRevealed: ("The presenter shows the room a hint for step {0}:", "발표자가 {0}단계 힌트를 보여 줍니다:")
        case .solutionRevealed: ("The presenter shows the room the solution of step {0}:", "발표자가 {0}단계 풀이를 보여 줍니다:")
        case .presenterConnected: ("Presenting to class {0}; the room sees step {1}.", "수업 {0}에 발표합니다. 모두가 {1}단계를 봅니다.")
        case .presenterNotConnected:
            (
                "not presenting to a class: 'class http://HOST:PORT/CODE TOKEN' connects",
                "수업에 발표하고 있지 않습니다: 'class http://HOST:PORT/CODE 토큰'으로 연결하세요"
            )
        case .classRefused: ("the class server refused: {0}", "수업 서버가 거절했습니다: {0}")
        case .classUsage:
            (
                "usage: class URL TOKEN | class tries | class hint | class solution | class answers | class close | "
                    + "class open | class remove NAME (Bot* for a pattern) | class remove --after HH:MM",
                "사용법: class URL 토큰 | class tries | class hint | class solution | class answers | class close | "
                    + "class open | class remove 이름(Bot*처럼 패턴도) | class remove --after 시:분"
            )
        case .joinUsage: ("usage: join http://HOST:PORT/CODE NAME", "사용법: join http://HOST:PORT/CODE 이름")
        case .notAClassAddress:
            (
                "'{0}' is not a class address: it looks like http://HOST:PORT/CODE",
                "'{0}'은(는) 수업 주소가 아닙니다. 주소는 http://HOST:PORT/CODE 꼴입니다"
            )
        case .nameNeeded:
            ("a name is needed (1 to {0} characters, no control characters)", "이름이 필요합니다(1~{0}자, 제어 문자 없이)")
        case .serverBinaryMissing:
            (
                "the class server is a separate program: build it with 'swift build --product patterns-class' (it is "
                    + "not at {0})",
                "수업 서버는 별도 프로그램입니다: 'swift build --product patterns-class'로 빌드하세요({0}에 없습니다)"
            )
        case .answersRevealed: ("The board shows the room's answers to step {0}.", "보드에 {0}단계에 대한 모두의 답을 보여 줍니다.")
        case .presenterKeys:
            (
                "[class: t the room tries · h a hint · s the solution · a the answers · c close/open joining · "
                    + ":class remove NAME]",
                "[수업: t 모두 해 보기 · h 힌트 · s 풀이 · a 답 공개 · c 참여 닫기/열기 · :class remove 이름]"
            )
        case .refusedToken:
            ("this class does not know you (was it started afresh?): join again", "이 수업이 나를 모릅니다(새로 시작했나요?). 다시 참여하세요")
        case .refusedPresenter:
            ("only the presenter's token changes the step or reveals answers", "단계를 바꾸거나 답을 공개하는 것은 발표자 토큰만 할 수 있습니다")
        case .refusedTooLarge: ("too large for the class server", "수업 서버가 받기에 너무 큽니다")
        case .refusedTooMany: ("too many requests at once: slow down", "한꺼번에 너무 많이 보냈습니다. 천천히 보내세요")
        case .refusedNoClass: ("there is no class by that code at that address", "그 주소에는 그 코드의 수업이 없습니다")
        case .refusedBadRequest: ("the class server could not take it ({0})", "수업 서버가 받지 못했습니다({0})")
        case .classCommandsHelp:
            (
                "A live class: join URL NAME (join the class), follow (go to the presenter's step), class URL TOKEN "
                    + "(present to it).",
                "라이브 수업: join URL 이름(수업 참여), follow(발표자의 단계로 가기), class URL 토큰(수업에 발표하기)."
            )
        case .refusedClassFull:
            ("the class is full: ask the presenter", "수업이 가득 찼습니다. 발표자에게 말하세요")
        case .refusedAddressFull:
            (
                "too many learners have joined from this network address: ask the presenter",
                "이 네트워크 주소에서 참여한 학습자가 너무 많습니다. 발표자에게 말하세요"
            )
        case .refusedJoiningClosed:
            ("the presenter has closed joining this class", "발표자가 이 수업의 참여를 닫았습니다")
        case .refusedTooManyJoins:
            (
                "too many joins from this address just now: try again in a few seconds",
                "방금 이 주소에서 참여 요청이 너무 많았습니다. 몇 초 뒤에 다시 해 보세요"
            )
        case .refusedRemoved:
            ("the presenter removed you from this class", "발표자가 나를 이 수업에서 내보냈습니다")
        case .refusedNotInLesson:
            (
                "not a step, question or option of the presenter's lesson",
                "발표자 레슨의 단계, 질문, 선택지가 아닙니다"
            )
        case .joiningClosed:
            (
                "Joining is closed: nobody new can join ('class open' opens it again).",
                "참여를 닫았습니다. 새로 참여할 수 없습니다('class open'으로 다시 엽니다)."
            )
        case .joiningOpened: ("Joining is open again.", "참여를 다시 열었습니다.")
        case .learnersRemoved:
            (
                "Removed from the class: {1} named '{0}'; their token no longer works.",
                "'{0}'(이)라는 학습자 {1}명을 수업에서 내보냈습니다. 그 토큰은 이제 쓸 수 없습니다."
            )
        case .noLearnerNamed: ("no learner in the class is named '{0}'", "수업에 '{0}'(이)라는 학습자가 없습니다")
        case .learnersRemovedAfter:
            (
                "Removed from the class: {1} who joined at {0} or later; their tokens no longer work.",
                "{0} 이후에 참여한 학습자 {1}명을 수업에서 내보냈습니다. 그 토큰은 이제 쓸 수 없습니다."
            )
        case .noLearnerAfter: ("nobody joined the class at {0} or later", "{0} 이후에 참여한 학습자가 없습니다")
        case .notATime: ("'{0}' is not a time of day: write HH:MM, as 21:40", "'{0}'은(는) 시각이 아닙니다: 21:40처럼 시:분으로 쓰세요")
        case .boardJoiningClosed: ("Joining is closed.", "참여가 닫혔습니다.")
        case .boardPresenterStopped: ("The presenter has stopped.", "발표자가 발표를 마쳤습니다.")
        case .roomToldStopped: ("The room is told you stopped.", "모두에게 발표를 마쳤다고 알렸습니다.")
        case .stopPresenting:
            (
                "Stop presenting? The room is told. [y or q: stop · any other key: go on]",
                "발표를 마칠까요? 모두에게 알립니다. [y 또는 q: 마치기 · 다른 키: 계속]"
            )
        case .unsentAtExit:
            (
                "{0} results could not be sent to the class server before leaving.",
                "나가기 전에 결과 {0}개를 수업 서버에 보내지 못했습니다."
            )
        }
    }
}
