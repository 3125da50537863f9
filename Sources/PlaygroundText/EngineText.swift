/// What the playground says when a line never finished: stopped, crashed, or not run at all.
public enum EngineText: String, TextCatalog {
    case crashed, stackOrMemory, compilerTimedOut, outOfMemory, refused, cacheFallback, bindingNotSpellable,
        playgroundStopped, redefined, languageMode, exited, aborted, killed, waitingForInput, changedStandardFile,
        changedSession, changedProcessGroup, changedLimit, changedFileMask, changedSignalHandling, leftFilesOpen,
        restricted, changedSessionFile,
        processesEnded, memoryRunaway, startedAThread, timerLeft, concurrencyNotTakenOver, concurrencyTakenOver,
        fixConcurrency, freeingTrapped, freeingStopped, undoReplayed, playgroundOwnName,
        declaredInConditionalBlock

    public var texts: (en: String, ko: String) {
        switch self {
        case .crashed:
            (
                "the line crashed the copy of the playground it ran in (signal {0}); the live objects are as they were "
                    + "before it",
                "이 줄이 실행되던 플레이그라운드 사본을 비정상 종료시켰습니다(시그널 {0}). 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .exited:
            (
                "the line called exit({0}): a program would end here, with status {0}; the playground goes on, and the "
                    + "live objects are as they were before it",
                "이 줄이 exit({0})을 불렀습니다. 프로그램이라면 여기서 상태 {0}으로 끝납니다. 플레이그라운드는 계속되며, 라이브 객체는 이 줄 전의 "
                    + "상태 그대로입니다"
            )
        case .aborted:
            (
                "the line aborted (signal 6, SIGABRT, as abort() does): a program would stop here; the live objects "
                    + "are as they were before it",
                "이 줄이 중단되었습니다(abort()처럼 시그널 6, SIGABRT). 프로그램이라면 여기서 멈춥니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .killed:
            (
                "the line's process was ended by signal {0} ({1}); the playground goes on, and the live objects are as "
                    + "they were before it",
                "이 줄의 프로세스가 시그널 {0}({1})로 끝났습니다. 플레이그라운드는 계속되며, 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .waitingForInput:
            (
                "stopped: the line waits for standard input (readLine(), or a read of file descriptor 0), which is the "
                    + "playground's own: a line cannot read it; the live objects are as they were before it",
                "중지: 이 줄이 표준 입력을 기다립니다(readLine() 또는 파일 디스크립터 0 읽기). 표준 입력은 플레이그라운드가 쓰므로 줄에서는 읽을 수 "
                    + "없습니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .changedStandardFile:
            (
                "not kept: the line closed or replaced file descriptor {0} ({1}), which the playground needs for every "
                    + "later answer; the live objects are as they were before it",
                "유지하지 않음: 이 줄이 파일 디스크립터 {0}({1})을 닫거나 바꿨습니다. 플레이그라운드는 다음 답마다 이것이 필요합니다. 라이브 객체는 "
                    + "이 줄 전의 상태 그대로입니다"
            )
        case .changedSession:
            (
                "not kept: the line moved the playground's process into a session of its own (setsid()), away from "
                    + "the terminal and Ctrl-C; the live objects are as they were before it",
                "유지하지 않음: 이 줄이 플레이그라운드 프로세스를 새 세션으로 옮겨(setsid()) 터미널과 Ctrl-C에서 떼어 놓았습니다. 라이브 객체는 "
                    + "이 줄 전의 상태 그대로입니다"
            )
        case .changedProcessGroup:
            (
                "not kept: the line moved the playground's process to a process group it cannot leave; the live "
                    + "objects are as they were before it",
                "유지하지 않음: 이 줄이 플레이그라운드 프로세스를 되돌아올 수 없는 프로세스 그룹으로 옮겼습니다. 라이브 객체는 이 줄 전의 상태 "
                    + "그대로입니다"
            )
        case .changedLimit:
            (
                "not kept: the line changed a limit of the playground's process ({0}, setrlimit), which every later "
                    + "line and the playground itself would live under; the live objects are as they were before it",
                "유지하지 않음: 이 줄이 플레이그라운드 프로세스의 한도({0}, setrlimit)를 바꿨습니다. 이후의 모든 줄과 플레이그라운드 자신이 그 "
                    + "한도 아래에서 돌게 됩니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .changedFileMask:
            (
                "not kept: the line changed the playground process's file-creation mask (umask), with which it "
                    + "writes your progress, history and compiled lines; the live objects are as they were before it",
                "유지하지 않음: 이 줄이 플레이그라운드 프로세스의 파일 생성 마스크(umask)를 바꿨습니다. 플레이그라운드는 이것으로 진행 상황, "
                    + "기록, 컴파일한 줄을 씁니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .changedSessionFile:
            (
                "not kept: the line closed or replaced file descriptor {0}, which the playground keeps to carry the "
                    + "session on from one line to the next; the live objects are as they were before it",
                "유지하지 않음: 이 줄이 파일 디스크립터 {0}을 닫거나 바꿨습니다. 플레이그라운드는 한 줄에서 다음 줄로 세션을 이어 가려고 이것을 "
                    + "씁니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .restricted:
            (
                "not kept: the line put a restriction on the playground's process that no process can lift ({0}), "
                    + "under which every later line and the playground itself would run; the live objects are as they "
                    + "were before it",
                "유지하지 않음: 이 줄이 어떤 프로세스도 풀 수 없는 제한({0})을 플레이그라운드 프로세스에 걸었습니다. 이후의 모든 줄과 플레이그라운드 "
                    + "자신이 그 제한 아래에서 돌게 됩니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .leftFilesOpen:
            (
                "not kept: the line left {0} files open, and the playground needs some free for every later line "
                    + "(its pipes): close them in the line that opens them; the live objects are as they were before "
                    + "it",
                "유지하지 않음: 이 줄이 파일 {0}개를 열어 둔 채 끝났습니다. 플레이그라운드는 이후의 모든 줄에 쓸 파일(파이프)이 필요합니다. 연 줄에서 "
                    + "닫아 주세요. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .changedSignalHandling:
            (
                "not kept: the line changed how the playground's process handles {0} (signal or sigaction), which "
                    + "the playground relies on; the live objects are as they were before it",
                "유지하지 않음: 이 줄이 플레이그라운드 프로세스가 {0}을 다루는 방식(signal 또는 sigaction)을 바꿨습니다. 플레이그라운드는 "
                    + "이것에 기대어 돕니다. 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .memoryRunaway:
            (
                "stopped: after {0} s the line was still running and still taking memory ({1} MB more than before "
                    + "it: filling memory without end?); the live objects are as they were before it",
                "중지: {0}초가 지나도 이 줄이 끝나지 않고 메모리를 계속 차지했습니다(이 줄 전보다 {1}MB 더: 끝없이 메모리를 채우나요?). 라이브 객체는 "
                    + "이 줄 전의 상태 그대로입니다"
            )
        case .undoReplayed:
            (
                "note: no copy from before that line is kept: undo replayed the earlier lines, and what they did "
                    + "outside the live objects happened again",
                "참고: 그 줄 전의 사본이 남아 있지 않아 되돌리기가 앞의 줄들을 다시 실행했습니다. 그 줄들이 라이브 객체 밖에서 한 일도 다시 일어났습니다"
            )
        case .processesEnded:
            (
                "note: the playground does not keep processes a line starts; {0} ended with the line",
                "참고: 플레이그라운드는 줄이 시작한 프로세스를 남기지 않습니다. {0}개가 줄과 함께 끝났습니다"
            )
        case .stackOrMemory:
            (
                "(signal 11: a stack overflow, such as a function that calls itself without end, or a bad memory "
                    + "access)",
                "(시그널 11: 끝없이 자기 자신을 부르는 함수 같은 스택 오버플로, 또는 잘못된 메모리 접근)"
            )
        case .compilerTimedOut:
            (
                "stopped: the compiler was still judging this line after {0} s (PATTERNS_COMPILE_TIME_LIMIT); the live "
                    + "objects are as they were before it",
                "중지: {0}초가 지나도 컴파일러가 이 줄을 판단하고 있었습니다(PATTERNS_COMPILE_TIME_LIMIT). 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .outOfMemory:
            (
                "stopped: the line used more than {0} MB of memory (PATTERNS_LINE_MEMORY_LIMIT); the live objects are "
                    + "as they were before it",
                "중지: 이 줄이 메모리를 {0}MB 넘게 썼습니다(PATTERNS_LINE_MEMORY_LIMIT). 라이브 객체는 이 줄 전의 상태 그대로입니다"
            )
        case .refused:
            (
                "not run: the playground could not make the copy of itself that runs a line safely ({0}); nothing "
                    + "changed",
                "실행하지 않음: 줄을 안전하게 실행할 플레이그라운드 사본을 만들 수 없었습니다({0}). 바뀐 것은 없습니다"
            )
        case .bindingNotSpellable:
            (
                "note: the playground cannot hand '{0}' to later lines: it cannot write its type ({1}) as Swift",
                "참고: 플레이그라운드가 '{0}'의 타입({1})을 Swift로 쓸 수 없어서, 다음 줄에 '{0}'을 넘기지 못합니다"
            )
        case .playgroundStopped:
            (
                "patterns: the playground stopped between lines (signal {0}): a bug in the playground, please report "
                    + "it",
                "patterns: 줄과 줄 사이에 플레이그라운드가 멈췄습니다(시그널 {0}). 플레이그라운드의 버그이니 알려 주세요"
            )
        case .redefined:
            (
                "{0} redefined; {1} live object(s) still use the old {0}, which later lines cannot name: {2}",
                "{0}을(를) 다시 정의했습니다. 라이브 객체 {1}개는 예전 {0}을(를) 그대로 쓰며, 다음 줄에서는 그 이름을 쓸 수 없습니다: {2}"
            )
        case .languageMode:
            (
                "(judged in the Swift 6 language mode, as --swift-version 6 asks: in Swift 5, swiftc's default, this "
                    + "is a warning)",
                "(--swift-version 6에 따라 Swift 6 언어 모드로 판정했습니다. swiftc의 기본인 Swift 5 모드에서는 경고입니다)"
            )
        case .startedAThread:
            (
                "not kept: this line left a thread running (DispatchQueue.global(), a Thread, asyncAfter); the "
                    + "playground runs every line on one thread, so the live objects are as they were before it. "
                    + "Task { } and DispatchQueue.main.async run at the end of the line instead",
                "유지하지 않음: 이 줄이 스레드를 남겼습니다(DispatchQueue.global(), Thread, asyncAfter). 플레이그라운드는 모든 줄을 "
                    + "한 스레드에서 실행하므로 라이브 객체는 이 줄 전의 상태 그대로입니다. Task { }와 DispatchQueue.main.async는 "
                    + "줄 끝에서 실행됩니다"
            )
        case .declaredInConditionalBlock:
            (
                "not run: `{0}` is declared inside `#if` at the prompt, and the playground keeps nothing an `#if` "
                    + "declares for later lines: declare it outside the `#if` (a variable before it, set inside it)",
                "실행하지 않음: `{0}`이(가) 프롬프트의 `#if` 안에서 선언되었습니다. 플레이그라운드는 `#if` 안의 선언을 다음 줄까지 유지하지 "
                    + "않습니다. `#if` 밖에서 선언하세요(변수라면 `#if` 앞에서 선언하고 안에서 값을 정하세요)"
            )
        case .playgroundOwnName:
            (
                "not run: `{0}` is a name of the playground's own, not of Swift's: your code can neither use nor "
                    + "declare it (any other name is yours)",
                "실행하지 않음: `{0}`은(는) Swift가 아니라 플레이그라운드 자신의 이름입니다. 코드에서 쓰거나 선언할 수 없습니다"
                    + "(다른 이름은 모두 쓸 수 있습니다)"
            )
        case .timerLeft:
            (
                "not kept: this line scheduled a Timer; a timer fires only while Foundation's run loop runs, and that "
                    + "run loop starts threads of its own, while the playground runs every line on one thread. "
                    + "A Task that sleeps (Task { try await Task.sleep(for: .seconds(1)); … }) needs no thread of "
                    + "its own",
                "유지하지 않음: 이 줄이 Timer를 예약했습니다. 타이머는 Foundation의 런 루프가 돌 때만 실행되는데, 그 런 루프는 자체 "
                    + "스레드를 시작합니다. 플레이그라운드는 모든 줄을 한 스레드에서 실행합니다. "
                    + "Task.sleep으로 잠드는 Task는 따로 스레드가 필요 없습니다"
            )
        case .concurrencyNotTakenOver:
            (
                "Swift concurrency in lines is not the playground's ({0} not found in this Swift runtime): a line "
                    + "whose Task starts a thread is refused",
                "줄 안의 Swift 동시성을 플레이그라운드가 맡지 못합니다(이 Swift 런타임에 {0}이(가) 없습니다). Task가 스레드를 시작하는 "
                    + "줄은 거부됩니다"
            )
        case .concurrencyTakenOver:
            (
                "a line's Task and Task.sleep run on the line's own thread (the runtime's {0} hooks and executor "
                    + "factory set)",
                "줄의 Task와 Task.sleep은 그 줄의 스레드에서 실행됩니다(런타임 훅 {0}개와 실행기 팩토리 설정)"
            )
        case .fixConcurrency:
            (
                "build the playground with Swift 6.3, the toolchain its takeover was tested with; lines whose tasks "
                    + "need no thread still run",
                "인수가 검증된 툴체인인 Swift 6.3으로 플레이그라운드를 빌드하세요. 스레드가 필요 없는 Task의 줄은 그대로 실행됩니다"
            )
        case .freeingTrapped:
            (
                "a deinit trapped while the playground freed the objects it had set up afresh ({0}); they are kept, "
                    + "never freed, and the session goes on",
                "플레이그라운드가 새로 준비하며 남긴 객체를 해제하는 동안 deinit이 트랩을 일으켰습니다({0}). 그 객체들은 해제하지 않고 "
                    + "두며, 세션은 계속됩니다"
            )
        case .freeingStopped:
            (
                "a deinit did not finish while the playground freed the objects it had set up afresh (a crash, the "
                    + "time or memory limit, Ctrl-C); they are kept, never freed, and the session goes on",
                "플레이그라운드가 새로 준비하며 남긴 객체를 해제하는 동안 deinit이 끝나지 않았습니다(비정상 종료, 시간이나 메모리 "
                    + "제한, Ctrl-C). 그 객체들은 해제하지 않고 두며, 세션은 계속됩니다"
            )
        case .cacheFallback:
            (
                "the line cache {0} cannot be used ({1}); compiled lines are kept in {2} for this session only",
                "줄 캐시 {0}을(를) 쓸 수 없습니다({1}). 이번 세션 동안만 {2}에 컴파일한 줄을 둡니다"
            )
        }
    }
}
