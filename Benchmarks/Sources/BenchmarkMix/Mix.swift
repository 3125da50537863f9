import Foundation
import PlaygroundCore

/// The lesson files of the repository, read from disk (the benchmarks do not embed them).
public let lessonSources: [LessonSource] = {
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
public let mixedCommands: [String] = [
    "meat chicken", "sauce add mustard ketchup", "topping add lettuce", "build", "try builder.setMeat(.tofu)",
    "builder.addToppings([.cheese, .pickles])", "meat kitten", "topping remove lettuce", "state",
    #"alert.setTitle("Hi").setMessage("There").addConfirmAction("OK") { print("tapped") }.present()"#, "tap OK",
    "builder.removeSauces(.mustard)", "lod builder", "help meat", "undo",
]

/// The same kind of mix on a lesson whose module is declared from its types (the strategy lesson: a cart and the
/// pricing policies it holds), for comparing the declared form's cost a command with the builder's hand-written one.
public let declaredMixedCommands: [String] = [
    "add mug 12", "add case 28", "pricing sale", "checkout", "sale.total(for: 40)", "cart.use(coupon)", "state",
    "try cart.add(\"pen\", price: 3)", "add mug twelve", "cart.subtotal", "help add", "pricing nothing", "undo",
    "cart.empty()", "checkout",
]

/// Runs `count` commands of the mix on a session that has the builder lesson loaded, handing each command's output
/// (stream layout) to `sink`. Every 100 commands it starts afresh, as loading the next lesson does: undo replays the
/// lesson's journal, and a lesson is about 20 commands, so 100 is a generous learner.
public func runMixedCommands(
    _ session: Session, count: Int, commands: [String] = mixedCommands, sink: (String) -> Void
) {
    for i in 0..<count {
        session.execute(commands[i % commands.count])
        sink(session.takeOutput())
        if i % 100 == 99 {
            session.execute("reset")
            sink(session.takeOutput())
        }
    }
}
