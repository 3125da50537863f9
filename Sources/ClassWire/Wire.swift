import FoundationEssentials

/// What the REPL, the presenter and the class server say to each other, as JSON over HTTP.
///
/// Paths, all under the class code: `POST /CODE/join` (a name in, a learner's token out), `GET /CODE/state`,
/// `POST /CODE/reports` (a learner's token), `POST /CODE/presenter` (the presenter's token), `GET /CODE/board`,
/// `GET /CODE/live/en|ko` (WebSocket: the board's body each time it changes), `GET /CODE/results.csv|json` (the
/// presenter's token).
public enum ClassWire {
    /// The longest name a learner may give, in characters.
    public static let maximumNameLength = 40
    /// The largest request body the server reads, in bytes.
    public static let maximumBody = 64 * 1024
    /// The most reports one request may carry (no more than a learner may send at once).
    public static let maximumBatch = 100
    /// The longest answer to a prediction, in characters.
    public static let maximumAnswerLength = 40
}

/// `POST /CODE/join`
public struct JoinRequest: Codable, Sendable, Equatable {
    public var name: String
    public init(name: String) { self.name = name }
}

public struct JoinResponse: Codable, Sendable, Equatable {
    public var learner: Int
    public var token: String
    public var name: String
    public var state: ClassState
    public init(learner: Int, token: String, name: String, state: ClassState) {
        self.learner = learner
        self.token = token
        self.name = name
        self.state = state
    }
}

/// Where the presenter is, and what the room may see.
public struct ClassState: Codable, Sendable, Equatable {
    public var code: String
    /// The lesson's id, nil until the presenter publishes a step.
    public var lesson: String?
    public var lessonTitle: String?
    /// 1-based; 0 before the presenter publishes.
    public var step: Int
    public var steps: Int
    public var stepTitle: String?
    /// "The room tries now": the current step's exercise is open for everyone.
    public var tries: Bool
    /// How many hints of the current step the presenter has shown the room.
    public var hintsRevealed: Int
    public var solutionRevealed: Bool
    /// Steps whose prediction answers the board shows.
    public var answersRevealed: [Int]
    /// Goes up by one with every change the presenter makes.
    public var revision: Int
    public var lang: String
    /// What the room has been shown at each step of the lesson the presenter visited (the counters are the
    /// server's, per step: going back to a step finds them as they were). Absent from an older server.
    public var reveals: [StepReveal]?
    /// The presenter has closed joining (`POST /CODE/close`); nil or false: open.
    public var joiningClosed: Bool? = nil
    /// The lesson's title and the current step's in each language the presenter published (absent: only
    /// `lessonTitle` and `stepTitle`, in the presenter's language).
    public var lessonTitles: [String: String]? = nil
    public var stepTitles: [String: String]? = nil
    /// The presenter stopped presenting (`q` at a wait); any change the presenter makes after it clears it.
    public var presenterStopped: Bool? = nil

    /// The lesson's title in `lang`, or in the presenter's language when it was not published in `lang`.
    public func lessonTitle(in lang: String) -> String? { lessonTitles?[lang] ?? lessonTitle }
    public func stepTitle(in lang: String) -> String? { stepTitles?[lang] ?? stepTitle }

    public init(
        code: String, lesson: String? = nil, lessonTitle: String? = nil, step: Int = 0, steps: Int = 0,
        stepTitle: String? = nil, tries: Bool = false, hintsRevealed: Int = 0, solutionRevealed: Bool = false,
        answersRevealed: [Int] = [], revision: Int = 0, lang: String = "en", reveals: [StepReveal]? = nil
    ) {
        self.code = code
        self.lesson = lesson
        self.lessonTitle = lessonTitle
        self.step = step
        self.steps = steps
        self.stepTitle = stepTitle
        self.tries = tries
        self.hintsRevealed = hintsRevealed
        self.solutionRevealed = solutionRevealed
        self.answersRevealed = answersRevealed
        self.revision = revision
        self.lang = lang
        self.reveals = reveals
    }

    /// What the room has been shown at `step`.
    public func reveal(at step: Int) -> StepReveal {
        reveals?.first { $0.step == step } ?? StepReveal(step: step)
    }
}

