import Patterns
import PlaygroundCore

extension Meat: CaseArgument {}
extension DelegateOwnership: CaseArgument {}
extension SelfCapture: CaseArgument {}
extension Sauces: OptionSetArgument {}
extension Toppings: OptionSetArgument {}

/// What the lesson modules' pictures and panes share: option sets and optionals as Swift writes them, and the alert
/// of a failed build.
enum Render {
    /// Swift source for a set of option names: `[]`, `[.a, .b]`.
    static func options(_ names: [String]) -> String { StateValue.options(names).display }

    static func optional(_ text: String?) -> String { StateValue.optionalString(text).display }

    /// The alert the question-group screen shows when building fails.
    static let missingInputs = TextPicture.box(
        ["Missing Inputs", "Please provide all non-optional values", nil, "[ OK ]"])
}
