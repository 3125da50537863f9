import ArgumentParser
import PlaygroundBridge
import PlaygroundCore
import Terminal

#if canImport(Glibc)
import Glibc
#endif

/// `patterns doctor`: what a participant's machine lacks for the playground, each missing thing with its fix in one
/// line. To send round the week before a workshop. libedit missing is the one thing it cannot report itself (the
/// dynamic loader stops before `main`): the package's `check.sh` looks for it with `ldd` first.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Check what this machine lacks for the playground, and how to fix it.")
    @Option(
        name: .long, help: ArgumentHelp("Interface language (en, ko); default from LANG/LC_ALL.", valueName: "lang"))
    var lang: String?
    @Option(name: .long, help: ArgumentHelp("A lesson folder: whether its Swift would run.", valueName: "dir"))
    var lessons: String?
    @Flag(name: .long, help: ArgumentHelp(GlobalOptions.trustHelp)) var trustLessons = false

    struct Check {
        var what: String
        /// nil when the check passed.
        var fix: String?
        /// Something to know that needs no fix (the packaged build has no compiler by design).
        var isNote = false
    }

    func validate() throws {
        if let lang, Lang(rawValue: lang) == nil { throw ValidationError(CLIText.langOneOf.text(Output.lang)) }
    }

    func run() throws {
        let environment = Environment.current()
        var checks = Self.checks(environment: environment, lang: Output.lang)
        if let lessons { checks.append(try Self.lessonsCheck(lessons, trusted: trustLessons, lang: Output.lang)) }
        let failed = checks.filter { $0.fix != nil }.count
        Output.text(Self.report(checks, lang: Output.lang))
        if failed > 0 { throw ExitCode(1) }
    }

    /// A `--lessons` folder: its lessons, and whether their Swift runs (lessons are data without `--trust-lessons`).
    static func lessonsCheck(_ folder: String, trusted: Bool, lang: Lang) throws -> Check {
        let count = try LessonLoader.catalog(extra: folder).lessons.filter { !$0.isBuiltIn }.count
        let what = trusted ? TrustText.doctorTrusted : TrustText.doctorNotTrusted
        return Check(what: what.text(lang, folder, String(count)), isNote: true)
    }

    /// Why compiled Swift is not available, in words.
    static func why(_ reason: LineCompiler.Unavailable, lang: Lang) -> String {
        switch reason {
        case .turnedOff: CLIText.compilerOff.text(lang)
        case .noCompiler: CLIText.compilerNotOnPath.text(lang)
        case .noModules(let folder): CLIText.compilerNoModules.text(lang, folder)
        case .notExported, .staticRuntime: CLIText.compilerNotExported.text(lang)
        }
    }

    static func report(_ checks: [Check], lang: Lang) -> String {
        var out = CLIText.doctorTitle.text(lang) + "\n"
        for check in checks {
            let line =
                check.fix.map { CLIText.doctorMissing.text(lang, check.what, $0) }
                ?? (check.isNote ? CLIText.doctorNote : CLIText.doctorOK).text(lang, check.what)
            out += line + "\n"
        }
        let failed = checks.filter { $0.fix != nil }.count
        out +=
            (failed == 0 ? CLIText.doctorSummaryOK.text(lang) : CLIText.doctorSummaryMissing.text(lang, String(failed)))
            + "\n"
        return out
    }

    static func checks(environment: Environment, lang: Lang) -> [Check] {
        var checks: [Check] = [Check(what: CLIText.checkVersion.text(lang, PatternsCommand.versionText(lang)))]
        // libedit: this process started, so the loader found it; name the library it loaded.
        let maps = (try? FileWriter.read("/proc/self/maps")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let library = maps.split(separator: "\n").lazy.compactMap { $0.split(separator: " ").last }
            .first { $0.contains("/libedit.so") }.map(String.init)
        checks.append(
            Check(
                what: CLIText.checkLibedit.text(lang, library ?? "?"),
                fix: library == nil ? CLIText.fixLibedit.text(lang) : nil))
        // The terminal: a person types into it, and it can draw.
        let terminal = environment.stdinIsTerminal && environment.stdoutIsTerminal
        checks.append(
            Check(what: CLIText.checkTerminal.text(lang), fix: terminal ? nil : CLIText.fixTerminalNotATTY.text(lang)))
        let term = environment.variables["TERM"] ?? ""
        checks.append(
            Check(
                what: CLIText.checkTerm.text(
                    lang, term.isEmpty ? CLIText.notSet.text(lang) : TextSanitizer.clean(term)),
                fix: term.isEmpty || term == "dumb" ? CLIText.fixTerm.text(lang) : nil))
        if environment.stdoutIsTerminal {
            let size = WindowSize.current()
            checks.append(
                Check(
                    what: CLIText.checkSize.text(lang, String(size.columns), String(size.rows)),
                    fix: size.columns < 80 || size.rows < 24 ? CLIText.fixSize.text(lang) : nil))
        }
        // A UTF-8 locale, without which Korean input is dropped by the line editor.
        let ctype = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        checks.append(
            Check(
                what: CLIText.checkLocale.text(lang, ctype),
                fix: ctype.uppercased().contains("UTF") ? nil : CLIText.fixLocale.text(lang)))
        // The Swift compiler, found the way a session finds it.
        switch environment.lineCompiler() {
        case .success(let compiler):
            // PATTERNS_SWIFTC names a compiler without a look: see that it is there.
            let runs = access(compiler.swiftc, X_OK) == 0
            let why =
                runs ? compiler.swiftc : CLIText.cannotRead.text(lang, compiler.swiftc, CLIText.doesNotExist.text(lang))
            checks.append(
                Check(
                    what: CLIText.checkCompiler.text(lang, why), fix: runs ? nil : CLIText.fixCompiler.text(lang, why)))
            // The concurrency takeover (LineTasks.install ran when the compiler was found): every hook, or which not.
            checks.append(
                LineTasks.missing.isEmpty
                    ? Check(what: EngineText.concurrencyTakenOver.text(lang, String(LineTasks.hookNames.count)))
                    : Check(
                        what: EngineText.concurrencyNotTakenOver.text(lang, LineTasks.missing.joined(separator: ", ")),
                        fix: EngineText.fixConcurrency.text(lang)))
        case .failure(.noModules(let folder)):
            // The packaged binary: no modules to compile against, by design. Worth knowing, nothing to fix.
            let why = CLIText.compilerNotInThisBuild.text(lang, CLIText.compilerNoModules.text(lang, folder))
            checks.append(Check(what: CLIText.checkCompiler.text(lang, why), isNote: true))
        case .failure(.notExported), .failure(.staticRuntime):
            let why = CLIText.compilerNotInThisBuild.text(lang, CLIText.compilerNotExported.text(lang))
            checks.append(Check(what: CLIText.checkCompiler.text(lang, why), isNote: true))
        case .failure(let reason):
            let why = reason == .turnedOff ? CLIText.compilerOff.text(lang) : CLIText.compilerNotOnPath.text(lang)
            checks.append(Check(what: CLIText.checkCompiler.text(lang, why), fix: CLIText.fixCompiler.text(lang, why)))
        }
        // Lines are run in forked copies of a process that must have one thread (the class link is a process).
        let threads = ThreadCount.current()
        checks.append(
            Check(
                what: CLIText.checkThreads.text(lang, threads.map { "\($0)" } ?? "?"),
                fix: (threads ?? 1) > 1 ? CLIText.fixThreads.text(lang) : nil))
        // The copies `undo` goes back to, kept in the sessions running now: what they cost.
        let kept = ForkedLines.keptCopiesOfThisUser()
        checks.append(
            Check(
                what: CLIText.checkKeptCopies.text(
                    lang, String(kept.count), String((kept.kilobytes + 1023) / 1024), String(ForkedLines.keptLimit)),
                isNote: true))
        // The state folder: progress and history are written there.
        if let folder = StateDirectory.path(environment: environment.variables) {
            StateDirectory.create(folder)
            let problem: String? =
                switch FileKind.of(folder) {
                case .folder: access(folder, W_OK) == 0 ? nil : CLIText.permissionDenied.text(lang)
                case .missing: FileError.reason(errno, path: folder + "/x", writing: true).text(lang)
                case let kind: FileError.reason(kind: kind)?.text(lang) ?? CLIText.isAFile.text(lang)
                }
            checks.append(
                Check(
                    what: CLIText.checkStateFolder.text(lang, folder),
                    fix: problem.map { CLIText.fixStateFolder.text(lang, $0) }))
        } else {
            checks.append(
                Check(
                    what: CLIText.checkStateFolder.text(lang, CLIText.notSet.text(lang)),
                    fix: CLIText.fixStateFolderNoHome.text(lang)))
        }
        return checks
    }
}
