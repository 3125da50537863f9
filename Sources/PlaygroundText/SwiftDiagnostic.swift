/// Swift's own diagnostics, as the compiler words them. They stay in English in every language, as Xcode shows them
/// to Korean developers too and as they are searched for.
public enum SwiftDiagnostic: String, TextCatalog {
    case isAMethodCallItAs, isAPropertyNotAMethod, isNotAValueHereUse, cannotConvertValueToExpectedArgument,
        cannotFindInScope, cannotFindInScopeAHere, extraArgumentInCallExpected, extraneousArgumentLabelInCallExpected,
        incorrectArgumentLabelInCallHave, missingArgumentForParameterInCall, missingArgumentLabelInCallExpected,
        typeHasNoMember, valueOfTypeHasNoMember, callCanThrowButIsNotMarkedWithTry,
        cannotAssignToPropertySetterIsInaccessible, cannotAssignToValueIsAMethod,
        tryExpressionUnexpectedlyRaisedAnError, invalidRedeclarationOf, cannotAssignToValueIsALetConstant,
        cannotConvertValueOfTypeToExpectedArgument, cannotAssignToValueIsAGetOnlyProperty

    public static let isCompilerEnglish = true

    public var texts: (en: String, ko: String) { (english, english) }

    var english: String {
        switch self {
        case .isAMethodCallItAs: "'{0}' is a method: call it as {1}.{2}"
        case .isAPropertyNotAMethod: "'{0}' is a property, not a method: write {1}.{0} without ()"
        case .isNotAValueHereUse: "'{0}' is not a value here; use a literal or a case such as .{0}"
        case .cannotConvertValueToExpectedArgument: "cannot convert value {0} to expected argument type '{1}'"
        case .cannotFindInScope: "cannot find '{0}' in scope"
        case .cannotFindInScopeAHere: "cannot find '{0}' in scope; a {1} here is one of: {2}"
        case .extraArgumentInCallExpected: "extra argument in call; expected {0}"
        case .extraneousArgumentLabelInCallExpected: "extraneous argument label '{0}:' in call; expected {1}"
        case .incorrectArgumentLabelInCallHave: "incorrect argument label in call (have '{0}:', expected '{1}:')"
        case .missingArgumentForParameterInCall: "missing argument for parameter {0} in call; expected {1}"
        case .missingArgumentLabelInCallExpected: "missing argument label '{0}:' in call; expected {1}"
        case .typeHasNoMember: "type '{0}' has no member '{1}'"
        case .valueOfTypeHasNoMember: "value of type '{0}' has no member '{1}'"
        case .callCanThrowButIsNotMarkedWithTry: "call can throw but is not marked with 'try'"
        case .cannotAssignToPropertySetterIsInaccessible: "cannot assign to property: '{0}' setter is inaccessible"
        case .cannotAssignToValueIsAMethod: "cannot assign to value: '{0}' is a method"
        case .cannotConvertValueOfTypeToExpectedArgument:
            "cannot convert value of type '{0}' to expected argument type '{1}'"
        case .cannotAssignToValueIsALetConstant: "cannot assign to value: '{0}' is a 'let' constant"
        case .cannotAssignToValueIsAGetOnlyProperty: "cannot assign to value: '{0}' is a get-only property"
        case .invalidRedeclarationOf: "invalid redeclaration of '{0}'"
        case .tryExpressionUnexpectedlyRaisedAnError: "Fatal error: 'try!' expression unexpectedly raised an error: {0}"
        }
    }
}
