import CallRecording

/// The entry points of the trace's instrumentation: the playground inserts, at the top of each method of the
/// learner's own types (declared at the prompt, in a loaded file or in a code exercise's file), a call that records
/// the method's call on `self` with its arguments, and its return:
///
///     let __patternsTraced = __PatternsTrace.enter(self, "execute()"); defer { __patternsTraced.leave() }
///
/// so that a call the method makes (into a lesson's object, or into another of the learner's objects) is named with
/// the learner's object as its caller. These names are the playground's: a line or a file that spells one is refused
/// before it is compiled (`TraceInstrumentation.reservedNames`), and a call on an object that is not of a learner's
/// type (a lesson's own `builder`) is never recorded here, so the entry points cannot write a lesson object's calls.
public enum __PatternsTrace {
    /// A call begun, to be left when the method returns.
    public struct Entered {
        let recorder: CallRecorder?

        /// The method has returned.
        public func leave() { recorder?.leave() }
    }

    /// Records the call `selector` on `receiver` (a learner's object), made by the call running now, when a recorder
    /// is current. A value (a struct) has no identity to name, and a lesson's object records its own calls: neither
    /// is recorded here.
    public static func enter(_ receiver: Any, _ selector: StaticString, _ arguments: Any...) -> Entered {
        guard let recorder = CallRecord.current, type(of: receiver) is AnyClass else { return Entered(recorder: nil) }
        let object = receiver as AnyObject
        guard LearnerTypes.contains(type(of: object)),
            recorder.enter(object, selector.description, arguments) != nil
        else { return Entered(recorder: nil) }
        return Entered(recorder: recorder)
    }
}

/// Which classes are the learner's own: declared in a module the playground compiled from the learner's text (its
/// name begins `Exercise_`). Worked out once per class.
enum LearnerTypes {
    nonisolated(unsafe) private static var known: [ObjectIdentifier: Bool] = [:]

    static func contains(_ type: AnyClass) -> Bool {
        let id = ObjectIdentifier(type)
        if let learners = known[id] { return learners }
        let learners = String(reflecting: type).hasPrefix(modulePrefixOfLearnerCode)
        known[id] = learners
        return learners
    }

    /// The module name of every file the playground compiles from a learner's declarations or files.
    static let modulePrefixOfLearnerCode = "Exercise_"
}
