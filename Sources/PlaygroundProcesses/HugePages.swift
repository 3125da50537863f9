import Glibc

/// Large memory in huge pages, so that a fork costs what it costs without it.
///
/// A fork copies the page tables of everything the process holds: with three arrays of three million elements alive
/// (72 MB), that is 18,000 entries of 4 KB pages each fork, and a line forks a copy to run in and keeps one for
/// `undo`. In 2 MB pages the same memory is 36 entries (measured here, a C program with 72 MB: fork and exit 1.6 ms
/// in 4 KB pages, 0.13 ms in huge pages). So before each fork, when this process has grown by a few megabytes since
/// it last looked, its large anonymous mappings are advised as huge (`MADV_HUGEPAGE`) and gathered into huge pages
/// now (`MADV_COLLAPSE`, Linux 6.1 and later; on older kernels the advice alone lets the kernel gather them later).
/// Nothing changes for the learner's values: the same bytes, in fewer pages. Where the kernel has huge pages turned
/// off, both calls do nothing.
package enum HugePages {
    /// The resident size, in pages, when this process last advised its mappings.
    nonisolated(unsafe) private static var advisedAt = 0
    /// How much a process grows before it looks again: under this, a fork's page tables cost little.
    private static let growth = 8 << 20
    /// The smallest mapping worth advising.
    private static let smallest = 4 << 20
    private static let hugePage = 2 << 20
    private static let collapse: Int32 = 25  // MADV_COLLAPSE, not in every Glibc module map

    /// Called by ``Processes/forkCopy(_:)`` just before it forks.
    /// `always`: look now, however little the process grew.
    package static func prepareForFork(always: Bool = false) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let resident = residentPages() else { return }
        // A process that shrank counts its growth from there.
        advisedAt = min(advisedAt, resident)
        guard always || (resident - advisedAt) * pageSize >= growth else { return }
        advisedAt = resident
        for (start, end) in largeAnonymousMappings() {
            let first = (start + hugePage - 1) & ~(hugePage - 1)
            let last = end & ~(hugePage - 1)
            guard last - first >= hugePage, let address = UnsafeMutableRawPointer(bitPattern: first) else { continue }
            _ = madvise(address, last - first, MADV_HUGEPAGE)
            _ = madvise(address, last - first, collapse)
        }
    }

    /// The second field of `/proc/self/statm`.
    private static func residentPages() -> Int? {
        let fields = read("/proc/self/statm").split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return Int(String(decoding: fields[1], as: UTF8.self))
    }

    /// Private writable mappings of no file (the heap's and malloc's own), at least ``smallest`` long, from
    /// `/proc/self/maps`: `start-end rw-p offset dev inode [name]`.
    private static func largeAnonymousMappings() -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for line in read("/proc/self/maps").split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
            guard fields.count >= 5, fields[1].elementsEqual("rw-p".utf8), fields[4].elementsEqual("0".utf8) else {
                continue
            }
            if fields.count > 5, !fields[5].elementsEqual("[heap]".utf8) { continue }
            let range = fields[0].split(separator: UInt8(ascii: "-"))
            guard range.count == 2, let start = Int(String(decoding: range[0], as: UTF8.self), radix: 16),
                let end = Int(String(decoding: range[1], as: UTF8.self), radix: 16), end - start >= smallest
            else { continue }
            found.append((start, end))
        }
        return found
    }

    /// A file of `/proc`, whole (its size is not known ahead: read until the end).
    private static func read(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return bytes
    }
}
