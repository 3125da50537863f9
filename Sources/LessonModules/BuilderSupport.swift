import Patterns
import PlaygroundCore

/// What an alert's state group is drawn from.
struct AlertParts: Equatable {
    var title: String?, message: String?, actionTitle: String?
    var hasAction: Bool, hasHandler: Bool

    init(_ title: String?, _ message: String?, _ action: AlertAction?) {
        self.title = title
        self.message = message
        actionTitle = action?.title
        hasAction = action != nil
        hasHandler = action?.handler != nil
    }

    var holdsAPart: Bool { title != nil || message != nil || hasAction }
}

/// What a burger builder's state group is drawn from.
struct BuilderParts: Equatable {
    var meat: Meat, sauces: Int, toppings: Int
}

/// What the screen's state group is drawn from.
struct ScreenParts: Equatable {
    var presented: String??
    /// The title of the alert the last tap found (nil: no tap; `.some(nil)`: a tap on an empty screen).
    var tapped: String???
    var tapRan: Bool?
}

/// What the builder lesson's objects say, in English and Korean.
enum BuilderText: String, TextCatalog {
    case isSoldOut, noAlertOnScreen, nothingToTap, alertHasNoButton, itsButtonHasNoTitle, itsButtonIs, noActionRan,
        screenEmpty, nothingBuilt
    case showSummary, tapSummary, whyNoAction, whichActionRan, actionNotKept

    var texts: (en: String, ko: String) {
        switch self {
        case .isSoldOut: ("{0} is sold out", "{0}은(는) 품절입니다")
        case .noAlertOnScreen: ("no alert is on the screen; present() one first", "화면에 알림창이 없습니다. 먼저 present() 하세요")
        case .nothingToTap: ("(no alert on the screen: nothing ran)", "(화면에 알림창이 없어 아무것도 실행되지 않았습니다)")
        case .alertHasNoButton: ("the alert on screen has no button '{0}'", "화면의 알림창에 '{0}' 버튼이 없습니다")
        case .itsButtonHasNoTitle: ("; its button has no title", ". 버튼에 제목이 없습니다")
        case .itsButtonIs: ("; its button is '{0}'", ". 버튼은 '{0}'입니다")
        case .noActionRan: ("(no action ran: the button has no handler)", "(실행된 동작 없음: 버튼에 핸들러가 없습니다)")
        case .screenEmpty: ("(the screen is empty)", "(화면이 비어 있습니다)")
        case .nothingBuilt: ("(nothing built yet: try 'build')", "(아직 만든 버거가 없습니다: 'build'를 해 보세요)")
        case .showSummary: ("show the last burger built", "마지막으로 만든 버거를 보여 줍니다")
        case .tapSummary:
            ("tap the button of the alert on screen: screen.tapConfirm()", "화면에 뜬 알림창의 버튼을 누릅니다: screen.tapConfirm()")
        case .whichActionRan:
            (
                "a tap runs the action of the alert on the screen: present the alert the goal names, with its action, "
                    + "then tap it",
                "버튼을 누르면 화면에 뜬 알림창의 액션이 실행됩니다. "
                    + "목표에 적힌 알림창을 액션과 함께 띄운 뒤 누르세요"
            )
        case .actionNotKept:
            (
                "the button's action never ran: does addConfirmAction keep the action it is given? Look at "
                    + "confirmAction after the chain.",
                "버튼의 액션이 실행되지 않았습니다: addConfirmAction이 받은 액션을 간직하나요? 체인 뒤의 confirmAction을 보세요."
            )
        case .whyNoAction:
            (
                "BuggyAlertBuilder.addConfirmAction writes `confirmAction?.title = title`, but confirmAction is nil: "
                    + "optional chaining on nil does nothing, so no action was ever created. Create it: "
                    + "`confirmAction = AlertAction(title: title, handler: action)`.",
                "BuggyAlertBuilder.addConfirmAction은 `confirmAction?.title = title`을 쓰지만 confirmAction이 nil입니다: "
                    + "nil에 대한 옵셔널 체이닝은 아무 일도 하지 않으므로 액션은 한 번도 만들어지지 않았습니다. 먼저 만드세요: "
                    + "`confirmAction = AlertAction(title: title, handler: action)`."
            )
        }
    }
}
