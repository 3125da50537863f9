import Foundation
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// The real binary on a pseudo-terminal of its own: libedit, completion, signals, history.
@Suite(.serialized) struct TerminalSessionTests {
    let state = NSTemporaryDirectory() + "patterns-pty-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    func start(
        lang: String = "C.UTF-8", history: String? = nil, arguments: [String] = [], columns: UInt16 = 100,
        rows: UInt16 = 30,
        state: String? = nil
    ) throws -> PseudoTerminal {
        let state = state ?? self.state
        var environment = [
            "TERM": "xterm-256color", "HOME": state, "XDG_STATE_HOME": state, "LANG": lang, "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
        ]
        if let history { environment["PATTERNS_HISTORY"] = history }
        let terminal = try PseudoTerminal(
            patternsBinary(), arguments: arguments, environment: environment, columns: columns, rows: rows)
        #expect(terminal.waitFor("patterns> "), "no prompt: \(terminal.plainText)")
        // libedit may draw the prompt a moment before it puts the terminal in raw mode; keys typed in between
        // would be echoed by the cooked terminal: wait until it reads keys.
        #expect(terminal.waitForKeys(), "the prompt never read keys: \(terminal.plainText)")
        return terminal
    }

    /// Types a line and waits for the next prompt, so later keys reach libedit and not the cooked terminal.
    /// An answer taller than the screen is paged: Space shows each next page, as a reader would.
    func enter(_ terminal: PseudoTerminal, _ line: String, prompt: String) -> String {
        let mark = terminal.transcript.count
        terminal.send(line + "\r")
        var pages = 0
        var found = false
        for _ in 0..<40 {
            if terminal.waitFor(prompt, after: mark + line.count + 2, timeout: 0.3) { found = true; break }
            let shown =
                PseudoTerminal.stripEscapes(String(terminal.transcript.dropFirst(mark))).components(
                    separatedBy: ": next page"
                ).count - 1
            if shown > pages { pages = shown; terminal.send(" ") }
        }
        #expect(found, "\(terminal.plainText)")
        terminal.waitForKeys()
        return String(
            terminal.plainText.dropFirst(PseudoTerminal.stripEscapes(String(terminal.transcript.prefix(mark))).count))
    }

    /// A recording of the REPL holds the prompts and the lines as typed, in order, and a resize event before the
    /// output drawn at the new size. (`.ci/run` plays recordings back with asciinema's own `cat`.)
    @Test func aRecordingShowsPromptsTypedLinesAndResizes() throws {
        let cast = state + "-repl.cast"
        defer { try? FileManager.default.removeItem(atPath: cast) }
        let terminal = try start(arguments: ["--record", cast], columns: 80, rows: 24)
        _ = enter(terminal, "load builder", prompt: "builder 1/12> ")
        _ = enter(terminal, "meat chicken", prompt: "builder 1/12> ")
        terminal.resize(columns: 120, rows: 30)
        terminal.settle()
        _ = enter(terminal, "state", prompt: "builder 1/12> ")
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["width"] as? Int == 80 && header["height"] as? Int == 24)
        var events: [(kind: String, data: String)] = []
        var last = -1.0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try #require(event[0] as? Double)
            #expect(time >= last)
            last = time
            events.append((try #require(event[1] as? String), try #require(event[2] as? String)))
        }
        let typed = events.filter { $0.kind == "o" }.map(\.data)
        let prompts = [
            ("patterns> ", "load builder\r\n"), ("builder 1/12> ", "meat chicken\r\n"), ("builder 1/12> ", "state\r\n"),
        ]
        var from = 0
        for (prompt, line) in prompts {
            let at = try #require(
                typed[from...].firstIndex(of: prompt), "prompt \(prompt) after event \(from): \(typed)")
            #expect(typed[at + 1] == line, "the typed line follows its prompt")
            from = at + 2
        }
        let resize = try #require(events.firstIndex { $0.kind == "r" }, "a resize event")
        #expect(events[resize].data == "120x30")
        let stateAnswer = try #require(events.firstIndex { $0.data == "state\r\n" })
        #expect(resize < stateAnswer, "the resize comes before the output drawn at the new size")
    }

    /// Presenter mode on a terminal: keys act as they are pressed (no Enter after `q`), and with the dashboard the
    /// frame is drawn before each wait.
    @Test func presenterKeysWorkWithoutEnterInBothLayouts() throws {
        let environment = [
            "TERM": "xterm-256color", "HOME": state, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
        ]
        let stream = try PseudoTerminal(
            patternsBinary(), arguments: ["run", "builder", "--pace"], environment: environment, columns: 80, rows: 24)
        // The introduction first, then step 1 a page at a time (it is taller than 24 rows), each page under the
        // step's banner, until its first command is announced with the clock.
        #expect(stream.waitFor("[Enter: step 1"), "\(stream.plainText)")
        #expect(stream.plainText.contains("INTRODUCTION  ·  THE BUILDER PATTERN"))
        #expect(stream.waitForKeys())
        var pages = 0
        var mark = stream.transcript.count
        stream.send("\r")
        while !stream.waitFor("▸ builder 1/12> state", after: mark, timeout: 1.5) && pages < 5 {
            var grid = ScreenGrid(columns: 80, rows: 24)
            grid.play(stream.transcript)
            #expect(
                grid.text.contains("STEP 1 / 12  ·  MEET THE BUILDER"), "the banner stays on every page: \(grid.text)")
            #expect(grid.text.contains("page \(pages + 1) of"), "\(grid.text)")
            pages += 1
            mark = stream.transcript.count
            stream.send("\r")
        }
        #expect(pages >= 1, "step 1 is paged at 80x24")
        #expect(stream.waitFor("⏱ 00:0", after: mark), "the clock is on the waiting line")
        #expect(stream.waitForKeys())
        stream.send("\r")
        #expect(stream.waitFor("[Enter: next step"), "\(stream.plainText)")
        #expect(stream.plainText.contains("meat:     .beef"))
        stream.send("q")
        #expect(stream.waitForExit() == 0, "q ends at once")
        #expect(!stream.plainText.contains("STEP 2 / 12"))

        let board = try PseudoTerminal(
            patternsBinary(), arguments: ["run", "builder", "--pace", "--layout", "dashboard"],
            environment: environment,
            columns: 110, rows: 30)
        #expect(board.waitFor("[Enter: step 1"), "\(board.plainText)")
        #expect(
            board.plainText.contains("│ Builder is a creational design pattern"),
            "the introduction first: \(board.plainText)")
        #expect(board.waitForKeys())
        board.send("\r")
        #expect(board.waitFor("▸ builder 1/12> state"), "\(board.plainText)")
        #expect(board.plainText.contains("┌─ lesson"), "the dashboard is drawn: \(board.plainText)")
        #expect(board.waitForKeys())
        // PgDn scrolls the lesson in --pace too.
        mark = board.transcript.count
        board.send("\u{1B}[6~")
        #expect(board.waitFor("↑ PgUp", after: mark), "\(board.plainText)")
        mark = board.transcript.count
        board.send("\r")
        #expect(
            board.waitFor("│ builder: HamburgerBuilder", after: mark),
            "the state pane after the command: \(board.plainText)")
        board.send("q")
        #expect(board.waitForExit() == 0)
    }

    /// `run --pace` on a terminal of its own (the presenter's screen), with its first wait on screen.
    func presenter(_ arguments: [String], columns: UInt16, rows: UInt16, until text: String) throws -> PseudoTerminal {
        let environment = [
            "TERM": "xterm-256color", "HOME": state, "XDG_STATE_HOME": state, "LANG": "C.UTF-8", "NO_COLOR": "1",
            "PATH": "/usr/bin:/bin",
        ]
        let terminal = try PseudoTerminal(
            patternsBinary(), arguments: ["run"] + arguments + ["--pace"], environment: environment, columns: columns,
            rows: rows)
        #expect(terminal.waitFor(text), "\(terminal.plainText)")
        #expect(terminal.waitForKeys())
        return terminal
    }

    /// The screen as the presenter sees it now.
    func screen(_ terminal: PseudoTerminal, columns: Int, rows: Int, from: Int = 0) -> [String] {
        var grid = ScreenGrid(columns: columns, rows: rows)
        grid.play(String(terminal.transcript.dropFirst(from)))
        return grid.text.components(separatedBy: "\n")
    }

    /// The clock goes on by itself at an exercise's wait at 80 columns, where the key line leaves it no room: on a
    /// line of its own, its minute changes after 65 s with no key pressed.
    @Test func thePresentersClockTicksByItselfAtAnExerciseAt80Columns() throws {
        let terminal = try presenter(
            ["builder", "--from", "6", "--to", "6"], columns: 80, rows: 24, until: "⏱ 00:0")
        // Through the step's pages to the exercise's wait (a page wait has the clock too).
        var pages = 0
        while !screen(terminal, columns: 80, rows: 24).contains(where: { $0.hasPrefix("[Enter: show the solution") })
            && pages < 5
        {
            #expect(
                screen(terminal, columns: 80, rows: 24).contains { $0.hasPrefix("⏱ 00:0") || $0.contains("   ⏱ 00:0") })
            let mark = terminal.transcript.count
            terminal.send("\r")
            _ = terminal.waitFor("[Enter:", after: mark, timeout: 2)
            pages += 1
        }
        let mark = terminal.transcript.count
        let started = Date()
        // A deadline, not a pause: the minute shows as soon as it changes.
        #expect(terminal.waitFor("⏱ 01:", after: mark, timeout: 80), "the clock did not tick: \(terminal.plainText)")
        let waited = Date().timeIntervalSince(started)
        let lines = screen(terminal, columns: 80, rows: 24)
        let keys = try #require(lines.lastIndex { $0.hasPrefix("[Enter: show the solution") }, "\(lines)")
        #expect(lines[keys] == "[Enter: show the solution · r: all of it at once · b: back · q: stop]")
        #expect(lines[keys - 1].hasPrefix("⏱ 01:0"), "its own line: \(lines)")
        #expect(lines[keys - 1].hasSuffix(" · step: min 5–6 of 30") || lines[keys - 1].contains(" · step: min "))
        #expect(!lines.joined().contains("⏱ 00:"), "the old time is gone: \(lines)")
        print("clock: the minute changed after \(Int(waited)) s at the wait")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }

    /// A resize while `run --pace` waits (a projector plugged in): the stream draws the step's page again at the new
    /// width (no line wider than the screen, the wait and its clock under it); the dashboard draws its frame at the
    /// new size at once.
    @Test func paceFollowsAResizeInBothLayouts() throws {
        let stream = try presenter(
            ["builder", "--from", "3", "--to", "3"], columns: 100, rows: 30, until: "▸ builder 3/12>")
        var mark = stream.transcript.count
        stream.resize(columns: 60, rows: 24)
        #expect(stream.waitFor("▸ builder 3/12>", after: mark), "\(stream.plainText)")
        stream.settle()
        let narrow = screen(stream, columns: 60, rows: 24, from: mark)
        // The whole screen: the banner at the new width, the page wrapped at 60 columns at its words, the wait.
        let shown = narrow.joined(separator: "\n").trimmingCharacters(in: .newlines)
            .replacingOccurrences(of: #"⏱ \d\d:\d\d"#, with: "⏱ MM:SS", options: .regularExpression)
        let rule = String(repeating: "━", count: 60)
        expectSame(
            shown,
            """
            \(rule)
              STEP 3 / 12  ·  BUILD THE PRODUCT
            \(rule)

            ── lesson ──────────────────
            The Builder pattern · step 3/12 · Build the product

            `build()` turns the parts into a `Hamburger`, a plain value
            that cannot change any more. The builder keeps its parts, so
            it can build the same burger again.

            Try:
              > build
            ▸ builder 3/12> build   ⏱ MM:SS · step: min 6–7 of 30
            """)
        stream.send("q")
        #expect(stream.waitForExit() == 0)

        let board = try presenter(
            ["builder", "--from", "3", "--to", "3", "--layout", "dashboard"], columns: 80, rows: 24,
            until: "▸ builder 3/12>")
        mark = board.transcript.count
        board.resize(columns: 120, rows: 30)
        #expect(board.waitFor("▸ builder 3/12>", after: mark), "\(board.plainText)")
        board.settle()
        let wide = screen(board, columns: 120, rows: 30, from: mark)
        #expect(DisplayWidth.of(wide[0]) == 120 && wide[0].hasPrefix("┌─ lesson"), "side by side at 120: \(wide)")
        #expect(wide[29].hasPrefix("▸ builder 3/12>") && wide[29].contains("⏱ 00:0"), "\(wide)")
        board.send("q")
        #expect(board.waitForExit() == 0)
    }

    /// The dashboard at 80x24: step 1 whole through PgDn, a command's change, a resize redrawn at once (smaller than
    /// the dashboard can use: it says so and stays; larger: drawn again), and nothing lost.
    @Test func theDashboardWorksAt80x24AndFollowsResizes() throws {
        let terminal = try start(arguments: ["--layout", "dashboard"], columns: 80, rows: 24)
        _ = enter(terminal, "load builder", prompt: "builder 1/12> ")
        #expect(terminal.plainText.contains("┌─ lesson ── ↓ PgDn"), "\(terminal.plainText)")
        // PgDn, a page at a time, until the Try: line shows (step 1 is the definition, the problem and a diagram).
        var mark = terminal.transcript.count
        var pages = 0
        while pages < 12 && !terminal.waitFor("│   > state", after: mark, timeout: 0.5) {
            terminal.send("\u{1B}[6~")
            pages += 1
        }
        #expect(pages > 0 && pages < 12, "the Try: line is reachable with PgDn: \(terminal.plainText)")
        mark = terminal.transcript.count
        terminal.send("meat chicken\r")
        // The frame after the command: its status line, then the state (the prompt alone may be a redraw of the line).
        #expect(terminal.waitFor("› meat chicken  ✓", after: mark), "\(terminal.plainText)")
        #expect(terminal.plainText.contains("* meat:     .chicken"))
        terminal.settle()
        mark = terminal.transcript.count
        terminal.resize(columns: 50, rows: 14)
        #expect(terminal.waitFor("is 50x14", after: mark), "redrawn at once, without a command: \(terminal.plainText)")
        mark = terminal.transcript.count
        terminal.resize(columns: 120, rows: 40)
        #expect(
            terminal.waitFor("* meat:     .chicken", after: mark), "grown back, nothing lost: \(terminal.plainText)")
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }

    @Test func ctrlCInAHistorySearchCancelsItAndTheREPLGoesOn() throws {
        let terminal = try start()
        _ = enter(terminal, "help", prompt: "patterns> ")
        terminal.send("\u{12}")
        #expect(terminal.waitFor("bck:"), "the search prompt: \(terminal.plainText)")
        terminal.send("hel")
        terminal.settle()
        let mark = terminal.transcript.count
        terminal.send("\u{3}")
        #expect(terminal.waitFor("^C", after: mark), "Ctrl-C cancels the search: \(terminal.plainText)")
        #expect(terminal.waitFor("patterns> ", after: mark))
        terminal.waitForKeys()
        let answer = enter(terminal, "lessons", prompt: "patterns> ")
        #expect(answer.contains("builder"), "the REPL is still there: \(terminal.plainText)")
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }

    /// The real program on a terminal of each size, in both layouts, played into a screen grid: builder step 1 after
    /// `state`, and its first exercise after one command. Compared as a golden.
    @Test func screensAtFourSizesInBothLayouts() throws {
        var screens = ""
        for (columns, rows) in [(80, 24), (100, 30), (120, 40), (200, 50)] as [(UInt16, UInt16)] {
            for layout in ["stream", "dashboard"] {
                for (label, lines) in [
                    ("step 1", ["load builder", "state"]), ("step 6", ["load builder", "goto 6", "meat beef"]),
                ] {
                    // A state folder of its own each time: no saved progress, no history.
                    let terminal = try start(
                        arguments: ["--layout", layout], columns: columns, rows: rows,
                        state: state + "-screen-\(columns)-\(layout)-\(label.suffix(1))")
                    for line in lines { _ = enter(terminal, line, prompt: "/12> ") }
                    terminal.settle()
                    var grid = ScreenGrid(columns: Int(columns), rows: Int(rows))
                    grid.play(terminal.transcript)
                    screens += "=== \(layout) \(columns)x\(rows), builder \(label)\n" + grid.text + "\n"
                    terminal.endInput()
                    _ = terminal.waitForExit()
                }
            }
        }
        expectGolden("terminal-screens", screens)
    }

    /// Every lesson in the dashboard, from a pty, in English and Korean at 80x24, 100x30 and 120x40: step 2 after its
    /// first command (the mediator's pages hearing a message, the delegate's cells), then the same screen with
    /// Ctrl-O (the first pane zoomed). Compared as a golden; look at it when re-recording.
    /// Waits until nothing more has been written for 250 ms (woken by each write; 10 s at most).
    static func settle(_ terminal: PseudoTerminal) { terminal.settle(quiet: 0.25) }

    @Test(arguments: ["builder", "director", "mediator", "delegate"])
    func dashboardScreensOfEveryLesson(lesson id: String) throws {
        var screens = ""
        for lang in [Lang.en, Lang.ko] {
            let lesson = try #require(ScreenTests.catalog.lesson(id: id, lang: lang))
            let command = try #require(lesson.steps[1].walkthrough.first)
            let prompt = "\(id) 2/\(lesson.steps.count)> "
            for (columns, rows) in [(80, 24), (100, 30), (120, 40)] as [(UInt16, UInt16)] {
                let terminal = try start(
                    arguments: ["--layout", "dashboard", "--lang", lang.rawValue], columns: columns, rows: rows,
                    state: state + "-lesson-\(id)-\(lang.rawValue)-\(columns)")
                _ = enter(terminal, "load \(id)", prompt: "\(id) 1/")
                _ = enter(terminal, "goto 2", prompt: prompt)
                _ = enter(terminal, command, prompt: prompt)
                // The dashboard is drawn after the prompt is known: wait until the screen stops changing (a fixed pause
                // was too short once under load).
                Self.settle(terminal)
                var grid = ScreenGrid(columns: Int(columns), rows: Int(rows))
                grid.play(terminal.transcript)
                screens +=
                    "=== dashboard \(columns)x\(rows) \(lang.rawValue), \(id) step 2 after '\(command)'\n" + grid.text
                    + "\n"
                if columns == 80 {
                    let mark = terminal.transcript.count
                    terminal.send("\u{F}")
                    #expect(
                        terminal.waitFor("zoom", after: mark) || terminal.waitFor("크게", after: mark),
                        "\(terminal.plainText)")
                    // The zoomed screen ends with the prompt drawn again: wait for it, then for quiet (under CI's load
                    // a pause mid-draw once passed for the end).
                    _ = terminal.waitFor(prompt, after: mark)
                    Self.settle(terminal)
                    grid = ScreenGrid(columns: Int(columns), rows: Int(rows))
                    grid.play(terminal.transcript)
                    screens +=
                        "=== dashboard \(columns)x\(rows) \(lang.rawValue), \(id) step 2, Ctrl-O\n" + grid.text + "\n"
                }
                terminal.endInput()
                _ = terminal.waitForExit()
            }
        }
        expectGolden("terminal-dashboard-\(id)", screens)
    }
}
