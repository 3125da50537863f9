/// Handouts as HTML: the page, its hints, its blocks and inline code, escaped.
extension Handout {
    // MARK: - HTML

    public var html: String {
        var out = """
            <!DOCTYPE html>
            <html lang="\(Self.escape(lesson.lang))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(lesson.title))</title>
            <style>
            \(Self.stylesheet)
            </style>
            </head>
            <body>
            <header>
            <h1>\(Self.escape(lesson.title))</h1>

            """
        if !lesson.summary.isEmpty { out += "<p class=\"summary\">\(Self.escape(lesson.summary))</p>\n" }
        out += "<p class=\"facts\">\(Self.escape(facts))</p>\n</header>\n"
        if !lesson.introduction.isEmpty {
            out += "<section class=\"intro\">\n" + Self.blocks(lesson.introduction) + "</section>\n"
        }
        for (i, section) in sections.enumerated() {
            out += "<section class=\"step\">\n<h2>\(i + 1). \(Self.inline(section.title))</h2>\n"
            if let clock = section.clock { out += "<p class=\"clock\">\(Self.escape(clockText(clock)))</p>\n" }
            out += Self.blocks(section.body)
            if section.demonstrates {
                out +=
                    "<div class=\"goal "
                    + "unmet\"><strong>\(Self.inline(HandoutText.goalStaysUnmet.text(lang)))</strong><ul>"
                out += section.goal.map { "<li><code>\(Self.escape($0.key)): \(Self.escape($0.value))</code></li>" }
                    .joined()
                out += "</ul></div>\n"
                out += Self.hintList(section.hints, lang: lang, printOnly: false)
            }
            if section.isExercise {
                out += "<div class=\"goal\"><strong>\(Self.inline(HandoutText.exerciseGoal.text(lang)))</strong><ul>"
                out += shownGoal(section).map {
                    "<li><code>\(Self.escape($0.key)): \(Self.escape(shown($0)))</code></li>"
                }.joined()
                out += "</ul></div>\n"
                if audience == .students {
                    let names = commandsUsed(section)
                    if !names.isEmpty {
                        out +=
                            "<p class=\"commands\">"
                            + Self.inline(
                                HandoutText.commandsItTakes.text(lang, names.map { "`\($0)`" }.joined(separator: ", ")))
                            + "</p>\n"
                    }
                    // Folded on a screen; a folded <details> does not print, so the same hints are printed as a list.
                    for (n, hint) in section.hints.enumerated() {
                        out +=
                            "<details "
                            + "class=\"hint\"><summary>\(Self.escape(HandoutText.hint.text(lang, String(n + 1))))</summ"
                            + "ary><p>"
                            + Self.inline(hint.text) + "</p></details>\n"
                    }
                }
                out += Self.hintList(section.hints, lang: lang, printOnly: audience == .students)
                if audience == .students {
                    out += "<p class=\"check\">\(Self.inline(HandoutText.checkWhenDone.text(lang)))</p>\n"
                }
            }
            if let code = section.code {
                if audience == .students {
                    out +=
                        "<p class=\"write\">" + Self.inline(HandoutText.writeTheFile.text(lang, code.file)) + "</p>\n"
                } else {
                    out +=
                        "<p class=\"solution\"><strong>"
                        + Self.inline(HandoutText.referenceSolution.text(lang, code.file)) + "</strong></p>\n"
                    out += "<pre class=\"code\"><code>" + Self.escape(code.solution) + "</code></pre>\n"
                }
            }
            if showsTranscript(section) {
                if section.isExercise {
                    out +=
                        "<p class=\"solution\"><strong>\(Self.escape(HandoutText.solution.text(lang)))</strong></p>\n"
                }
                out += "<pre class=\"transcript\">"
                for exchange in section.exchanges {
                    out +=
                        "<span class=\"typed\"><span class=\"prompt\">\(Self.escape(exchange.prompt))</span>"
                        + "<kbd>\(Self.escape(exchange.command))</kbd></span>\n" + Self.escape(exchange.output)
                }
                out += "</pre>\n"
            }
            out += "</section>\n"
        }
        return out + "</body>\n</html>\n"
    }

    /// Every hint in full, as a list: on paper for students (whose screen has them folded), always for presenters.
    static func hintList(_ hints: [Hint], lang: Lang, printOnly: Bool) -> String {
        guard !hints.isEmpty else { return "" }
        var out = "<ol class=\"hints\(printOnly ? " print-only" : "")\">"
        for (n, hint) in hints.enumerated() {
            out +=
                "<li><strong>\(escape(HandoutText.hint.text(lang, String(n + 1))))</strong>: " + inline(hint.text)
                + "</li>"
        }
        return out + "</ol>\n"
    }

