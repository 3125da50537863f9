import ClassWire
import Foundation

/// A refusal: one HTTP status and one sentence; nothing was changed.
public struct Refusal: Error, Equatable, Sendable {
    public var status: Int
    public var message: String
    /// Which refusal, for the client to say in its user's language.
    public var reason: RefusalReason?
    public init(_ status: Int, _ message: String, reason: RefusalReason? = nil) {
        self.status = status
        self.message = message
        self.reason = reason
    }

    /// The class's store failed: a 500 that says why, and the same line in the server's log (standard error), so
    /// that a lost write is never silent.
    static func storeFailed(_ what: String, _ error: any Error) -> Refusal {
        let line = "\(what): \(error)"
        FileHandle.standardError.write(Data(("patterns-class: " + line + "\n").utf8))
        return Refusal(500, line)
    }
}

/// One learner and what they did, step by step.
struct Learner {
    var id: Int
    var name: String
    var token: String
    var joined: Double
    /// The highest `seq` kept.
    var through = 0
    /// Every `seq` kept: a report sent again (after a lost answer) counts once.
    var seen: Set<Int> = []
    var steps: [StepKey: StepRecord] = [:]
    /// Where the learner joined from (empty for a class saved before addresses were kept).
    var address = ""
    /// When the learner quit the playground (nil: in the class). Any report brings them back.
    var left: Double?
    /// The step of the learner's latest report.
    var current: StepKey?
    /// When the learner last reached a new step or passed a check (server time).
    var lastProgress: Double
    var lastSeen: Double
}

struct StepKey: Hashable, Comparable {
    var lesson: String
    var step: Int
    static func < (a: StepKey, b: StepKey) -> Bool { (a.lesson, a.step) < (b.lesson, b.step) }
}

struct StepRecord {
    var reached = false
    var checks = 0
    var failedChecks = 0
    /// Failed checks since the last pass.
    var failedInARow = 0
    /// When the third of those failed checks came (the learner was stuck from then on), or nil.
    var failingSince: Double?
    var passed = false
    var prediction: String?
    var hints = 0
    var first: Double = 0
    var last: Double = 0
}

/// A lesson as the presenter published it: what learners' reports are checked against.
public struct LessonShape: Codable, Equatable, Sendable {
    /// Its number of steps (the titles the presenter sent, or the furthest step published).
    public var steps: Int
    /// Steps that ask for a prediction, with how many options each offers (0: any number).
    public var predictions: [Int: Int]
    /// Its titles in each language the presenter published (the board and each learner read their own).
    public var translations: [String: LessonTitles]? = nil
    public init(steps: Int, predictions: [Int: Int] = [:]) {
        self.steps = steps
        self.predictions = predictions
    }
}

/// The class in memory, backed by a ``ClassStoring`` (SQLite's ``ClassStore`` unless told otherwise): every method
/// takes the lock, changes the store first and memory after, so a store that fails leaves both as they were.
public final class ClassRoom: @unchecked Sendable {
    let store: any ClassStoring
    let lock = NSLock()
    public let code: String
    public let presenterToken: String
    var state: ClassState
    var titles: [String]
    var predictionSteps: [Int]
    /// The steps of the presenter's lesson that a learner can pass; nil when the presenter did not say.
    var exerciseSteps: [Int]?
    /// When the presenter went past each step of the lesson (server time): a learner left on such a step with no
    /// progress since is behind. Kept in the store, so a restart keeps who is stuck and for how long.
    var presenterPassed: [Int: Double] = [:]
    var learners: [Int: Learner] = [:]
    var byToken: [String: Int] = [:]
    /// Tokens of learners the presenter removed: refused with 403, not 401.
    var removedTokens: Set<String> = []
    /// How many learners joined from each address (removed ones not counted).
    var joinedFrom: [String: Int] = [:]
    /// Every lesson the presenter published in this class, by id.
    var lessons: [String: LessonShape] = [:]
    /// The most learners in the class, and from one address (a room behind one NAT counts as one address).
    public var capacity = 5000
    public var perAddress = 250
    var reportCount = 0
    /// Goes up with every change anyone makes: the board sends itself again when it moves.
    public internal(set) var version = 0
    /// Minutes without progress after which a learner counts as stuck.
    public var stuckMinutes: Double
    /// The server's language (`serve --lang`): the board's unless its address says `?lang=`, whatever the presenter's.
    public let serverLang: String
    /// The learners whose playground runs on this server (`serve --playground`), for the board; nil without.
    public var playgroundLearners: (@Sendable () -> Set<Int>)?

