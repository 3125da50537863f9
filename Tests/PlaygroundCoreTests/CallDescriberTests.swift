import CallRecording
import Patterns
import Testing

@testable import PlaygroundCore

/// The call record's rule for arguments (``CallDescriber``): it keeps only values that hold no reference and whose
/// text cannot change, so `trace` shows every argument as it was at the call and no `deinit` runs later for it.
struct CallDescriberTests {
    /// Says when it goes, and shows a text read from a field that changes.
    final class Probe: CustomStringConvertible {
        var label = "before"
        var freed: (() -> Void)?
        var description: String { label }
        deinit { freed?() }
    }
    final class Flag { var raised = false }
    struct Holder { var probe: Probe }
    struct Wrapped: CustomStringConvertible {
        var probe: Probe
        var description: String { "wrapped " + probe.label }
    }
    final class Callee {}

    /// One call of a `Callee` with `arguments`, recorded.
    private func record(into recorder: CallRecorder, _ call: (Callee) -> Void) {
        let callee = Callee()
        CallRecord.$current.withValue(recorder) { call(callee) }
    }

    @Test func anArgumentHoldingAnObjectIsNotKeptAliveByTheRecord() {
        let recorder = CallDescriber().recorder { _ in "callee" }
        let freed = Flag()
        do {
            let probe = Probe()
            probe.freed = { freed.raised = true }
            record(into: recorder) { CallRecord.call($0, "take(_:)", Holder(probe: probe)) {} }
        }
        // Nothing read the record yet: a kept value would still hold the probe.
        #expect(freed.raised)
        #expect(recorder.calls.count == 1)
    }

    @Test func aValueIsShownAsItWasAtTheCallThoughWhatItReadsChangedSince() {
        let recorder = CallDescriber().recorder { _ in "callee" }
        let probe = Probe()
        record(into: recorder) { CallRecord.call($0, "take(_:)", Wrapped(probe: probe)) {} }
        probe.label = "after"
        #expect(recorder.calls.first?.arguments == ["wrapped before"])
    }

    @Test func valuesWithoutReferencesAreKeptAndShownWhenRead() {
        let describer = CallDescriber()
        #expect(describer.kind(of: Int.self) == .kept)
        #expect(describer.kind(of: Meat.self) == .kept)
        #expect(describer.kind(of: Sauces.self) == .kept)
        #expect(describer.kind(of: [Meat].self) == .kept)
        #expect(describer.kind(of: [String: [Int?]].self) == .kept)
        #expect(describer.kind(of: String.self) == .kept)
        #expect(describer.kind(of: Probe.self) == .object)
        #expect(describer.kind(of: Holder.self) == .described)
        #expect(describer.kind(of: [Probe].self) == .other)
        #expect(describer.kind(of: Probe?.self) == .other)
        #expect(describer.kind(of: (() -> Void).self) == .closure)
        // A learner's value with a text of its own runs their code to show it: described at the call.
        #expect(describer.kind(of: Wrapped.self) == .described)
        let recorder = describer.recorder { _ in "callee" }
        record(into: recorder) { CallRecord.call($0, "take(_:_:_:_:)", Meat.tofu, "hi \"there\"", 3, [1, 2]) {} }
        #expect(recorder.calls.first?.arguments == [".tofu", #""hi \"there\"""#, "3", "[1, 2]"])
    }

    @Test func anObjectIsNamedAtTheCall() {
        let probe = Probe()
        var name = "first"
        let recorder = CallDescriber().recorder { _ in name }
        record(into: recorder) { CallRecord.call($0, "take(_:)", probe) {} }
        name = "second"
        #expect(recorder.calls.first?.callee == "first")
        #expect(recorder.calls.first?.arguments == ["first"])
    }
}
