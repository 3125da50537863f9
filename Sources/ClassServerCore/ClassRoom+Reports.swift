import ClassWire
import Foundation

/// What learners report, checked and applied to their steps; and from it, who is stuck.
extension ClassRoom {
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
                    throw Refusal.storeFailed("the reports could not be saved", error)
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
}
