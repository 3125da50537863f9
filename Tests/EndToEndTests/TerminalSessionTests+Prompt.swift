import Foundation
import PlaygroundCore
import PlaygroundTestSupport
import Testing

// The prompt at a terminal: paging, help, completion, Ctrl-C, Korean input, history, the dashboard and JSONL.
extension TerminalSessionTests {
    /// The stream at 80x24: `load` shows the pattern's definition on a page of its own, then a key pages to step 1;
    /// `goto 6` in the delegate lesson leaves the question and its options on screen at the prompt.
    @Test func loadPagesFromTheDefinitionAndAnExercisesQuestionStaysInView() throws {
        let terminal = try start(columns: 80, rows: 24)
        var mark = terminal.transcript.count
        terminal.send("load delegate\r")
        #expect(terminal.waitFor(": next page", after: mark), "\(terminal.plainText)")
        var grid = ScreenGrid(columns: 80, rows: 24)
        grid.play(terminal.transcript)
        #expect(grid.text.contains("Delegation is a design pattern"), "\(grid.text)")
        #expect(
            grid.text.contains("The problem it solves"),
            "the definition and its problem are on the first page: \(grid.text)")
        #expect(!grid.text.contains("· step 1/12 ·"), "step 1 waits for the next page: \(grid.text)")
        mark = terminal.transcript.count
        terminal.send(" ")
        #expect(terminal.waitFor("· step 1/12 ·", after: mark), "\(terminal.plainText)")
        _ = enter(terminal, "", prompt: "delegate 1/12> ")
        _ = enter(terminal, "goto 6", prompt: "delegate 6/12> ")
        terminal.settle()
        grid = ScreenGrid(columns: 80, rows: 24)
        grid.play(terminal.transcript)
        let screen = grid.text
        for line in [
            "What will still be alive", "1. Nothing", "2. Only the 25 cells.", "3. The controller and its 25 cells.",
            "Goal:", "delegate 6/12>",
        ] {
            #expect(screen.contains(line), "'\(line)' is on screen at the prompt: \(screen)")
        }
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }

    @Test func promptAppearsAndHelpListsLoad() throws {
        let terminal = try start()
        #expect(enter(terminal, "help", prompt: "patterns> ").contains("load <lesson>"))
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }

    @Test func tabCompletesCommandsAndLessonIds() throws {
        let terminal = try start()
        terminal.send("lo\t")
        #expect(terminal.waitFor("patterns> load "), "\(terminal.plainText)")
        terminal.send("b\t")
        #expect(terminal.waitFor("load builder"), "\(terminal.plainText)")
        let mark = terminal.transcript.count
        terminal.send("\r")
        // The lesson is taller than the screen: the pager's q shows the rest at once.
        #expect(terminal.waitFor(": next page", after: mark), "\(terminal.plainText)")
        terminal.send("q")
        #expect(terminal.waitFor("builder 1/", after: mark), "\(terminal.plainText)")
        terminal.waitForKeys()
        terminal.send("meat \t\t")
        #expect(terminal.waitFor("chicken", after: mark), "several matches are listed: \(terminal.plainText)")
        terminal.send("\u{15}builder.setMeat(.ch\t")
        #expect(terminal.waitFor("builder.setMeat(.chicken", after: mark), "\(terminal.plainText)")
        terminal.endInput()
    }

    @Test func ctrlCCancelsTheLineAndTheSessionGoesOn() throws {
        let terminal = try start()
        _ = enter(terminal, "load builder", prompt: "builder 1/")
        terminal.send("sauce add mus")
        #expect(terminal.waitFor("sauce add mus"))
        terminal.send("\u{3}")
        #expect(terminal.waitFor("^C"))
        let answer = enter(terminal, "meat beef", prompt: "builder 1/")
        #expect(answer.contains("try builder.setMeat(.beef)"), "\(terminal.plainText)")
        #expect(!answer.contains("unknown command"))
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }

    @Test(arguments: ["C.UTF-8", "C"])
    func koreanReachesTheProgramIntact(lang: String) throws {
        let terminal = try start(lang: lang)
        #expect(
            enter(terminal, "load 한국어수업", prompt: "patterns> ").contains("unknown lesson '한국어수업'"),
            "\(terminal.plainText)")
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }

    @Test func historySurvivesARestartWithMode0600() throws {
        let (first, history) = try startTypingLessons(history: "custom-history")
        _ = enter(first, "load builder", prompt: "builder 1/")
        first.endInput()
        #expect(first.waitForExit() == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: history)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let second = try start(history: history)
        second.send("\u{1B}[A")
        #expect(second.waitFor("patterns> load builder"), "\(second.plainText)")
        second.send("\u{15}")
        second.endInput()
        #expect(second.waitForExit() == 0)
    }

    @Test func sigtermSavesHistoryAndExits() throws {
        let (terminal, history) = try startTypingLessons(history: "term-history")
        terminal.signal(SIGTERM)
        #expect(terminal.waitForExit() == 0)
        #expect(try String(contentsOfFile: history, encoding: .utf8).contains("lessons"))
    }

    /// A session keeping its history in the file `name` of the state folder, which has `lessons` typed; the terminal
    /// and the history file's path.
    func startTypingLessons(history name: String) throws -> (PseudoTerminal, String) {
        let history = state + "/" + name
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let terminal = try start(history: history)
        _ = enter(terminal, "lessons", prompt: "patterns> ")
        return (terminal, history)
    }

    @Test func dashboardDrawsPanesSideBySideAndRestoresTheTerminal() throws {
        let terminal = try start(arguments: ["--layout", "dashboard"], columns: 160, rows: 45)
        #expect(terminal.transcript.contains("\u{1B}[?1049h"), "enters the alternate screen")
        _ = enter(terminal, "load builder", prompt: "builder 1/")
        let mark = terminal.transcript.count
        terminal.send("meat chicken\r")
        #expect(terminal.waitFor("* meat:     .chicken", after: mark), "\(terminal.plainText)")
        let frame = PseudoTerminal.stripEscapes(String(terminal.transcript.dropFirst(mark)))
        // Two boxes on one row: the lesson column and the right-hand column.
        #expect(frame.contains("│┌─ log ") || frame.contains("││"), "\(frame)")
        #expect(frame.contains("┌─ state "))
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
        #expect(
            terminal.transcript.hasSuffix("\u{1B}[?1049l") || terminal.transcript.contains("\u{1B}[?1049l"),
            "leaves the alternate screen")
    }

    /// On a terminal too, `--format jsonl` prints JSON and nothing else, after layout changes as before them.
    @Test func jsonlOnATerminalIsOnlyJSONAfterLayoutChanges() throws {
        let terminal = try start(arguments: ["--format", "jsonl"])
        var printed: [Substring] = []
        for line in ["load builder", "layout dashboard", "layout stream", "meat chicken"] {
            let prompt = line == "load builder" ? "builder 1/" : "builder 1/12> "
            let output = enter(terminal, line, prompt: prompt)
            printed += output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines)[...] }
                // What libedit echoes as the line is typed, and its prompt, are the terminal's, not the program's
                // output.
                .filter { !$0.isEmpty && $0 != line && !$0.hasPrefix("patterns>") && !$0.hasPrefix("builder 1/12>") }
        }
        #expect(printed.count > 5)
        for line in printed {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["pane"] is String, "not a JSON event: \(line)")
        }
        #expect(printed.contains { $0.contains(#""text": "builder.meat: .beef → .chicken""#) })
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aCorruptHistoryFileIsSetAsideWithAWarning() throws {
        let history = state + "/broken-history"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try "not a libedit history\n".write(toFile: history, atomically: true, encoding: .utf8)
        let terminal = try start(history: history)
        #expect(
            terminal.plainText.contains("warning: the history file \(history) could not be read; it was moved to"),
            "\(terminal.plainText)")
        terminal.endInput()
        #expect(terminal.waitForExit() == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(names.contains { $0.hasPrefix("broken-history.corrupt-") })
    }
}
