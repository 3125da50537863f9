#if canImport(Glibc)
import Glibc
#endif

/// A file problem in words: the path and the reason, e.g. `cannot write 'out/x.md': the folder 'out' does not exist`.
struct FileError: Error, CustomStringConvertible {
    var description: String

    init(_ verb: String, _ path: String, errno code: Int32) {
        description = "cannot \(verb) '\(path)': " + Self.reason(code, path: path, writing: verb == "write")
    }

    init(_ verb: String, _ path: String, reason: String) {
        description = "cannot \(verb) '\(path)': \(reason)"
    }

    static func reason(_ code: Int32, path: String, writing: Bool = false) -> String {
        switch code {
        case ENOENT:
            let folder = FileWriter.folder(of: path)
            return writing && folder != "." ? "the folder '\(folder)' does not exist" : "it does not exist"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a folder"
        case ENOTDIR: return "a part of the path is not a folder"
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EROFS: return "the file system is read-only"
        case ENAMETOOLONG: return "the name is too long"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}

/// Writes files the way a careful tool does: a regular file (or a new one) is replaced atomically through a
/// temporary file in the same folder; a device, pipe or socket (`/dev/stdout`, `/dev/null`) is written to and never
/// replaced; `-` is standard output. Every failure is a ``FileError`` naming the path and the reason.
enum FileWriter {
    enum Kind { case missing, regular, folder, special }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .regular
        default: return .special
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
        switch kind(of: path) {
        case .folder:
            throw FileError("write", path, reason: "it is a folder")
        case .special:
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileError("write", path, errno: errno) }
            defer { close(fd) }
            guard Output.writeAll(text, to: fd) else { throw FileError("write", path, errno: errno) }
        case .regular, .missing:
            try replace(path, with: Array(text.utf8))
        }
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
            throw FileError("write", path, errno: code == ENOENT && kind(of: folder) != .folder ? ENOENT : code)
        }
        var ok = Output.writeAll(bytes, to: fd)
        var code = errno
        if ok && fsync(fd) != 0 { ok = false; code = errno }
        close(fd)
        if ok && rename(temporary, path) != 0 { ok = false; code = errno }
        if !ok {
            unlink(temporary)
            throw FileError("write", path, errno: code)
        }
    }

    /// The bytes of a file, or a ``FileError`` that says why not (missing, a folder, permission).
    static func read(_ path: String) throws(FileError) -> [UInt8] {
        if kind(of: path) == .folder { throw FileError("read", path, reason: "it is a folder") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("read", path, errno: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw FileError("read", path, errno: errno) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}
