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
    public private(set) var version = 0
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
            throw Refusal(
                400, "a name is 1 to \(ClassWire.maximumNameLength) characters, without control characters",
                reason: .badName)
        }
        return trimmed
    }

    /// Why nobody may join from `address` now (closed, full, or that address full), or nil: the server says it
    /// before counting the join against the address's rate.
    public func joinRefusal(address: String) -> Refusal? { lock.withLock { joinRefusalLocked(address: address) } }

    func joinRefusalLocked(address: String) -> Refusal? {
        if state.joiningClosed == true {
            return Refusal(403, "the presenter has closed joining", reason: .joiningClosed)
        }
        if learners.count >= capacity {
            return Refusal(403, "the class is full (\(capacity) learners)", reason: .classFull)
        }
        if joinedFrom[address, default: 0] >= perAddress {
            return Refusal(403, "\(perAddress) learners have joined from this address already", reason: .addressFull)
        }
        return nil
    }

    /// A new learner, from `address`: refused when the presenter closed joining, the class is full, or
    /// ``perAddress`` learners joined from that address already.
    public func join(name: String, address: String = "") throws(Refusal) -> JoinResponse {
        let name = try Self.cleanName(name)
        return try locked { () throws(Refusal) -> JoinResponse in
            if let refusal = joinRefusalLocked(address: address) { throw refusal }
            let token = Tokens.make(24, alphabet: Tokens.tokenAlphabet)
            let now = clock()
            let id: Int
            do { id = try store.addLearner(name: name, token: token, at: now, address: address) } catch {
                throw Refusal(500, "the class could not be saved")
            }
            var learner = Learner(id: id, name: name, token: token, joined: now, lastProgress: now, lastSeen: now)
            learner.address = address
            learners[id] = learner
            joinedFrom[address, default: 0] += 1
            byToken[token] = id
            version += 1
            return JoinResponse(learner: id, token: token, name: name, state: state)
        }
    }

    /// The learner a token belongs to.
    public func learner(token: String) -> Int? { lock.withLock { byToken[token] } }

    /// Whether the presenter removed the learner of this token.
    public func wasRemoved(token: String) -> Bool { lock.withLock { removedTokens.contains(token) } }

    /// The presenter removes every learner of that name: their tokens stop working and the board forgets them.
    public func remove(name: String, token: String?) throws(Refusal) -> RemoveResponse {
        try remove(RemoveRequest(name: name), token: token)
    }

    /// The presenter removes every learner the request names (by name, a pattern, or joined at or after a time).
    public func remove(_ request: RemoveRequest, token: String?) throws(Refusal) -> RemoveResponse {
        guard isPresenter(token) else {
            throw Refusal(403, "only the presenter's token removes a learner", reason: .notPresenter)
        }
        guard request.name != nil || request.joinedAfter != nil else {
            throw Refusal(400, "say whom to remove: a name, or joinedAfter")
        }
        return try locked { () throws(Refusal) -> RemoveResponse in
            let gone = learners.values.filter { request.matches(name: $0.name, joined: $0.joined) }
            guard !gone.isEmpty else { throw Refusal(404, "no learner is named that", reason: .noSuchLearner) }
            do { try store.removeLearners(gone.map(\.id)) } catch {
                throw Refusal(500, "the class could not be saved")
            }
            for learner in gone {
                learners[learner.id] = nil
                byToken[learner.token] = nil
                removedTokens.insert(learner.token)
                joinedFrom[learner.address, default: 1] -= 1
            }
            version += 1
            return RemoveResponse(removed: gone.count, state: state)
        }
    }

    /// A learner quit the playground: the board says "left" instead of counting them stuck.
    public func leave(token: String) throws(Refusal) -> ClassState {
        try locked { () throws(Refusal) -> ClassState in
            guard let id = byToken[token] else {
                throw Refusal(401, "this learner's token is not known here: join again", reason: .unknownToken)
            }
            let now = clock()
            do { try store.setLeft(id, at: now) } catch { throw Refusal(500, "the class could not be saved") }
            learners[id]!.left = now
            version += 1
            return state
        }
    }

    /// The presenter closes or reopens joining; the board says so.
    public func setJoining(open: Bool, token: String?) throws(Refusal) -> ClassState {
        guard isPresenter(token) else {
            throw Refusal(403, "only the presenter's token closes or opens joining", reason: .notPresenter)
        }
        return try locked { () throws(Refusal) -> ClassState in
            var next = state
            next.joiningClosed = open ? nil : true
            next.revision += 1
            do {
                try store.saveClass(
                    .init(
                        code: code, presenterToken: presenterToken, state: next, titles: titles,
                        predictionSteps: predictionSteps))
            } catch {
                throw Refusal(500, "the class could not be saved")
            }
            state = next
            version += 1
            return state
        }
    }

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

    /// Why a well-formed report does not fit the lessons the presenter published, or nil when it does.
    func misfit(_ report: Report) -> Refusal? {
        guard let lesson = lessons[report.lesson] else {
            return Refusal(400, "the presenter has not published the lesson '\(report.lesson)'", reason: .notInLesson)
        }
        guard report.step <= lesson.steps else {
            return Refusal(
                400, "the lesson '\(report.lesson)' has \(lesson.steps) steps, not \(report.step)",
                reason: .notInLesson)
        }
        if report.kind == .predict {
            guard let options = lesson.predictions[report.step] else {
                return Refusal(400, "step \(report.step) asks for no prediction", reason: .noQuestion)
            }
            if options > 0, let answer = report.answer.flatMap({ Int($0) }), !(1...options).contains(answer) {
                return Refusal(
                    400, "step \(report.step) offers options 1 to \(options), not \(answer)", reason: .notAnOption)
            }
        }
        return nil
    }

    /// Keeps a learner's reports: none when one is malformed; those that fit the presenter's lessons when all are
    /// well-formed (a refusal when none fits).
    public func report(_ reports: [Report], token: String) throws(Refusal) -> ReportReceipt {
        guard reports.count <= ClassWire.maximumBatch else {
            throw Refusal(413, "at most \(ClassWire.maximumBatch) reports at a time")
        }
        for report in reports { try Self.validate(report) }
        return try locked { () throws(Refusal) -> ReportReceipt in
            guard let id = byToken[token] else {
                if removedTokens.contains(token) {
                    throw Refusal(403, "the presenter removed you from this class", reason: .removed)
                }
                throw Refusal(401, "this learner's token is not known here: join again", reason: .unknownToken)
            }
            let misfits = reports.map { misfit($0) }
            let fitting = zip(reports, misfits).filter { $0.1 == nil }.map(\.0)
            if fitting.isEmpty, let first = misfits.compactMap({ $0 }).first { throw first }
            let now = clock()
            var batch: Set<Int> = []
            let fresh = fitting.filter { !learners[id]!.seen.contains($0.seq) && batch.insert($0.seq).inserted }
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
            if learners[id]!.left != nil, (try? store.setLeft(id, at: nil)) != nil {
                learners[id]!.left = nil
                version += 1
            }
            learners[id]!.lastSeen = now
            if added > 0 { version += 1 }
            var receipt = ReportReceipt(through: learners[id]!.through, state: state)
            if fitting.count < reports.count { receipt.refused = reports.count - fitting.count }
            return receipt
        }
    }

    /// Memory only: what a report changes on the board.
    func apply(_ report: Report, learner id: Int, received: Double) {
        guard var learner = learners[id] else { return }
        learner.seen.insert(report.seq)
        learner.through = max(learner.through, report.seq)
        let key = StepKey(lesson: report.lesson, step: report.step)
        // The results say when the learner did it (a report sent late, after the server was away, too).
        let happened = Self.happened(report.at, received: received)
        var record = learner.steps[key] ?? StepRecord(first: happened, last: happened)
        if !record.reached { learner.lastProgress = max(learner.lastProgress, received) }
        record.reached = true
        record.first = min(record.first, happened)
        record.last = max(record.last, happened)
        switch report.kind {
        case .reached: break
        case .check:
            record.checks += 1
            if report.passed == true {
                if !record.passed { learner.lastProgress = received }
                record.passed = true
                record.failedInARow = 0
                record.failingSince = nil
            } else {
                record.failedChecks += 1
                record.failedInARow += 1
                if record.failedInARow == 3 { record.failingSince = received }
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

    /// When a report's event happened: the learner's `at`, when it is no later than its arrival and at most 12 hours
    /// before it (a clock that is wrong, or an old client's placeholder, gives the arrival).
    static func happened(_ at: Double, received: Double) -> Double {
        at <= received && at >= received - 12 * 3600 ? at : received
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
    /// `since`: when the learner became stuck (the third failed check, or ``stuckMinutes`` after the last progress
    /// behind the presenter, whichever came first): the board lists who has been stuck longest first.
    func whyStuck(_ learner: Learner, now: Double) -> (failed: Int, idle: Double, since: Double)? {
        guard learner.left == nil else { return nil }
        // Joined, and never reached a step (no `follow`, no lesson): the learner most in need of help.
        if learner.current == nil, state.lesson != nil, now - learner.joined >= stuckMinutes * 60 {
            return (0, now - learner.joined, learner.joined + stuckMinutes * 60)
        }
        guard let lesson = state.lesson, let current = learner.current, current.lesson == lesson,
            let record = learner.steps[current], !record.passed
        else { return nil }
        let answeredPrediction = predictionSteps.contains(current.step) && record.prediction != nil
        let failing = canBePassed(current.step) && !answeredPrediction && record.failedInARow >= 3
        var behind: Double = 0
        var laggingSince = now
        if let passed = presenterPassed[current.step], state.step > current.step {
            behind = now - max(learner.lastProgress, passed)
            laggingSince = max(learner.lastProgress, passed) + stuckMinutes * 60
        }
        let lagging = behind >= stuckMinutes * 60
        guard failing || lagging else { return nil }
        let since = min(failing ? record.failingSince ?? now : now, lagging ? laggingSince : now)
        return (failing ? record.failedInARow : 0, lagging ? behind : 0, since)
    }

    // MARK: the presenter

    public func isPresenter(_ token: String?) -> Bool {
        guard let token else { return false }
        return Tokens.equal(token, presenterToken)
    }

    public func present(_ update: PresenterUpdate, token: String?) throws(Refusal) -> ClassState {
        guard isPresenter(token) else {
            throw Refusal(403, "only the presenter's token changes the step or reveals answers", reason: .notPresenter)
        }
        if let lesson = update.lesson, !Self.isLessonID(lesson) { throw Refusal(400, "a lesson is named by its id") }
        if let titles = update.titles, titles.count > 500 || titles.contains(where: { $0.count > 200 }) {
            throw Refusal(400, "at most 500 step titles of 200 characters")
        }
        if let title = update.lessonTitle, title.count > 200 {
            throw Refusal(400, "a lesson title is at most 200 characters")
        }
        if let translations = update.translations,
            translations.count > 4
                || translations.contains(where: { lang, titles in
                    !["en", "ko"].contains(lang) || titles.title.count > 200 || titles.steps.count > 500
                        || titles.steps.contains { $0.count > 200 }
                })
        {
            throw Refusal(400, "translations: en or ko, titles of at most 200 characters, at most 500 steps")
        }
        if let lang = update.lang, !["en", "ko"].contains(lang) { throw Refusal(400, "the language is en or ko") }
        if let options = update.predictionOptions,
            options.count != update.predictionSteps?.count || options.contains(where: { !(0...99).contains($0) })
        {
            throw Refusal(400, "predictionOptions gives 0 to 99 options for each of predictionSteps")
        }
        return try locked { () throws(Refusal) -> ClassState in
            var next = state
            var nextTitles = titles
            var nextPredictions = predictionSteps
            var nextExercises = exerciseSteps
            var nextPassed = presenterPassed
            if let lesson = update.lesson, lesson != next.lesson {
                next.lesson = lesson
                next.answersRevealed = []
                next.reveals = nil
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
            // The titles in every language published for this lesson (now, or before for the same lesson).
            let translations = next.lesson.flatMap { update.translations ?? lessons[$0]?.translations }
            next.lessonTitles = translations?.mapValues(\.title)
            next.stepTitles = translations?.compactMapValues { titles in
                next.step > 0 && next.step <= titles.steps.count ? titles.steps[next.step - 1] : nil
            }
            if let tries = update.tries { next.tries = tries }
            try Self.reveal(update, in: &next)
            if let step = update.revealAnswers {
                guard (1...500).contains(step) else { throw Refusal(400, "the step is from 1 to 500") }
                if !next.answersRevealed.contains(step) { next.answersRevealed.append(step) }
            }
            if let lang = update.lang { next.lang = lang }
            next.presenterStopped = update.stopped == true ? true : nil
            next.revision += 1
            do {
                try store.saveClass(
                    .init(
                        code: code, presenterToken: presenterToken, state: next, titles: nextTitles,
                        predictionSteps: nextPredictions, exerciseSteps: nextExercises, presenterPassed: nextPassed))
            } catch {
                throw Refusal(500, "the class could not be saved")
            }
            // The lesson as reports are checked against it: its steps and its questions.
            var nextLessons = lessons
            if let lesson = next.lesson {
                var shape = nextLessons[lesson] ?? LessonShape(steps: 0)
                if update.titles != nil { shape.steps = nextTitles.count }
                if let translations = update.translations { shape.translations = translations }
                shape.steps = max(shape.steps, next.step)
                if let steps = update.predictionSteps {
                    let options = update.predictionOptions ?? Array(repeating: 0, count: steps.count)
                    shape.predictions = Dictionary(zip(steps, options).filter { (1...500).contains($0.0) }) { a, _ in a
                    }
                }
                nextLessons[lesson] = shape
            }
            if nextLessons != lessons {
                do {
                    let json = String(decoding: try JSONEncoder().encode(nextLessons), as: UTF8.self)
                    try store.saveLessons(json)
                } catch {
                    throw Refusal(500, "the class could not be saved")
                }
            }
            state = next
            titles = nextTitles
            predictionSteps = nextPredictions
            lessons = nextLessons
            exerciseSteps = nextExercises
            presenterPassed = nextPassed
            version += 1
            return state
        }
    }
}

extension ClassRoom {
    /// The room's hint and solution counters, per step: a reveal raises them (a count sent twice counts once), and
    /// the current step's are the state's `hintsRevealed` and `solutionRevealed`.
    static func reveal(_ update: PresenterUpdate, in state: inout ClassState) throws(Refusal) {
        let at = update.revealStep ?? state.step
        if update.revealHint == true || update.hints != nil || update.revealSolution == true {
            guard state.lesson != nil, (1...max(1, state.steps)).contains(at) else {
                throw Refusal(400, "a reveal names a step of the lesson")
            }
        }
        var reveal = state.reveal(at: at)
        if update.revealHint == true { reveal.hints += 1 }
        if let hints = update.hints {
            guard (0...100).contains(hints) else { throw Refusal(400, "a step has at most 100 hints") }
            reveal.hints = max(reveal.hints, hints)
        }
        if update.revealSolution == true { reveal.solution = true }
        if reveal != state.reveal(at: at) {
            var all = (state.reveals ?? []).filter { $0.step != at }
            all.append(reveal)
            state.reveals = all.sorted { $0.step < $1.step }
        }
        let current = state.reveal(at: state.step)
        state.hintsRevealed = current.hints
        state.solutionRevealed = current.solution
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
