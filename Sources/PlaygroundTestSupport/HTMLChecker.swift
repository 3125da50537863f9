/// A strict HTML5 checker for the documents the program writes (handouts): the doctype, a `lang` and a charset,
/// a title, known elements only, every element closed in order (void elements never), the content rules a validator
/// reports for the elements used (`ul` holds `li`; `p` holds no block; `summary` opens `details`), attributes quoted,
/// and every `&` a character reference. Stricter than the standard in one way: optional end tags are required.
public enum HTMLChecker {
    static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    static let known: Set<String> = void.union([
        "html", "head", "body", "title", "style", "header", "footer", "main", "section", "article", "nav", "aside",
        "h1", "h2", "h3",
        "h4", "p", "ul", "ol", "li", "pre", "code", "kbd", "samp", "span", "strong", "em", "b", "i", "details",
        "summary", "div",
        "a", "table", "thead", "tbody", "tr", "th", "td", "blockquote", "figure", "figcaption",
    ])
    /// Elements that may not sit inside a `p` (flow content that is not phrasing content).
    static let block: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "div", "figure", "footer", "h1", "h2",
        "h3", "h4", "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul",
    ]
    static let references: Set<String> = ["amp", "lt", "gt", "quot", "apos", "nbsp"]

    /// Every problem found, with the byte offset where it is; empty when the document passes.
    public static func problems(in html: String) -> [String] {
        var problems: [String] = []
        let bytes = Array(html.utf8)
        var i = 0
        func problem(_ text: String) { problems.append("at byte \(i): \(text)") }
        func text(_ from: Int, _ to: Int) -> String { String(decoding: bytes[from..<to], as: UTF8.self) }

        let doctype = "<!DOCTYPE html>"
        guard bytes.count >= doctype.utf8.count, text(0, doctype.utf8.count).lowercased() == doctype.lowercased() else {
            return ["the document does not start with <!DOCTYPE html>"]
        }
        i = doctype.utf8.count
        var stack: [(name: String, children: Int)] = []
        var seen: [String: Int] = [:]
        var htmlLang = false, charset = false, titleText = ""

        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "<") {
                if text(i, min(bytes.count, i + 4)) == "<!--" {
                    guard let end = find("-->", in: bytes, from: i + 4) else { problem("unclosed comment"); break }
                    i = end + 3
                    continue
                }
                let closing = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/")
                var j = i + (closing ? 2 : 1)
                let nameStart = j
                while j < bytes.count, isNameByte(bytes[j]) { j += 1 }
                let name = text(nameStart, j)
                guard !name.isEmpty, name == name.lowercased() else {
                    problem("'<' that does not start a lowercase tag"); i += 1; continue
                }
                // Attributes, up to '>'.
                var attributes: [String: String] = [:]
                while j < bytes.count, bytes[j] != UInt8(ascii: ">") {
                    if bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\n") { j += 1; continue }
                    let attributeStart = j
                    while j < bytes.count, isNameByte(bytes[j]) { j += 1 }
                    let attribute = text(attributeStart, j)
                    if attribute.isEmpty { problem("bad character in tag <\(name)>"); j += 1; continue }
                    var value = ""
                    if j < bytes.count, bytes[j] == UInt8(ascii: "=") {
                        j += 1
                        guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") else {
                            problem("unquoted value of \(attribute) in <\(name)>"); break
                        }
                        let valueStart = j + 1
                        j = valueStart
                        while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += 1 }
                        value = text(valueStart, min(j, bytes.count))
                        problems += references(in: value).map { "at byte \(valueStart): \($0) in \(attribute)" }
                        j += 1
                    }
                    if attributes[attribute] != nil { problem("duplicate attribute \(attribute) in <\(name)>") }
                    attributes[attribute] = value
                }
                guard j < bytes.count else { problem("unclosed tag <\(name)"); break }
                i = j + 1
                guard known.contains(name) else { problem("unknown element <\(name)>"); continue }
                if closing {
                    if void.contains(name) { problem("end tag for the void element \(name)"); continue }
                    guard let top = stack.last else { problem("</\(name)> with nothing open"); continue }
                    guard top.name == name else { problem("</\(name)> closes <\(top.name)>"); continue }
                    stack.removeLast()
                    continue
                }
                // Where this element may go.
                let parent = stack.last?.name
                if parent == "ul" || parent == "ol", name != "li" {
                    problem("<\(name)> inside <\(parent!)>: only <li> may be")
                }
                if name == "li", parent != "ul" && parent != "ol" { problem("<li> outside a list") }
                if stack.contains(where: { $0.name == "p" }), block.contains(name) { problem("<\(name)> inside <p>") }
                if name == "summary", parent != "details" || stack.last!.children != 0 {
                    problem("<summary> that does not open a <details>")
                }
                if ["head", "body"].contains(name), parent != "html" { problem("<\(name)> outside <html>") }
                if ["meta", "title", "style"].contains(name), parent != "head" { problem("<\(name)> outside <head>") }
                if name == "html" { htmlLang = !(attributes["lang"] ?? "").isEmpty }
                if name == "meta", attributes["charset"]?.lowercased() == "utf-8" { charset = true }
                seen[name, default: 0] += 1
                if !stack.isEmpty { stack[stack.count - 1].children += 1 }
                if void.contains(name) { continue }
                stack.append((name, 0))
                if name == "style" || name == "title" {
                    // Raw text up to the end tag.
                    guard let end = find("</\(name)>", in: bytes, from: i) else {
                        problem("<\(name)> is not closed"); break
                    }
                    if name == "title" { titleText = text(i, end) }
                    i = end
                }
                continue
            }
            // Text: no '&' that is not a reference.
            var j = i
            while j < bytes.count, bytes[j] != UInt8(ascii: "<") { j += 1 }
            let run = text(i, j)
            problems += references(in: run).map { "at byte \(i): \($0)" }
            if stack.isEmpty, !run.allSatisfy(\.isWhitespace) { problem("text outside <html>") }
            if let top = stack.last?.name, top == "ul" || top == "ol", !run.allSatisfy(\.isWhitespace) {
                problem("text inside <\(top)>")
            }
            i = j
        }
        for open in stack.reversed() { problems.append("<\(open.name)> is never closed") }
        if !htmlLang { problems.append("<html> has no lang") }
        if !charset { problems.append("no <meta charset=\"utf-8\">") }
        if titleText.allSatisfy(\.isWhitespace) { problems.append("no <title> with text") }
        for name in ["html", "head", "body", "title"] where seen[name] != 1 {
            problems.append("<\(name)> appears \(seen[name] ?? 0) times")
        }
        return problems
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-")
    }

    static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let n = Array(needle.utf8)
        guard bytes.count >= n.count else { return nil }
        var i = start
        while i <= bytes.count - n.count {
            if bytes[i] == n[0], Array(bytes[i..<(i + n.count)]) == n { return i }
            i += 1
        }
        return nil
    }

    /// Problems with `&` in text or an attribute value.
    static func references(in text: String) -> [String] {
        var problems: [String] = []
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.firstIndex(of: ";"), after.distance(from: after.startIndex, to: semicolon) <= 10
            else {
                problems.append("a bare '&'")
                rest = after
                continue
            }
            let name = after[..<semicolon]
            let numeric =
                name.hasPrefix("#x")
                ? name.dropFirst(2).allSatisfy(\.isHexDigit) && name.count > 2
                : name.hasPrefix("#") ? name.dropFirst().allSatisfy(\.isNumber) && name.count > 1 : false
            if !numeric && !references.contains(String(name)) { problems.append("unknown reference &\(name);") }
            rest = after[after.index(after: semicolon)...]
        }
        return problems
    }
}
