import Patterns
import PlaygroundCore

extension Meat: CaseArgument {}
extension DelegateOwnership: CaseArgument {}
extension SelfCapture: CaseArgument {}
extension Sauces: OptionSetArgument {}
extension Toppings: OptionSetArgument {}

/// Text pictures of products, for the product pane. Measured by display width, so Korean and emoji line up.
enum Render {
    /// Swift source for a set of option names: `[]`, `[.a, .b]`.
    static func options(_ names: [String]) -> String { StateValue.options(names).display }

    static func optional(_ text: String?) -> String { StateValue.optionalString(text).display }

    /// A line centred in `width` columns, filled with `fill`.
    static func centred(_ text: String, width: Int, fill: Character = " ") -> String {
        let w = DisplayWidth.of(text)
        guard w < width else { return text }
        let left = (width - w) / 2
        return String(repeating: fill, count: left) + text + String(repeating: fill, count: width - w - left)
    }

    /// The alert the question-group screen shows when building fails.
    static let missingInputs = box(["Missing Inputs", "Please provide all non-optional values", nil, "[ OK ]"])

    /// A box around lines; a nil line draws a separator.
    static func box(_ lines: [String?], minWidth: Int = 20) -> String {
        let inner = max(minWidth, (lines.compactMap { $0 }.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
        let rule = String(repeating: "─", count: inner)
        var out = ["┌" + rule + "┐"]
        for line in lines {
            if let line {
                out.append("│" + centred(line, width: inner) + "│")
            } else {
                out.append("├" + rule + "┤")
            }
        }
        out.append("└" + rule + "┘")
        return out.joined(separator: "\n")
    }
}
