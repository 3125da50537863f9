import Benchmark
import BenchmarkMix
import Foundation
import LessonModules
import Patterns
import PlaygroundCore

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(10), maxIterations: 20)

    // The whole run of 100,000 commands is one sample: its wall clock is the figure to hold against 1 s.
    Benchmark(
        "100,000 mixed commands, executed and rendered (stream, discarded)",
        configuration: .init(maxDuration: .seconds(60), maxIterations: 3)
    ) { benchmark in
        let catalog = LessonCatalog(sources: lessonSources, modules: LessonModules.names)
        let session = Session(catalog: catalog, modules: LessonModules.all)
        session.execute("load builder")
        _ = session.takeOutput()
        benchmark.startMeasurement()
        runMixedCommands(session, count: 100_000) { blackHole($0) }
        benchmark.stopMeasurement()
    }

    // Big and many lessons (issue: loading and listing must stay linear in size).
    let header = "---\nid: big\ntitle: Big\nmodule: builder\n---\n"
    var manySteps = header
    while manySteps.utf8.count < 20_000_000 {
        manySteps += "## A step\n\n" + String(repeating: "word ", count: 400) + "\n\n```patterns\n> state\n```\n\n"
    }
    let oneLine = header + "## One\n\n" + String(repeating: "word ", count: 4_000_000) + "\n"
    for (name, text) in [("20 MB lesson of 20 kB steps", manySteps), ("20 MB lesson of one line", oneLine)] {
        Benchmark(
            "load a \(name): parse, load, render step 1 at 80 columns",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(30), maxIterations: 5)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let catalog = LessonCatalog(
                    sources: [LessonSource(path: "big.md", lang: "en", text: text, isBuiltIn: false)],
                    modules: LessonModules.names)
                let session = Session(catalog: catalog, modules: LessonModules.all)
                session.execute("load big")
                blackHole(session.takeOutput())
            }
        }
    }
    let many = (0..<5_000).map { n in
        LessonSource(
            path: "many/l\(n).md", lang: "en",
            text: "---\nid: l\(n)\ntitle: Lesson \(n)\nmodule: builder\n---\n## s\n\ntext\n",
            isBuiltIn: false)
    }
    Benchmark(
        "list 5,000 lessons: parse, catalog, one row each",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 5)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let catalog = LessonCatalog(sources: lessonSources + many, modules: LessonModules.names)
            var rows: [String] = []
            for id in catalog.ids {
                guard let lesson = catalog.lesson(id: id, lang: .en) else { continue }
                rows.append(
                    "\(id)  \(lesson.title)  \(lesson.steps.count)  \(catalog.languages(of: id).joined(separator: ","))"
                )
            }
            blackHole(rows)
        }
    }

    // The call record (`trace`, goals on calls): what recording costs the lines, and what reading it costs `trace`.
    // A round is 13 calls as the lessons make them: an enum, an option set, strings, an object, a closure, an alert
    // (a struct holding a closure: described at the call) and a director's four calls on its builder.
    // The recorder is made current by `recording` (PlaygroundCore): the record's own module is the playground's.
    func recordCalls(rounds: Int) {
        let builder = HamburgerBuilder()
        let alerts = AlertConcreteBuilder(screen: Screen())
        let employee = Employee()
        for i in 0..<rounds {
            try? builder.setMeat(i % 2 == 0 ? .chicken : .tofu)
            builder.addSauces([.mustard, .ketchup])
            builder.removeToppings(.lettuce)
            alerts.setTitle("Hi").setMessage("There").addConfirmAction("OK") {}.present()
            _ = try? employee.createCombo1(with: builder)
        }
    }
    // 1,000 rounds: 13,000 calls, of which the record keeps the latest 2,000, as a session's does.
    Benchmark(
        "call record: record 13,000 calls with their arguments",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal, .instructions], maxIterations: 20)
    ) { benchmark in
        let recorder = CallDescriber().recorder { _ in "builder" }
        benchmark.startMeasurement()
        recorder.recording { recordCalls(rounds: 1_000) }
        benchmark.stopMeasurement()
        blackHole(recorder.total)
    }
    // 150 rounds: 1,950 calls, all kept, then read as `trace all` and a goal read them.
    Benchmark(
        "call record: describe 1,950 recorded calls (what trace and a goal read)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal, .instructions], maxIterations: 20)
    ) { benchmark in
        let recorder = CallDescriber().recorder { _ in "builder" }
        recorder.recording { recordCalls(rounds: 150) }
        benchmark.startMeasurement()
        blackHole(recorder.calls(from: 0).map(\.written))
        benchmark.stopMeasurement()
    }

    Benchmark("parse every lesson file") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(LessonCatalog(sources: lessonSources, modules: LessonModules.names))
        }
    }

    Benchmark("verify every lesson in process (patterns test)") { benchmark in
        let catalog = LessonCatalog(sources: lessonSources, modules: LessonModules.names)
        let tester = LessonTester(catalog: catalog, modules: LessonModules.all)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for lesson in catalog.lessons { blackHole(tester.test(lesson)) }
        }
    }

    // Per command: the figures are for 1,000 commands divided by 1,000 (scaling factor kilo).
    Benchmark(
        "one command (meat chicken, then tofu): allocations and time",
        configuration: .init(metrics: [.mallocCountTotal, .wallClock], scalingFactor: .kilo)
    ) { benchmark in
        let catalog = LessonCatalog(sources: lessonSources, modules: LessonModules.names)
        let session = Session(catalog: catalog, modules: LessonModules.all)
        session.execute("load builder")
        _ = session.takeOutput()
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            session.execute(i % 2 == 0 ? "meat chicken" : "meat tofu")
            blackHole(session.takeOutput())
        }
    }

    // A line the interpreter does not run: compiled by swiftc into a library, loaded, tried in a forked dry run,
    // then run on the live builder. Cold: a line never seen (a fresh cache folder, a new line each time).
    // Cached: the same line again (the library is loaded once; the dry run and the run remain).
    func compilingSession(cache: String) -> Session? {
        var environment = ProcessInfo.processInfo.environment
        environment["PATTERNS_LINE_CACHE"] = cache
        guard case .success(let compiler) = LineCompiler.find(environment: environment) else { return nil }
        let catalog = LessonCatalog(sources: lessonSources, modules: LessonModules.names)
        let session = Session(catalog: catalog, modules: LessonModules.all)
        session.tools.compiler = compiler
        session.execute("load builder")
        _ = session.takeOutput()
        return session
    }
    // A new line each time, compiled in a fresh cache folder: `line(n)` makes the nth.
    func coldLines(_ name: String, _ line: @escaping @Sendable (Int) -> String) {
        Benchmark(name, configuration: .init(metrics: [.wallClock], maxDuration: .seconds(60), maxIterations: 15)) {
            benchmark in
            let cache = NSTemporaryDirectory() + "patterns-bench-lines-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard let session = compilingSession(cache: cache) else {
                fatalError("no Swift compiler for the compiled-line benchmark")
            }
            var n = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                n += 1
                session.execute(line(n))
                blackHole(session.takeOutput())
            }
            benchmark.stopMeasurement()
            try? FileManager.default.removeItem(atPath: cache)
        }
    }
    coldLines("compiled line, cold: swiftc, load, dry run, run") {
        "let n\($0) = builder.sauces.contains(.mustard) ? \($0) : 0"
    }
    // A line that is an expression: compiled once to be judged (swiftc warns its value is unused), then again with
    // its value shown.
    coldLines("compiled expression, cold: judged, compiled again to show its value, load, dry run, run") {
        "builder.sauces.contains(.mustard) || \($0) > 100"
    }
    // A code exercise's `check` after each save: the learner's file compiled into a module and loaded, the live
    // objects set up, the step's four commands compiled against it (each save is a new module, so they are new lines
    // too) and run, the goal judged. Each iteration saves a different file (a comment changes).
    Benchmark(
        "code exercise check after a save: compile the file, load it, run the step, judge",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(120), maxIterations: 10)
    ) { benchmark in
        let cache = NSTemporaryDirectory() + "patterns-bench-lines-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard let session = compilingSession(cache: cache) else {
            fatalError("no Swift compiler for the code exercise benchmark")
        }
        let folder = cache + "/exercises-data"
        session.tools.exercisesDirectory = folder
        session.execute("load delegate")
        session.execute("goto 7")
        session.execute("edit")
        _ = session.takeOutput()
        let path = folder + "/delegate/ScoreBoard.swift"
        let starter = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let solution = starter.replacingOccurrences(
            of: "    var delegate: ScoreCellDelegate?", with: "    weak var delegate: ScoreCellDelegate?")
        var n = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            n += 1
            try? ("// save \(n)\n" + solution).write(toFile: path, atomically: true, encoding: .utf8)
            session.execute("check")
            blackHole(session.takeOutput())
        }
        benchmark.stopMeasurement()
        try? FileManager.default.removeItem(atPath: cache)
    }
    Benchmark(
        "compiled line, cached: dry run and run of a loaded line",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 200)
    ) { benchmark in
        let cache = NSTemporaryDirectory() + "patterns-bench-lines-\(getpid())-cached"
        guard let session = compilingSession(cache: cache) else {
            fatalError("no Swift compiler for the compiled-line benchmark")
        }
        session.execute("for meat in Meat.allCases where meat != .kitten { try builder.setMeat(meat) }")
        _ = session.takeOutput()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            session.execute("for meat in Meat.allCases where meat != .kitten { try builder.setMeat(meat) }")
            blackHole(session.takeOutput())
        }
        benchmark.stopMeasurement()
    }
}