/// The hints (the first `hints` of the step, as the lesson numbers them) and the solution the room was shown at one
/// step.
public struct StepReveal: Codable, Sendable, Equatable {
    public var step: Int
    public var hints: Int
    public var solution: Bool
    public init(step: Int, hints: Int = 0, solution: Bool = false) {
        self.step = step
        self.hints = hints
        self.solution = solution
    }
}

/// One thing a learner did, numbered by the learner's client so that a report sent twice counts once.
public struct Report: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable { case reached, check, predict, hint }
    public var seq: Int
    public var kind: Kind
    public var lesson: String
    /// 1-based.
    public var step: Int
    /// `check`: whether the goal was met.
    public var passed: Bool?
    /// `predict`: the answer.
    public var answer: String?
    /// Seconds since 1970, on the learner's clock.
    public var at: Double

    public init(seq: Int, kind: Kind, lesson: String, step: Int, passed: Bool? = nil, answer: String? = nil, at: Double)
    {
        self.seq = seq
        self.kind = kind
        self.lesson = lesson
        self.step = step
        self.passed = passed
        self.answer = answer
        self.at = at
    }
}

/// `POST /CODE/reports`
public struct ReportBatch: Codable, Sendable, Equatable {
    public var reports: [Report]
    public init(reports: [Report]) { self.reports = reports }
}

public struct ReportReceipt: Codable, Sendable, Equatable {
    /// The highest `seq` the server holds for this learner: everything up to it is kept.
    public var through: Int
    public var state: ClassState
    /// Reports of this batch not kept because the presenter's lessons have no such step, question or option.
    public var refused: Int? = nil
    public init(through: Int, state: ClassState) {
        self.through = through
        self.state = state
    }
}

/// `POST /CODE/presenter`: each field present changes that part of the class.
public struct PresenterUpdate: Codable, Sendable, Equatable {
    public var lesson: String?
    public var lessonTitle: String?
    public var step: Int?
    public var titles: [String]?
    /// Steps whose goal asks for a prediction (1-based).
    public var predictionSteps: [Int]?
    /// How many options each of `predictionSteps` offers, in the same order (0: any number); the server refuses an
    /// answer outside them.
    public var predictionOptions: [Int]? = nil
    /// Steps whose goal a learner can meet (predictions included; a ```` ```goal unmet ```` demonstration and a step
    /// with no goal are not): only there do failed checks make a learner stuck. Nil from an older presenter.
    public var exerciseSteps: [Int]?
    public var tries: Bool?
    /// Show one more hint of the current step to the room.
    public var revealHint: Bool?
    public var revealSolution: Bool?
    /// The room has been shown the first `hints` hints of `revealStep` (or of the current step): the counter
    /// becomes at least this. Sent twice (an answer lost, a reveal kept while the server was away), it counts once.
    public var hints: Int?
    /// The step `hints` and `revealSolution` are about, when not the current one (a reveal kept while the server
    /// was away, sent after the presenter moved on).
    public var revealStep: Int?
    /// Show the room's answers to this step's prediction on the board.
    public var revealAnswers: Int?
    public var lang: String?
    /// The lesson's titles in every language it has (its twin lessons), by language: each viewer and learner reads
    /// their own.
    public var translations: [String: LessonTitles]? = nil
    /// The presenter stops presenting: the room is told, the board says it.
    public var stopped: Bool? = nil

    public init(
        lesson: String? = nil, lessonTitle: String? = nil, step: Int? = nil, titles: [String]? = nil,
        predictionSteps: [Int]? = nil, tries: Bool? = nil, revealHint: Bool? = nil, revealSolution: Bool? = nil,
        revealAnswers: Int? = nil, lang: String? = nil, hints: Int? = nil, revealStep: Int? = nil,
        exerciseSteps: [Int]? = nil
    ) {
        self.lesson = lesson
        self.lessonTitle = lessonTitle
        self.step = step
        self.titles = titles
        self.predictionSteps = predictionSteps
        self.tries = tries
        self.revealHint = revealHint
        self.revealSolution = revealSolution
        self.revealAnswers = revealAnswers
        self.lang = lang
        self.hints = hints
        self.revealStep = revealStep
        self.exerciseSteps = exerciseSteps
    }
}