    /// Something the board shows changed outside the room (a playground started or ended).
    func touch() { lock.withLock { version += 1 } }
    let clock: @Sendable () -> Double

    public convenience init(
        directory: String, lang: String = "en", stuckMinutes: Double = 5,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws {
        try self.init(store: ClassStore(directory: directory), lang: lang, stuckMinutes: stuckMinutes, clock: clock)
    }

    init(
        store: any ClassStoring, lang: String = "en", stuckMinutes: Double = 5,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws {
        self.store = store
        self.stuckMinutes = stuckMinutes
        serverLang = lang
        self.clock = clock
        if let saved = try store.loadClass() {
            code = saved.code
            presenterToken = saved.presenterToken
            state = saved.state
            titles = saved.titles
            predictionSteps = saved.predictionSteps
            exerciseSteps = saved.exerciseSteps
            presenterPassed = saved.presenterPassed
        } else {
            code = Tokens.make(6, alphabet: Tokens.codeAlphabet)
            presenterToken = Tokens.make(24, alphabet: Tokens.tokenAlphabet)
            state = ClassState(code: code, lang: lang)
            titles = []
            predictionSteps = []
            exerciseSteps = nil
            try store.saveClass(
                .init(
                    code: code, presenterToken: presenterToken, state: state, titles: titles,
                    predictionSteps: predictionSteps, exerciseSteps: exerciseSteps))
        }
        lessons =
            (try? JSONDecoder().decode([String: LessonShape].self, from: Data(try store.loadLessons().utf8))) ?? [:]
        if let lesson = state.lesson, lessons[lesson] == nil {
            // A class saved before shapes were kept: its current lesson, from its titles.
            lessons[lesson] = LessonShape(
                steps: max(state.steps, state.step),
                predictions: Dictionary(predictionSteps.map { ($0, 0) }) { a, _ in a })
        }
        // A class kept before these times were: the presenter is taken to have gone past at the restart.
        let started = clock()
        for step in stride(from: 1, to: state.step, by: 1) where presenterPassed[step] == nil {
            presenterPassed[step] = started
        }
        for saved in try store.learners() {
            if saved.removed {
                removedTokens.insert(saved.token)
                continue
            }
            var learner = Learner(
                id: saved.id, name: saved.name, token: saved.token, joined: saved.joined,
                lastProgress: saved.joined, lastSeen: saved.joined)
            learner.address = saved.address
            learner.left = saved.left
            learners[saved.id] = learner
            byToken[saved.token] = saved.id
            joinedFrom[saved.address, default: 0] += 1
        }
        for stored in try store.reports() where learners[stored.learner] != nil {
            apply(stored.report, learner: stored.learner, received: stored.received)
            reportCount += 1
        }
    }

    func locked<T>(_ body: () throws(Refusal) -> T) throws(Refusal) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    public var learnerCount: Int { lock.withLock { learners.count } }
    public var totalReports: Int { lock.withLock { reportCount } }
    public var currentState: ClassState { lock.withLock { state } }
}

/// Random codes and tokens, and a comparison that takes the same time wherever two tokens differ.
enum Tokens {
    static let codeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    static let tokenAlphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    static func make(_ count: Int, alphabet: [Character]) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }

    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
