import ClassWire
import PlaygroundCore

/// The board on the projector: the presenter's step, how far the room is, the room's predictions and who is stuck.
/// Made here as HTML (every text escaped) and sent again over the WebSocket each time the class changes.
struct BoardSnapshot {
    struct Row { var step: Int; var title: String; var reached: Int; var passed: Int; var isCurrent: Bool }
    struct Histogram {
        var step: Int; var title: String; var answers: [(answer: String, count: Int)]; var total: Int;
        var revealed: Bool
    }
    struct Stuck { var name: String; var step: Int; var failed: Int; var idleMinutes: Int }
    var state: ClassState
    var learners: Int
    var rows: [Row]
    var histograms: [Histogram]
    var stuck: [Stuck]
}

extension ClassRoom {
    /// What the board shows now, for the presenter's lesson.
    func snapshot(now: Double? = nil) -> BoardSnapshot {
        lock.withLock {
            let now = now ?? clock()
            var rows: [BoardSnapshot.Row] = []
            var histograms: [BoardSnapshot.Histogram] = []
            var stuck: [(BoardSnapshot.Stuck, Double)] = []
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
                    // Stuck: failed checks in a row at the step they are on, or no progress for a while.
                    if let current = learner.current, current.lesson == lesson, let record = learner.steps[current],
                        !record.passed
                    {
                        let idle = now - learner.lastProgress
                        if record.failedInARow >= 3 || idle >= stuckMinutes * 60 {
                            stuck.append(
                                (
                                    .init(
                                        name: learner.name, step: current.step, failed: record.failedInARow,
                                        idleMinutes: Int(idle / 60)), idle + Double(record.failedInARow) * 60
                                ))
                        }
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
            stuck.sort { $0.1 > $1.1 }
            return BoardSnapshot(
                state: state, learners: learners.count, rows: rows, histograms: histograms,
                stuck: stuck.prefix(8).map(\.0))
        }
    }
}

enum HTML {
    /// Text as HTML shows it, never as markup: the handouts' escaping (control sequences removed), and `'` too, so a
    /// text is safe in either kind of attribute quote.
    static func escape(_ text: String) -> String {
        Handout.escape(text).replacingOccurrences(of: "'", with: "&#39;")
    }
}

struct BoardPage {
    let lang: Lang
    let joinURL: String

    func t(_ text: ClassText, _ arguments: String...) -> String {
        HTML.escape(Phrase(text.texts, arguments).text(lang))
    }

    /// The part that changes: sent again over the WebSocket.
    func body(_ s: BoardSnapshot) -> String {
        var html =
            "<header><h1>" + t(.boardTitle, s.state.code) + "</h1><p class=\"join\" id=\"joining\">"
            + (s.state.joiningClosed == true ? t(.boardJoiningClosed) : t(.joinWith, joinURL)) + "</p>"
        html += "<p class=\"count\" id=\"learners\">" + t(.learnersInClass, String(s.learners)) + "</p></header>"
        guard let lesson = s.state.lesson else {
            return html + "<section><p class=\"wait\">" + t(.waitingForPresenter) + "</p></section>"
        }
        html += "<section class=\"now\"><h2>" + HTML.escape(s.state.lessonTitle ?? lesson) + "</h2>"
        html += "<p class=\"step\" id=\"step\">" + t(.stepOf, String(s.state.step), String(s.state.steps))
        if let title = s.state.stepTitle { html += " · " + HTML.escape(title) }
        html += "</p>"
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
        if !flags.isEmpty { html += "<p>" + flags.joined(separator: " ") + "</p>" }
        html += "</section>"

        html +=
            "<section class=\"progress\"><h2>" + t(.progress) + "</h2><table id=\"progress\"><thead><tr><th>"
            + t(.stepColumn)
        html += "</th><th></th><th>" + t(.reachedColumn) + "</th><th>" + t(.passedColumn) + "</th></tr></thead><tbody>"
        let most = max(1, s.learners)
        for row in s.rows {
            let bar = Int((Double(row.passed) / Double(most) * 100).rounded())
            let reachedBar = Int((Double(row.reached) / Double(most) * 100).rounded())
            html +=
                "<tr class=\"" + (row.isCurrent ? "current" : "")
                + "\" data-step=\"\(row.step)\"><td class=\"n\">\(row.step)</td>"
            html +=
                "<td class=\"title\">" + HTML.escape(row.title)
                + "<div class=\"bar\"><i class=\"r\" style=\"width:\(reachedBar)%\"></i><i class=\"p\" "
                + "style=\"width:\(bar)%\"></i></div></td>"
            html += "<td class=\"reached\">\(row.reached)</td><td class=\"passed\">\(row.passed)</td></tr>"
        }
        html += "</tbody></table></section>"

        if !s.histograms.isEmpty {
            html += "<section class=\"predictions\"><h2>" + t(.predictions) + "</h2>"
            for h in s.histograms {
                html +=
                    "<div class=\"histogram\" data-step=\"\(h.step)\" data-revealed=\"\(h.revealed)\"><h3>"
                    + t(.stepOf, String(h.step), String(s.state.steps))
                if !h.title.isEmpty { html += " · " + HTML.escape(h.title) }
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
                html += "</div>"
            }
            html += "</section>"
        }

        html += "<section class=\"stuck\"><h2>" + t(.stuck) + "</h2>"
        if s.stuck.isEmpty {
            html += "<p>" + t(.nobodyStuck) + "</p>"
        } else {
            html += "<ol id=\"stuck\">"
            for one in s.stuck {
                var why: [String] = []
                if one.failed > 0 {
                    why.append(
                        one.failed == 1
                            ? HTML.escape(ClassNewsText.oneFailedCheck.text(lang))
                            : t(.failedChecks, String(one.failed)))
                }
                if one.idleMinutes > 0 { why.append(t(.idleMinutes, String(one.idleMinutes))) }
                html +=
                    "<li><b>" + HTML.escape(one.name) + "</b> · " + t(.stepOf, String(one.step), String(s.state.steps))
                html += (why.isEmpty ? "" : " · " + why.joined(separator: ", ")) + "</li>"
            }
            html += "</ol>"
        }
        return html + "</section>"
    }

