import Foundation
import LessonModules
import PlaygroundCore

/// The lessons of the repository (Lessons/), read from disk: tests walk the real thing, and a new lesson is
/// covered without touching a test.
enum RepositoryLessons {
    static let catalog: LessonCatalog = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Lessons")
        var sources: [LessonSource] = []
        for lang in Lang.allCases.map(\.rawValue) {
            let folder = root.appendingPathComponent(lang)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            where name.hasSuffix(".md") {
                let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
                sources.append(LessonSource(path: "Lessons/\(lang)/\(name)", lang: lang, text: text, isBuiltIn: true))
            }
        }
        return LessonCatalog(sources: sources, modules: LessonModules.names)
    }()

    static var ids: [String] { catalog.ids }

    static func session(_ lang: Lang = .en) -> Session {
        Session(
            catalog: catalog, modules: LessonModules.all,
            options: SessionOptions(render: RenderOptions(width: 80), lang: lang))
    }

    /// A session with `id` loaded (no saved progress: sessions here have no progress store).
    static func loaded(_ id: String, _ lang: Lang = .en) -> Session {
        let session = session(lang)
        session.execute("load \(id)")
        _ = session.takeEvents()
        return session
    }
}
