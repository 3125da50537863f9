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
        var line: [UInt8] = []
        appendCentred(text, width: width, fill: Array(fill.utf8), to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// The same, appended as UTF-8 to `out`: a picture is written as bytes and made a String once (a picture is
    /// drawn on most commands that build or present, and appending to a String costs more a piece than the piece).
    static func appendCentred(_ text: String, width: Int, fill: [UInt8] = [0x20], to out: inout [UInt8]) {
        let w = DisplayWidth.of(text)
        guard w < width else { out.append(contentsOf: Array(text.utf8)); return }
        let left = (width - w) / 2
        repeatFill(fill, left, to: &out)
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
        repeatFill(fill, width - w - left, to: &out)
    }

    static func repeatFill(_ fill: [UInt8], _ count: Int, to out: inout [UInt8]) {
        guard count > 0 else { return }
        if fill.count == 1 { out.append(contentsOf: repeatElement(fill[0], count: count)) } else { for _ in 0..<count { out.append(contentsOf: fill) } }
    }

    /// The pieces of a box, as bytes.
    static let boxBytes = (rule: Array("─".utf8), side: Array("│".utf8), top: (Array("┌".utf8), Array("┐".utf8)),
                           middle: (Array("├".utf8), Array("┤".utf8)), bottom: (Array("└".utf8), Array("┘".utf8)))

    /// The alert the question-group screen shows when building fails.
    static let missingInputs = box(["Missing Inputs", "Please provide all non-optional values", nil, "[ OK ]"])

    /// A box around lines; a nil line draws a separator.
    static func box(_ lines: [String?], minWidth: Int = 20) -> String {
        var widest = 0
        for case let line? in lines { widest = max(widest, DisplayWidth.of(line)) }
        let inner = max(minWidth, widest + 4)
        let bytes = boxBytes
        var out: [UInt8] = []
        out.reserveCapacity((inner + 2) * 3 * (lines.count + 2) + lines.count + 1)
        func rule(_ ends: ([UInt8], [UInt8])) {
            out.append(contentsOf: ends.0)
            repeatFill(bytes.rule, inner, to: &out)
            out.append(contentsOf: ends.1)
        }
        rule(bytes.top)
        for line in lines {
            out.append(0x0A)
            if let line {
                out.append(contentsOf: bytes.side)
                appendCentred(line, width: inner, to: &out)
                out.append(contentsOf: bytes.side)
            } else {
                rule(bytes.middle)
            }
        }
        out.append(0x0A)
        rule(bytes.bottom)
        return String(decoding: out, as: UTF8.self)
    }
}
