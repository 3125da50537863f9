import Benchmark
import Foundation
import LessonModules
import PlaygroundCore

/// The lesson files of the repository, read from disk (the benchmarks do not embed them).
let lessonSources: [LessonSource] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Lessons")
    var sources: [LessonSource] = []
    for lang in ["en", "ko"] {
        let folder = root.appendingPathComponent(lang)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".md") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            sources.append(LessonSource(path: "Lessons/\(lang)/\(name)", lang: lang, text: text, isBuiltIn: true))
        }
    }
    return sources
}()

/// A mix of the commands learners type: short and Swift-call forms, successes and failures, across lessons.
let mixedCommands: [String] = [
    "meat chicken", "sauce add mustard ketchup", "topping add lettuce", "build", "try builder.setMeat(.tofu)",
    "builder.addToppings([.cheese, .pickles])", "meat kitten", "topping remove lettuce", "state",
    #"alert.setTitle("Hi").setMessage("There").addConfirmAction("OK") { print("tapped") }.present()"#, "tap OK",
    "builder.removeSauces(.mustard)", "lod builder", "help meat", "undo",
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
                                           maxDuration: .seconds(10), maxIterations: 20)

    // The whole run of 100,000 commands is one sample: its wall clock is the figure to hold against 1 s.
    Benchmark("100,000 mixed commands, executed and rendered (stream, discarded)",
              configuration: .init(maxDuration: .seconds(60), maxIterations: 3)) { benchmark in
        let catalog = LessonCatalog(sources: lessonSources, modules: LessonModules.names)
        let session = Session(catalog: catalog, modules: LessonModules.all)
        session.execute("load builder")
        _ = session.takeOutput()
        benchmark.startMeasurement()
        for i in 0..<100_000 {
            session.execute(mixedCommands[i % mixedCommands.count])
            blackHole(session.takeOutput())
            // Start afresh every 100 commands, as loading the next lesson does: undo replays the lesson's journal,
            // and a lesson is about 20 commands, so 100 is a generous learner.
            if i % 100 == 99 { session.execute("reset"); blackHole(session.takeOutput()) }
        }
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
        Benchmark("load a \(name): parse, load, render step 1 at 80 columns",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(30), maxIterations: 5)) { benchmark in
            for _ in benchmark.scaledIterations {
                let catalog = LessonCatalog(sources: [LessonSource(path: "big.md", lang: "en", text: text, isBuiltIn: false)],
                                            modules: LessonModules.names)
                let session = Session(catalog: catalog, modules: LessonModules.all)
                session.execute("load big")
                blackHole(session.takeOutput())
            }
        }
    }
    let many = (0..<5_000).map { n in
        LessonSource(path: "many/l\(n).md", lang: "en", text: "---\nid: l\(n)\ntitle: Lesson \(n)\nmodule: builder\n---\n## s\n\ntext\n",
                     isBuiltIn: false)
    }
    Benchmark("list 5,000 lessons: parse, catalog, one row each",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            let catalog = LessonCatalog(sources: lessonSources + many, modules: LessonModules.names)
            var rows: [String] = []
            for id in catalog.ids {
                guard let lesson = catalog.lesson(id: id, lang: .en) else { continue }
                rows.append("\(id)  \(lesson.title)  \(lesson.steps.count)  \(catalog.languages(of: id).joined(separator: ","))")
            }
            blackHole(rows)
        }
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
    Benchmark("one command (meat chicken, then tofu): allocations and time",
              configuration: .init(metrics: [.mallocCountTotal, .wallClock], scalingFactor: .kilo)) { benchmark in
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
}
