import ClassWire
import Foundation
import PlaygroundText

/// The board on the projector: the presenter's step, how far the room is, the room's predictions and who is stuck.
/// Made here as HTML (every text escaped); over the WebSocket each viewer gets the parts that changed.
struct BoardSnapshot {
    struct Row { var step: Int; var title: String; var reached: Int; var passed: Int; var isCurrent: Bool }
    struct Histogram {
        var step: Int; var title: String; var answers: [(answer: String, count: Int)]; var total: Int;
        var revealed: Bool
    }
    struct Stuck {
        var name: String; var step: Int; var failed: Int; var idleMinutes: Int; var behind: Bool
        var inBrowser = false
        /// Joined, and never reached a step.
        var notStarted = false
    }
    var state: ClassState
    var learners: Int
    /// How many learners have their playground in a browser tab now (nil: this server offers none).
    var inBrowser: Int? = nil
    var rows: [Row]
    var histograms: [Histogram]
    var stuck: [Stuck]
    /// Learners who quit their playground (counted in ``learners``).
    var left = 0
    /// The step titles in each language the presenter published.
    var translations: [String: LessonTitles] = [:]

    /// Step `step`'s title in `lang`, or in the presenter's language.
    func title(_ step: Int, _ fallback: String, in lang: Lang) -> String {
        guard let titles = translations[lang.rawValue]?.steps, step >= 1, step <= titles.count else { return fallback }
        return titles[step - 1]
    }
}

extension ClassRoom {
    /// What the board shows now, for the presenter's lesson.
    func snapshot(now: Double? = nil) -> BoardSnapshot {
        // Asked before the room's lock is taken: a playground starting holds its own lock, then reads the room.
        let browser = playgroundLearners?()
        return lock.withLock {
            let now = now ?? clock()
            var rows: [BoardSnapshot.Row] = []
            var histograms: [BoardSnapshot.Histogram] = []
            var stuck: [(BoardSnapshot.Stuck, Double, Int)] = []
            if let lesson = state.lesson {
                let count = max(
                    state.steps,
                    learners.values.flatMap { $0.steps.keys.filter { $0.lesson == lesson }.map(\.step) }.max() ?? 0)
                var reached = [Int](repeating: 0, count: count + 1)
                var passed = [Int](repeating: 0, count: count + 1)
                var answers: [Int: [String: Int]] = [:]
                for learner in learners.values {
                    for (key, record) in learner.steps where key.lesson == lesson && key.step <= count {
                        if record.reached { reached[key.step] += 1 }
                        if record.passed { passed[key.step] += 1 }
                        if let answer = record.prediction { answers[key.step, default: [:]][answer, default: 0] += 1 }
                    }
                    if let why = whyStuck(learner, now: now) {
                        stuck.append(
                            (
                                .init(
                                    name: learner.name, step: learner.current?.step ?? 0, failed: why.failed,
                                    idleMinutes: Int(why.idle / 60), behind: why.idle > 0 && learner.current != nil,
                                    inBrowser: browser?.contains(learner.id) == true,
                                    notStarted: learner.current == nil),
                                why.since, learner.id
                            ))
                    }
                }
                for step in stride(from: 1, through: count, by: 1) {
                    let title = step <= titles.count ? titles[step - 1] : ""
                    rows.append(
                        .init(
                            step: step, title: title, reached: reached[step], passed: passed[step],
                            isCurrent: step == state.step))
                }
                let predictionSteps = Set(predictionSteps).union(answers.keys)
                for step in predictionSteps.sorted() where step <= count {
                    let counted = (answers[step] ?? [:]).sorted {
                        $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
                    }
                    histograms.append(
                        .init(
                            step: step, title: step <= titles.count ? titles[step - 1] : "",
                            answers: counted.map { ($0.key, $0.value) }, total: counted.reduce(0) { $0 + $1.value },
                            revealed: state.answersRevealed.contains(step)))
                }
            }
            // Stuck longest first (who became stuck earliest); among equals, who joined first.
            stuck.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2 }
            return BoardSnapshot(
                state: state, learners: learners.count, inBrowser: browser.map { $0.intersection(learners.keys).count },
                rows: rows, histograms: histograms, stuck: stuck.map(\.0),
                left: learners.values.filter { $0.left != nil }.count,
                translations: state.lesson.flatMap { lessons[$0]?.translations } ?? [:])
        }
    }
}

enum HTML {
    /// Text as HTML shows it, never as markup: the handouts' escaping (control sequences removed), and `'` too, so a
    /// text is safe in either kind of attribute quote.
    static func escape(_ text: String) -> String {
        TextSanitizer.html(text).replacingOccurrences(of: "'", with: "&#39;")
    }
}

