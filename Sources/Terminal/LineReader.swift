import CEditLine

#if canImport(Glibc)
import Glibc
#endif

/// What one read from the terminal gives.
public enum LineEvent: Equatable, Sendable {
    case line(String)
    /// Ctrl-C: the line was cancelled.
    case interrupt
    /// Ctrl-D on an empty line.
    case endOfInput
    /// SIGTERM or SIGHUP: save and leave.
    case terminate
}

/// What Tab completes: the word being completed (text before the cursor that will be replaced) and the candidates.
public struct Completion: Equatable, Sendable {
    public var word: String
    public var candidates: [String]
    public init(word: String, candidates: [String]) {
        self.word = word
        self.candidates = candidates
    }
}

/// Line editing through libedit's native API (histedit.h): prompt with escapes, history, Tab completion, and
/// signals that cancel a line instead of killing the process. Only for a terminal on stdin.
public final class LineReader {
    let editLine: OpaquePointer
    let history: OpaquePointer
    private(set) var historyFile: HistoryFile?
    var prompt = ""
    let completer: (String) -> Completion
    /// Where completion lists are printed (stdout).
    let output: UnsafeMutablePointer<FILE>

    public init(programName: String, history historyFile: HistoryFile?, completer: @escaping (String) -> Completion) {
        Locale.ensureUTF8()
        Signals.install()
        self.completer = completer
        self.historyFile = historyFile
        output = fdopen(1, "w")
        history = history_init()
        shim_history_setsize(history, Int32(historyFile?.limit ?? 1000))
        shim_history_setunique(history, 1)
        editLine = el_init(programName, fdopen(0, "r"), output, fdopen(2, "w"))
        shim_el_set_editor(editLine, "emacs")
        // EL_SIGNAL: libedit restores the terminal around signals and tracks SIGWINCH while reading.
        shim_el_set_signal(editLine, 1)
        shim_el_set_hist(editLine, history)
        shim_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        shim_el_set_prompt_esc(
            editLine,
            { el in
                guard let el, let data = shim_el_get_clientdata(el) else { return nil }
                let reader = Unmanaged<LineReader>.fromOpaque(data).takeUnretainedValue()
                return reader.promptPointer
            }, 1)
        shim_el_addfn(
            editLine, "patterns-complete", "complete the word before the cursor",
            { el, _ in
                guard let el, let data = shim_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
                return Unmanaged<LineReader>.fromOpaque(data).takeUnretainedValue().complete()
            })
        shim_el_bind(editLine, "^I", "patterns-complete")
        // PageUp and PageDown (and their xterm/VT forms) scroll whatever the front end draws above the prompt.
        shim_el_addfn(
            editLine, "patterns-page-up", "scroll up",
            { el, _ in
                guard let el, let data = shim_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
                return Unmanaged<LineReader>.fromOpaque(data).takeUnretainedValue().page(-1)
            })
        shim_el_addfn(
            editLine, "patterns-page-down", "scroll down",
            { el, _ in
                guard let el, let data = shim_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
                return Unmanaged<LineReader>.fromOpaque(data).takeUnretainedValue().page(1)
            })
        shim_el_bind(editLine, "\u{1B}[5~", "patterns-page-up")
        shim_el_bind(editLine, "\u{1B}[6~", "patterns-page-down")
        // Ctrl-O: the front end shows another pane (the dashboard zooms the next one).
        shim_el_addfn(
            editLine, "patterns-other-pane", "show the next pane",
            { el, _ in
                guard let el, let data = shim_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
                let reader = Unmanaged<LineReader>.fromOpaque(data).takeUnretainedValue()
                guard let onOtherPane = reader.onOtherPane else { return UInt8(CC_NORM) }
                onOtherPane()
                return UInt8(CC_REDISPLAY)
            })
        shim_el_bind(editLine, "^O", "patterns-other-pane")
        // A pasted block (bracketed paste): read whole by `readCharacter`, handed over here as one input.
        shim_el_addfn(
            editLine, "patterns-paste", "take a pasted block whole",
            { el, _ in
                guard let el, let data = shim_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
                return Unmanaged<LineReader>.fromOpaque(data).takeUnretainedValue().takePaste()
            })
        shim_el_bind(editLine, "^^", "patterns-paste")
        // Characters are read here rather than by libedit, so that a resize can be acted on while a line is typed.
        shim_el_set_getcfn(
            editLine,
            { el, character in
                guard let el, let character, let data = shim_el_get_clientdata(el) else { return -1 }
                return Unmanaged<LineReader>.fromOpaque(data).takeUnretainedValue().readCharacter(into: character)
            })
        if let path = historyFile?.path {
            switch FileKind.of(path) {
            case .missing:
                break
            case .regular:
                if shim_history_load(history, path) < 0 {
                    // Unreadable (not libedit's format): keep it for the learner to look at, start a new one.
                    let aside = path + ".corrupt-\(time(nil))"
                    rename(path, aside)
                    historyProblem = .movedAside(path: path, aside: aside)
                }
            case let kind:
                // A named pipe would block libedit's read, a device never end it, and saving would replace the
                // special file: history is off for this session.
                historyProblem = .notAFile(path: path, kind: kind)
                self.historyFile = nil
            }
        }
    }

