#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A change in place to a learner's variable (``LineContext/Storage/address(as:)``), tracked as Swift tracks an
/// access to a global: a second change while the first lasts traps with the runtime's own words ("Simultaneous
/// accesses to …"), as in a main file, where a pointer alone would let it through.
///
/// The runtime's entry points are found by name when first needed (a Swift declaration of them would name symbols
/// the compiler reserves); where they cannot be found, changes are made untracked.
public enum TrackedAccess {
    private typealias Begin =
        @convention(c) (
            UnsafeMutableRawPointer, UnsafeMutableRawPointer, UInt, UnsafeRawPointer?
        ) -> Void
    private typealias End = @convention(c) (UnsafeMutableRawPointer) -> Void

    private static let entries: (begin: Begin, end: End)? = {
        // The program and every library it loaded (on Linux and macOS alike).
        let everywhere = dlopen(nil, RTLD_NOW)
        guard let begin = dlsym(everywhere, "swift_beginAccess"), let end = dlsym(everywhere, "swift_endAccess")
        else { return nil }
        return (unsafeBitCast(begin, to: Begin.self), unsafeBitCast(end, to: End.self))
    }()

    /// The runtime's flags: a modification, tracked until its end.
    private static let modification: UInt = 0x1 | 0x20
    /// The runtime's record of an access: three words, linked into the thread's list while the access lasts.
    private static let recordSize = 4 * MemoryLayout<Int>.size

    /// Begins a modification of the value at `place`; hand the result to ``end(_:)`` when it is over.
    public static func begin(_ place: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        guard let entries else { return nil }
        let record = UnsafeMutableRawPointer.allocate(byteCount: recordSize, alignment: MemoryLayout<Int>.alignment)
        entries.begin(place, record, modification, nil)
        return record
    }

    public static func end(_ record: UnsafeMutableRawPointer?) {
        guard let record, let entries else { return }
        entries.end(record)
        record.deallocate()
    }
}
