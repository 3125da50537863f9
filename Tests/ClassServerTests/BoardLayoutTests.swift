import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

@testable import ClassServerCore

/// The board on a 1280x720 projector, rendered by headless Chromium: the stuck list is the first column, on the
/// screen, and a 40-character name of W's or a name of stacked combining marks stays in its box.
@Suite(.serialized) struct BoardLayoutTests {
    /// Boxes as the page lays them out, measured by a script added after the board's own.
    struct Box: Codable { var l, t, r, b, w, h: Double }
    struct Item: Codable { var box: Box; var scrollW, clientW, lines: Double; var overflow, isolation: String }
    struct Measure: Codable {
        var vw, vh, docW, docH: Double
        var stuck: Box
        var items: [Item]
        var more: Box?
        var table: Box
        var rows: [Box]
        var current: Box
        var histogram: Box
    }

    static let measuring = """
        <script>
        (function () {
          function box(e) { var r = e.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom, \
        w: r.width, h: r.height}; }
          var shown = Array.prototype.filter.call(document.querySelectorAll("#stuck li"), function (li) {
            return li.getClientRects().length > 0; });
          var items = shown.map(function (li) {
            var s = getComputedStyle(li);
            return {box: box(li), scrollW: li.scrollWidth, clientW: li.clientWidth, \
        lines: Math.round(li.getBoundingClientRect().height / parseFloat(s.lineHeight)), \
        overflow: s.overflowX + " " + s.overflowY, isolation: s.isolation};
          });
          var out = {vw: innerWidth, vh: innerHeight, docW: document.documentElement.scrollWidth, \
        docH: document.documentElement.scrollHeight, stuck: box(document.getElementById("b-stuck")), items: items, \
        more: document.querySelector("#b-stuck .more:not(:empty)") && \
        box(document.querySelector("#b-stuck .more")), table: \
        box(document.getElementById("progress")), \
        rows: Array.prototype.filter.call(document.querySelectorAll("#progress tbody tr"), function (r) { \
        return r.getClientRects().length > 0; }).map(box), \
        current: box(document.querySelector("#progress tr.current")), histogram: box(document.getElementById("b-h-5"))};
          var pre = document.createElement("pre");
          pre.id = "measure";
          pre.style.display = "none";
          pre.textContent = JSON.stringify(out);
          document.body.appendChild(pre);
        })();
        </script>
        """

