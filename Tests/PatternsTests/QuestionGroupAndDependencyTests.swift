import Testing

@testable import Patterns

@Suite struct QuestionGroupBuilderTests {
    @Test func startsWithOneQuestionAndValidatesInOrder() {
        let group = QuestionGroupBuilder()
        #expect(group.questions.count == 1)
        #expect(throws: QuestionGroupBuilder.Error.missingTitle) { try group.build() }
        group.title = "Basics"
        // The answer is checked first, as the book's QuestionBuilder does.
        #expect(throws: QuestionBuilder.Error.missingAnswer) { try group.build() }
        group.questions[0].answer = "4"
        #expect(throws: QuestionBuilder.Error.missingPrompt) { try group.build() }
        group.removeQuestion(at: 0)
        #expect(throws: QuestionGroupBuilder.Error.missingQuestions) { try group.build() }
    }

    @Test func buildsEveryNestedQuestion() throws {
        let group = QuestionGroupBuilder()
        group.title = "Basics"
        group.addNewQuestion()
        group.questions[0].prompt = "a"; group.questions[0].answer = "1"
        group.questions[1].prompt = "b"; group.questions[1].answer = "2"; group.questions[1].hint = "two"
        group.removeQuestion(at: 9)  // out of range: ignored
        let built = try group.build()
        #expect(
            built
                == QuestionGroup(
                    title: "Basics",
                    questions: [
                        Question(prompt: "a", answer: "1", hint: nil), Question(prompt: "b", answer: "2", hint: "two"),
                    ]))
    }

    final class Presenter: QuestionGroupScreenDelegate {
        var events: [String] = []
        func questionGroupScreen(didCreate group: QuestionGroup) { events.append("created \(group.title)") }
        func questionGroupScreenDidCancel() { events.append("cancelled") }
    }

    @Test func screenReportsCreatedAndCancelledToItsDelegate() {
        let presenter = Presenter()
        let screen = QuestionGroupScreen()
        screen.delegate = presenter
        #expect(screen.save() as? QuestionGroupBuilder.Error == .missingTitle)
        screen.builder.title = "T"
        screen.builder.questions[0].prompt = "p"
        screen.builder.questions[0].answer = "a"
        #expect(screen.save() == nil)
        screen.cancel()
        #expect(presenter.events == ["created T", "cancelled"])
    }
}

@Suite struct DependencyBuilderTests {
    @Test func allThreeWiringsGreetTheRunTimeName() {
        #expect(RootBuilder().build(name: "Mina") == Child(greeting: "Hello, Mina"))
        #expect(NameStepBuilder().build(name: "Jun") == Child(greeting: "Hello, Jun"))
        #expect(
            ChildDynamicNameBuilder(dependency: StaticParentComponent()).build(name: "Ari")
                == Child(greeting: "Hello, Ari"))
    }

    struct Fixed: ChildDependency { let name = "Static" }

    @Test func childBuilderBuildsFromItsDependency() {
        #expect(ChildBuilder(dependency: Fixed()).build().greeting == "Hello, Static")
    }
}

@Suite struct FluentQuestionBuilderTests {
    @Test func fluentStepsSetTheSamePartsAsTheProperties() throws {
        let group = QuestionGroupBuilder().setTitle("Swift basics")
        group.question(0).setPrompt("What does let declare?").setAnswer("a constant").setHint("not var")
        let built = try group.build()
        #expect(
            built
                == QuestionGroup(
                    title: "Swift basics",
                    questions: [Question(prompt: "What does let declare?", answer: "a constant", hint: "not var")]))
    }
}