    /// The whole page: the body as it is now, and a script that replaces it with each version the server sends.
    func page(_ s: BoardSnapshot, code: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(lang.rawValue)"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(t(.boardTitle, code))</title>
        <style>
        :root { color-scheme: dark; }
        body { margin: 0; font: 22px/1.35 system-ui, "Noto Sans CJK KR", "Noto Sans", sans-serif; background: #111; \
        color: #f4f4f4; }
        html:lang(ko) body { word-break: keep-all; overflow-wrap: anywhere; }
        main { display: grid; grid-template-columns: 1fr 1fr; gap: 0 2.2rem; padding: 1rem 2rem; }
        header, section.now { grid-column: 1 / -1; } section.progress { grid-row: span 2; }
        h1 { font-size: 1.9rem; margin: 0.2rem 0; } h2 { font-size: 1.4rem; margin: 0.8rem 0 0.3rem; color: #9fd4ff; }
        h3 { font-size: 1.1rem; margin: 0.4rem 0; }
        .join { font: 1.25rem ui-monospace, "DejaVu Sans Mono", monospace; color: #ffd866; margin: 0.2rem 0; \
        word-break: break-all; }
        .count { margin: 0; color: #bbb; } .step { font-size: 2.2rem; font-weight: 700; margin: 0.2rem 0; }
        .tries { background: #2e7d32; padding: 0.15rem 0.6rem; border-radius: 0.3rem; font-weight: 700; }
        .flag { background: #444; padding: 0.15rem 0.6rem; border-radius: 0.3rem; }
        table { border-collapse: collapse; width: 100%; } td, th { padding: 0 0.4rem; text-align: left; }
        th { white-space: nowrap; }
        td.reached, td.passed, th:nth-child(3), th:nth-child(4) { text-align: right; font-variant-numeric: \
        tabular-nums; font-weight: 700; }
        tr.current { background: #263238; } td.n { color: #aaa; }
        .title { font-size: 0.9rem; } .bar { position: relative; height: 0.35rem; background: #333; margin-top: \
        0.1rem; }
        .bar i { position: absolute; left: 0; top: 0; bottom: 0; } .bar i.r { background: #5c6bc0; } .bar i.p { \
        background: #66bb6a; }
        .answer { display: flex; align-items: center; gap: 0.5rem; margin: 0.2rem 0; font-size: 1.4rem; }
        .answer .label { min-width: 3ch; font-weight: 700; } .hbar { display: inline-block; height: 1.2rem; \
        background: #ffb74d; }
        .hidden { color: #bbb; font-style: italic; } ol { margin: 0; padding-left: 1.6rem; }
        #status { position: fixed; right: 0.6rem; bottom: 0.4rem; font-size: 0.8rem; color: #8c8; }
        @media (max-width: 800px) { body { font-size: 18px; } main { grid-template-columns: 1fr; padding: 0.6rem; } \
        .step { font-size: 1.6rem; } }
        </style></head>
        <body><main id="board">\(body(s))</main><div id="status">\(t(.connecting))</div>
        <script>
        (function () {
          var status = document.getElementById("status");
          function connect() {
            var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + \
        "/\(code)/live/\(lang.rawValue)");
            ws.onmessage = function (e) { document.getElementById("board").innerHTML = e.data; status.textContent = \
        "\(t(.liveUpdates))"; };
            ws.onclose = function () { status.textContent = "\(t(.reconnecting))"; setTimeout(connect, 1000); };
          }
          connect();
        })();
        </script></body></html>
        """
    }
}
