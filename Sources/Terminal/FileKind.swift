#if canImport(Glibc)
import Glibc
#endif

/// What a path names, asked without opening it (`stat`): opening a named pipe for reading blocks until a writer
/// comes, and a device such as /dev/zero never ends, so every file the program reads or writes is looked at first.
public enum FileKind: Equatable, Sendable {
    case missing, regular, folder, namedPipe, socket, device

    public static func of(_ path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return of(mode: info.st_mode)
    }

    public static func of(mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        case S_IFIFO: return .namedPipe
        case S_IFSOCK: return .socket
        default: return .device
        }
    }

    /// Opens `path` for reading only when it is a regular file, without ever blocking on a named pipe: opened with
    /// O_NONBLOCK and checked again with `fstat` (the path may have changed since `stat`). Returns the descriptor
    /// (blocking again) or the kind that was refused (`.missing` with `errno` set when `open` failed).
    public static func openForReading(_ path: String) -> Result<Int32, FileKindRefusal> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            // A socket cannot be opened at all (ENXIO): say what it is rather than why open failed.
            let code = errno
            let kind = of(path)
            return .failure(FileKindRefusal(kind: kind == .regular ? .missing : kind, code: code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            return .failure(FileKindRefusal(kind: .missing, code: code))
        }
        let kind = of(mode: info.st_mode)
        guard kind == .regular else {
            close(fd)
            return .failure(FileKindRefusal(kind: kind, code: kind == .folder ? EISDIR : 0))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(fd)
    }
}

/// Why a file was not opened: what it is, and the error number when `open` itself failed.
public struct FileKindRefusal: Error, Equatable, Sendable {
    public var kind: FileKind
    public var code: Int32
}
