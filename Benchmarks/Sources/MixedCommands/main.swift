import BenchmarkMix
import LessonModules
import PlaygroundCore

// Runs the benchmark's mix of commands N times (default 3,000) and prints the bytes of output: the program that
// `Scripts/count-instructions` runs under valgrind, where instruction counts do not vary as wall clock does on a VM.
// With `--hash` it prints their FNV-1a hash too: the check that a change for speed left every byte as it was. With
// `--declared` it runs the strategy lesson's mix instead, on a module declared from its types.
let arguments = CommandLine.arguments.dropFirst()
let count = arguments.first.flatMap { Int($0) } ?? 3_000
let hashes = arguments.contains("--hash")
let session = Session(
    catalog: LessonCatalog(sources: lessonSources, modules: LessonModules.names), modules: LessonModules.all)
let declared = arguments.contains("--declared")
session.execute(declared ? "load strategy" : "load builder")
_ = session.takeOutput()
var bytes = 0
var hash: UInt64 = 0xcbf2_9ce4_8422_2325
runMixedCommands(session, count: count, commands: declared ? declaredMixedCommands : mixedCommands) { output in
    bytes += output.utf8.count
    guard hashes else { return }
    for byte in output.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
}
print("\(count) commands, \(bytes) bytes of output" + (hashes ? ", FNV-1a \(String(hash, radix: 16))" : ""))