    /// Screen and print: long lines wrap (never clipped or scrolled), blocks stay whole on a page, Korean breaks
    /// between words, and what was typed stands apart from what the program answered.
    static let stylesheet = """
        body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: \
        #1d1d1f; }
        :lang(ko) { word-break: keep-all; overflow-wrap: anywhere; }
        h1 { font-size: 2rem; margin-bottom: .2rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; }
        code, kbd, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        code { background: #f3f3f5; padding: 0 .2em; border-radius: 3px; }
        pre { background: #f6f8fa; padding: .8rem; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; \
        word-break: normal; }
        pre code { background: none; padding: 0; }
        pre.transcript { background: #1e1e24; color: #e8e8ea; line-height: 1.25; }
        .typed { color: #8fe388; } .typed kbd { font-weight: bold; color: #fff; }
        .summary { color: #555; font-style: italic; } .facts, .clock { color: #555; font-size: .9rem; }
        .intro { border-left: 4px solid #7a9cc6; padding-left: 1rem; }
        .goal { background: #eef7ee; padding: .5rem 1rem; border-radius: 6px; }
        details.hint { margin: .5rem 0; } details.hint summary { cursor: pointer; color: #2a5d9f; }
        ol.hints { list-style: none; padding-left: 0; } ol.hints li { margin: .3rem 0; }
        .goal.unmet { background: #fbf1e6; }
        .print-only { display: none; }
        @media print {
          .print-only { display: block; } details.hint { display: none; }
          body { max-width: none; margin: 0; padding: 0; font-size: 11pt; }
          pre, .goal, details, .intro { break-inside: avoid; }
          h2, .clock, .solution { break-after: avoid; }
          pre.transcript { background: #fff; color: #000; border: 1px solid #888; }
          .typed, .typed kbd { color: #000; } .typed kbd { text-decoration: underline; }
        }
        """

    /// Markdown paragraphs, lists, quotes and fenced code to HTML: the subset the lessons use.
    static func blocks(_ lines: [String]) -> String {
        var out = ""
        var paragraph: [String] = []
        var list: [String] = []
        var ordered = false
        var code: [String]?
        func flush() {
            if !paragraph.isEmpty { out += "<p>" + inline(paragraph.joined(separator: " ")) + "</p>\n"; paragraph = [] }
            let tag = ordered ? "ol" : "ul"
            if !list.isEmpty {
                out += "<\(tag)>" + list.map { "<li>" + inline($0) + "</li>" }.joined() + "</\(tag)>\n"; list = []
            }
        }
        for line in lines {
            if line.hasPrefix("```") {
                if let block = code {
                    out += "<pre><code>" + escape(block.joined(separator: "\n")) + "</code></pre>\n"
                    code = nil
                } else {
                    flush()
                    code = []
                }
                continue
            }
            if code != nil { code!.append(line); continue }
            let trimmed = line.trimmed
            if trimmed.isEmpty { flush(); continue }
            let marker = DisplayWidth.listMarkerLength(trimmed)
            if marker > 0 {
                let numbered = trimmed.first?.isNumber == true
                if !paragraph.isEmpty || (!list.isEmpty && numbered != ordered) { flush() }
                ordered = numbered
                list.append(String(trimmed.dropFirst(marker)))
                continue
            }
            if !list.isEmpty && line.hasPrefix("  ") { list[list.count - 1] += " " + trimmed; continue }
            paragraph.append(trimmed)
        }
        if let block = code { out += "<pre><code>" + escape(block.joined(separator: "\n")) + "</code></pre>\n" }
        flush()
        return out
    }

    /// `code`, **bold** and _emphasis_, escaped.
    static func inline(_ text: String) -> String {
        var out = ""
        var inCode = false, inBold = false
        var chars = Array(text)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "`" { out += inCode ? "</code>" : "<code>"; inCode.toggle(); continue }
            if !inCode, c == "*", chars.first == "*" {
                chars = chars.dropFirst(); out += inBold ? "</strong>" : "<strong>"; inBold.toggle(); continue
            }
            out += escape(String(c))
        }
        if inCode { out += "</code>" }
        if inBold { out += "</strong>" }
        return out
    }

    /// Text as HTML shows it (``TextSanitizer/html(_:)``).
    public static func escape(_ text: String) -> String { TextSanitizer.html(text) }
}
