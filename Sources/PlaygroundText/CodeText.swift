/// What the playground says about code exercises: the learner's Swift file, compiled and loaded into the session.
public enum CodeText: String, TextCatalog {
    case starterCaption, needsToolchain, notACodeStep, noCodeInLesson, noExerciseFolder, starterCopied, yourFile,
        openItYourself, editorFailed, resetKept, noFileYet, doesNotCompile, loaded, loadedReference, warnings,
        trialStopped, referenceFor, thenTheCommands, roomWrites, arcFreed, arcCycle, fileChanged, editSummary,
        cannotWrite, scenarioStopped, hiddenScenarioFails, lessonNeedsToolchain

    public var texts: (en: String, ko: String) {
        switch self {
        case .starterCaption:
            (
                "`{0}`, the file you write (`edit` opens it; `check` compiles it and tries it):",
                "직접 작성할 파일 `{0}` (`edit`로 열고, `check`로 컴파일해 시험합니다):"
            )
        case .needsToolchain:
            (
                "this exercise is compiled Swift and needs the Swift toolchain: install it "
                    + "(https://www.swift.org/install) and run the playground built from source ('swift run "
                    + "patterns'); the rest of the lesson works without it",
                "이 연습은 컴파일하는 Swift라서 Swift 툴체인이 필요합니다: 툴체인을 설치하고(https://www.swift.org/install) 소스에서 빌드한 "
                    + "플레이그라운드('swift run patterns')로 하세요. 레슨의 나머지는 툴체인 없이도 됩니다"
            )
        case .lessonNeedsToolchain:
            (
                "this lesson's Swift makes objects and sets properties, which only the compiler runs: it needs the "
                    + "Swift toolchain (https://www.swift.org/install) and the playground built from source ('swift "
                    + "run patterns'); without it you can read it, and its lines say what they need",
                "이 레슨의 Swift는 객체를 만들고 프로퍼티를 바꾸는데, 이는 컴파일러만 실행합니다. Swift 툴체인"
                    + "(https://www.swift.org/install)과 소스에서 빌드한 플레이그라운드('swift run patterns')가 필요합니다. "
                    + "툴체인 없이도 읽을 수는 있고, 각 줄이 무엇이 필요한지 알려 줍니다"
            )
        case .notACodeStep:
            (
                "this step has no Swift file to write; the lesson's code exercise is step {0} ('goto {0}')",
                "이 단계에는 작성할 Swift 파일이 없습니다. 이 레슨의 코드 연습은 {0}단계입니다 ('goto {0}')"
            )
        case .noCodeInLesson:
            (
                "this step has no Swift file to write, and neither has any step of this lesson",
                "이 단계에는 작성할 Swift 파일이 없고, 이 레슨의 다른 단계에도 없습니다"
            )
        case .noExerciseFolder:
            (
                "there is no folder for your exercise files: set HOME or XDG_DATA_HOME",
                "연습 파일을 둘 폴더가 없습니다. HOME이나 XDG_DATA_HOME을 설정하세요"
            )
        case .starterCopied: ("your file, copied from the starter: {0}", "시작 코드를 복사한 내 파일: {0}")
        case .yourFile: ("your file: {0}", "내 파일: {0}")
        case .openItYourself:
            (
                "open it in your editor (set $EDITOR and 'edit' opens it for you); each time you save it the "
                    + "playground compiles and checks it, or type 'check'",
                "편집기로 여세요($EDITOR를 설정하면 'edit'가 열어 줍니다). 저장할 때마다 플레이그라운드가 컴파일해 확인합니다. 'check'를 입력해도 됩니다"
            )
        case .editorFailed:
            (
                "the editor ({0}) did not finish normally (status {1}); your file is as the editor left it",
                "편집기({0})가 정상 종료하지 않았습니다(상태 {1}). 파일은 편집기가 남긴 그대로입니다"
            )
        case .resetKept:
            (
                "started again from the starter; your earlier file is kept as {0}",
                "시작 코드로 다시 시작합니다. 이전 파일은 {0}에 남겨 두었습니다"
            )
        case .noFileYet:
            (
                "you have no {0} yet: 'edit' copies the starter into your exercise folder and opens it",
                "아직 {0} 파일이 없습니다. 'edit'가 시작 코드를 연습 폴더에 복사해 열어 줍니다"
            )
        case .doesNotCompile:
            (
                "✗ not yet: {0} does not compile (the compiler's words above); fix it and save, or type 'check'",
                "✗ 아직입니다: {0} 파일이 컴파일되지 않습니다(위는 컴파일러의 말). 고친 뒤 저장하거나 'check'를 입력하세요"
            )
        case .loaded:
            (
                "{0} compiled and loaded ({1}); the live objects are set up as the step starts, and its commands run "
                    + "with your code:",
                "{0} 파일을 컴파일해 불러왔습니다({1}). 라이브 객체를 이 단계의 시작 상태로 되돌리고, 단계의 명령을 내 코드로 실행합니다:"
            )
        case .loadedReference:
            (
                "the lesson's reference {0} is loaded ({1})",
                "레슨의 참고 풀이 {0} 파일을 불러왔습니다({1})"
            )
        case .warnings: ("the compiler warns (your code runs anyway):", "컴파일러 경고(코드는 그대로 실행됩니다):")
        case .scenarioStopped: ("(a command of the hidden run failed)", "(숨긴 실행의 명령이 실패했습니다)")
        case .hiddenScenarioFails:
            (
                "✗ not yet: the step's own run meets its {0} goal lines, but a second run with other values and other "
                    + "objects, which the playground keeps hidden, does not. Your code must do the job for any input, "
                    + "not only for the one the step shows: no answer written in, no test of which object it was given",
                "✗ 아직입니다: 단계에 나온 실행은 목표 {0}줄을 채우지만, 플레이그라운드가 숨겨 둔 다른 값과 다른 객체로 한 두 번째 실행은 "
                    + "채우지 못합니다. 코드는 단계에 나온 입력뿐 아니라 어떤 입력에서도 일을 해야 합니다. 답을 코드에 적어 두거나 "
                    + "받은 객체가 무엇인지 검사하지 마세요"
            )
        case .trialStopped: ("the step's commands stopped at '{0}'", "이 단계의 명령이 '{0}'에서 멈췄습니다")
        case .referenceFor:
            (
                "The reference {0} for step {1}:",
                "{1}단계의 참고 풀이 {0} 파일:"
            )
        case .thenTheCommands:
            (
                "Then the step's commands (what 'check' runs with your file):",
                "그다음 이 단계의 명령('check'가 내 파일로 실행하는 것):"
            )
        case .roomWrites:
            (
                "The room writes {0} now ('edit' in the playground). Enter loads the reference solution and drives "
                    + "it.",
                "지금 모두 {0} 파일을 작성합니다(플레이그라운드에서 'edit'). Enter를 누르면 참고 풀이를 불러와 실행합니다."
            )
        case .arcFreed:
            (
                "ARC freed {0}: nothing holds it any more",
                "ARC가 {0} 객체를 해제했습니다: 이제 아무것도 붙잡고 있지 않습니다"
            )
        case .arcCycle:
            (
                "{0} still alive, yet no name reaches it: a reference cycle keeps it (a leak)",
                "{0}: 아직 살아 있지만 어떤 이름으로도 닿지 않습니다. 참조 순환이 붙잡고 있습니다(누수)"
            )
        case .fileChanged:
            (
                "{0} changed: check",
                "{0} 파일이 바뀌었습니다: check"
            )
        case .editSummary:
            (
                "write this step's Swift file in your editor ('edit --reset' starts it again from the starter)",
                "이 단계의 Swift 파일을 편집기로 작성 ('edit --reset'은 시작 코드로 다시 시작)"
            )
        case .cannotWrite: ("cannot write {0}", "{0}에 쓸 수 없습니다")
        }
    }
}
