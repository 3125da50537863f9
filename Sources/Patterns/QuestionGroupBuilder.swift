/// A question of a quiz: what to ask, the answer, and an optional hint.
public struct Question: Equatable, Sendable {
    public let prompt: String
    public let answer: String
    public let hint: String?
}

/// A titled group of questions: the product of ``QuestionGroupBuilder``.
public struct QuestionGroup: Equatable, Sendable {
    public let title: String
    public let questions: [Question]
}

/// Builds one ``Question``; nested inside ``QuestionGroupBuilder``.
public final class QuestionBuilder {
    public enum Error: Swift.Error, Equatable, Sendable { case missingAnswer, missingPrompt }
    public var prompt = ""
    public var answer = ""
    public var hint = ""
    public init() {}

    /// Fluent steps, one part each, for a builder written as one chain.
    @discardableResult public func setPrompt(_ prompt: String) -> Self { self.prompt = prompt; return self }
    @discardableResult public func setAnswer(_ answer: String) -> Self { self.answer = answer; return self }
    @discardableResult public func setHint(_ hint: String) -> Self { self.hint = hint; return self }

    /// Throws when a required part is empty, the answer checked first; the hint is optional.
    public func build() throws -> Question {
        guard !answer.isEmpty else { throw Error.missingAnswer }
        guard !prompt.isEmpty else { throw Error.missingPrompt }
        return Question(prompt: prompt, answer: answer, hint: hint.isEmpty ? nil : hint)
    }
}

/// Builds a ``QuestionGroup`` from a title and nested question builders. Starts with one empty question, as the
/// form a user fills in would.
public final class QuestionGroupBuilder {
    public enum Error: Swift.Error, Equatable, Sendable { case missingTitle, missingQuestions }
    public var title = ""
    public private(set) var questions: [QuestionBuilder] = [QuestionBuilder()]
    public init() {}

    @discardableResult public func setTitle(_ title: String) -> Self { self.title = title; return self }

    /// The nested builder at `index` (an index outside `questions` traps, as an array's subscript does).
    public func question(_ index: Int) -> QuestionBuilder { questions[index] }

    public func addNewQuestion() { questions.append(QuestionBuilder()) }

    public func removeQuestion(at index: Int) {
        guard questions.indices.contains(index) else { return }
        questions.remove(at: index)
    }

    /// What ``build()`` last returned: nil before a build succeeded. A failed build leaves it as it was.
    public private(set) var built: QuestionGroup?

    /// Builds every nested question too; the first missing part is the error.
    public func build() throws -> QuestionGroup {
        guard !title.isEmpty else { throw Error.missingTitle }
        guard !questions.isEmpty else { throw Error.missingQuestions }
        let group = QuestionGroup(title: title, questions: try questions.map { try $0.build() })
        built = group
        return group
    }
}

/// Told what happened to the question-group screen: the one-to-one, one-way link of the delegate pattern.
public protocol QuestionGroupScreenDelegate: AnyObject {
    func questionGroupScreen(didCreate group: QuestionGroup)
    func questionGroupScreenDidCancel()
}

/// The screen that fills in a ``QuestionGroupBuilder``: it shows "Missing inputs" when building fails and reports
/// a created group, or a cancel, to its delegate.
public final class QuestionGroupScreen {
    public let builder = QuestionGroupBuilder()
    public weak var delegate: QuestionGroupScreenDelegate?
    public init() {}

    /// Returns the error the screen shows, or nil when the group was created and handed to the delegate.
    @discardableResult
    public func save() -> Swift.Error? {
        do {
            delegate?.questionGroupScreen(didCreate: try builder.build())
            return nil
        } catch {
            return error
        }
    }

    public func cancel() { delegate?.questionGroupScreenDidCancel() }
}
