/// What a live class tells a learner between commands (collapsed to where the presenter is now), what the presenter
/// is told of the room's hints and solutions, and the results kept for the class, in English and Korean.
public enum ClassNewsText: String, TextCatalog {
    // The learner.
    case presenterIsAt, presenterIsAtTries, lessonNamed, presenterHere, roomTriesHere, roomHint, roomSolution,
        learnerBack, learnerBackOne, learnerBackNothing, keptAtExit, keptAtExitOne, keptSent, keptSentOne, linkSilent,
        presenterStopped
    // The presenter.
    case presenterGone, presenterBack, presenterBackSent, keptForRoom, noRoomHints, noMoreRoomHints,
        predictionHintHeld, predictionSolutionHeld, roomTriesSaid
    // The board.
    case oneHintShown, oneFailedCheck

    public var texts: (en: String, ko: String) {
        switch self {
        case .presenterIsAt:
            ("The presenter is at {0}step {1} ('follow' takes you there).", "발표자는 {0}{1}단계에 있습니다('follow'로 따라갑니다).")
        case .presenterIsAtTries:
            (
                "The presenter is at {0}step {1}; the room tries it now ('follow' takes you there).",
                "발표자는 {0}{1}단계에 있고, 모두 직접 해 보는 중입니다('follow'로 따라갑니다)."
            )
        case .lessonNamed: ("{0} ", "{0} 레슨 ")
        case .presenterHere: ("The presenter is at this step too.", "발표자도 이 단계에 있습니다.")
        case .roomTriesHere: ("The room tries this step now: its exercise is open.", "이제 모두 이 단계를 직접 해 봅니다. 연습이 열렸습니다.")
        case .roomHint: ("The presenter shows the room {0}", "발표자가 모두에게 보여 줍니다. {0}")
        case .roomSolution: ("The presenter shows the room the solution of step {0}.", "발표자가 모두에게 {0}단계 풀이를 보여 줍니다.")
        case .learnerBack: ("The class server is back; {0} kept results sent.", "수업 서버가 돌아왔습니다. 보관한 결과 {0}개를 보냈습니다.")
        case .learnerBackOne: ("The class server is back; 1 kept result sent.", "수업 서버가 돌아왔습니다. 보관한 결과 1개를 보냈습니다.")
        case .learnerBackNothing: ("The class server is back.", "수업 서버가 돌아왔습니다.")
        case .keptAtExit:
            (
                "{0} results could not be sent to the class server before leaving: they are kept, and sent when you "
                    + "join the class again.",
                "나가기 전에 결과 {0}개를 수업 서버에 보내지 못했습니다. 보관해 두었다가 수업에 다시 참여할 때 보냅니다."
            )
        case .keptAtExitOne:
            (
                "1 result could not be sent to the class server before leaving: it is kept, and sent when you join "
                    + "the class again.",
                "나가기 전에 결과 1개를 수업 서버에 보내지 못했습니다. 보관해 두었다가 수업에 다시 참여할 때 보냅니다."
            )
        case .keptSent: ("{0} results kept from before are sent to the class.", "전에 보관한 결과 {0}개를 수업에 보냅니다.")
        case .linkSilent:
            (
                "the class link did not start or did not answer in time",
                "수업 연결이 시작되지 않았거나 제때 답하지 않았습니다"
            )
        case .keptSentOne: ("1 result kept from before is sent to the class.", "전에 보관한 결과 1개를 수업에 보냅니다.")
        case .presenterStopped:
            (
                "The presenter has stopped presenting; your playground goes on.",
                "발표자가 발표를 마쳤습니다. 플레이그라운드는 계속됩니다."
            )
        case .presenterGone:
            (
                "Class server out of reach: the presentation goes on; what you show the room is kept and sent when "
                    + "the server is back.",
                "수업 서버에 닿지 않습니다. 발표는 계속되고, 모두에게 보여 준 것은 보관했다가 서버가 돌아오면 보냅니다."
            )
        case .presenterBack: ("The class server is back.", "수업 서버가 돌아왔습니다.")
        case .presenterBackSent:
            (
                "The class server is back; what you showed the room while it was away is sent.",
                "수업 서버가 돌아왔습니다. 그동안 모두에게 보여 준 것을 보냈습니다."
            )
        case .keptForRoom:
            ("(kept: the room gets it when the class server is back)", "(보관: 수업 서버가 돌아오면 모두에게 보냅니다)")
        case .noRoomHints: ("Step {0} has no hints to show the room.", "{0}단계에는 모두에게 보여 줄 힌트가 없습니다.")
        case .noMoreRoomHints: ("The room has been shown every hint of step {0}.", "{0}단계의 힌트는 모두에게 다 보여 주었습니다.")
        case .predictionHintHeld:
            (
                "The last hint of step {0} names the answer, so the room is not shown it: each learner gets it with "
                    + "'hint' after predicting, and 'a' shows the room's answers.",
                "{0}단계의 마지막 힌트는 답을 알려 주므로 모두에게 보여 주지 않습니다. 각자 예측한 뒤 'hint'로 보고, 'a'는 모두의 답을 보여 줍니다."
            )
        case .predictionSolutionHeld:
            (
                "The solution of step {0} names the answer, so the room is not shown it: 'a' shows the room's answers.",
                "{0}단계의 풀이는 답을 알려 주므로 모두에게 보여 주지 않습니다. 'a'는 모두의 답을 보여 줍니다."
            )
        case .roomTriesSaid: ("The room tries step {0} now: its exercise is open.", "이제 모두 {0}단계를 직접 해 봅니다. 연습이 열렸습니다.")
        case .oneHintShown: ("1 hint shown", "힌트 1개 공개됨")
        case .oneFailedCheck: ("1 failed check", "check 실패 1번")
        }
    }
}