    @Test func aFortyWNameLeavesTheBoardReadableAt1280x720() async throws {
        guard Chromium.path != nil else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("Chromium is not installed, and CI must render the board: apt-get install chromium")
            }
            return
        }
        let running = try await RunningServer.start("layout")
        defer { running.stop() }
        let token = running.presenterToken
        // The report's worst screen: a 12-step lesson, the room trying, a revealed histogram, and stuck learners.
        _ = try await running.present(
            PresenterUpdate(
                lesson: "builder", lessonTitle: "The Builder pattern", step: 5,
                titles: (1...12).map { "Step \($0): a title as long as the lesson's own titles are" },
                predictionSteps: [5], tries: true, exerciseSteps: [5, 6, 10]), token: token)
        let names =
            [
                String(repeating: "W", count: 40),
                "Z\u{0336}\u{0337}\u{0338}\u{0335}a\u{0300}\u{0301}\u{0302}\u{0303}"
                    + "\u{0304}\u{0305}\u{0306}\u{0307}\u{0308}l\u{0489}\u{0489}\u{0489}g\u{0334}\u{0334}o\u{0316}"
                    + "\u{0317}\u{0318}\u{0319}\u{031A}\u{031B}",
                "christopher.montgomery@bigcorp.example",
            ] + (1...8).map { "Learner \($0)" }
        for (i, name) in names.enumerated() {
            let learner = try await running.join(name)
            // The W's fail most, so they are named first.
            let failed = 3 + names.count - i
            _ = try await running.send(
                [Report(seq: 1, kind: .predict, lesson: "builder", step: 5, answer: String(1 + i % 3), at: 1)]
                    + (2...(1 + failed)).map { check($0, step: 6, passed: false) }, token: learner.token)
        }
        _ = try await running.present(PresenterUpdate(revealAnswers: 5), token: token)
        let page = try await running.request("GET", "/\(running.code)/board").text
        #expect(page.contains("<b>\(String(repeating: "W", count: 40))</b>"))
        let file = temporaryDirectory("layout-page") + ".html"
        try page.replacingOccurrences(of: "</body></html>", with: Self.measuring + "</body></html>")
            .write(toFile: file, atomically: true, encoding: .utf8)
        // A window of 1280x720 holds a smaller page (the browser's own bars): measured once, then made up for.
        func measure(height: Int) throws -> Measure {
            let dom = try Chromium.run(["--window-size=1280,\(height)", "--dump-dom", "file://" + file])
            let json = try #require(
                dom.range(of: "<pre id=\"measure\" style=\"display: none;\">").map {
                    String(dom[$0.upperBound...].prefix { $0 != "<" })
                }, "no measure in:\n\(dom)")
            return try JSONDecoder().decode(Measure.self, from: Data(json.utf8))
        }
        var m = try measure(height: 720)
        if m.vh != 720 { m = try measure(height: 720 + 720 - Int(m.vh)) }
        if let path = ProcessInfo.processInfo.environment["PATTERNS_BOARD_SCREENSHOT"] {
            _ = try Chromium.run(["--window-size=1280,720", "--screenshot=" + path, "file://" + file])
        }

        #expect(m.vw == 1280 && m.vh == 720, "\(m)")
        // Nothing is below the screen or beside it: the page itself never scrolls.
        #expect(m.docW <= m.vw && m.docH <= m.vh, "\(m.docW)x\(m.docH)")
        // The stuck list is the first column, whole on the screen.
        #expect(m.stuck.l >= 0 && m.stuck.r <= m.vw / 2 && m.stuck.t < m.vh / 2 && m.stuck.b <= m.vh, "\(m.stuck)")
        // As many named as fit, the rest counted below them.
        #expect(m.items.count >= 3 && m.items.count <= names.count, "\(m.items.count)")
        if m.items.count < names.count {
            let more = try #require(m.more, "no 'and N more'")
            #expect(more.t >= m.stuck.t && more.b <= m.stuck.b && more.b <= m.vh, "\(more) in \(m.stuck)")
        }
        for (i, item) in m.items.enumerated() {
            // Every entry stays in its box: nothing wider than the column, nothing drawn over a neighbour.
            #expect(item.scrollW <= item.clientW, "entry \(i): \(item)")
            #expect(item.box.l >= m.stuck.l && item.box.r <= m.stuck.r + 0.5, "entry \(i): \(item.box) in \(m.stuck)")
            #expect(item.overflow == "hidden hidden" && item.isolation == "isolate", "entry \(i): \(item)")
            #expect(item.box.t >= m.stuck.t && item.box.b <= m.stuck.b, "entry \(i) cut: \(item.box) in \(m.stuck)")
        }
        // The W's wrap.
        let w = try #require(m.items.first)
        #expect(w.lines >= 2, "\(w)")
        // The revealed answers are on the screen, beside the stuck list; the progress table keeps its width (not a
        // strip), its rows nearest the presenter's step fill its column, and the presenter's step is in view.
        #expect(m.histogram.l >= m.vw / 2 && m.histogram.t >= 0 && m.histogram.b <= m.vh, "\(m.histogram)")
        #expect(m.table.w >= m.vw * 0.4, "\(m.table)")
        #expect(m.rows.count >= 3)
        #expect(m.current.t >= m.histogram.b && m.current.b <= m.vh, "\(m.current)")
    }

    @Test func thePagesScriptSwapsInTheChangedParts() throws {
        guard Chromium.path != nil else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("Chromium is not installed, and CI must render the board: apt-get install chromium")
            }
            return
        }
        let clock = TestClock()
        let room = try ClassRoom(directory: temporaryDirectory("swap"), clock: { clock.now })
        _ = try room.present(
            PresenterUpdate(lesson: "builder", step: 6, titles: (1...12).map { "Step \($0)" }, exerciseSteps: [6]),
            token: room.presenterToken)
        let page = BoardPage(lang: .en, joinURL: "http://h:1/\(room.code)")
        let first = room.snapshot()
        let before = page.render(first)
        let ann = try room.join(name: "Ann")
        _ = try room.report((1...3).map { check($0, step: 6, passed: false) }, token: ann.token)
        let after = page.render(room.snapshot())
        let message = try #require(after.message(after: before))
        #expect(message.hasPrefix("{\"parts\":"))
        // The page as first sent, with a stand-in WebSocket that delivers the server's message for the change.
        let socket = """
            <script>window.WebSocket = function () { var ws = this; ws.close = function () {}; \
            setTimeout(function () { ws.onmessage({data: \
            \(try String(decoding: JSONEncoder().encode(message), as: UTF8.self))}); }, 10); };</script>
            """
        let html = page.page(first, code: room.code)
        let file = temporaryDirectory("swap-page") + ".html"
        try html.replacingOccurrences(of: "<body>", with: "<body>" + socket).write(
            toFile: file, atomically: true, encoding: .utf8)
        let dom = try Chromium.run(["--dump-dom", "file://" + file])
        let board = try #require(dom.range(of: "<main id=\"board\">").map { String(dom[$0.upperBound...]) })
        #expect(board.hasPrefix(after.html + "</main>"), "\(board)")
        #expect(dom.contains("<div id=\"status\">live</div>"))
    }
}
