/// What the playground says of the Swift a learner declared at the prompt: what goes when the live objects are made
/// again, and what stays when a line is undone, in English and Korean.
public enum PromptText: String, TextCatalog {
    case aroundTheLine, droppedDeclarations, droppedVariables, droppedBoth, conformanceStays, conformanceCarried

    public var texts: (en: String, ko: String) {
        switch self {
        case .aroundTheLine:
            (
                "the playground could not run this line: the Swift it writes around a line to lend it the session's "
                    + "names did not compile, which is the playground's failing, not your Swift's (swiftc would judge "
                    + "the line in a file of its own)",
                "플레이그라운드가 이 줄을 실행하지 못했습니다. 세션의 이름을 빌려주려고 줄 둘레에 쓰는 Swift 코드가 컴파일되지 않았습니다. 여러분의 Swift가 아니라 "
                    + "플레이그라운드의 잘못입니다(swiftc라면 이 줄을 파일 하나에 두고 판단합니다)"
            )
        case .droppedDeclarations:
            (
                "gone with the live objects, as in a fresh program: your declarations {0}",
                "라이브 객체와 함께 사라졌습니다(새 프로그램처럼): 직접 선언한 {0}"
            )
        case .droppedVariables:
            (
                "gone with the live objects, as in a fresh program: your variables {0}",
                "라이브 객체와 함께 사라졌습니다(새 프로그램처럼): 직접 만든 변수 {0}"
            )
        case .droppedBoth:
            (
                "gone with the live objects, as in a fresh program: your declarations {0}; your variables {1}",
                "라이브 객체와 함께 사라졌습니다(새 프로그램처럼): 직접 선언한 {0}, 직접 만든 변수 {1}"
            )
        case .conformanceStays:
            (
                "{0} keeps its conformance to {1} in this session: Swift cannot take a loaded conformance back, so "
                    + "'is' and 'as?' still find it; the extension's members are gone for later lines",
                "{0}은(는) 이 세션에서 {1} 채택을 그대로 유지합니다. Swift는 한 번 불러온 채택을 되돌릴 수 없어서 'is'와 'as?'는 여전히 찾습니다. "
                    + "확장의 멤버는 다음 줄부터 쓸 수 없습니다"
            )
        case .conformanceCarried:
            (
                "{0} conforms to {1} where Swift synthesises it, in {0}'s own declaration: the values made before keep "
                    + "their contents and conform too: {2}",
                "{0}의 {1} 채택은 Swift가 자동으로 합성하므로 {0}의 선언과 함께 다시 컴파일했습니다. 앞서 만든 값도 내용을 그대로 유지한 채 "
                    + "채택합니다: {2}"
            )
        }
    }
}
