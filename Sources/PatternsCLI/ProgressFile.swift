import FoundationEssentials
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// Progress per lesson in `${XDG_STATE_HOME:-~/.local/state}/patterns/progress.json`.
///
/// Several sessions may run at once, so a save never writes what this process read at start: under an exclusive
/// lock (`progress.json.lock`) it reads the file again, applies its one change (``ProgressRecord/Change``) and
/// replaces the file atomically. A corrupt file is set aside under a name that is not taken, with a warning; when
/// it cannot be set aside, nothing is saved and the warning says so. A failed save says so once.
final class ProgressFile: ProgressStore {
    let path: String
    private(set) var record = ProgressRecord()
    /// Warnings to show (a corrupt file set aside, a failed save); ``takeWarnings()`` hands each over once.
    private var warnings: [Phrase] = []
    private var saveFailed = false
    /// False when a corrupt file could not be set aside: saving would destroy it.
    private var canSave = true

    init(path: String) {
        self.path = path
        withLock { record = readChecked() }
    }

    static func standard(environment: [String: String]) -> ProgressFile? {
        guard let directory = StateDirectory.path(environment: environment) else { return nil }
        return ProgressFile(path: directory + "/progress.json")
    }

    /// The warnings not yet shown.
    func takeWarnings() -> [Phrase] {
        defer { warnings = [] }
        return warnings
    }

    func load(lesson: String) -> (step: Int, done: Set<Int>)? {
        record.lessons[lesson].map { ($0.step, Set($0.done)) }
    }

    func save(lesson: String, step: Int, done: Set<Int>, total: Int) {
        commit(.set(lesson, .init(step: step, done: done.sorted(), total: total)))
    }

    func predictions(lesson: String) -> [Int: String] {
        record.lessons[lesson]?.predictions ?? [:]
    }

    /// Kept on disk under the lock: another session's answer, kept first, is the one that stands.
    func keepPrediction(_ answer: String, lesson: String, step: Int, total: Int) -> String {
        commit(.predict(lesson, step: step, answer: answer, total: total))
        return record.lessons[lesson]?.predictions[step] ?? answer
    }

    /// Applies one change on top of what is on disk now, under the lock.
    func commit(_ change: ProgressRecord.Change) {
        record.apply(change)
        guard canSave else { return }
        let folder = FileWriter.folder(of: path)
        StateDirectory.create(folder)
        withLock {
            var current = readChecked()
            guard canSave else { return }
            current.apply(change)
            do {
                try FileWriter.replace(path, with: current.encoded)
                record = current
            } catch {
                if !saveFailed { warnings.append(CLIText.progressNotSaved("\(error)")) }
                saveFailed = true
            }
        }
    }

    /// The record on disk; a corrupt file is set aside (or, failing that, saving stops).
    private func readChecked() -> ProgressRecord {
        let bytes: [UInt8]
        do {
            bytes = try FileWriter.read(path)
        } catch {
            if FileWriter.kind(of: path) != .missing {
                warnings.append(CLIText.progressNotRead(error.description))
                canSave = false
            }
            return ProgressRecord()
        }
        do {
            return try ProgressRecord(decoding: bytes)
        } catch {
            let aside = freeName(path + ".corrupt-\(Int(Date().timeIntervalSince1970))")
            if rename(path, aside) == 0 {
                warnings.append(CLIText.progressMovedAside(path, aside))
            } else {
                let reason = FileError.reason(errno, path: aside, writing: true).text(Output.lang)
                warnings.append(CLIText.progressNotMovedAside(path, reason))
                canSave = false
            }
            return ProgressRecord()
        }
    }

    /// `base`, or `base-2`, `base-3`, ...: the first that does not exist.
    private func freeName(_ base: String) -> String {
        var name = base
        var n = 1
        while FileWriter.kind(of: name) != .missing {
            n += 1
            name = base + "-\(n)"
        }
        return name
    }

    /// Runs `body` holding an exclusive lock on `progress.json.lock` (waits for other sessions). Without a lock file
    /// (a read-only folder), `body` runs anyway: reading is still useful.
    private func withLock(_ body: () -> Void) {
        // Never waits on a lock "file" that is a named pipe; a lock that is not a regular file is no lock.
        var fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o644)
        var info = stat()
        if fd >= 0, fstat(fd, &info) != 0 || FileKind.of(mode: info.st_mode) != .regular { close(fd); fd = -1 }
        if fd >= 0 {
            while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        }
        defer {
            if fd >= 0 {
                flock(fd, LOCK_UN)
                close(fd)
            }
        }
        body()
    }
}