    /// Called with -1 (PageUp) or +1 (PageDown); the front end scrolls and redraws, then the line is drawn again.
    public var onPage: ((Int) -> Void)?
    /// ASCII keys given back by the front end, read before the terminal's (see ``giveBack(_:)``).
    var pushedBack: [UInt8] = []
    /// Bytes read ahead of libedit (after an Escape that did not start a paste), given to it before the terminal's.
    var readAhead: [UInt8] = []
    /// A block pasted at the terminal, read whole, until `patterns-paste` takes it.
    var pasted: String?
    /// The lines of a pasted block after its first, added to the line `el_gets` returns.
    var pastedRest: String?
    /// The key `readCharacter` gives libedit when a paste has been read (Ctrl-^, bound to `patterns-paste`).
    static let pasteKey: UInt8 = 0x1E

    /// Gives back a key the front end read while it waited for another (a pager's), as the start of the next line.
    public func giveBack(_ text: String) { pushedBack += text.utf8.filter { $0 >= 0x20 && $0 < 0x7F } }

    /// Called on Ctrl-O; the front end shows another pane and redraws, then the line is drawn again.
    public var onOtherPane: (() -> Void)?
    /// Called when the terminal was resized while a line is being typed; the front end redraws, then the line is.
    public var onResize: (() -> Void)?
    /// Called about five times a second while nothing is typed; returns true when it printed something, so that the
    /// prompt and the line typed so far are drawn again below it.
    public var onIdle: (() -> Bool)?

    func page(_ direction: Int) -> UInt8 {
        guard let onPage else { return UInt8(CC_NORM) }
        onPage(direction)
        return UInt8(CC_REDISPLAY)
    }

