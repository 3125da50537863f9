import FoundationEssentials
import PlaygroundCore
import Terminal

/// Progress per lesson in `${XDG_STATE_HOME:-~/.local/state}/patterns/progress.json`, written atomically.
/// A corrupt file is set aside (renamed) with a warning, never a crash.
final class ProgressFile: ProgressStore {
    struct Entry: Codable, Equatable {
        var step: Int        // 0-based
        var done: [Int]      // 0-based, sorted
        var total: Int
    }
    struct Contents: Codable {
        var version = 1
        var lessons: [String: Entry] = [:]
    }

    let path: String
    private(set) var contents = Contents()
    /// A warning to show once (a corrupt file was set aside).
    private(set) var warning: String?

    init(path: String) {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else { return }
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            let aside = path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
            try? FileManager.default.moveItem(atPath: path, toPath: aside)
            warning = "warning: \(path) could not be read; it was moved to \(aside) and progress starts afresh"
        }
    }

    static func standard(environment: [String: String]) -> ProgressFile? {
        guard let directory = StateDirectory.path(environment: environment) else { return nil }
        return ProgressFile(path: directory + "/progress.json")
    }

    func load(lesson: String) -> (step: Int, done: Set<Int>)? {
        contents.lessons[lesson].map { ($0.step, Set($0.done)) }
    }

    func save(lesson: String, step: Int, done: Set<Int>, total: Int) {
        contents.lessons[lesson] = Entry(step: step, done: done.sorted(), total: total)
        write()
    }

    func forget(_ lesson: String?) {
        if let lesson { contents.lessons[lesson] = nil } else { contents.lessons = [:] }
        write()
    }

    func write() {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        StateDirectory.create(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(contents) else { return }
        // Data.write(.atomic) writes a temporary file and renames it into place.
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
