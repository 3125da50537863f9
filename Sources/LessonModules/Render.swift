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
        var line = ""
        appendCentred(text, width: width, fill: fill, to: &line)
        return line
    }

    /// The same, appended to `out`: a picture is written into one string (a picture is drawn on most commands that
    /// build or present, and a string for every piece of every line cost more than the picture's text).
    static func appendCentred(_ text: String, width: Int, fill: Character = " ", to out: inout String) {
        let w = DisplayWidth.of(text)
        guard w < width else { out += text; return }
        let left = (width - w) / 2
        repeatFill(fill, left, to: &out)
        out += text
        repeatFill(fill, width - w - left, to: &out)
    }

    /// `count` copies of `fill`; an ASCII fill as bytes, not characters.
    static func repeatFill(_ fill: Character, _ count: Int, to out: inout String) {
        guard count > 0 else { return }
        if let ascii = fill.asciiValue {
            out += String(unsafeUninitializedCapacity: count) { buffer in
                buffer.initialize(repeating: ascii)
                return count
            }
        } else {
            out += String(repeating: String(fill), count: count)
        }
    }

    /// The alert the question-group screen shows when building fails.
    static let missingInputs = box(["Missing Inputs", "Please provide all non-optional values", nil, "[ OK ]"])

    /// A box around lines; a nil line draws a separator.
    static func box(_ lines: [String?], minWidth: Int = 20) -> String {
        var widest = 0
        for case let line? in lines { widest = max(widest, DisplayWidth.of(line)) }
        let inner = max(minWidth, widest + 4)
        let rule = String(repeating: "─", count: inner)
        var out = ""
        out.reserveCapacity((inner + 2) * 3 * (lines.count + 2) + lines.count + 1)
        out += "┌"; out += rule; out += "┐"
        for line in lines {
            out += "\n"
            if let line {
                out += "│"
                appendCentred(line, width: inner, to: &out)
                out += "│"
            } else {
                out += "├"; out += rule; out += "┤"
            }
        }
        out += "\n└"; out += rule; out += "┘"
        return out
    }
}
