import ArgumentParser
import ClassWire
import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// A live class, seen from the REPL: `join` / `follow` for a learner, `class` for the presenter. It listens to what
/// each line did (the session's events) and reports it. A learner's network is the class link's, a process of its own
/// (LearnerLink.swift, LinkSender.swift), never in the session's way; the presenter's few requests are made between
/// lines, in the session, without a thread.
final class ClassLink {
    var learner: LearnerLink?
    var presenter: PresenterLink?
    /// A class command failed (the pipe front end's exit status).
    var anyFailed = false
    /// Set while `follow` runs its own lines.
    var quiet = false
    /// Where the learner's token for each class is kept (`classes.json` in the state folder), so that joining the
    /// same class again under the same name is the same learner; nil: not kept.
    var identities: String?

    init(identities: String? = nil) { self.identities = identities }

    /// The words this link answers itself (when the lesson has no command by that name).
    static let words: Set<String> = ["join", "follow", "class"]

    /// `run --pace --class URL --token T`: publishes each step the presenter shows; a refused token stops at once.
    /// A first step the server does not answer in time (a loaded server may still take it) does not: the presenter
    /// was told the presentation goes on, and it does, the step sent again while it waits at a key.
    static func lead(url: String, token: String, from step: Int, console: Console) throws {
        let link = ClassLink()
        console.classLink = link
        // The room starts where the presenter does (`--from`).
        console.session.lessons.setStep(step)
        guard link.connectPresenter(url: url, token: token, console: console) || link.presenter?.awaitsServer == true
        else { throw ExitCode(1) }
        tell(ClassText.presenterKeys.text(console.session.options.lang), console)
    }

    /// The presenter mode says "the room tries now": the class hears it too.
    func roomTries(console: Console) {
        // A demonstration is watched, never tried: the room is not told an exercise is open.
        guard let presenter, console.session.currentStep?.goalStaysUnmet != true else { return }
        _ = presenter.publish(console: console, force: false)
        presenter.send(PresenterUpdate(tries: true), console: console, saying: nil)
    }

    /// A key of `run --pace` for the class (t, h, s, a); false for any other.
    func presenterKey(_ character: Character, console: Console) -> Bool {
        presenter?.key(character, console: console) ?? false
    }

    /// A line this link answers itself (`join`, `follow`, `class`), or nil for the session to run.
    func intercept(_ line: String, console: Console, echo: Bool) -> (ok: Bool, events: [Event])? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, Self.words.contains(first), console.session.command(named: first) == nil,
            case let trimmed = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" }).description,
            !CommandReader.isTypeDeclaration(trimmed), !CommandReader.isAssignment(trimmed)
        else {
            // `class Foo {` declares a class, `follow = 2` assigns: Swift, for the session.
            return nil
        }
        if echo { console.show([.input(prompt: console.session.prompt, line: line)]) }
        let ok: Bool
        switch first {
        case "join":
            ok = join(Array(words.dropFirst()), console: console)
        case "follow":
            ok = follow(console: console)
        default:
            ok = classCommand(Array(words.dropFirst()), console: console)
        }
        if !ok { anyFailed = true }
        return (ok, [])
    }

    func say(_ text: String, _ console: Console, error: Bool = false) { Self.tell(text, console, error: error) }

    /// One line of the class: in the stream after the answer, in the dashboard in the `out` pane.
    static func tell(_ text: String, _ console: Console, error: Bool = false) {
        let lang = console.session.options.lang
        if console.layout == .dashboard {
            // The dashboard draws its panes: the line goes to the `out` pane, drawn before the next prompt.
            console.session.mediator.post(
                PaneMessage(
                    topic: error ? "error" : "out", source: "class",
                    text: error ? CoreText.error.text(lang, text) : text, isError: error))
            return
        }
        let line = error ? CoreText.error.text(lang, text) : text
        // On a terminal, cut at words to its width: the terminal would break a word where the line meets the edge.
        guard console.format == .text, isatty(STDOUT_FILENO) == 1 else {
            console.note(line + "\n", pane: "out")
            return
        }
        let width = WindowSize.current().columns - 1
        console.note(Self.lines(line, width: width).joined(separator: "\n") + "\n", pane: "out")
    }

    /// A notice cut at its words to `width` columns.
    static func lines(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            DisplayWidth.wrap(String($0), width: max(20, width))
        }
    }

    /// `class URL TOKEN` connects the presenter; `class tries|hint|solution|answers` speaks to the room.
    func classCommand(_ arguments: [String], console: Console) -> Bool {
        let lang = console.session.options.lang
        guard let first = arguments.first else {
            say(ClassText.classUsage.text(lang), console, error: true); return false
        }
        if first.hasPrefix("http://") {
            guard arguments.count == 2 else { say(ClassText.classUsage.text(lang), console, error: true); return false }
            return connectPresenter(url: first, token: arguments[1], console: console)
        }
        guard let presenter else { say(ClassText.presenterNotConnected.text(lang), console, error: true); return false }
        switch first {
        case "tries": return presenter.openExercise(console: console)
        case "hint": return presenter.revealHint(console: console)
        case "solution": return presenter.revealSolution(console: console)
        case "answers": return presenter.revealAnswers(console: console)
        case "close" where arguments.count == 1: return presenter.joining(open: false, console: console)
        case "open" where arguments.count == 1: return presenter.joining(open: true, console: console)
        case "remove" where arguments.count == 3 && arguments[1] == "--after":
            return presenter.remove(after: arguments[2], console: console)
        case "remove" where arguments.count >= 2:
            return presenter.remove(name: arguments.dropFirst().joined(separator: " "), console: console)
        default: say(ClassText.classUsage.text(lang), console, error: true); return false
        }
    }

    func connectPresenter(url: String, token: String, console: Console) -> Bool {
        let lang = console.session.options.lang
        guard let address = ClassAddress(url) else {
            say(ClassText.notAClassAddress.text(lang, TextSanitizer.clean(url)), console, error: true)
            return false
        }
        let link = PresenterLink(client: ClassClient(address: address, timeout: 2), token: token)
        presenter = link
        guard console.session.lesson != nil else {
            // Checked now, so that a wrong token is said at once.
            return link.send(PresenterUpdate(lang: lang.rawValue), console: console, saying: nil)
        }
        return link.publish(console: console, force: true)
    }

    /// `help` lists the session's commands; the class's own are said after them.
    func helpLine(_ line: String, console: Console) {
        let words = line.split(separator: " ")
        guard words.count == 1, words[0] == "help" || words[0] == "?" else { return }
        say(ClassText.classCommandsHelp.text(console.session.options.lang), console)
    }
}
