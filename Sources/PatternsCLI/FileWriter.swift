import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// A file problem in words: the path and the reason, e.g. `cannot write 'out/x.md': the folder 'out' does not exist`,
/// from the message catalogue (``CLIText``) in the language the program speaks (``Output/lang``).
struct FileError: Error, CustomStringConvertible {
    var phrase: Phrase
    var description: String { phrase.text(Output.lang) }

    init(_ verb: Verb, _ path: String, errno code: Int32) {
        self.init(verb, path, reason: Self.reason(code, path: path, writing: verb == .write))
    }

    init(_ verb: Verb, _ path: String, reason: Phrase) {
        phrase = (verb == .write ? CLIText.cannotWrite : CLIText.cannotRead)(path, reason.text(Output.lang))
    }

    /// What a refused open found (a named pipe, a socket, a device, a folder) or why `open` failed.
    init(_ verb: Verb, _ path: String, refusal: FileKindRefusal) {
        if let kind = Self.reason(kind: refusal.kind) {
            self.init(verb, path, reason: kind)
        } else {
            self.init(verb, path, errno: refusal.code)
        }
    }

    enum Verb { case read, write }

    static func reason(kind: FileKind) -> Phrase? {
        switch kind {
        case .namedPipe: CLIText.isANamedPipe.phrase
        case .socket: CLIText.isASocket.phrase
        case .device: CLIText.isADevice.phrase
        case .folder: CLIText.isAFolder.phrase
        case .regular, .missing: nil
        }
    }

    static func reason(_ code: Int32, path: String, writing: Bool = false) -> Phrase {
        switch code {
        case ENOENT:
            let folder = FileWriter.folder(of: path)
            return writing && folder != "." ? CLIText.folderDoesNotExist(folder) : CLIText.doesNotExist.phrase
        case EACCES, EPERM: return CLIText.permissionDenied.phrase
        case EISDIR: return CLIText.isAFolder.phrase
        case ENOTDIR: return CLIText.partOfPathNotAFolder.phrase
        case ENOSPC: return CLIText.diskFull.phrase
        case EDQUOT: return CLIText.diskQuota.phrase
        case EROFS: return CLIText.readOnly.phrase
        case ENAMETOOLONG: return CLIText.nameTooLong.phrase
        case ENXIO: return CLIText.pipeHasNoReader.phrase
        default: return .verbatim(String(cString: strerror(code)).lowercased())
        }
    }
}

/// Writes files the way a careful tool does: a regular file (or a new one) is replaced atomically through a
/// temporary file in the same folder; a device, pipe or socket (`/dev/stdout`, `/dev/null`) is written to and never
/// replaced; `-` is standard output. Every failure is a ``FileError`` naming the path and the reason.
enum FileWriter {
    enum Kind { case missing, regular, folder, special }

    static func kind(of path: String) -> Kind {
        switch FileKind.of(path) {
        case .missing: .missing
        case .regular: .regular
        case .folder: .folder
        case .namedPipe, .socket, .device: .special
        }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func write(_ text: String, to path: String) throws(FileError) {
        // The process's own streams are written to directly (opening /dev/stdout again can be refused for a pipe
        // that another user made).
        if path == "-" || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1" {
            Output.write(text)
            return
        }
        switch FileKind.of(path) {
        case .folder:
            throw FileError(.write, path, reason: CLIText.isAFolder.phrase)
        case .socket:
            // A Unix socket cannot be opened as a file; say what it is rather than the system's "no such device".
            throw FileError(.write, path, reason: CLIText.isASocket.phrase)
        case .namedPipe, .device:
            try writeSpecial(text, to: path)
        case .regular, .missing:
            try replace(path, with: Array(text.utf8))
        }
    }

    /// A device (`/dev/null`) or a named pipe is written to, never replaced. A pipe is opened without waiting: with
    /// nobody reading it, open fails at once (ENXIO) instead of hanging until a reader comes.
    static func openSpecialForWriting(_ path: String) throws(FileError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw FileError(.write, path, errno: errno) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    static func writeSpecial(_ text: String, to path: String) throws(FileError) {
        let fd = try openSpecialForWriting(path)
        defer { close(fd) }
        guard Output.writeAll(text, to: fd) else { throw FileError(.write, path, errno: errno) }
    }

    /// Writes a temporary file next to `path`, flushes it and renames it over `path`: readers see the old file or
    /// the new one, never half of one.
    static func replace(_ path: String, with bytes: [UInt8]) throws(FileError) {
        let folder = folder(of: path)
        let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
        let temporary = (folder == "." && !path.hasPrefix("./") ? "" : folder + "/") + ".\(name).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            throw FileError(.write, path, errno: code == ENOENT && kind(of: folder) != .folder ? ENOENT : code)
        }
        var ok = Output.writeAll(bytes, to: fd)
        var code = errno
        if ok && fsync(fd) != 0 { ok = false; code = errno }
        close(fd)
        if ok && rename(temporary, path) != 0 { ok = false; code = errno }
        if !ok {
            unlink(temporary)
            throw FileError(.write, path, errno: code)
        }
    }

    /// The bytes of a regular file, or a ``FileError`` that says why not (missing, a folder, permission, or a named
    /// pipe, socket or device, which are never opened in a way that could wait or never end).
    static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd: Int32
        switch FileKind.openForReading(path) {
        case .success(let opened): fd = opened
        case .failure(let refusal): throw FileError(.read, path, refusal: refusal)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw FileError(.read, path, errno: errno) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}

/// The history file's problems (``LineReader/HistoryProblem``) in the catalogue's words.
enum HistoryText {
    static func phrase(for problem: LineReader.HistoryProblem) -> Phrase {
        switch problem {
        case .movedAside(let path, let aside):
            return CLIText.historyMovedAside(path, aside)
        case .notAFile(let path, let kind):
            let reason = FileError.reason(kind: kind) ?? CLIText.isAFile.phrase
            return CLIText.historyNotUsed(FileError(.read, path, reason: reason).description)
        }
    }
}
