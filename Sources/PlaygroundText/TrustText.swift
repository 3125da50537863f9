/// What the playground says about lessons from a `--lessons` folder whose Swift it does not run without the user's
/// consent (`--trust-lessons`): lessons are data.
public enum TrustText: String, TextCatalog {
    case lineNotRun, fileNotRun, folderNotTrusted, handoutRecorded, doctorNotTrusted, doctorTrusted

    public var texts: (en: String, ko: String) {
        switch self {
        case .lineNotRun:
            (
                "not run: Swift from a lesson folder (--lessons) runs only with --trust-lessons",
                "실행하지 않음: 레슨 폴더(--lessons)에서 온 Swift 코드는 --trust-lessons를 주어야만 실행합니다"
            )
        case .fileNotRun:
            (
                "not compiled: {0} comes from a lesson folder (--lessons), and its Swift runs only with "
                    + "--trust-lessons",
                "컴파일하지 않음: {0}은(는) 레슨 폴더(--lessons)에서 온 파일이라, 그 Swift 코드는 --trust-lessons를 주어야만 실행합니다"
            )
        case .folderNotTrusted:
            (
                "note: the lessons from {0} were not trusted: their Swift was shown, not run; --trust-lessons runs it",
                "참고: {0}의 레슨은 신뢰하지 않아 그 Swift 코드를 보여 주기만 하고 실행하지 않았습니다. 실행하려면 --trust-lessons"
            )
        case .handoutRecorded:
            (
                "note: for {0} of those lines the handout shows the output the lesson file recorded "
                    + "('patterns test --update'), not a run",
                "참고: 그중 {0}줄은 실행 결과가 아니라 레슨 파일에 기록된 출력('patterns test --update')을 핸드아웃에 실었습니다"
            )
        case .doctorNotTrusted:
            (
                "the lessons from {0} ({1}): not trusted, their Swift is shown, not run (--trust-lessons runs it)",
                "{0}의 레슨 ({1}개): 신뢰하지 않음. 그 Swift 코드는 보여 주기만 하고 실행하지 않습니다 (실행하려면 --trust-lessons)"
            )
        case .doctorTrusted:
            (
                "the lessons from {0} ({1}): trusted (--trust-lessons), their Swift runs",
                "{0}의 레슨 ({1}개): 신뢰함 (--trust-lessons). 그 Swift 코드도 실행합니다"
            )
        }
    }
}
