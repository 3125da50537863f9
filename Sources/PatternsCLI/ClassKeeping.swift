import ClassWire
import FoundationEssentials
import PlaygroundCore
import Terminal

/// What the class link keeps in the state folder: the learner's token for each class (`classes.json`), so that
/// joining the same class again under the same name is the same learner, and the reports not yet sent
/// (`class-unsent.json`), so that quitting while the server is away loses nothing: the next join sends them.
struct ClassKeeping {
    /// `classes.json`; nil: nothing is kept.
    var identities: String?

    struct Identity: Codable { var name: String; var token: String }
    struct Kept: Codable { var token: String; var reports: [Report] }

    var keptPath: String? { identities.map { FileWriter.folder(of: $0) + "/class-unsent.json" } }

    func savedIdentity(_ address: ClassAddress) -> Identity? {
        guard let identities, let bytes = try? FileWriter.read(identities),
            let all = try? JSONDecoder().decode([String: Identity].self, from: Data(bytes))
        else { return nil }
        return all[address.url]
    }

    func save(_ identity: Identity, for address: ClassAddress) {
        guard let identities else { return }
        var all =
            (try? FileWriter.read(identities)).flatMap {
                try? JSONDecoder().decode([String: Identity].self, from: Data($0))
            } ?? [:]
        all[address.url] = identity
        guard let data = try? JSONEncoder().encode(all) else { return }
        StateDirectory.create(FileWriter.folder(of: identities))
        try? FileWriter.replace(identities, with: Array(data))
    }

    func allKept() -> [String: Kept] {
        guard let keptPath, let bytes = try? FileWriter.read(keptPath),
            let all = try? JSONDecoder().decode([String: Kept].self, from: Data(bytes))
        else { return [:] }
        return all
    }

    func keep(_ reports: [Report], token: String, for address: ClassAddress) {
        guard let keptPath else { return }
        var all = allKept()
        if reports.isEmpty {
            guard all[address.url] != nil else { return }
            all[address.url] = nil
        } else {
            all[address.url] = Kept(token: token, reports: reports)
        }
        guard let data = try? JSONEncoder().encode(all) else { return }
        StateDirectory.create(FileWriter.folder(of: keptPath))
        try? FileWriter.replace(keptPath, with: Array(data))
    }
}
