import ClassWire

/// Where a class is kept: the class (its code, the presenter's token, the presenter's step and lesson), its learners
/// and every report. ``ClassRoom`` writes each change here before it answers and reads everything back at start.
///
/// ``ClassStore`` keeps it in one SQLite file, which one server holds. A store for a class larger than one server
/// (see the README, "Beyond one server") implements the same calls on PostgreSQL: `addLearner` returns the row's id,
/// `add` is one transaction that ignores a `(learner, seq)` already kept, and each call throws rather than answer
/// before the change is durable.
protocol ClassStoring: Sendable {
    func loadClass() throws -> SavedClass?
    func saveClass(_ saved: SavedClass) throws
    /// A new learner's id (ids count up from 1 in the order learners joined).
    func addLearner(name: String, token: String, at: Double, address: String) throws -> Int
    func learners() throws -> [StoredLearner]
    /// Marks learners removed by the presenter: their reports stay, and the class forgets them when it starts again.
    func removeLearners(_ ids: [Int]) throws
    /// When the learner left (quit the playground), or nil: back in the class.
    func setLeft(_ id: Int, at: Double?) throws
    /// The lessons the presenter published, as JSON (``LessonShape`` by lesson id): what reports are checked against.
    func loadLessons() throws -> String
    func saveLessons(_ json: String) throws
    /// Keeps the reports not kept yet (a report sent twice is kept once): all or none.
    func add(_ reports: [Report], learner: Int, received: Double) throws
    /// Every report, in the order they were kept.
    func reports() throws -> [StoredReport]
}

struct SavedClass {
    var code: String
    var presenterToken: String
    var state: ClassState
    var titles: [String]
    var predictionSteps: [Int]
    /// The steps a learner can pass; nil when the presenter did not say (an older presenter).
    var exerciseSteps: [Int]? = nil
    /// When the presenter went past each step of the lesson (server time): a restart keeps who is stuck since when.
    var presenterPassed: [Int: Double] = [:]
}

struct StoredLearner {
    var id: Int; var name: String; var token: String; var joined: Double; var address = ""; var removed = false
    var left: Double? = nil
}

struct StoredReport { var learner: Int; var report: Report; var received: Double }
