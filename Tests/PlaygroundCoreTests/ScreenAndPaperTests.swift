import Foundation
import Testing

@testable import PlaygroundCore

/// What a projector, an 80-column terminal and paper need: the log's difference, code comments that stay comments,
/// boxes that say what they cut, and a clock with no empty slots.
@Suite struct ScreenAndPaperTests {
    // MARK: the log shows the difference

    /// A page added at the end of a long list: both sides used to read `red, blue, …,grey,…`; now the added part shows.
    @Test func aLongValueShowsWhatWasAdded() {
        let old = StateValue.options(["red", "blue", "green", "yellow", "purple", "grey"])
        let new = StateValue.options(["red", "blue", "green", "yellow", "purple", "grey", "orange"])
        let line = StateView.changeLog([StateChange(key: "pager.pages", old: old, new: new)], .en, width: 40)
        #expect(line.contains("orange"), "\(line)")
        #expect(DisplayWidth.of(line) <= 60, "\(line)")
        let sides = line.dropFirst("pager.pages: ".count).components(separatedBy: " → ")
        #expect(sides.count == 2 && sides[0] != sides[1], "the two sides differ: \(line)")
    }

    @Test func aLongValueShowsWhatWasRemoved() {
        let old = StateValue.string("What does let declare? It declares a constant, which cannot change later.")
        let new = StateValue.string("What does let declare? It declares a value, which cannot change later.")
        let line = StateView.changeLog([StateChange(key: "quizScreen.q0", old: old, new: new)], .en, width: 60)
        #expect(line.contains("constant") && line.contains("value,"), "\(line)")
        #expect(line.contains("…"))
    }

