/// What the trace of calls says (`trace`, and `check` on a goal that names calls), in English and Korean.
public enum TraceText: String, TextCatalog {
    case threw, earlierCalls, badGoal, onlyBefore, noSuchCall, called, lastLine, sinceStep, noCalls,
        noCallsYet, expectedCalls, callsThatRan, summary, notRecorded

    public var texts: (en: String, ko: String) {
        switch self {
        case .threw: ("(threw)", "(에러 발생)")
        case .earlierCalls: ("… {0} earlier calls", "… 앞선 호출 {0}개")
        case .badGoal:
            ("(not a call: write 'caller -> object.method(arguments)')", "(호출이 아닙니다: '호출자 -> 객체.메서드(인자)'로 적으세요)")
        case .onlyBefore: ("made, but not after the call above", "호출했지만 위의 호출 뒤가 아닙니다")
        case .noSuchCall: ("no such call", "그런 호출이 없습니다")
        case .called: ("called: {0}", "호출함: {0}")
        case .lastLine: ("the calls of the last line that called anything:", "무언가를 호출한 마지막 줄의 호출:")
        case .sinceStep: ("the calls since this step's objects were set up:", "이 단계의 객체를 준비한 뒤의 호출:")
        case .noCalls:
            (
                "no calls between objects yet; a line that calls the live objects shows up here ('trace all': every "
                    + "call of this step)",
                "아직 객체 사이의 호출이 없습니다. 라이브 객체를 호출하는 줄이 여기에 나옵니다('trace all': 이 단계의 모든 호출)"
            )
        case .noCallsYet: ("(no calls yet)", "(아직 호출 없음)")
        case .expectedCalls: ("the calls the goal names:", "목표가 요구하는 호출:")
        case .callsThatRan: ("the calls that ran in this step:", "이 단계에서 실행된 호출:")
        case .notRecorded:
            (
                "no such call, and no call by or on '{0}' ran: the trace records the lesson's objects and the methods "
                    + "of the learner's own classes, each object by the learner's name for it",
                "그런 호출이 없고, '{0}'이(가) 하거나 받은 호출도 없습니다. trace는 레슨의 객체와 학습자가 만든 클래스의 메서드 "
                    + "호출을 기록하고, 객체마다 학습자가 붙인 이름을 씁니다"
            )
        case .summary:
            ("who called whom: the last line's calls ('all': the step's)", "누가 누구를 호출했는지: 마지막 줄의 호출('all': 이 단계 전체)")
        }
    }
}
