import Foundation
import LessonModules
import PlaygroundCore
import PlaygroundTestSupport
import Testing

/// Whole screens as a learner sees them, compared as goldens: for step 1 and the first exercise of each lesson, after
/// the step's first command, in the dashboard (the frame at 80x24, 100x30, 120x40 and 200x50) and in the stream
/// layout (the last rows the terminal keeps at each size). Every lesson of `Lessons/` has its goldens: a new lesson's
/// are recorded the first time (see `expectGolden`); `PATTERNS_RECORD=1 swift test --filter ScreenTests` re-records
/// them.
@Suite struct ScreenTests {
    static let sizes = [(80, 24), (100, 30), (120, 40), (200, 50)]

    static let catalog: LessonCatalog = {
        var sources: [LessonSource] = []
        for lang in ["en", "ko"] {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Lessons/\(lang)")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted().filter {
                $0.hasSuffix(".md")
            }
            sources += names.map { name in
                LessonSource(
                    path: "Lessons/\(lang)/\(name)", lang: lang,
                    text: (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? "",
                    isBuiltIn: true)
            }
        }
        return LessonCatalog(sources: sources, modules: LessonModules.names)
    }()

    /// What the screen shows at each size for one step of a lesson, after its first command.
    func screens(lesson id: String, step: Int, lang: Lang = .en, sizes: [(Int, Int)] = Self.sizes) -> String {
        var out = ""
        for (width, height) in sizes {
            let session = Session(
                catalog: Self.catalog, modules: LessonModules.all,
                options: SessionOptions(render: RenderOptions(width: width, reminders: true), lang: lang))
            session.execute("load \(id)")
            if step > 1 { session.execute("goto \(step)") }
            var stream = session.takeOutput()
            let command = session.currentStep?.walkthrough.first
            if let command {
                stream += session.prompt + command + "\n"
                session.execute(command)
                stream += session.takeOutput()
            }
            let status = command.map { "› \($0)  ✓" }
            let frame = DashboardRenderer(width: width, height: height, status: status, lang: lang).lines(
                session.mediator)
            out +=
                "=== dashboard \(width)x\(height), \(id) step \(step)\n"
                + frame.map { $0.trimmingTrailing() }.joined(separator: "\n") + "\n"
            // The stream layout: the terminal keeps the last rows, the prompt on the bottom one.
            let rows = stream.split(separator: "\n", omittingEmptySubsequences: false).dropLast().suffix(height - 1)
            out += "=== stream \(width)x\(height), \(id) step \(step)\n" + rows.joined(separator: "\n") + "\n"
        }
        return out
    }

    @Test(arguments: Self.catalog.ids)
    func stepOneAndTheFirstExercise(lesson id: String) throws {
        let lesson = try #require(Self.catalog.lesson(id: id, lang: .en))
        let exercise = try #require(lesson.steps.firstIndex { $0.isExercise && !$0.goalStaysUnmet }) + 1
        expectGolden("screens-\(id)", screens(lesson: id, step: 1) + screens(lesson: id, step: exercise))
    }

    /// The Korean screens at the smallest and a wide size: Hangul is two columns wide, so boxes, wrapping and the
    /// status line are measured differently.
    @Test(arguments: Self.catalog.ids)
    func koreanStepOneAndTheFirstExercise(lesson id: String) throws {
        let lesson = try #require(Self.catalog.lesson(id: id, lang: .ko))
        let exercise = try #require(lesson.steps.firstIndex { $0.isExercise && !$0.goalStaysUnmet }) + 1
        let sizes = [(80, 24), (120, 40)]
        expectGolden(
            "screens-\(id)-ko",
            screens(lesson: id, step: 1, lang: .ko, sizes: sizes)
                + screens(lesson: id, step: exercise, lang: .ko, sizes: sizes))
    }

