import Patterns
import PlaygroundCore

/// `board.listenThroughHub(hub)`: the argument is the lesson's one hub, by name.
struct HubName: ObjectArgument {
    static let swiftType = "CellHub"
    static let names = ["hub"]
    let name: String
}

/// Presents the question-group screen and is its delegate: hears "created" or "cancelled".
final class QuizPresenter: QuestionGroupScreenDelegate {
    let post: (Phrase) -> Void
    var heard = ""
    init(post: @escaping (Phrase) -> Void) { self.post = post }
    func questionGroupScreen(didCreate group: QuestionGroup) {
        heard = "created \(group.title)"
        post(DelegateText.created(group.title, String(group.questions.count)))
    }
    func questionGroupScreenDidCancel() {
        heard = "cancelled"
        post(DelegateText.cancelled.phrase)
    }
}

/// What the delegate lesson's objects say, in English and Korean.
enum DelegateText: String, TextCatalog {
    case alreadyReleased, rowsAndColumns, cellsHoldWeakly, cellsHoldStrongly, emptyIgnored, alive,
        leak
    case created, cancelled, releaseSummary, memorySummary, closuresCaptureStrongly, closuresCaptureWeakly, closureLeak,
        listenSummary, cellsPostToHub, hubSummary, heldBy, noCycle, throughCell, cycleAfterNames, heldElsewhere,
        boardIsNil

    var texts: (en: String, ko: String) {
        switch self {
        case .alreadyReleased:
            ("the controller was already released; 'reset' makes a new board", "컨트롤러는 이미 해제되었습니다. 'reset'으로 새 보드를 만드세요")
        case .rowsAndColumns: ("rows and columns go from 0 to 4, not [{0},{1}]", "행과 열은 0부터 4까지입니다. [{0},{1}]은 없습니다")
        case .cellsHoldWeakly: ("cells now hold their delegate weakly", "이제 셀이 델리게이트를 약하게(weak) 잡습니다")
        case .cellsHoldStrongly:
            (
                "cells now hold their delegate strongly: controller -> cells -> controller is a cycle",
                "이제 셀이 델리게이트를 강하게(strong) 잡습니다: controller -> cells -> controller 순환이 생겼습니다"
            )
        case .heldBy:
            (
                "held by {0}: a name of yours refers to the controller strongly, so ARC keeps it (and its 25 cells) "
                    + "alive",
                "{0}이(가) 잡고 있음: 직접 만든 이름이 컨트롤러를 강하게 참조하므로 ARC가 컨트롤러(와 셀 25개)를 살려 둡니다"
            )
        case .noCycle:
            (
                "no cycle: the cells hold it weakly, so ARC frees it once no name of yours holds it",
                "순환은 없습니다: 셀은 컨트롤러를 약하게 잡으므로 이름이 모두 놓으면 ARC가 해제합니다"
            )
        case .throughCell: ("{0} (a cell whose strong delegate is the controller)", "{0} (델리게이트로 컨트롤러를 강하게 잡는 셀)")
        case .cycleAfterNames:
            (
                "the cells hold it strongly too: once no name holds it, controller -> cells -> controller is a cycle",
                "셀도 컨트롤러를 강하게 잡습니다: 이름이 모두 놓으면 controller -> cells -> controller 순환이 남습니다"
            )
        case .heldElsewhere:
            (
                "something you made still refers to the controller strongly (no name at the prompt does, and the "
                    + "cells hold it weakly): no cycle",
                "직접 만든 무언가가 아직 컨트롤러를 강하게 참조합니다(프롬프트의 이름은 아니고, 셀은 약하게 잡습니다): 순환은 아닙니다"
            )
        case .boardIsNil:
            (
                "board is 'controller!', and controller is nil: the lesson released it; 'reset' makes a new board",
                "board는 'controller!'인데 controller가 nil입니다. 레슨이 컨트롤러를 놓았습니다. 'reset'으로 새 보드를 만드세요"
            )
        case .emptyIgnored: ("(empty text ignored)", "(빈 텍스트는 무시했습니다)")
        case .alive: ("alive: {0}", "살아 있음: {0}")
        case .leak:
            (
                "LEAK: nothing outside refers to the controller, yet it is alive:\n  controller -> cells (it owns the "
                    + "25 cells)\n"
                    + "  cells -> controller (each holds a strong delegate)\n  a strong reference cycle: no deinit "
                    + "will ever run",
                "누수: 밖에서 컨트롤러를 가리키는 것이 없는데도 살아 있습니다:\n  controller -> cells (셀 25개를 소유합니다)\n"
                    + "  cells -> controller (셀마다 델리게이트를 강하게 잡습니다)\n  강한 참조 순환: deinit은 영영 실행되지 않습니다"
            )
        case .closuresCaptureStrongly:
            (
                "cells now call closures that capture self: controller -> cells -> closures -> controller is a cycle",
                "이제 셀이 self를 캡처한 클로저를 부릅니다: controller -> cells -> closures -> controller 순환이 생겼습니다"
            )
        case .closuresCaptureWeakly:
            ("cells now call closures that capture [weak self]: no cycle", "이제 셀이 [weak self]를 캡처한 클로저를 부릅니다: 순환이 없습니다")
        case .closureLeak:
            (
                "LEAK: nothing outside refers to the controller, yet it is alive:\n  controller -> cells (it owns the "
                    + "25 cells)\n"
                    + "  cells -> closures -> controller (each closure captures self strongly)\n  a strong reference "
                    + "cycle: no deinit will ever run",
                "누수: 밖에서 컨트롤러를 가리키는 것이 없는데도 살아 있습니다:\n  controller -> cells (셀 25개를 소유합니다)\n"
                    + "  cells -> closures -> controller (클로저마다 self를 강하게 캡처합니다)\n  강한 참조 순환: deinit은 영영 실행되지 않습니다"
            )
        case .cellsPostToHub:
            (
                "cells now post to the hub, which tells its {0} listeners (the controller and a counter)",
                "이제 셀이 허브에 알리고, 허브가 리스너 {0}개(컨트롤러와 카운터)에게 전합니다"
            )
        case .hubSummary:
            ("cells post to a hub (a mediator) that tells every listener", "셀은 허브(중재자)에 알리고 허브는 리스너 모두에게 전달")
        case .listenSummary:
            ("cells call back through closures instead: self or [weak self]", "델리게이트 대신 클로저로 알림: self 또는 [weak self]")
        case .created:
            ("presenter: the screen created \"{0}\" ({1} question)", "presenter: 화면이 \"{0}\"을(를) 만들었습니다 (질문 {1}개)")
        case .cancelled: ("presenter: the screen was cancelled", "presenter: 화면이 취소되었습니다")
        case .releaseSummary: ("drop the lesson's reference: controller = nil", "레슨이 잡고 있던 참조 놓기: controller = nil")
        case .memorySummary: ("what is alive, and what ARC freed", "살아 있는 객체와 ARC가 해제한 객체")
        }
    }
}