/// The board as HTML, and the same HTML in parts: each part an element with an `id`, at the top of `main` or inside a
/// fixed frame. A viewer that has a version gets only the parts that changed, as long as the frame is the same.
struct BoardRender: Equatable {
    var html = ""
    /// The text outside the parts, with each part's id where it stands: when it is the same, parts can be swapped.
    var frame = ""
    var parts: [String: String] = [:]

    mutating func add(_ text: String) {
        html += text
        frame += text
    }

    mutating func part(_ id: String, _ fragment: String) {
        html += fragment
        frame += "{" + id + "}"
        parts[id] = fragment
    }

    /// What a viewer that shows `old` is sent to show this: nil when nothing changed, `{"body": …}` when the frame
    /// changed, else `{"parts": {id: html}}` with only the changed parts.
    func message(after old: BoardRender?) -> String? {
        var payload: [String: [String: String]] = [:]
        if let old, old.frame == frame {
            let changed = parts.filter { old.parts[$0.key] != $0.value }
            if changed.isEmpty { return nil }
            payload["parts"] = changed
        } else {
            payload["body"] = ["html": html]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) }
    }
}

struct BoardPage {
    let lang: Lang
    let joinURL: String
    /// How many stuck learners the page holds at most: its script shows as many as fit the screen and counts the rest
    /// ("and 32 more"), those it holds and those beyond.
    static let stuckShown = 100

    func t(_ text: ClassText, _ arguments: String...) -> String {
        HTML.escape(Phrase(text.texts, arguments).text(lang))
    }

    /// The part that changes, as one text.
    func body(_ s: BoardSnapshot) -> String { render(s).html }