    /// A value that fits is whole; a value's own `...` never gets a second ellipsis; Swift's nil is `nil`.
    @Test func noDoubledEllipsisAndNilIsNil() {
        let action = StateValue.plain(#"AlertAction(title: "OK", handler: { ... })"#)
        let whole = StateView.changeLog(
            [StateChange(key: "alert.confirmAction", old: .optionalString(nil), new: action)], .en, width: 80)
        #expect(whole == #"alert.confirmAction: nil → AlertAction(title: "OK", handler: { ... })"#)
        let cut = StateView.changeLog(
            [
                StateChange(
                    key: "alert.confirmAction", old: .plain(#"AlertAction(title: "Cancel", handler: { ... })"#),
                    new: action)
            ], .en, width: 30)
        #expect(!cut.contains("...…") && !cut.contains("…..."), "\(cut)")
        // A field that was not there before shows its value alone; one that is gone says so, in the session's language.
        #expect(StateView.changeLog([StateChange(key: "a.b", old: nil, new: .number(1))], .ko) == "a.b: 1")
        #expect(StateView.changeLog([StateChange(key: "a.b", old: .number(1), new: nil)], .en) == "a.b: 1 → (gone)")
        #expect(StateView.changeLog([StateChange(key: "a.b", old: .number(1), new: nil)], .ko) == "a.b: 1 → (사라짐)")
    }

    // MARK: code at 80 columns

    /// A comment broken in two goes on after `//`: the second line reads as a comment, never as code.
    @Test func aBrokenCommentStaysAComment() {
        let line =
            "    var delegate: CellDelegate?   // strong: cell -> controller, which keeps the controller alive as long "
            + "as a cell"
        let lines = DisplayWidth.wrapCode(line, width: 60)
        #expect(lines.count > 1)
        #expect(lines[0].hasPrefix("    var delegate: CellDelegate?   // strong"))
        for continued in lines.dropFirst() {
            #expect(continued.trimmingCharacters(in: .whitespaces).hasPrefix("// "), "\(lines)")
            #expect(DisplayWidth.of(continued) <= 60)
        }
        // Code before the comment still breaks between tokens, as before.
        let code = DisplayWidth.wrapCode(
            "let order = BurgerOrder(meat: .beef, sauces: [], toppings: [.cheese], extraPatty: false)", width: 50)
        #expect(!code.contains { $0.contains("//") })
        #expect(code.joined(separator: " ").replacingOccurrences(of: "  ", with: " ").contains("extraPatty: false)"))
    }

    // MARK: boxes that say what they cut

    func mediator(state: String, product: String = "", extra: [String] = []) -> Mediator {
        let m = Mediator.standard()
        m.post(topic: "lesson", source: "lesson", "Lesson\n\ntext")
        m.post(topic: "state", source: "session", state)
        if !product.isEmpty { m.post(topic: "product", source: "session", product) }
        for name in extra {
            m.addPane(Pane(name: name, kind: .append))
            m.route("page.\(name)", to: name)
            m.post(topic: "page.\(name)", source: name, "\(name) heard it")
        }
        _ = m.takeEvents()
        return m
    }

    /// A state too tall for its box ends with `↓ N more` in its border; a line too wide ends in `›`, not wrapped.
    @Test func aCutBoxSaysSo() {
        let state = (["builder: HamburgerBuilder"] + (1...12).map { "  field\($0): value \($0)" }).joined(
            separator: "\n")
        let table = "colleagues   all talk, direct   one mediator, one sender   and more columns than a box has"
        let lines = DashboardRenderer(width: 80, height: 24).lines(mediator(state: state, product: table))
        let screen = lines.joined(separator: "\n")
        #expect(screen.contains("└─ ↓ "), "\(screen)")
        #expect(screen.contains("›│"), "\(screen)")
        #expect(!screen.contains("│ columns than a box has"), "a table line is never wrapped: \(screen)")
    }

    /// Panes with no box of their own are named in a border; the panes the latest command reached get the boxes;
    /// a zoom shows any pane over the whole screen.
    @Test func everyPaneCanBeBroughtIntoView() {
        let m = mediator(state: "pager: PageViewController", extra: ["red", "blue", "green", "yellow"])
        m.post(topic: "code", source: "session", "red.viewDidDisappear()")
        m.post(topic: "page.blue", source: "blue", "blue heard red")
        _ = m.takeEvents()
        let screen = DashboardRenderer(width: 80, height: 24).lines(m).joined(separator: "\n")
        #expect(screen.contains("┌─ blue "), "the pane the last command reached: \(screen)")
        #expect(screen.contains("more: "), "the others are named: \(screen)")
        var names: [String] = []
        var zoom: String? = nil
        repeat {
            zoom = DashboardRenderer.nextZoom(after: zoom, in: m)
            if let zoom {
                names.append(zoom)
                let zoomed = DashboardRenderer(width: 80, height: 24, zoom: zoom).lines(m)
                #expect(zoomed[0].hasPrefix("┌─ \(zoom) ── zoomed"), "\(zoomed[0])")
            }
        } while zoom != nil
        #expect(Set(names) == Set(["lesson", "code", "log", "state", "product", "red", "blue", "green", "yellow"]))
    }

    /// The answer rows hold the last command's answers only.
    @Test func theAnswerRowsAreClearedPerCommand() {
        let m = mediator(state: "x: X")
        m.post(topic: "out", source: "session", "an old answer")
        let fresh = DashboardRenderer(width: 80, height: 24, answers: ["the new answer"]).lines(m).joined(
            separator: "\n")
        #expect(fresh.contains("the new answer") && !fresh.contains("an old answer"))
    }

    /// The state box lists the objects and fields that changed first.
    @Test func theStateBoxShowsChangedFieldsFirst() {
        let groups = [
            StateGroup(
                "builder", type: "HamburgerBuilder",
                [StateField("meat", .enumCase("beef")), StateField("toppings", .options(["cheese"]))]),
            StateGroup("alert", type: "AlertBuilder", [StateField("title", .optionalString(nil))]),
        ]
        let changed = [StateChange(key: "alert.title", old: nil, new: .optionalString("Hi"))]
        let text = StateView.pane(groups, changed: changed, changedFirst: true)
        #expect(text.hasPrefix("alert: AlertBuilder\n* title: nil"), "\(text)")
        let toppings = [StateChange(key: "builder.toppings", old: nil, new: .options(["cheese"]))]
        #expect(
            StateView.pane(groups, changed: toppings, changedFirst: true).hasPrefix(
                "builder: HamburgerBuilder\n* toppings: "))
    }

    // MARK: the clock

    func lesson(minutes: Int, stepMinutes: [Int?]) throws -> Lesson {
        var text = "---\nid: t\ntitle: T\nsummary: s\nmodule: builder\nminutes: \(minutes)\n---\n\n# T\n\nIntro.\n"
        for (i, m) in stepMinutes.enumerated() {
            text +=
                "\n## Step \(i + 1)\n\n" + (m.map { "<!-- minutes: \($0) -->\n" } ?? "") + "Text of step \(i + 1).\n"
        }
        return try LessonParser.parse(text, path: "t.md", lang: "en")
    }

    /// Every step gets at least a minute, a step's own minutes are kept, and the slots follow each other.
    @Test func theScheduleHasNoEmptySlots() throws {
        let schedule = try #require(try lesson(minutes: 5, stepMinutes: Array(repeating: nil, count: 8)).schedule)
        #expect(schedule.allSatisfy { $0.length >= 1 })
        let own = try #require(try lesson(minutes: 30, stepMinutes: [nil, 10, nil, nil]).schedule)
        #expect(own[1].length == 10)
        #expect(own.map(\.length).reduce(0, +) == 30)
        for (a, b) in zip(own, own.dropFirst()) { #expect(a.start + a.length == b.start) }
        #expect(throws: LessonIssue.self) { try lesson(minutes: 10, stepMinutes: [0, nil]) }
    }
}
