/// What the `patterns` executable itself says outside a session: its command-line errors, file problems, warnings
/// and `patterns doctor`, in English and Korean side by side, as `CoreText` does for the session.
public enum CLIText: String, TextCatalog {
    // Prefixes and command-line errors.
    case warning, argumentError, seeHelp, missingArgument, unknownOption, unexpectedArgument, invalidValue
    case widthRange, langOneOf, swiftVersionOneOf, nameALessonOrAll, nameALessonNotBoth, stepRange, fromAfterTo
    // Files: what failed, then why.
    case cannotRead, cannotWrite, folderDoesNotExist, doesNotExist, permissionDenied, isAFolder, partOfPathNotAFolder,
        diskFull, diskQuota, readOnly, nameTooLong, isANamedPipe, isASocket, isADevice, pipeHasNoReader, notAFolder,
        isAFile, lessonsMissing
    // Progress, history, lessons, handouts.
    case progressNotSaved, progressNotRead, progressMovedAside, progressNotMovedAside, noPlaceForProgress
    case historyMovedAside, historyNotUsed, forgotAll, forgotLesson, hadNoProgress, wrote
    // patterns doctor.
    case doctorTitle, doctorOK, doctorNote, doctorMissing, doctorSummaryOK, doctorSummaryMissing
    case checkVersion, checkLibedit, fixLibedit, checkTerminal, fixTerminalNotATTY, checkTerm, fixTerm, checkSize,
        fixSize,
        checkCompiler, fixCompiler, checkStateFolder, fixStateFolder, fixStateFolderNoHome, checkLocale, fixLocale,
        compilerOff, compilerNotOnPath, compilerNoModules, compilerNotExported, compilerNotInThisBuild, notSet,
        unknownCommit, checkThreads, fixThreads, checkKeptCopies

