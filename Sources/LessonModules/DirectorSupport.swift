import Patterns
import PlaygroundCore

/// What the director lesson's objects say, in English and Korean.
enum DirectorText: String, TextCatalog {
    case sorryNoBurgers, noQuestion, groupHasNoTitle, groupHasNoQuestions, questionHasNoPrompt, questionHasNoAnswer,
        childScreen, callsOfYourOwn

    var texts: (en: String, ko: String) {
        switch self {
        case .sorryNoBurgers: ("Sorry, no {0} burgers here", "죄송합니다, {0} 버거는 없습니다")
        case .noQuestion: ("there is no question {0}; indices are 0..<{1}", "{0}번 질문은 없습니다. 인덱스는 0..<{1}입니다")
        case .groupHasNoTitle: ("the group has no title", "그룹에 제목이 없습니다")
        case .groupHasNoQuestions: ("the group has no questions", "그룹에 질문이 없습니다")
        case .questionHasNoPrompt: ("a question has no prompt", "질문 내용이 없는 질문이 있습니다")
        case .questionHasNoAnswer: ("a question has no answer", "답이 없는 질문이 있습니다")
        case .childScreen:
            ("Child screen: {0}\nbuilders whose build takes the name: {1}", "자식 화면: {0}\n이름을 받아야 하는 빌더: {1}")
        case .callsOfYourOwn: ("calls of your own", "직접 한 호출")
        }
    }
}

extension DirectorModule {
    static func picture(of receipt: Receipt) -> String {
        let width = 28
        var lines = [TextPicture.centred("RECEIPT", width: width)]
        for line in receipt.lines {
            let price = money(line.cents)
            lines.append(DisplayWidth.pad(line.item, to: width - price.count) + price)
        }
        lines.append(String(repeating: "-", count: width))
        let total = money(receipt.totalCents)
        lines.append(DisplayWidth.pad("TOTAL", to: width - total.count) + total)
        return lines.joined(separator: "\n")
    }

    static func picture(of group: QuestionGroup) -> String {
        var lines = ["QuestionGroup \"\(group.title)\""]
        for (i, q) in group.questions.enumerated() {
            lines.append("  \(i + 1). \(q.prompt)  → \(q.answer)" + (q.hint.map { "  (hint: \($0))" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}
