import ClassWire
import Foundation

/// A refusal: one HTTP status and one sentence; nothing was changed.
public struct Refusal: Error, Equatable, Sendable {
    public var status: Int
    public var message: String
    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
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
    var passed = false
    var prediction: String?
    var hints = 0
    var first: Double = 0
    var last: Double = 0
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
    /// progress since is behind. Memory only: after a restart the presenter is taken to have gone past at the restart.
    var presenterPassed: [Int: Double] = [:]
    var learners: [Int: Learner] = [:]
    var byToken: [String: Int] = [:]
    var reportCount = 0
    /// Goes up with every change anyone makes: the board sends itself again when it moves.
    public private(set) var version = 0
    /// Minutes without progress after which a learner counts as stuck.
    public var stuckMinutes: Double
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
        self.clock = clock
        if let saved = try store.loadClass() {
            code = saved.code
            presenterToken = saved.presenterToken
            state = saved.state
            titles = saved.titles
            predictionSteps = saved.predictionSteps
            exerciseSteps = saved.exerciseSteps
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
        let started = clock()
        for step in stride(from: 1, to: state.step, by: 1) { presenterPassed[step] = started }
        for saved in try store.learners() {
            learners[saved.id] = Learner(
                id: saved.id, name: saved.name, token: saved.token, joined: saved.joined,
                lastProgress: saved.joined, lastSeen: saved.joined)
            byToken[saved.token] = saved.id
        }
        for stored in try store.reports() {
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

    // MARK: learners

    /// A name as the board may show it: trimmed, 1 to ``ClassWire/maximumNameLength`` characters, no control
    /// characters.
    static func cleanName(_ name: String) throws(Refusal) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= ClassWire.maximumNameLength,
            !trimmed.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control
                    || $0.properties.generalCategory == .format && $0.value != 0x200D
            })
        else {
            throw Refusal(400, "a name is 1 to \(ClassWire.maximumNameLength) characters, without control characters")
        }
        return trimmed
    }

    public func join(name: String) throws(Refusal) -> JoinResponse {
        let name = try Self.cleanName(name)
        return try locked { () throws(Refusal) -> JoinResponse in
            guard learners.count < 5000 else { throw Refusal(403, "the class is full") }
            let token = Tokens.make(24, alphabet: Tokens.tokenAlphabet)
            let now = clock()
            let id: Int
            do { id = try store.addLearner(name: name, token: token, at: now) } catch {
                throw Refusal(500, "the class could not be saved")
            }
            learners[id] = Learner(id: id, name: name, token: token, joined: now, lastProgress: now, lastSeen: now)
            byToken[token] = id
            version += 1
            return JoinResponse(learner: id, token: token, name: name, state: state)
        }
    }

    /// The learner a token belongs to.
    public func learner(token: String) -> Int? { lock.withLock { byToken[token] } }

    // MARK: reports

    static func validate(_ report: Report) throws(Refusal) {
        guard report.seq > 0, report.seq < Int(Int32.max) else {
            throw Refusal(400, "a report's seq is a positive number")
        }
        guard ClassRoom.isLessonID(report.lesson) else { throw Refusal(400, "a report names a lesson by its id") }
        guard (1...500).contains(report.step) else { throw Refusal(400, "a report's step is from 1 to 500") }
        guard report.at.isFinite else { throw Refusal(400, "a report's time is a number") }
        switch report.kind {
        case .check: guard report.passed != nil else { throw Refusal(400, "a check report says whether it passed") }
        case .predict:
            // A prediction is one of a step's numbered options (the playground refuses anything else): the board's
            // histogram shows numbers, never a text a learner chose.
            guard let answer = report.answer, (1...2).contains(answer.count),
                answer.allSatisfy({ $0.isASCII && $0.isNumber }),
                answer.first != "0"
            else {
                throw Refusal(400, "a prediction is the number of one of the step's options")
            }
        case .reached, .hint: break
        }
    }

    static func isLessonID(_ text: String) -> Bool {
        (1...64).contains(text.count)
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// Keeps a learner's reports: all of them or, when one is malformed, none.
    public func report(_ reports: [Report], token: String) throws(Refusal) -> ReportReceipt {
        guard reports.count <= ClassWire.maximumBatch else {
            throw Refusal(413, "at most \(ClassWire.maximumBatch) reports at a time")
        }
        for report in reports { try Self.validate(report) }
        return try locked { () throws(Refusal) -> ReportReceipt in
            guard let id = byToken[token] else {
                throw Refusal(401, "this learner's token is not known here: join again")
            }
            let now = clock()
            var batch: Set<Int> = []
            let fresh = reports.filter { !learners[id]!.seen.contains($0.seq) && batch.insert($0.seq).inserted }
            if !fresh.isEmpty {
                do { try store.add(fresh, learner: id, received: now) } catch {
                    throw Refusal(500, "the reports could not be saved")
                }
            }
            var added = 0
            for report in fresh {
                apply(report, learner: id, received: now)
                added += 1
            }
            reportCount += added
            learners[id]!.lastSeen = now
            if added > 0 { version += 1 }
            return ReportReceipt(through: learners[id]!.through, state: state)
        }
    }

    /// Memory only: what a report changes on the board.
    func apply(_ report: Report, learner id: Int, received: Double) {
        guard var learner = learners[id] else { return }
        learner.seen.insert(report.seq)
        learner.through = max(learner.through, report.seq)
        let key = StepKey(lesson: report.lesson, step: report.step)
        var record = learner.steps[key] ?? StepRecord(first: received)
        if !record.reached { learner.lastProgress = max(learner.lastProgress, received) }
        record.reached = true
        record.last = received
        switch report.kind {
        case .reached: break
        case .check:
            record.checks += 1
            if report.passed == true {
                if !record.passed { learner.lastProgress = received }
                record.passed = true
                record.failedInARow = 0
            } else {
                record.failedChecks += 1
                record.failedInARow += 1
            }
        case .predict:
            // The first answer counts.
            if record.prediction == nil { record.prediction = report.answer }
        case .hint:
            record.hints += 1
        }
        learner.steps[key] = record
        learner.current = key
        learner.lastSeen = max(learner.lastSeen, received)
        learners[id] = learner
    }

    // MARK: who is stuck

    /// Whether a learner at this step of the presenter's lesson has something to pass: an exercise or a prediction,
    /// never an explanation, a recap or a demonstration (```` ```goal unmet ````). Without the presenter's list (an
    /// older presenter), a step where checks were made is taken to be one.
    func canBePassed(_ step: Int) -> Bool {
        exerciseSteps.map { $0.contains(step) } ?? true
    }

    /// Why a learner cannot get on, or nil: stuck means three failed checks in a row on a step that can be passed
    /// (but not a prediction the learner already answered: the first answer counts, so a missed one cannot be
    /// passed, and the learner may simply go on), or no progress for ``stuckMinutes`` while the presenter is past the
    /// learner's step. A learner at the presenter's step, or ahead of it, on a step with nothing to pass never is.
    /// The lock is held.
    func whyStuck(_ learner: Learner, now: Double) -> (failed: Int, idle: Double)? {
        guard let lesson = state.lesson, let current = learner.current, current.lesson == lesson,
            let record = learner.steps[current], !record.passed
        else { return nil }
        let answeredPrediction = predictionSteps.contains(current.step) && record.prediction != nil
        let failing = canBePassed(current.step) && !answeredPrediction && record.failedInARow >= 3
        var behind: Double = 0
        if let passed = presenterPassed[current.step], state.step > current.step {
            behind = now - max(learner.lastProgress, passed)
        }
        let lagging = behind >= stuckMinutes * 60
        guard failing || lagging else { return nil }
        return (failing ? record.failedInARow : 0, lagging ? behind : 0)
    }

    // MARK: the presenter

    public func isPresenter(_ token: String?) -> Bool {
        guard let token else { return false }
        return Tokens.equal(token, presenterToken)
    }

    public func present(_ update: PresenterUpdate, token: String?) throws(Refusal) -> ClassState {
        guard isPresenter(token) else {
            throw Refusal(403, "only the presenter's token changes the step or reveals answers")
        }
        if let lesson = update.lesson, !Self.isLessonID(lesson) { throw Refusal(400, "a lesson is named by its id") }
        if let titles = update.titles, titles.count > 500 || titles.contains(where: { $0.count > 200 }) {
            throw Refusal(400, "at most 500 step titles of 200 characters")
        }
        if let title = update.lessonTitle, title.count > 200 {
            throw Refusal(400, "a lesson title is at most 200 characters")
        }
        if let lang = update.lang, !["en", "ko"].contains(lang) { throw Refusal(400, "the language is en or ko") }
        return try locked { () throws(Refusal) -> ClassState in
            var next = state
            var nextTitles = titles
            var nextPredictions = predictionSteps
            var nextExercises = exerciseSteps
            var nextPassed = presenterPassed
            if let lesson = update.lesson, lesson != next.lesson {
                next.lesson = lesson
                next.answersRevealed = []
                nextTitles = []
                nextPredictions = []
                nextExercises = nil
                nextPassed = [:]
            }
            if let title = update.lessonTitle { next.lessonTitle = title }
            if let titles = update.titles { nextTitles = titles; next.steps = titles.count }
            if let predictions = update.predictionSteps {
                nextPredictions = predictions.filter { (1...500).contains($0) }
            }
            if let exercises = update.exerciseSteps { nextExercises = exercises.filter { (1...500).contains($0) } }
            if let step = update.step {
                guard next.lesson != nil, (1...max(1, next.steps)).contains(step) else {
                    throw Refusal(400, "the step is from 1 to the lesson's number of steps")
                }
                if step != next.step {
                    next.step = step
                    next.tries = false
                    next.hintsRevealed = 0
                    next.solutionRevealed = false
                }
            }
            if next.step != state.step || next.lesson != state.lesson {
                let now = clock()
                for passed in stride(from: 1, to: next.step, by: 1) where nextPassed[passed] == nil {
                    nextPassed[passed] = now
                }
                for back in nextPassed.keys where back >= next.step { nextPassed[back] = nil }
            }
            next.stepTitle = next.step > 0 && next.step <= nextTitles.count ? nextTitles[next.step - 1] : nil
            if let tries = update.tries { next.tries = tries }
            if update.revealHint == true { next.hintsRevealed += 1 }
            if update.revealSolution == true { next.solutionRevealed = true }
            if let step = update.revealAnswers {
                guard (1...500).contains(step) else { throw Refusal(400, "the step is from 1 to 500") }
                if !next.answersRevealed.contains(step) { next.answersRevealed.append(step) }
            }
            if let lang = update.lang { next.lang = lang }
            next.revision += 1
            do {
                try store.saveClass(
                    .init(
                        code: code, presenterToken: presenterToken, state: next, titles: nextTitles,
                        predictionSteps: nextPredictions, exerciseSteps: nextExercises))
            } catch {
                throw Refusal(500, "the class could not be saved")
            }
            state = next
            titles = nextTitles
            predictionSteps = nextPredictions
            exerciseSteps = nextExercises
            presenterPassed = nextPassed
            version += 1
            return state
        }
    }
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
