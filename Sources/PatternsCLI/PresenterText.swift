import PlaygroundCore
import Terminal

/// What the presenter mode says, in English and Korean.
enum PresenterText: String, TextCatalog {
    case step, keys, theRoomTriesNow, theRoomWatches, enterShowsTheSolution, enterNextStep, introduction,
        enterFirstStep, nextPage,
        page, ownLine,
        dashboardKeys, slot, late, covered, took, roomResults, roomResultsElsewhere, theEnd, enterEnds, noServer

    var texts: (en: String, ko: String) {
        switch self {
        case .step: ("STEP {0} / {1}", "{0} / {1} 단계")
        case .keys:
            (
                "[Enter: next command · r: the rest at once · b: back · h: hint · ':' own line · q: stop]",
                "[Enter: 다음 명령 · r: 나머지 한꺼번에 · b: 뒤로 · h: 힌트 · ':' 직접 입력 · q: 멈춤]"
            )
        case .theRoomTriesNow:
            ("▶ Exercise: the room tries now. The goal is above.", "▶ 연습: 이제 모두 직접 해 봅니다. 목표는 위에 있습니다.")
        case .theRoomWatches:
            (
                "▶ Demonstration: the room watches. The goal stays unmet on purpose.",
                "▶ 시연: 모두 지켜봅니다. 목표는 일부러 달성되지 않습니다."
            )
        case .enterShowsTheSolution:
            (
                "[Enter: show the solution · r: all of it at once · b: back · q: stop]",
                "[Enter: 풀이 보기 · r: 한꺼번에 · b: 뒤로 · q: 멈춤]"
            )
        case .enterNextStep: ("[Enter: next step · b: back a step · q: stop]", "[Enter: 다음 단계 · b: 한 단계 뒤로 · q: 멈춤]")
        case .introduction: ("INTRODUCTION", "소개")
        case .enterFirstStep: ("[Enter: step 1 · q: stop]", "[Enter: 1단계 · q: 멈춤]")
        case .nextPage:
            (
                "[Enter: next page · PgUp: page back · r: to the commands · h: hint · q: stop]",
                "[Enter: 다음 쪽 · PgUp: 앞 쪽 · r: 명령으로 · h: 힌트 · q: 멈춤]"
            )
        case .page: ("── page {0} of {1} ──", "── {0} / {1}쪽 ──")
        case .ownLine: ("Your own line (Enter runs it, then the script goes on):", "직접 입력 (Enter로 실행한 뒤 대본을 이어 갑니다):")
        case .dashboardKeys:
            (
                "Enter run · r rest at once · b back · h hint · : own line · PgUp/PgDn · z zoom · q stop",
                "Enter 실행 · r 나머지 한꺼번에 · b 뒤로 · h 힌트 · : 직접 · PgUp/PgDn · z 창 · q 멈춤"
            )
        case .slot: ("step: min {0}–{1} of {2}", "이 단계: {0}–{1}분 / {2}분")
        case .late: ("{0} min behind", "{0}분 늦음")
        case .covered: ("What we covered:", "다룬 내용:")
        case .took: ("⏱ {0} for a lesson of {1} min", "⏱ {0} (계획: {1}분)")
        case .roomResults:
            (
                "The room: {0} learners, {1} at the last step, {2} exercises passed.\nEvery learner's results: "
                    + "{3}/results.csv (the presenter's token).",
                "모두의 결과: 학습자 {0}명, 마지막 단계 {1}명, 통과한 연습 {2}개.\n학습자별 결과: {3}/results.csv "
                    + "(발표자 토큰)."
            )
        case .roomResultsElsewhere:
            (
                "The room's results: {0}/results.csv (the presenter's token); the server does not answer now.",
                "모두의 결과: {0}/results.csv (발표자 토큰). 지금은 서버가 응답하지 않습니다."
            )
        case .theEnd: ("THE END  ·  {0}", "끝  ·  {0}")
        case .enterEnds: ("[Enter: end · b: back a step]", "[Enter: 마치기 · b: 한 단계 뒤로]")
        case .noServer:
            (
                "no class server answers at {0} ({1}): check the host, the port and the code; the lesson does not "
                    + "start.",
                "{0}에서 수업 서버가 응답하지 않습니다({1}). 호스트, 포트, 코드를 확인하세요. 수업을 시작하지 않습니다."
            )
        }
    }
}
