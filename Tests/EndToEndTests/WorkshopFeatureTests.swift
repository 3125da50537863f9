import Foundation
import PlaygroundCore
import PlaygroundTestSupport
import Testing

@testable import PatternsCLI

/// Undo, progress, presenter pacing, recordings, handouts and the JSON event stream, through the real binary.
@Suite struct WorkshopFeatureTests {
    func freshState() -> String {
        NSTemporaryDirectory() + "patterns-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    @Test func undoRestoresTheEarlierMeat() throws {
        let result = try runPatterns(
            [], input: "load builder\nmeat chicken\nmeat tofu\nundo\nstate\n",
            environment: ["XDG_STATE_HOME": freshState()])
        #expect(result.status == 0)
        #expect(
            result.output.hasSuffix(
                """
                builder 1/12> state
                ── state ───────────────────
                builder: HamburgerBuilder
                  meat:     .chicken
                  sauces:   []
                  toppings: []

                """), "\(result.output)")
    }

    /// `patterns list` as it must read: a header, then one row per lesson of the catalogue (in `lang`), each column
    /// padded to its widest cell and two spaces. `progress` gives a lesson's last column when it has one.
    func listText(_ lang: Lang, progress: [String: String] = [:]) -> String {
        let ko = lang == .ko
        var rows = [ko ? ["아이디", "제목", "시간", "언어", "진행"] : ["id", "title", "minutes", "lang", "progress"]]
        for id in BuiltInLessons.ids {
            guard let lesson = BuiltInLessons.lesson(id, lang) else { continue }
            let steps = lesson.steps.count, exercises = lesson.exerciseIndices.count
            rows.append([
                id, lesson.title, ko ? "\(lesson.minutes)분" : "\(lesson.minutes) min",
                BuiltInLessons.catalog.languages(of: id).joined(separator: ","),
                progress[id] ?? (ko ? "\(steps)단계 · 연습 \(exercises)개" : "\(steps) steps · \(exercises) exercises"),
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { i in
                i == row.count - 1
                    ? row[i] : row[i] + String(repeating: " ", count: widths[i] - DisplayWidth.of(row[i]))
            }
            .joined(separator: "  ") + "\n"
        }.joined()
    }

    @Test func progressSurvivesARestartAndListShowsIt() throws {
        let state = freshState()
        let first = try runPatterns(
            [], input: "load builder\nnext\nnext\nquit\n", environment: ["XDG_STATE_HOME": state])
        #expect(first.status == 0)
        let builder = try #require(BuiltInLessons.lesson("builder"))
        let steps = builder.steps.count, exercises = builder.exerciseIndices.count
        let list = try runPatterns(["list"], environment: ["XDG_STATE_HOME": state])
        expectSame(
            list.output, listText(.en, progress: ["builder": "step 3 of \(steps) · 0 of \(exercises) exercises done"]))
        let second = try runPatterns([], input: "load builder\n", environment: ["XDG_STATE_HOME": state])
        #expect(second.output.contains("Resuming at step 3 ('goto 1' starts over)."), "\(second.output)")
        #expect(second.output.contains("step 3/\(steps)"))
        _ = try runPatterns(["forget", "builder"], environment: ["XDG_STATE_HOME": state])
        expectSame(try runPatterns(["list"], environment: ["XDG_STATE_HOME": state]).output, listText(.en))
        // An exercise solved counts; a walkthrough step passed does not.
        _ = try runPatterns(
            [], input: "load builder\ngoto 6\nsolution\nrun\ncheck\nlessons\n", environment: ["XDG_STATE_HOME": state])
        let korean = try runPatterns(["list", "--lang", "ko"], environment: ["XDG_STATE_HOME": state])
        expectSame(korean.output, listText(.ko, progress: ["builder": "\(steps)단계 중 6단계 · 연습 \(exercises)개 중 1개 완료"]))
    }

    /// A prediction is made once per learner: the first answer is kept in the progress file, so a new session
    /// cannot take it again (nor pass the exercise), until `patterns forget`.
    @Test func aPredictionCountsOnceAcrossSessionsUntilForgotten() throws {
        let state = freshState()
        let environment = ["XDG_STATE_HOME": state]
        let lines = "load builder\ngoto 5\npredict 3\nmeat kitten\ncheck\n"
        let first = try runPatterns([], input: lines, environment: environment)
        #expect(first.output.contains("✗ you predicted 3"), "\(first.output)")
        let again = "load builder\ngoto 5\ncheck\npredict 2\nmeat kitten\ncheck\n"
        let second = try runPatterns([], input: again, environment: environment)
        // Kept from the start of the session, not only refused when answered again.
        #expect(second.output.contains("builder 5/12> check\nyour prediction 3 is kept;"), "\(second.output)")
        #expect(second.output.contains("error: your prediction stands: 3."), "\(second.output)")
        #expect(second.output.contains("✗ you predicted 3"), "\(second.output)")
        #expect(!second.output.contains("✓ goal met"), "\(second.output)")
        let builder = try #require(BuiltInLessons.lesson("builder"))
        let steps = builder.steps.count, exercises = builder.exerciseIndices.count
        expectSame(
            try runPatterns(["list"], environment: environment).output,
            listText(.en, progress: ["builder": "step 5 of \(steps) · 0 of \(exercises) exercises done"]))
        _ = try runPatterns(["forget", "builder"], environment: environment)
        let afresh = try runPatterns([], input: again, environment: environment)
        #expect(afresh.output.contains("✓ goal met: step 5 is done."), "\(afresh.output)")
    }

    @Test func corruptProgressIsSetAsideWithAWarning() throws {
        let state = freshState()
        try FileManager.default.createDirectory(atPath: state + "/patterns", withIntermediateDirectories: true)
        try "{not json".write(toFile: state + "/patterns/progress.json", atomically: true, encoding: .utf8)
        let result = try runPatterns(["list"], environment: ["XDG_STATE_HOME": state])
        #expect(result.status == 0)
        #expect(result.error.contains("could not be read; it was moved to"))
        let names = try FileManager.default.contentsOfDirectory(atPath: state + "/patterns")
        #expect(names.contains { $0.hasPrefix("progress.json.corrupt-") })
    }

    @Test func jsonlEveryLineIsAnObjectWithAPane() throws {
        let result = try runPatterns(["run", "builder", "--format", "jsonl"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count > 50)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["pane"] is String, "\(line)")
            #expect(object?["topic"] is String && object?["source"] is String && object?["text"] is String)
        }
        #expect(result.output.contains(#""pane": "state""#))
    }

    /// Every line is one JSON object, whatever ran: `run` (its echoed commands), layout changes, failures.
    @Test func jsonlFromAPipeIsOnlyJSONAfterRunAndLayoutChanges() throws {
        let result = try runPatterns(
            ["--format", "jsonl"],
            input: "load builder\nrun\nlayout stream\nlayout dashboard\nmeat chicken\nmeat pork\n")
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count > 12)
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["pane"] is String, "not a JSON event: \(line)")
        }
        // `run` shows the step's commands as input events, and the dashboard's refusal is an event too.
        #expect(
            result.output.contains(
                #"{"pane": "input", "topic": "command", "source": "user", "text": "state", "step": 1, "lesson": "#
                    + #""builder"}"#
            ))
        #expect(result.output.contains(#""text": "the dashboard needs a terminal; using the stream layout""#))
    }

    @Test func recordWritesAsciinemaV2() throws {
        let path = freshState() + ".cast"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runPatterns(["run", "builder", "--to", "3", "--record", path])
        #expect(result.status == 0)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(header?["version"] as? Int == 2)
        #expect((header?["width"] as? Int ?? 0) > 0 && (header?["height"] as? Int ?? 0) > 0)
        var last = -1.0
        var text = ""
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try #require(event[0] as? Double)
            #expect(time >= last)
            last = time
            #expect(event[1] as? String == "o")
            text += try #require(event[2] as? String)
        }
        #expect(text.replacingOccurrences(of: "\r\n", with: "\n") == result.output)
    }

    @Test func exportWritesASelfContainedHTMLHandout() throws {
        let path = freshState() + ".html"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runPatterns(["export", "builder", "--format", "html", "-o", path])
        #expect(result.status == 0)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<h1>The Builder pattern</h1>"))
        #expect(
            html.contains(
                "<pre class=\"transcript\"><span class=\"typed\"><span class=\"prompt\">builder 2/12&gt; "
                    + "</span><kbd>meat chicken</kbd></span>"
            ))
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src=\"http"))
        let markdown = try runPatterns(["export", "builder"]).output
        #expect(markdown.hasPrefix("# The Builder pattern\n"))
        #expect(markdown.contains("```text\nbuilder 2/12> meat chicken\n"))
    }

    /// Presenter mode, with keys from a pipe (one byte a key, as from a terminal in raw mode).
    @Test func paceWaitsForAKeyBeforeEachCommand() throws {
        // The lesson's introduction is the first screen: what the pattern is, the problem it solves.
        let introduction = try runPatterns(["run", "builder", "--pace"], input: "")
        #expect(introduction.status == 0)
        #expect(introduction.output.hasPrefix("\n━━━━"), "\(introduction.output)")
        #expect(introduction.output.contains("INTRODUCTION  ·  THE BUILDER PATTERN"))
        #expect(introduction.output.contains("Builder is a creational design pattern"))
        #expect(introduction.output.contains("The problem it solves:"))
        #expect(introduction.output.contains("[Enter: step 1 · q: stop]"))
        #expect(!introduction.output.contains("STEP 1 / 12"), "step 1 waits for a key: \(introduction.output)")
        let waiting = try runPatterns(["run", "builder", "--pace"], input: "\n")
        #expect(waiting.output.contains("STEP 1 / 12  ·  MEET THE BUILDER"))
        #expect(waiting.output.contains("▸ builder 1/12> state\n"), "the command is announced")
        #expect(!waiting.output.contains("── state"), "and runs only after a key: \(waiting.output)")
        let one = try runPatterns(["run", "builder", "--pace"], input: "\n\n")
        #expect(one.output.contains("── state"))
        #expect(one.output.contains("[Enter: next step · b: back a step · q: stop]"))
        #expect(!one.output.contains("STEP 2 / 12"))
        let stopped = try runPatterns(["run", "builder", "--pace"], input: "\nq\n\n\n")
        #expect(!stopped.output.contains("── state"), "q stops at once, without Enter")
        let atOnce = try runPatterns(["run", "builder", "--pace"], input: "q\n\n\n")
        #expect(!atOnce.output.contains("STEP 1 / 12"), "q at the introduction stops too")
    }

    /// At any wait, `h` shows the room the next hint and `:` runs a line the presenter types; then the script goes
    /// on where it was (the same command is announced again).
    @Test func paceRevealsAHintAndRunsThePresentersOwnLine() throws {
        let result = try runPatterns(
            ["run", "builder", "--pace", "--from", "6", "--to", "6"], input: "h:meat chicken\nq")
        #expect(result.status == 0)
        let output = result.output
        let hint = try #require(output.range(of: "builder 6/12> hint\nHint 1/"), "\(output)")
        let own = try #require(output.range(of: "builder 6/12> meat chicken\n"), "\(output)")
        #expect(hint.lowerBound < own.lowerBound)
        #expect(output.contains("builder.meat: .tofu → .chicken"), "the line ran on the live objects: \(output)")
        // Back to the script: the exercise still waits for the room.
        #expect(output[own.upperBound...].contains("[Enter: show the solution"), "\(output)")
        #expect(!output.contains("▸ builder 6/12>"), "no command of the script ran: \(output)")
    }

    @Test func paceStopsBeforeAnExercisesSolution() throws {
        let result = try runPatterns(["run", "builder", "--pace", "--from", "6"], input: "")
        #expect(result.output.contains("Goal:\n  builder.meat: .beef"))
        #expect(result.output.contains("▶ Exercise: the room tries now. The goal is above.\n[Enter: show the solution"))
        #expect(
            !result.output.contains("▸ builder 6/12> meat beef"), "the solution waits for the room: \(result.output)")
        let shown = try runPatterns(["run", "builder", "--pace", "--from", "6"], input: "\n\n")
        #expect(shown.output.contains("try builder.setMeat(.beef)"))
        #expect(!shown.output.contains("builder.removeSauces(.mustard)"), "one command for each key")
        let all = try runPatterns(["run", "builder", "--pace", "--from", "6", "--to", "6"], input: "r")
        #expect(all.output.contains("✓ goal met"), "r runs the whole solution: \(all.output)")
    }

    /// A demonstration (builder step 9: a goal its commands leave unmet on purpose) is not opened to the room: no
    /// "the room tries now", no solution to wait for; its commands wait for a key each, as a walkthrough's do.
    @Test func paceShowsADemonstrationForTheRoomToWatch() throws {
        let result = try runPatterns(["run", "builder", "--pace", "--from", "9", "--to", "9"], input: "")
        #expect(result.status == 0)
        let goal = try #require(result.output.range(of: "Goal:\n"), "\(result.output)")
        expectSame(
            String(result.output[goal.lowerBound...]),
            """
            Goal:
              buggyAlert.confirmAction: AlertAction(title: "OK", handler: { ... })
            Type 'check' when you think you are there, 'hint' for help.

            ▶ Demonstration: the room watches. The goal stays unmet on purpose.
            [Enter: next command · r: the rest at once · b: back · h: hint · ':' own line · q: stop]
            ▸ builder 9/12> buggyAlert.setTitle("Delete?").addConfirmAction("OK") { print("deleted") }.present()

            """)
        let korean = try runPatterns(
            ["run", "builder", "--pace", "--from", "9", "--to", "9", "--lang", "ko"], input: "")
        #expect(korean.output.contains("\n▶ 시연: 모두 지켜봅니다. 목표는 일부러 달성되지 않습니다.\n"), "\(korean.output)")
        #expect(!korean.output.contains("[Enter: 풀이 보기"))
        // Walked whole, its commands and the check that says why run; nothing waits for the room.
        let all = try runPatterns(["run", "builder", "--pace", "--from", "9", "--to", "9"], input: "r")
        #expect(!all.output.contains("the room tries now") && !all.output.contains("show the solution"))
        #expect(
            all.output.hasSuffix(
                "This step's goal stays unmet on purpose: it shows the bug, nothing here is yours\nto fix. 'next' "
                    + "moves on.\n"
            ), "\(all.output)")
    }

    /// The lesson ends with a moment: a closing screen with what was covered (the step titles) and the time taken,
    /// which waits for a key; `--to` before the last step ends without it.
    @Test func paceEndsTheLessonWithAClosingScreen() throws {
        let result = try runPatterns(["run", "builder", "--pace", "--from", "12"], input: "r")
        #expect(result.status == 0)
        let end = try #require(result.output.range(of: "THE END  ·  THE BUILDER PATTERN"), "\(result.output)")
        let closing = String(result.output[end.lowerBound...])
            .replacingOccurrences(of: #"⏱ \d\d:\d\d"#, with: "⏱ MM:SS", options: .regularExpression)
        expectSame(
            closing,
            """
            THE END  ·  THE BUILDER PATTERN
            ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

            ── lesson ──────────────────
            What we covered:
              1. Meet the builder
              2. Parts in any order
              3. Build the product
              4. The Swift-call form
              5. Exercise: predict the sold-out meat
              6. Exercise: a burger to order
              7. A fluent builder: the alert
              8. Tap the button
              9. A button that does nothing
              10. Exercise: fix the builder's line
              11. When not to use a builder
              12. Recap, and what comes next

            ⏱ MM:SS for a lesson of 30 min
            [Enter: end · b: back a step]

            """)
        let before = try runPatterns(["run", "builder", "--pace", "--from", "11", "--to", "11"], input: "r")
        #expect(!before.output.contains("THE END"))
    }

    @Test func paceGoesBackAStepWithTheLiveObjectsAsTheyWere() throws {
        // Step 3 (build) run whole, on to step 4, back to step 3: its banner again, and the state it started from.
        let result = try runPatterns(["run", "builder", "--pace", "--from", "3", "--to", "4"], input: "r\nbr")
        #expect(result.output.components(separatedBy: "STEP 3 / 12").count - 1 == 2, "\(result.output)")
        #expect(result.output.components(separatedBy: "STEP 4 / 12").count - 1 == 1)
        let korean = try runPatterns(["run", "builder", "--pace", "--lang", "ko"], input: "\n")
        #expect(korean.output.contains("소개  ·  "))
        #expect(korean.output.contains("1 / 12 단계"))
        #expect(korean.output.contains("[Enter: 다음 명령 · r: 나머지 한꺼번에 · b: 뒤로 · h: 힌트 · ':' 직접 입력 · q: 멈춤]"))
    }

    @Test func gotoSetsUpTheLiveObjectsAsTheEarlierStepsLeaveThem() throws {
        let result = try runPatterns(
            [], input: "load builder\ngoto 6\nrun\ncheck\n", environment: ["XDG_STATE_HOME": freshState()])
        #expect(result.output.contains("The live objects are set up as steps 1–5 leave them."))
        #expect(result.output.contains("✓ goal met: step 6 is done. 'next' moves on."), "\(result.output)")
        // Step 10 is a code exercise: with the compiler its reference solution is loaded and driven; without, it says
        // so.
        let from = try runPatterns(["run", "builder", "--from", "9"], environment: ["PATH": toolchainPath()])
        #expect(from.output.contains("✓ goal met: step 10 is done."), "\(from.output)")
        #expect(!from.output.contains("step 8/12"))
        let bare = try runPatterns(["run", "builder", "--from", "9"])
        #expect(bare.output.contains("this exercise is compiled Swift and needs the Swift toolchain"), "\(bare.output)")
        #expect(bare.output.contains("step 11/12"))
    }
}