    public var texts: (en: String, ko: String) {
        switch self {
        case .warning: ("warning: {0}", "경고: {0}")
        case .argumentError: ("error: {0}", "오류: {0}")
        case .seeHelp: ("See '{0}' for more information.", "자세한 내용은 '{0}'을(를) 보세요.")
        case .missingArgument: ("missing expected argument '{0}'", "필요한 인자 '{0}'이(가) 없습니다")
        case .unknownOption: ("unknown option '{0}'", "알 수 없는 옵션 '{0}'")
        case .unexpectedArgument: ("unexpected argument '{0}'", "예상하지 못한 인자 '{0}'")
        case .invalidValue: ("the value '{0}' is invalid for '{1}'", "'{0}'은(는) '{1}'에 쓸 수 없는 값입니다")
        case .widthRange: ("--width must be from {0} to {1}", "--width는 {0}에서 {1} 사이여야 합니다")
        case .langOneOf: ("--lang must be one of: en, ko", "--lang은 en, ko 중 하나여야 합니다")
        case .swiftVersionOneOf: ("--swift-version must be 5 or 6", "--swift-version은 5 또는 6이어야 합니다")
        case .nameALessonOrAll: ("name a lesson, or pass --all", "레슨을 지정하거나 --all을 주세요")
        case .nameALessonNotBoth: ("name a lesson or pass --all, not both", "레슨 지정과 --all 중 하나만 주세요")
        case .stepRange: ("{0} must be a step from 1 to {1}, not {2}", "{0}은(는) 1에서 {1} 사이의 단계여야 합니다({2}이(가) 아님)")
        case .fromAfterTo: ("--from ({0}) must not be after --to ({1})", "--from({0})이 --to({1})보다 뒤일 수 없습니다")

        case .cannotRead: ("cannot read '{0}': {1}", "'{0}'을(를) 읽을 수 없습니다: {1}")
        case .cannotWrite: ("cannot write '{0}': {1}", "'{0}'에 쓸 수 없습니다: {1}")
        case .folderDoesNotExist: ("the folder '{0}' does not exist", "'{0}' 폴더가 없습니다")
        case .doesNotExist: ("it does not exist", "파일이 없습니다")
        case .permissionDenied: ("permission denied", "권한이 없습니다")
        case .isAFolder: ("it is a folder", "폴더입니다")
        case .partOfPathNotAFolder: ("a part of the path is not a folder", "경로의 일부가 폴더가 아닙니다")
        case .diskFull: ("the disk is full", "디스크가 가득 찼습니다")
        case .diskQuota: ("the disk quota is used up", "디스크 할당량을 다 썼습니다")
        case .readOnly: ("the file system is read-only", "읽기 전용 파일 시스템입니다")
        case .nameTooLong: ("the name is too long", "이름이 너무 깁니다")
        case .isANamedPipe: ("it is a named pipe (FIFO), not a file", "파일이 아니라 이름 있는 파이프(FIFO)입니다")
        case .isASocket: ("it is a socket, not a file", "파일이 아니라 소켓입니다")
        case .isADevice: ("it is a device, not a file", "파일이 아니라 장치입니다")
        case .pipeHasNoReader:
            ("it is a named pipe (FIFO) that no program is reading", "아무 프로그램도 읽고 있지 않은 이름 있는 파이프(FIFO)입니다")
        case .lessonsMissing: ("--lessons: '{0}' does not exist", "--lessons: '{0}'이(가) 없습니다")
        case .isAFile: ("it is a file", "파일입니다")
        case .notAFolder: ("--lessons: '{0}' is not a folder: {1}", "--lessons: '{0}'은(는) 폴더가 아닙니다: {1}")

        case .progressNotSaved: ("progress not saved: {0}", "진행 상황을 저장하지 못했습니다: {0}")
        case .progressNotRead:
            (
                "progress not read: {0}; it will not be saved either",
                "진행 상황을 읽지 못했습니다: {0}. 저장도 하지 않습니다"
            )
        case .progressMovedAside:
            (
                "{0} could not be read; it was moved to {1} and progress starts afresh",
                "{0}을(를) 읽을 수 없어 {1}(으)로 옮겼습니다. 진행 상황은 처음부터 시작합니다"
            )
        case .progressNotMovedAside:
            (
                "{0} could not be read and could not be moved aside ({1}); progress will not be saved",
                "{0}을(를) 읽을 수 없고 옮길 수도 없습니다({1}). 진행 상황을 저장하지 않습니다"
            )
        case .noPlaceForProgress:
            (
                "no place for progress: set HOME or XDG_STATE_HOME",
                "진행 상황을 둘 곳이 없습니다. HOME이나 XDG_STATE_HOME을 설정하세요"
            )
        case .historyMovedAside:
            (
                "the history file {0} could not be read; it was moved to {1}",
                "기록 파일 {0}을(를) 읽을 수 없어 {1}(으)로 옮겼습니다"
            )
        case .historyNotUsed:
            (
                "history is off for this session: {0}; set PATTERNS_HISTORY to a file (empty: no history)",
                "이번 세션은 기록을 남기지 않습니다: {0}. PATTERNS_HISTORY에 파일을 지정하세요(비우면 기록 없음)"
            )
        case .forgotAll: ("forgot the progress of every lesson", "모든 레슨의 진행 상황을 지웠습니다")
        case .forgotLesson: ("forgot the progress of '{0}'", "'{0}'의 진행 상황을 지웠습니다")
        case .hadNoProgress: ("'{0}' had no saved progress", "'{0}'에는 저장된 진행 상황이 없습니다")
        case .wrote: ("wrote {0}", "{0}에 썼습니다")

        case .doctorTitle:
            ("patterns doctor: what this machine has for the playground", "patterns doctor: 이 컴퓨터에 플레이그라운드에 필요한 것이 있는지")
        case .doctorOK: ("ok       {0}", "정상     {0}")
        case .doctorNote: ("note     {0}", "참고     {0}")
        case .doctorMissing: ("missing  {0}\n         fix: {1}", "없음     {0}\n         해결: {1}")
        case .doctorSummaryOK: ("everything the playground needs is here", "플레이그라운드에 필요한 것이 모두 있습니다")
        case .doctorSummaryMissing:
            ("{0} check(s) failed; each says how to fix it", "{0}개 항목이 통과하지 못했습니다. 항목마다 해결 방법이 있습니다")
        case .checkVersion: ("version: patterns {0}", "버전: patterns {0}")
        case .checkLibedit: ("line editing (libedit): {0}", "줄 편집(libedit): {0}")
        case .fixLibedit:
            (
                "install libedit's runtime library: apt-get install libedit2 (Fedora: dnf install libedit)",
                "libedit 런타임 라이브러리를 설치하세요: apt-get install libedit2 (Fedora: dnf install libedit)"
            )
        case .checkTerminal: ("a terminal on standard input and output", "표준 입출력이 터미널")
        case .fixTerminalNotATTY:
            (
                "run patterns in a terminal window, not through a pipe or a file",
                "파이프나 파일이 아니라 터미널 창에서 patterns를 실행하세요"
            )
        case .checkTerm: ("terminal type TERM={0}", "터미널 종류 TERM={0}")
        case .fixTerm:
            (
                "set TERM to your terminal's type, e.g. export TERM=xterm-256color",
                "TERM에 터미널 종류를 지정하세요. 예: export TERM=xterm-256color"
            )
        case .checkSize:
            (
                "terminal size {0}x{1} (the dashboard needs 60x16, 80x24 is best)",
                "터미널 크기 {0}x{1} (대시보드는 60x16 이상, 80x24 권장)"
            )
        case .fixSize: ("make the window at least 80 columns by 24 rows", "창을 80열 24행 이상으로 키우세요")
        case .checkCompiler:
            (
                "the Swift compiler for Swift lines and code exercises: {0}",
                "Swift 줄과 코드 연습에 쓸 Swift 컴파일러: {0}"
            )
        case .checkKeptCopies:
            (
                "copies of the playground kept for undo in your sessions running now: {0}, holding {1} MB of their own "
                    + "(at most {2} a session)",
                "지금 실행 중인 세션에서 되돌리기를 위해 남겨 둔 플레이그라운드 사본: {0}개, 그 사본만의 메모리 {1}MB (세션마다 최대 {2}개)"
            )
        case .checkThreads:
            (
                "threads in this process: {0} (a line's copy of the playground is forked from a process with one)",
                "이 프로세스의 스레드: {0}개 (줄마다 만드는 플레이그라운드 복사본은 스레드가 하나인 프로세스에서 나옵니다)"
            )
        case .fixThreads:
            (
                "a second thread can hang a line's copy: report it (patterns --version, and what was running)",
                "두 번째 스레드는 줄의 복사본을 멈추게 할 수 있습니다. 알려 주세요(patterns --version과 실행 중이던 것)"
            )
        case .fixCompiler:
            (
                "{0}; the rest of the playground works without it (install Swift from swift.org and build from source)",
                "{0}. 컴파일러 없이도 나머지는 동작합니다(swift.org에서 Swift를 설치하고 소스에서 빌드하세요)"
            )
        case .checkStateFolder: ("a writable folder for progress and history: {0}", "진행 상황과 기록을 쓸 수 있는 폴더: {0}")
        case .fixStateFolder:
            (
                "{0}; make it writable, or set XDG_STATE_HOME to a folder you can write",
                "{0}. 쓰기 권한을 주거나 XDG_STATE_HOME에 쓸 수 있는 폴더를 지정하세요"
            )
        case .fixStateFolderNoHome:
            ("neither HOME nor XDG_STATE_HOME is set; set one of them", "HOME도 XDG_STATE_HOME도 없습니다. 둘 중 하나를 설정하세요")
        case .checkLocale:
            ("a UTF-8 locale for Korean and other text (LC_CTYPE {0})", "한국어 등을 위한 UTF-8 로캘(LC_CTYPE {0})")
        case .compilerOff: ("turned off (PATTERNS_SWIFTC is empty)", "꺼져 있습니다(PATTERNS_SWIFTC가 비어 있음)")
        case .compilerNotOnPath: ("no swiftc on PATH", "PATH에 swiftc가 없습니다")
        case .compilerNoModules:
            (
                "this binary has no Swift modules beside it ({0}): a packaged build",
                "이 실행 파일 옆에 Swift 모듈이 없습니다({0}). 패키지로 받은 빌드입니다"
            )
        case .compilerNotExported:
            ("this binary is statically linked and cannot load compiled lines", "정적으로 링크된 실행 파일이라 컴파일한 줄을 불러올 수 없습니다")
        case .compilerNotInThisBuild:
            (
                "not used by this build ({0}); Swift lines beyond the interpreter's and code exercises need a build "
                    + "from source",
                "이 빌드는 쓰지 않습니다({0}). 인터프리터 밖의 Swift 줄과 코드 연습은 소스에서 빌드한 플레이그라운드가 필요합니다"
            )
        case .notSet: ("(not set)", "(설정 안 됨)")
        case .unknownCommit: ("unknown commit", "알 수 없는 커밋")
        case .fixLocale: ("set a UTF-8 locale, e.g. export LANG=C.UTF-8", "UTF-8 로캘을 지정하세요. 예: export LANG=C.UTF-8")
        }
    }
}