    /// Every step of every lesson, in both languages, can be read whole in the dashboard by paging its lesson box as
    /// PgDn does (a page less one line of context each time), at 80x24 and 120x35: every word of the step's prose is
    /// on some page, and the last page ends with the step's last line. (Code lines too wide for the box are cut with
    /// a `›`; their start is checked.)
    @Test(arguments: ["builder", "director", "mediator", "delegate"])
    func everyStepCanBeReadWholeByPaging(lesson id: String) throws {
        for lang in [Lang.en, .ko] {
            let count = try #require(Self.catalog.lesson(id: id, lang: lang)).steps.count
            for (width, height) in [(80, 24), (120, 35)] {
                let session = Session(
                    catalog: Self.catalog, modules: LessonModules.all,
                    options: SessionOptions(render: RenderOptions(width: width), lang: lang))
                session.execute("load \(id)")
                for step in 1...count {
                    session.execute("goto \(step)")
                    if let first = session.currentStep?.walkthrough.first { session.execute(first) }
                    _ = session.takeOutput()
                    var board = DashboardRenderer(width: width, height: height, lang: lang)
                    let page = max(1, board.lessonPageRows(session.mediator) - 1)
                    let last = board.maximumLessonScroll(session.mediator)
                    let boxWidth = width >= 120 ? width / 2 : width
                    // The box's rows by their place in the lesson (pages overlap by a line).
                    var rows: [Int: String] = [:]
                    var offset = 0
                    while true {
                        board.lessonScroll = offset
                        let lines = board.lines(session.mediator)
                        for (i, line) in lines.dropFirst().enumerated() {
                            let cell = DisplayWidth.truncate(line, to: boxWidth)
                            if cell.hasPrefix("└") { break }
                            rows[offset + i] = String(cell.dropFirst(2).dropLast()).trimmingTrailing()
                        }
                        if offset >= last { break }
                        offset = min(last, offset + page)
                    }
                    let seen = rows.sorted { $0.key < $1.key }.map(\.value)
                    func flat<S: StringProtocol>(_ text: S) -> String {
                        String(text.filter { !$0.isWhitespace && $0 != "\\" && $0 != "›" })
                    }
                    let text = flat(seen.joined())
                    let stepText = session.lessons.stepText()
                    let place = "\(id) \(lang) \(width)x\(height) step \(step)"
                    for line in stepText.split(separator: "\n") where !flat(line).isEmpty {
                        if line.hasPrefix("    ") {
                            // Code is cut at the box's border, with a mark: its start is there.
                            #expect(
                                text.contains(flat(DisplayWidth.truncate(String(line), to: boxWidth - 6))),
                                "\(place): code '\(line)' is on no page")
                        } else {
                            #expect(text.contains(flat(line)), "\(place): '\(line)' is on no page")
                        }
                    }
                    #expect(offset == last && last == board.maximumLessonScroll(session.mediator))
                }
            }
        }
    }

    /// The stream layout keeps what to do next on an 80x24 screen after a command (builder steps 7 to 9): the
    /// answer fits under the step's reminder line, which names the step and the next command.
    @Test func theNextInstructionStaysOnScreenAt80x24() throws {
        for step in 7...9 {
            let session = Session(
                catalog: Self.catalog, modules: LessonModules.all,
                options: SessionOptions(render: RenderOptions(width: 80, reminders: true)))
            session.execute("load builder")
            session.execute("goto \(step)")
            _ = session.takeOutput()
            let commands = try #require(session.currentStep?.walkthrough)
            session.execute(commands[0])
            let lines = session.takeOutput().split(separator: "\n").map(String.init)
            #expect(lines.count <= 30, "step \(step): '\(commands[0])' prints \(lines.count) lines")
            let last = try #require(lines.last)
            let exercise = session.currentStep?.isExercise == true && session.currentStep?.goalStaysUnmet == false
            let next =
                exercise
                ? "exercise: reach the goal" : commands.count > 1 ? "next: > \(commands[1])" : "'next' moves on"
            #expect(last.hasPrefix("── step \(step)/12 · ") && last.contains(next.prefix(40)), "step \(step): \(last)")
        }
    }
}

extension String {
    func trimmingTrailing() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