    /// Keys typed while the last command ran wait in the terminal's canonical buffer: they are taken before libedit
    /// turns canonical mode off, so that a Ctrl-D among them ends the session as it does at the prompt. Left there,
    /// the line discipline keeps it as an end-of-file mark, which libedit would read as a NUL byte, and the session
    /// would go on. Lines typed ahead are given to libedit as typed.
    func takeTypeahead() {
        var modes = termios()
        guard isatty(0) == 1, tcgetattr(0, &modes) == 0, modes.c_lflag & tcflag_t(ICANON) != 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // Canonical: readable only when a whole line, or an end-of-file, waits; a read gives at most one.
            var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLIN) != 0 else { return }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n > 0 {
                readAhead += buffer[..<n]
                continue
            }
            // Ctrl-D on an empty line, typed ahead.
            if n == 0 { readAhead.append(0x04) }
            return
        }
    }

    /// One character from the terminal, decoded from UTF-8. A resize runs `onResize` and reads on; another signal
    /// (Ctrl-C, SIGTERM, SIGHUP) ends the read with EINTR, as libedit's own reader does.
    func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        // A key the front end read first (typed ahead while a pager waited) comes back before the terminal's.
        if !pushedBack.isEmpty {
            character.pointee = wchar_t(pushedBack.removeFirst())
            return 1
        }
        var bytes: [UInt8] = []
        while !readAhead.isEmpty {
            bytes.append(readAhead.removeFirst())
            let expected = bytes[0] < 0x80 ? 1 : Self.utf8Length(bytes[0])
            guard bytes.count >= expected else { continue }
            let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first ?? "\u{FFFD}"
            character.pointee = wchar_t(bitPattern: scalar.value)
            return 1
        }
        while true {
            // A signal that came while libedit was busy (not blocked in read) is acted on before blocking again.
            if Signals.pending != 0 && bytes.isEmpty { errno = EINTR; return -1 }
            if Signals.resized && bytes.isEmpty {
                Signals.resized = false
                if let onResize {
                    onResize()
                    shim_el_refresh(editLine)
                }
            }
            // Wait with a timeout: a signal that lands between the checks above and the wait is seen at the next turn.
            var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 200)
            if polled == 0, bytes.isEmpty, let onIdle {
                // Nothing typed for a moment: the front end may print something above the line (a file was saved).
                if onIdle() { shim_el_refresh(editLine) }
                continue
            }
            if polled == 0 || (polled < 0 && errno == EINTR) { continue }
            var byte: UInt8 = 0
            let n = Glibc.read(0, &byte, 1)
            if n == 1 && byte == 0x1B && bytes.isEmpty {
                if let paste = readPaste() {
                    pasted = paste
                    character.pointee = wchar_t(Self.pasteKey)
                } else {
                    character.pointee = 0x1B
                }
                return 1
            }
            if n == 1 {
                bytes.append(byte)
                let expected = byte < 0x80 && bytes.count == 1 ? 1 : Self.utf8Length(bytes[0])
                guard bytes.count >= expected else { continue }
                let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first ?? "\u{FFFD}"
                character.pointee = wchar_t(bitPattern: scalar.value)
                return 1
            }
            if n == 0 { return 0 }
            guard errno == EINTR else { return -1 }
        }
    }

    /// How many bytes a UTF-8 sequence has, from its first byte (1 for a stray continuation byte).
    static func utf8Length(_ first: UInt8) -> Int {
        switch first {
        case 0xC0...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF7: return 4
        default: return 1
        }
    }

    /// A problem found while starting (a corrupt history file set aside), for the caller to show once.
    /// What went wrong with the history file when it was read, for the front end to say in its own words.
    public private(set) var historyProblem: HistoryProblem?

    public enum HistoryProblem: Equatable, Sendable {
        /// Not in libedit's format: moved aside, a new history starts.
        case movedAside(path: String, aside: String)
        /// A folder, a named pipe, a socket or a device: not read, not written.
        case notAFile(path: String, kind: FileKind)
    }

    deinit { close() }

    var promptStorage: UnsafeMutablePointer<CChar>?
    var promptPointer: UnsafeMutablePointer<CChar>? { promptStorage }

    /// Reads one line with `prompt`. Colour escapes in the prompt must be wrapped in \u{1} pairs.
    public func read(prompt: String) -> LineEvent {
        free(promptStorage)
        promptStorage = strdup(prompt)
        // SIGTERM or SIGHUP that came while a line ran (in a copy of the process the session waited on) is not lost.
        if Signals.pending == SIGTERM || Signals.pending == SIGHUP {
            Signals.pending = 0
            return .terminate
        }
        Signals.pending = 0
        var count: Int32 = 0
        errno = 0
        takeTypeahead()
        // Bracketed paste while a line is read: a pasted block arrives marked, and whole.
        fputs("\u{1B}[?2004h", output)
        fflush(output)
        let got = el_gets(editLine, &count)
        fputs("\u{1B}[?2004l", output)
        fflush(output)
        guard let raw = got else {
            let pending = Signals.pending
            Signals.pending = 0
            if pending == SIGTERM || pending == SIGHUP { return .terminate }
            // Ctrl-C cancels the line, wherever it was pressed (in a history search too, where libedit ends the
            // read as if at the end of input).
            if pending == SIGINT || (count == -1 && errno == EINTR) {
                // Forget the half-typed line.
                el_reset(editLine)
                fputs("^C\n", output)
                fflush(output)
                return .interrupt
            }
            return .endOfInput
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        if let rest = pastedRest {
            // The block's other lines, shown as they arrived, behind the continuation prompt.
            pastedRest = nil
            let lines = rest.split(separator: "\n", omittingEmptySubsequences: false)
            for (offset, text) in lines.enumerated() {
                let number = String(offset + 2) + ". "
                fputs(String(repeating: " ", count: max(0, 5 - number.count)) + number + text + "\n", output)
            }
            fflush(output)
            line += "\n" + rest
        }
        return .line(line)
    }

    /// Adds a line to the history (consecutive duplicates collapse).
    public func remember(_ line: String) {
        guard !line.trimmingSpaces.isEmpty else { return }
        shim_history_enter(history, line)
    }

    /// Writes the history file: atomically, mode 0600, bounded by the history size.
    public func saveHistory() {
        guard let file = historyFile else { return }
        file.save { path in shim_history_save(history, path) }
    }

    var closed = false
    /// Restores the terminal and frees libedit.
    public func close() {
        guard !closed else { return }
        closed = true
        el_end(editLine)
        history_end(history)
        free(promptStorage)
        promptStorage = nil
    }

    func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let length = info.cursor - info.buffer
        let bytes = UnsafeRawBufferPointer(start: info.buffer, count: length)
        let before = String(decoding: bytes, as: UTF8.self)
        let completion = completer(before)
        let candidates = completion.candidates
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = Self.commonPrefix(candidates)
        if common.utf8.count > completion.word.utf8.count {
            el_deletestr(editLine, Int32(completion.word.utf8.count))
            var insert = common
            if candidates.count == 1, !common.hasSuffix(".") && !common.hasSuffix("(") { insert += " " }
            el_insertstr(editLine, insert)
            return UInt8(CC_REDISPLAY)
        }
        if candidates.count == 1 {
            if !completion.word.hasSuffix(" ") { el_insertstr(editLine, " ") }
            return UInt8(CC_REDISPLAY)
        }
        // Several matches: list them under the line, then redraw the prompt and line.
        fputs("\n" + Self.columns(candidates, width: WindowSize.current().columns) + "\n", output)
        fflush(output)
        return UInt8(CC_REDISPLAY)
    }

    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    static func columns(_ words: [String], width: Int) -> String {
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perLine = max(1, width / cell)
        var lines: [String] = []
        var line = ""
        for (i, word) in words.enumerated() {
            line += word.padding(cell)
            if (i + 1) % perLine == 0 { lines.append(line); line = "" }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0.trimmingTrailingSpaces }.joined(separator: "\n")
    }
}

extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
    var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
