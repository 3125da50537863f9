/// Text pictures for a product pane, measured by display width so that Korean and emoji line up: a line centred in
/// its columns, and a box around lines.
public enum TextPicture {
    /// A line centred in `width` columns, filled with `fill`.
    public static func centred(_ text: String, width: Int, fill: Character = " ") -> String {
        var line = TextBuffer(capacity: width * 3)
        appendCentred(text, width: width, fill: String(fill), to: &line)
        return line.string
    }

    /// The same, written into `out`: a picture is written as bytes and made a String once (a picture is drawn on
    /// most commands that build or present, and appending to a String costs more a piece than the piece).
    public static func appendCentred(_ text: String, width: Int, fill: String = " ", to out: inout TextBuffer) {
        let w = DisplayWidth.of(text)
        guard w < width else { out.write(text); return }
        let left = (width - w) / 2
        out.repeating(fill, left)
        out.write(text)
        out.repeating(fill, width - w - left)
    }

    /// A box around lines; a nil line draws a separator.
    public static func box(_ lines: [String?], minWidth: Int = 20) -> String {
        var widest = 0
        for case let line? in lines { widest = max(widest, DisplayWidth.of(line)) }
        let inner = max(minWidth, widest + 4)
        var out = TextBuffer(capacity: (inner + 2) * 3 * (lines.count + 2) + lines.count + 1)
        func rule(_ left: String, _ right: String) {
            out.write(left)
            out.repeating("─", inner)
            out.write(right)
        }
        rule("┌", "┐")
        for line in lines {
            out.newline()
            if let line {
                out.write("│")
                appendCentred(line, width: inner, to: &out)
                out.write("│")
            } else {
                rule("├", "┤")
            }
        }
        out.newline()
        rule("└", "┘")
        return out.string
    }
}
