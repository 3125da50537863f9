import ClassWire
import Foundation
import GRDB

/// The class on disk: one SQLite file (GRDB) holding the class, its learners and every report. The server keeps
/// what the board shows in memory and writes each change here before it answers, so a restart loses nothing that
/// was acknowledged.
final class ClassStore: ClassStoring, @unchecked Sendable {
    let queue: DatabaseQueue
    let path: String

    init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/class.sqlite"
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE class (
                        code TEXT PRIMARY KEY, presenterToken TEXT NOT NULL, created REAL NOT NULL, state TEXT NOT NULL,
                        titles TEXT NOT NULL DEFAULT '[]', predictionSteps TEXT NOT NULL DEFAULT '[]');
                    CREATE TABLE learner (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, token TEXT NOT NULL UNIQUE, joined \
                    REAL NOT NULL);
                    CREATE TABLE report (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, learner INTEGER NOT NULL REFERENCES learner(id), seq \
                    INTEGER NOT NULL,
                        kind TEXT NOT NULL, lesson TEXT NOT NULL, step INTEGER NOT NULL, passed INTEGER, answer TEXT,
                        at REAL NOT NULL, received REAL NOT NULL, UNIQUE(learner, seq));
                    """)
        }
        // Where each learner joined from (the per-address limit), who the presenter removed, and the shape of each
        // lesson the presenter published (what reports are checked against).
        migrator.registerMigration("v2-limits") { db in
            try db.execute(
                sql: """
                    ALTER TABLE learner ADD COLUMN address TEXT NOT NULL DEFAULT '';
                    ALTER TABLE learner ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE class ADD COLUMN lessons TEXT NOT NULL DEFAULT '{}';
                    """)
        }
        migrator.registerMigration("v2: exercise steps") { db in
            try db.execute(sql: "ALTER TABLE class ADD COLUMN exerciseSteps TEXT")
        }
        migrator.registerMigration("v3: when the presenter went past each step") { db in
            try db.execute(sql: "ALTER TABLE class ADD COLUMN presenterPassed TEXT NOT NULL DEFAULT '{}'")
        }
        migrator.registerMigration("v4: learners who left") { db in
            try db.execute(sql: "ALTER TABLE learner ADD COLUMN left REAL")
        }
        try migrator.migrate(queue)
    }

    func loadClass() throws -> SavedClass? {
        try queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM class LIMIT 1") else { return nil }
            let decoder = JSONDecoder()
            let state = try decoder.decode(ClassState.self, from: Data((row["state"] as String).utf8))
            let titles = try decoder.decode([String].self, from: Data((row["titles"] as String).utf8))
            let predictions = try decoder.decode([Int].self, from: Data((row["predictionSteps"] as String).utf8))
            let exercises = try (row["exerciseSteps"] as String?).map {
                try decoder.decode([Int].self, from: Data($0.utf8))
            }
            let passed = try decoder.decode([String: Double].self, from: Data((row["presenterPassed"] as String).utf8))
            let steps = passed.compactMap { key, at in Int(key).map { ($0, at) } }
            return SavedClass(
                code: row["code"], presenterToken: row["presenterToken"], state: state, titles: titles,
                predictionSteps: predictions, exerciseSteps: exercises,
                presenterPassed: Dictionary(steps) { first, _ in first })
        }
    }

    func saveClass(_ saved: SavedClass) throws {
        let encoder = JSONEncoder()
        let state = String(decoding: try encoder.encode(saved.state), as: UTF8.self)
        let titles = String(decoding: try encoder.encode(saved.titles), as: UTF8.self)
        let predictions = String(decoding: try encoder.encode(saved.predictionSteps), as: UTF8.self)
        let exercises = try saved.exerciseSteps.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let byStep = Dictionary(uniqueKeysWithValues: saved.presenterPassed.map { (String($0), $1) })
        let passed = String(decoding: try encoder.encode(byStep), as: UTF8.self)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO class (code, presenterToken, created, state, titles, predictionSteps, exerciseSteps,
                        presenterPassed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(code) DO UPDATE SET state = excluded.state, titles = excluded.titles, predictionSteps \
                    = excluded.predictionSteps, exerciseSteps = excluded.exerciseSteps, presenterPassed \
                    = excluded.presenterPassed
                    """,
                arguments: [
                    saved.code, saved.presenterToken, Date().timeIntervalSince1970, state, titles, predictions,
                    exercises, passed,
                ])
        }
    }

    func addLearner(name: String, token: String, at: Double, address: String = "") throws -> Int {
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO learner (name, token, joined, address) VALUES (?, ?, ?, ?)",
                arguments: [name, token, at, address])
            return Int(db.lastInsertedRowID)
        }
    }

    /// Marks learners removed: their reports stay in the file, and the class forgets them when it starts again.
    func removeLearners(_ ids: [Int]) throws {
        try queue.write { db in
            for id in ids { try db.execute(sql: "UPDATE learner SET removed = 1 WHERE id = ?", arguments: [id]) }
        }
    }

    func setLeft(_ id: Int, at: Double?) throws {
        try queue.write { db in try db.execute(sql: "UPDATE learner SET left = ? WHERE id = ?", arguments: [at, id]) }
    }

    func learners() throws -> [StoredLearner] {
        try queue.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, name, token, joined, address, removed, left FROM learner ORDER BY id"
            ).map {
                StoredLearner(
                    id: $0["id"], name: $0["name"], token: $0["token"], joined: $0["joined"], address: $0["address"],
                    removed: $0["removed"], left: $0["left"])
            }
        }
    }

    /// The lessons the presenter published, as JSON (``LessonShape`` by lesson id).
    func loadLessons() throws -> String {
        try queue.read { db in try String.fetchOne(db, sql: "SELECT lessons FROM class LIMIT 1") ?? "{}" }
    }

    func saveLessons(_ json: String) throws {
        try queue.write { db in try db.execute(sql: "UPDATE class SET lessons = ?", arguments: [json]) }
    }

    /// Stores the reports not stored yet (a report sent twice is kept once); all or none.
    func add(_ reports: [Report], learner: Int, received: Double) throws {
        try queue.write { db in
            for r in reports {
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO report (learner, seq, kind, lesson, step, passed, answer, at, received)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [learner, r.seq, r.kind.rawValue, r.lesson, r.step, r.passed, r.answer, r.at, received])
            }
        }
    }

    func reports() throws -> [StoredReport] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM report ORDER BY id").compactMap { row in
                guard let kind = Report.Kind(rawValue: row["kind"]) else { return nil }
                let passed: Int? = row["passed"]
                return StoredReport(
                    learner: row["learner"],
                    report: Report(
                        seq: row["seq"], kind: kind, lesson: row["lesson"], step: row["step"],
                        passed: passed.map { $0 != 0 }, answer: row["answer"], at: row["at"]),
                    received: row["received"])
            }
        }
    }
}
