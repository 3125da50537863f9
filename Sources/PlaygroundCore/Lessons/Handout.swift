/// A workshop handout: the lesson's text with the real transcript of running it, as Markdown or self-contained HTML.
public struct Handout {
    public struct Section {
        public var title: String
        public var body: [String]
        public var goal: [GoalLine]
        /// The commands of the step and what the program printed for each, exactly as a learner would see it.
        public var transcript: String
    }

    public var lesson: Lesson
    public var sections: [Section]

    /// Runs every step of `lesson` in a fresh session (no colour, fixed width) and keeps what it printed.
    public init(lesson: Lesson, catalog: LessonCatalog, modules: [ModuleFactory], width: Int = 80) throws {
        self.lesson = lesson
        let session = Session(catalog: catalog, modules: modules,
                              options: SessionOptions(render: RenderOptions(width: width), lang: Lang(rawValue: lesson.lang) ?? .en))
        try session.load(lesson.id, exact: lesson)
        _ = session.takeOutput()
        sections = []
        for (index, step) in lesson.steps.enumerated() {
            session.setStep(index)
            var transcript = ""
            for command in step.walkthrough {
                transcript += session.prompt + command + "\n"
                session.execute(command)
                transcript += session.takeOutput()
            }
            sections.append(Section(title: step.title, body: step.body, goal: step.goal, transcript: transcript))
        }
    }

    public var markdown: String {
        var out = "# \(lesson.title)\n\n"
        if !lesson.summary.isEmpty { out += "_\(lesson.summary)_\n\n" }
        for (i, section) in sections.enumerated() {
            out += "## \(i + 1). \(section.title)\n\n"
            out += section.body.joined(separator: "\n") + "\n\n"
            if !section.goal.isEmpty {
                out += "**Goal:**\n\n" + section.goal.map { "- `\($0.key): \($0.value)`" }.joined(separator: "\n") + "\n\n"
            }
            if !section.transcript.isEmpty {
                out += "```text\n" + section.transcript + "```\n\n"
            }
        }
        return out
    }

    public var html: String {
        var out = """
        <!DOCTYPE html>
        <html lang="\(lesson.lang)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Self.escape(lesson.title))</title>
        <style>
        body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
        h1 { font-size: 2rem; margin-bottom: .2rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; background: #f3f3f5; padding: 0 .2em; border-radius: 3px; }
        pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; background: #f6f8fa; padding: .8rem; overflow-x: auto; border-radius: 6px; }
        pre code { background: none; padding: 0; }
        pre.transcript { background: #1e1e24; color: #e8e8ea; line-height: 1.25; }
        .summary { color: #555; font-style: italic; } .goal { background: #eef7ee; padding: .5rem 1rem; border-radius: 6px; }
        </style>
        </head>
        <body>
        <h1>\(Self.escape(lesson.title))</h1>

        """
        if !lesson.summary.isEmpty { out += "<p class=\"summary\">\(Self.escape(lesson.summary))</p>\n" }
        for (i, section) in sections.enumerated() {
            out += "<h2>\(i + 1). \(Self.inline(section.title))</h2>\n"
            out += Self.blocks(section.body)
            if !section.goal.isEmpty {
                out += "<div class=\"goal\"><strong>Goal</strong><ul>"
                out += section.goal.map { "<li><code>\(Self.escape($0.key)): \(Self.escape($0.value))</code></li>" }.joined()
                out += "</ul></div>\n"
            }
            if !section.transcript.isEmpty {
                out += "<pre class=\"transcript\">\(Self.escape(section.transcript))</pre>\n"
            }
        }
        return out + "</body>\n</html>\n"
    }

    /// Markdown paragraphs, lists, quotes and fenced code to HTML: the subset the lessons use.
    static func blocks(_ lines: [String]) -> String {
        var out = ""
        var paragraph: [String] = []
        var list: [String] = []
        var code: [String]?
        func flush() {
            if !paragraph.isEmpty { out += "<p>" + inline(paragraph.joined(separator: " ")) + "</p>\n"; paragraph = [] }
            if !list.isEmpty { out += "<ul>" + list.map { "<li>" + inline($0) + "</li>" }.joined() + "</ul>\n"; list = [] }
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
            if trimmed.hasPrefix("- ") { if !paragraph.isEmpty { flush() }; list.append(String(trimmed.dropFirst(2))); continue }
            if !list.isEmpty && line.hasPrefix("  ") { list[list.count - 1] += " " + trimmed; continue }
            paragraph.append(trimmed)
        }
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
            if !inCode, c == "*", chars.first == "*" { chars = chars.dropFirst(); out += inBold ? "</strong>" : "<strong>"; inBold.toggle(); continue }
            out += escape(String(c))
        }
        if inCode { out += "</code>" }
        if inBold { out += "</strong>" }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in TextSanitizer.clean(text) {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
