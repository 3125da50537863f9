import Foundation
import Testing

@testable import PlaygroundCore

/// Before a fork, large memory is gathered into huge pages, so that the fork copies a few page-table entries where it
/// would copy thousands (three 3,000,000-element arrays cost a line what three small ones cost).
@Suite struct HugePagesTests {
    /// The kilobytes of `AnonHugePages` in the mapping of this process that holds `address`.
    static func hugeKilobytes(at address: UnsafeRawPointer) throws -> Int? {
        // Read to the end: a file of /proc has no size, and String(contentsOfFile:) stops at the first page.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                let start = UInt(line[..<dash], radix: 16),
                let end = UInt(line[line.index(after: dash)..<space], radix: 16)
            {
                inside = start <= target && target < end
            } else if inside, line.hasPrefix("AnonHugePages:") {
                return Int(line.split(separator: " ")[1])
            }
        }
        return nil
    }

    @Test func largeMemoryIsInHugePagesBeforeAFork() throws {
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        // Where the kernel has no huge pages (or they are off), there is nothing to see.
        guard mode.contains("[madvise]") || mode.contains("[always]") else { return }
        let size = 24 << 20
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { memory.deallocate() }
        memset(memory, 1, size)
        HugePages.prepareForFork(always: true)
        let middle = UnsafeRawPointer(memory + size / 2)
        let huge = try #require(try Self.hugeKilobytes(at: middle))
        // At least 20 of the 24 MB: all but the unaligned ends.
        #expect(huge >= 20 << 10, "\(huge) kB in huge pages")
        #expect(memory.load(fromByteOffset: size / 2, as: UInt8.self) == 1)
    }
}
