import BenchmarkMix
import LessonModules
import PlaygroundCore

// Runs the benchmark's mix of commands N times (default 3,000) and prints the bytes of output: the program that
// `Scripts/count-instructions` runs under valgrind, where instruction counts do not vary as wall clock does on a VM.
let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 3_000
let session = Session(catalog: LessonCatalog(sources: lessonSources, modules: LessonModules.names), modules: LessonModules.all)
session.execute("load builder")
_ = session.takeOutput()
var bytes = 0
runMixedCommands(session, count: count) { bytes += $0.utf8.count }
print("\(count) commands, \(bytes) bytes of output")
