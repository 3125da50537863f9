import ArgumentParser
import FoundationEssentials
import LessonModules
import PlaygroundCore

/// `patterns test`: proves that every lesson's transcripts are still true.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Verify lessons: structure, then every transcript executed and compared.",
        discussion:
            "Ends with 'N passed, N failed'; exits 1 on any failure. --update rewrites expected output in place, "
            + "unless a command that worked now fails (--accept-errors records that too)."
    )
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Lesson ids to test (default: all).") var ids: [String] = []
    @Flag(name: .long, help: "Rewrite each transcript's expected output with the actual output.") var update = false
    @Flag(name: .long, help: "With --update, also accept outputs where a command that worked now fails.")
    var acceptErrors = false

    func run() throws {
        var (sources, unreadable) = try LessonLoader.sources(extra: global.lessons, trusted: global.trustLessons)
        var out = ""
        for problem in unreadable { Output.warning(.verbatim(problem)) }
        // A built-in lesson edited since this binary was built: the file on disk is what the author means to test.
        for i in sources.indices where sources[i].isBuiltIn {
            guard FileWriter.kind(of: sources[i].path) == .regular, let bytes = try? FileWriter.read(sources[i].path),
                let text = String(validating: bytes, as: UTF8.self), text != sources[i].text
            else { continue }
            out +=
                "warning: \(sources[i].path) differs from the copy built into this binary: testing the file; rebuild "
                + "('swift build') before the playground shows it\n"
            sources[i].text = text
        }
        let catalog = LessonCatalog(sources: sources, modules: LessonModules.names)
        var passed = 0, failed = 0
        // The file-level failures of each file (parse, module, twin), so that one file gets one verdict.
        var fileFailures: [String: [String]] = [:]
        // A lesson is its files in every language: a file that fails to load belongs to the id its front matter
        // declares (whatever the file is called), so `test ID` reports both twins.
        var declared: [String: String] = [:]
        for source in sources { declared[source.path] = LessonParser.declaredID(source.text) }
        func asked(_ path: String) -> Bool {
            ids.isEmpty || ids.contains { path.contains($0) || declared[path] == $0 }
        }
        for issue in catalog.issues where asked(issue.path) {
            fileFailures[issue.path, default: []].append("FAIL \(issue)")
        }
        // Every English lesson has a Korean twin with the same steps, goals and commands.
        for issue in LessonParity.check(catalog) {
            let id = catalog.lessons.first { $0.path == issue.path }?.id
            guard ids.isEmpty || id.map(ids.contains) == true else { continue }
            fileFailures[issue.path, default: []].append("FAIL \(issue)")
        }
        // An id that names no lesson, unless a file of that name failed to load (its failure says why).
        for id in ids
        where !catalog.ids.contains(id)
            && !catalog.issues.contains(where: { $0.path.contains(id) || declared[$0.path] == id })
        {
            out += CoreText.error.text(Output.lang, catalog.unknownLesson(id).text(Output.lang)) + "\n"
            failed += 1
        }
        for (path, failures) in fileFailures.sorted(by: { $0.key < $1.key })
        where !catalog.lessons.contains(where: { $0.path == path }) {
            out += failures.joined(separator: "\n") + "\n"
            failed += 1
        }
        var tester = LessonTester(catalog: catalog, modules: LessonModules.all)
        if let width = global.width { tester.width = width }
        let found = Environment.current().lineCompiler(swiftVersion: global.swiftVersion)
        tester.compiler = try? found.get()
        if case .failure(let reason) = found { tester.compilerUnavailable = reason }
        var needCompiler = 0, withheld = 0
        let chosen = catalog.lessons.filter { ids.isEmpty || ids.contains($0.id) }
        // A second core compiles the lessons' Swift from the other end, into the cache this run reads.
        let warmer = update ? nil : CacheWarmer(lessons: chosen, tester: tester)
        defer { warmer?.stop() }
        for lesson in chosen {
            var result = tester.test(lesson)
            needCompiler += result.needCompiler
            withheld += result.withheld
            // A twin that drifted fails with its file, whatever its transcripts say.
            if let drift = fileFailures[lesson.path] {
                result.failures = drift.map { String($0.dropFirst(5)) } + result.failures
            }
            if result.passed {
                passed += 1
                out +=
                    "ok   \(lesson.id) (\(lesson.lang)): \(lesson.steps.count) steps, \(result.commandCount) commands\n"
            } else if update, !acceptErrors, !result.newErrors.isEmpty {
                // A command that worked now fails: that is a regression to fix, not an output to record.
                failed += 1
                for error in result.newErrors { out += "FAIL \(error)\n" }
                out +=
                    "FAIL \(lesson.id) (\(lesson.lang)): not updated; fix the lesson or the playground, or pass "
                    + "--accept-errors\n"
            } else if update, let source = result.updatedSource, source != lesson.source {
                let path = FileWriter.kind(of: lesson.path) == .regular ? lesson.path : nil
                guard let path else {
                    out +=
                        "FAIL \(lesson.id) (\(lesson.lang)): cannot update \(lesson.path): run from the repository "
                        + "root or use --lessons\n"
                    failed += 1
                    continue
                }
                // Only over the text that was tested: a built-in lesson edited since this binary was built (or a twin
                // of a --lessons folder) would otherwise be overwritten with the old copy built into the binary.
                guard (try? FileWriter.read(path)).map({ String(decoding: $0, as: UTF8.self) }) == lesson.source else {
                    out +=
                        "FAIL \(lesson.id) (\(lesson.lang)): not updated: \(path) differs from the copy this binary "
                        + "was built with; rebuild, then update\n"
                    failed += 1
                    continue
                }
                try source.write(toFile: path, atomically: true, encoding: .utf8)
                out += "updated \(path)\n"
                // Test again from the rewritten text to be sure it now holds.
                var rewritten = try LessonParser.parse(source, path: lesson.path, lang: lesson.lang)
                (rewritten.isBuiltIn, rewritten.isTrusted) = (lesson.isBuiltIn, lesson.isTrusted)
                let again = tester.test(rewritten)
                let drift = (fileFailures[lesson.path] ?? []).map { String($0.dropFirst(5)) }
                if again.passed && drift.isEmpty {
                    passed += 1
                } else {
                    failed += 1
                    for failure in drift + again.failures { out += "FAIL \(failure)\n" }
                }
            } else {
                failed += 1
                for failure in result.failures { out += "FAIL \(failure)\n" }
            }
        }
        if needCompiler > 0 {
            // Why there is no compiler: none on PATH, turned off, or a build that cannot load compiled lines.
            var why = CLIText.compilerNotOnPath.text(.en)
            if case .failure(let reason) = found { why = DoctorCommand.why(reason, lang: .en) }
            out += "note: \(needCompiler) command(s) answered by the Swift compiler were not compared: \(why)\n"
        }
        // Lessons are data: a folder's lessons tested without --trust-lessons did not run their Swift.
        if let folder = global.lessons, withheld > 0 {
            out += TrustText.folderNotTrusted.text(Output.lang, folder) + "\n"
        }
        out += "\(passed) passed, \(failed) failed\n"
        Output.text(out)
        if failed > 0 { throw ExitCode(1) }
    }
}