/// A lesson's title and its steps' titles in one language.
public struct LessonTitles: Codable, Sendable, Equatable {
    public var title: String
    public var steps: [String]
    public init(title: String, steps: [String]) {
        self.title = title
        self.steps = steps
    }
}

/// Every refusal: one status and this body.
public struct WireError: Codable, Sendable, Equatable, Error {
    public var error: String
    /// Which refusal it is (a ``RefusalReason``), for a client to say in its user's language.
    public var reason: String?
    public init(_ error: String, reason: RefusalReason? = nil) {
        self.error = error
        self.reason = reason?.rawValue
    }
}

/// Why the server refused, when a status alone does not say it.
public enum RefusalReason: String, Codable, Sendable, CaseIterable {
    case classFull = "class-full"
    case addressFull = "address-full"
    case joiningClosed = "joining-closed"
    case tooManyJoins = "too-many-joins"
    case tooManyReports = "too-many-reports"
    case tooManyRequests = "too-many-requests"
    case tooManyBoards = "too-many-boards"
    case badName = "bad-name"
    case removed
    case unknownToken = "unknown-token"
    case notPresenter = "not-presenter"
    case notInLesson = "not-in-lesson"
    case noQuestion = "no-question"
    case notAnOption = "not-an-option"
    case noSuchLearner = "no-such-learner"
}

/// `POST /CODE/remove` (the presenter's token): every learner of that name leaves the class; their tokens stop
/// working and the board forgets them. `POST /CODE/close` and `POST /CODE/open` (no body) close and reopen joining.
/// Whom the presenter removes: every learner of a name (`*` in it stands for any characters: "Bot*"), or every
/// learner who joined at or after a time (a flood of joins, cleared at once).
public struct RemoveRequest: Codable, Sendable, Equatable {
    public var name: String?
    /// Seconds since 1970.
    public var joinedAfter: Double?
    public init(name: String) { self.name = name }
    public init(joinedAfter: Double) { self.joinedAfter = joinedAfter }

    /// Whether a learner of this name, who joined then, is one to remove.
    public func matches(name other: String, joined: Double) -> Bool {
        if let joinedAfter, joined < joinedAfter { return false }
        guard let name = name.map(Self.trimmed) else { return joinedAfter != nil }
        guard name.contains("*") else { return other == name }
        let parts = name.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard other.hasPrefix(parts.first!), other.dropFirst(parts.first!.count).hasSuffix(parts.last!) else {
            return false
        }
        var rest = Substring(other.dropFirst(parts.first!.count).dropLast(parts.last!.count))
        for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
            guard let start = rest.indices.first(where: { rest[$0...].hasPrefix(middle) }) else { return false }
            rest = rest[rest.index(start, offsetBy: middle.count)...]
        }
        return true
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

public struct RemoveResponse: Codable, Sendable, Equatable {
    public var removed: Int
    public var state: ClassState
    public init(removed: Int, state: ClassState) {
        self.removed = removed
        self.state = state
    }
}

/// A class's address as a learner types it: `http://HOST:PORT/CODE`.
public struct ClassAddress: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var code: String

    public init(host: String, port: Int, code: String) {
        self.host = host
        self.port = port
        self.code = code
    }

    /// Nil for anything but `http://HOST[:PORT]/CODE` (a trailing slash or `/board` is allowed).
    public init?(_ text: String) {
        guard text.hasPrefix("http://") else { return nil }
        let rest = text.dropFirst("http://".count)
        let parts = rest.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2, let authority = parts.first else { return nil }
        let code = String(parts[1])
        guard ClassAddress.isCode(code) else { return nil }
        var host = String(authority)
        var port = 80
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65535).contains(number) else {
                return nil
            }
            port = number
            host = String(authority[..<colon])
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        self.init(host: host, port: port, code: code)
    }

    /// A class code: 4 to 12 letters and digits.
    public static func isCode(_ text: String) -> Bool {
        (4...12).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    public var url: String {
        let shownHost = host.contains(":") ? "[" + host + "]" : host
        return "http://\(shownHost):\(port)/\(code)"
    }
}

/// `GET /CODE/room.json` (the presenter's token): how many joined, as the board counts them, and how many left.
public struct HeadCount: Codable, Sendable, Equatable {
    public var learners: Int
    public var left: Int
    public init(learners: Int, left: Int) {
        self.learners = learners
        self.left = left
    }
}