    /// The part that changes: the header, the presenter's step, then two columns: who is stuck (first, where the
    /// presenter looks), and the predictions above the progress table (a part for each row).
    func render(_ s: BoardSnapshot) -> BoardRender {
        var r = BoardRender()
        r.part(
            "b-head",
            "<header id=\"b-head\"><h1>" + t(.boardTitle, s.state.code) + "</h1><p class=\"join\" id=\"joining\">"
                + (s.state.joiningClosed == true
                    ? t(.boardJoiningClosed)
                    : t(.joinWith, joinURL)
                        + (s.inBrowser == nil
                            ? ""
                            : "<br><a href=\"" + HTML.escape(joinURL + "/play") + "\">"
                                + t(.boardOpenPlayground, joinURL + "/play") + "</a>"))
                + "</p><p class=\"count\" id=\"learners\">" + t(.learnersInClass, String(s.learners))
                + (s.left > 0 ? " · " + t(.learnersLeft, String(s.left)) : "")
                + (s.inBrowser.map { " · " + t(.boardInBrowser, String($0)) } ?? "") + "</p></header>")
        guard let lesson = s.state.lesson else {
            r.part(
                "b-now",
                "<section class=\"now\" id=\"b-now\"><p class=\"wait\">" + t(.waitingForPresenter) + "</p></section>")
            return r
        }
        var now =
            "<section class=\"now\" id=\"b-now\"><h2>" + HTML.escape(s.state.lessonTitle(in: lang.rawValue) ?? lesson)
            + "</h2>"
        now += "<p class=\"step\" id=\"step\">" + t(.stepOf, String(s.state.step), String(s.state.steps))
        if let title = s.state.stepTitle(in: lang.rawValue) { now += " · " + HTML.escape(title) }
        now += "</p>"
        var flags: [String] = []
        if s.state.tries { flags.append("<span class=\"tries\" id=\"tries\">▶ " + t(.roomTriesNow) + "</span>") }
        if s.state.hintsRevealed > 0 {
            flags.append(
                "<span class=\"flag\">"
                    + (s.state.hintsRevealed == 1
                        ? HTML.escape(ClassNewsText.oneHintShown.text(lang))
                        : t(.hintsShown, String(s.state.hintsRevealed))) + "</span>")
        }
        if s.state.solutionRevealed { flags.append("<span class=\"flag\">" + t(.solutionShown) + "</span>") }
        if s.state.presenterStopped == true {
            flags.append("<span class=\"flag\" id=\"stopped\">" + t(.boardPresenterStopped) + "</span>")
        }
        if !flags.isEmpty { now += "<p>" + flags.joined(separator: " ") + "</p>" }
        r.part("b-now", now + "</section>")

        r.add("<div class=\"col first\">")
        // The count is in the heading: always in sight, however many names fit below it.
        var stuck =
            "<section class=\"stuck\" id=\"b-stuck\"><h2>" + t(.stuck)
            + (s.stuck.isEmpty ? "" : " <span class=\"count\" id=\"stuck-count\">· \(s.stuck.count)</span>") + "</h2>"
        if s.stuck.isEmpty {
            stuck += "<p>" + t(.nobodyStuck) + "</p>"
        } else {
            stuck += "<ol id=\"stuck\">"
            for one in s.stuck.prefix(Self.stuckShown) {
                var why: [String] = []
                if one.failed > 0 {
                    why.append(
                        one.failed == 1
                            ? HTML.escape(ClassNewsText.oneFailedCheck.text(lang))
                            : t(.failedChecks, String(one.failed)))
                }
                if one.behind { why.append(t(.behindMinutes, String(one.idleMinutes))) }
                if one.notStarted { why.append(t(.notStarted, String(one.idleMinutes))) }
                stuck +=
                    "<li><b>" + HTML.escape(one.name) + "</b>"
                    + (one.inBrowser ? " <span class=\"where\">(" + t(.boardBrowserMark) + ")</span>" : "")
                    + (one.notStarted ? "" : " · " + t(.stepOf, String(one.step), String(s.state.steps)))
                stuck += (why.isEmpty ? "" : " · " + why.joined(separator: ", ")) + "</li>"
            }
            stuck += "</ol>"
            // The names past the page's own; the script adds those that do not fit and says the count here.
            let rest = max(0, s.stuck.count - Self.stuckShown)
            stuck +=
                "<p class=\"more\" id=\"stuck-more\" data-rest=\"\(rest)\" data-text=\"" + t(.stuckMore, "{n}") + "\""
                + ">" + (rest == 0 ? "" : t(.stuckMore, String(rest))) + "</p>"
        }
        r.part("b-stuck", stuck + "</section>")
        r.add("</div><div class=\"col\">")

        if !s.histograms.isEmpty {
            r.add("<section class=\"predictions\"><h2>" + t(.predictions) + "</h2>")
            for h in s.histograms {
                var html =
                    "<div class=\"histogram\" id=\"b-h-\(h.step)\" data-step=\"\(h.step)\" "
                    + "data-revealed=\"\(h.revealed)\"><h3>"
                    + t(.stepOf, String(h.step), String(s.state.steps))
                let title = s.title(h.step, h.title, in: lang)
                if !title.isEmpty { html += " · " + HTML.escape(title) }
                html += "</h3>"
                if h.revealed {
                    html += "<p class=\"total\">" + t(.answersCount, String(h.total)) + "</p>"
                    let most = max(1, h.answers.first?.count ?? 1)
                    for (answer, count) in h.answers {
                        html +=
                            "<div class=\"answer\"><span class=\"label\">" + HTML.escape(answer)
                            + "</span><span class=\"hbar\" style=\"width:"
                        html +=
                            "\(Int(Double(count) / Double(most) * 70))%\"></span><span "
                            + "class=\"c\">\(count)</span></div>"
                    }
                } else {
                    html += "<p class=\"hidden\">" + t(.answersHidden, String(h.total)) + "</p>"
                }
                r.part("b-h-\(h.step)", html + "</div>")
            }
            r.add("</section>")
        }

        r.add(
            "<section class=\"progress\"><h2>" + t(.progress) + "</h2><table id=\"progress\"><thead><tr><th>"
                + t(.stepColumn) + "</th><th></th><th>" + t(.reachedColumn) + "</th><th>" + t(.passedColumn)
                + "</th></tr></thead><tbody>")
        let most = max(1, s.learners)
        for row in s.rows {
            let bar = Int((Double(row.passed) / Double(most) * 100).rounded())
            let reachedBar = Int((Double(row.reached) / Double(most) * 100).rounded())
            var html =
                "<tr id=\"b-r-\(row.step)\" class=\"" + (row.isCurrent ? "current" : "")
                + "\" data-step=\"\(row.step)\"><td class=\"n\">\(row.step)</td>"
            html +=
                "<td class=\"title\">" + HTML.escape(s.title(row.step, row.title, in: lang))
                + "<div class=\"bar\"><i class=\"r\" style=\"width:\(reachedBar)%\"></i><i class=\"p\" "
                + "style=\"width:\(bar)%\"></i></div></td>"
            html += "<td class=\"reached\">\(row.reached)</td><td class=\"passed\">\(row.passed)</td></tr>"
            r.part("b-r-\(row.step)", html)
        }
        r.add("</tbody></table></section></div>")
        return r
    }

    /// The whole page: the body as it is now, and a script that swaps in each part the server sends again (or the
    /// whole body when its frame changed).
    func page(_ s: BoardSnapshot, code: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(lang.rawValue)"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(t(.boardTitle, code))</title>
        <style>
        :root { color-scheme: dark; }
        html, body { height: 100%; }
        body { margin: 0; font: 22px/1.35 system-ui, "Noto Sans CJK KR", "Noto Sans", sans-serif; background: #111; \
        color: #f4f4f4; word-break: keep-all; overflow-wrap: anywhere; }
        main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); \
        grid-template-rows: auto auto minmax(0, 1fr); gap: 0 2.2rem; padding: 0.6rem 2rem 1.4rem; height: 100%; \
        box-sizing: border-box; }
        header, section.now { grid-column: 1 / -1; }
        .col { min-height: 0; min-width: 0; overflow: hidden; display: flex; flex-direction: column; }
        .col > section { flex: none; }
        .col.first { grid-column: 1; }
        h1 { font-size: 1.6rem; margin: 0.1rem 0; } h2 { font-size: 1.3rem; margin: 0.5rem 0 0.3rem; color: #9fd4ff; }
        h3 { font-size: 1.1rem; margin: 0.4rem 0; }
        .join { font: 1.1rem ui-monospace, "DejaVu Sans Mono", monospace; color: #ffd866; margin: 0.1rem 0; \
        word-break: break-all; }
        .count { margin: 0; color: #bbb; } .step { font-size: 2rem; font-weight: 700; margin: 0.1rem 0; }
        .now p, .now h2 { margin-top: 0.2rem; margin-bottom: 0.2rem; }
        .tries { background: #2e7d32; padding: 0.15rem 0.6rem; border-radius: 0.3rem; font-weight: 700; }
        .flag { background: #444; padding: 0.15rem 0.6rem; border-radius: 0.3rem; }
        table { border-collapse: collapse; width: 100%; table-layout: fixed; } td, th { padding: 0 0.4rem; \
        text-align: left; } th:first-child { width: 2.6rem; } th:nth-child(3), th:nth-child(4) { width: 5.5rem; }
        th { white-space: nowrap; }
        td.reached, td.passed, th:nth-child(3), th:nth-child(4) { text-align: right; font-variant-numeric: \
        tabular-nums; font-weight: 700; }
        tr.current { background: #263238; } td.n { color: #aaa; }
        tbody td { line-height: 1.2; } .title { font-size: 0.85rem; white-space: nowrap; overflow: hidden; \
        text-overflow: ellipsis; } .bar { position: relative; height: 0.3rem; background: #333; margin: 0.05rem 0 \
        0.1rem; }
        .bar i { position: absolute; left: 0; top: 0; bottom: 0; } .bar i.r { background: #5c6bc0; } .bar i.p { \
        background: #66bb6a; }
        .answer { display: flex; align-items: center; gap: 0.5rem; margin: 0.2rem 0; font-size: 1.4rem; }
        .answer .label { min-width: 3ch; font-weight: 700; } .hbar { display: inline-block; height: 1.2rem; \
        background: #ffb74d; }
        .hidden { color: #bbb; font-style: italic; } ol { margin: 0; padding-left: 1.6rem; }
        #stuck { list-style-position: inside; padding-left: 0; }
        #stuck li { overflow-wrap: anywhere; word-break: normal; isolation: isolate; overflow: hidden; \
        margin: 0.15rem 0; }
        .more { margin: 0.2rem 0 0; color: #ffb74d; font-weight: 700; } .more:empty { display: none; }
        #status { position: fixed; right: 0.6rem; bottom: 0.2rem; font-size: 0.8rem; color: #8c8; }
        @media (max-width: 800px) { body { font-size: 18px; } main { grid-template-columns: minmax(0, 1fr); \
        grid-template-rows: none; height: auto; padding: 0.6rem; } .col, .col.first { grid-column: 1; \
        overflow: visible; } .step { font-size: 1.6rem; } }
        .answer { font-size: 1.2rem; margin: 0.1rem 0; } .total { margin: 0.1rem 0; }
        </style></head>
        <body><main id="board">\(body(s))</main><div id="status">\(t(.connecting))</div>
        <script>
        \(Self.fitting)
        fit();
        window.onresize = fit;
        </script>
        <script>
        (function () {
          var status = document.getElementById("status");
          function connect() {
            var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + \
        "/\(code)/live/\(lang.rawValue)");
            ws.onmessage = function (e) {
              var m = JSON.parse(e.data);
              if (m.body) {
                document.getElementById("board").innerHTML = m.body.html;
              } else {
                for (var id in m.parts) {
                  var old = document.getElementById(id);
                  if (!old) { ws.close(); return; }
                  old.outerHTML = m.parts[id];
                }
              }
              fit();
              status.textContent = "\(t(.liveUpdates))";
            };
            ws.onclose = function () { status.textContent = "\(t(.reconnecting))"; setTimeout(connect, 1000); };
          }
          connect();
        })();
        </script></body></html>
        """
    }
}
