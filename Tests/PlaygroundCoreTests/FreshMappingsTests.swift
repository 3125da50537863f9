import Foundation
import Testing

@testable import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

/// A session that descends from hundreds of forks gives its small private mappings new ones now and then, so that a
/// fork costs what it cost on the first line (FreshMappings.swift): the same bytes at the same addresses with the same
/// protections, in mappings of their own.
@Suite struct FreshMappingsTests {
    /// A file of /proc, whole.
    static func contents(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return readAll(fd)
    }

    /// What `body` returns when run in a forked copy of this process (one thread, as in a session), and how the copy
    /// ended: a copy killed by a signal says which.
    static func inForkedCopy(_ body: () -> [UInt8]) -> (bytes: [UInt8], ended: String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return ([], "no pipe") }
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            let report = body()
            var written = 0
            while written < report.count {
                let count = report[written...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                if count <= 0 { break }
                written += count
            }
            _exit(0)
        }
        close(fds[1])
        let bytes = readAll(fds[0])
        close(fds[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let signal = status & 0x7f
        return (bytes, signal == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(signal)")
    }

    /// `start-end perms` of every mapping, from a copy of /proc/self/maps (the names left out: a renewed library's
    /// part is anonymous memory now). `files`: only the mappings of a file (anonymous memory grows and shrinks with
    /// what the process allocates).
    static func layout(_ maps: String, files: Bool = false) -> [String] {
        maps.split(separator: "\n").map { $0.split(separator: " ") }.filter { !files || $0.last?.first == "/" }
            .map { $0.prefix(2).joined(separator: " ") }
    }

    /// The `Shared_Dirty` and `Private_Dirty` kilobytes of the mapping that starts at `start`, from a copy of smaps.
    static func dirty(at start: UInt, in smaps: String) -> (shared: Int, own: Int)? {
        var inside = false
        var shared: Int?
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let address = UInt(line[..<dash], radix: 16),
                line.first?.isHexDigit == true, line.first?.isUppercase == false
            {
                if inside { return nil }
                inside = address == start
            } else if inside, line.hasPrefix("Shared_Dirty:") {
                shared = Int(line.split(separator: " ")[1])
            } else if inside, line.hasPrefix("Private_Dirty:"), let shared {
                return (shared, Int(line.split(separator: " ")[1]) ?? 0)
            }
        }
        return nil
    }

    @Test func renewedMappingsKeepTheirBytesAddressesAndProtections() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        // As a loaded library's parts are: one writable, one written and then made read-only (its relocations).
        // Each between two inaccessible pages, so that the kernel cannot merge it with a neighbouring mapping another
        // test's thread makes meanwhile (it would then start elsewhere, and not be found by its address).
        func mapping() throws -> UnsafeMutableRawPointer {
            let reserved = try #require(mmap(nil, 4 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
            #expect(mprotect(reserved + page, 2 * page, PROT_READ | PROT_WRITE) == 0)
            return reserved + page
        }
        let writable = try mapping()
        let readOnly = try mapping()
        defer {
            munmap(writable - page, 4 * page)
            munmap(readOnly - page, 4 * page)
        }
        for offset in 0..<(2 * page) {
            writable.storeBytes(of: UInt8(truncatingIfNeeded: offset * 7), toByteOffset: offset, as: UInt8.self)
            readOnly.storeBytes(of: UInt8(truncatingIfNeeded: offset * 13), toByteOffset: offset, as: UInt8.self)
        }
        #expect(mprotect(readOnly, 2 * page, PROT_READ) == 0)
        let expected = (
            Array(UnsafeRawBufferPointer(start: writable, count: 2 * page)),
            Array(UnsafeRawBufferPointer(start: readOnly, count: 2 * page))
        )
        // In a forked copy: its pages are shared with this process until renewed.
        let copy = Self.inForkedCopy {
            let mapsBefore = Self.contents("/proc/self/maps")
            let smapsBefore = Self.contents("/proc/self/smaps")
            let renewed = FreshMappings.renew()
            let mapsAfter = Self.contents("/proc/self/maps")
            let smapsAfter = Self.contents("/proc/self/smaps")
            let same =
                memcmp(writable, expected.0, 2 * page) == 0 && memcmp(readOnly, expected.1, 2 * page) == 0
            var report = "\(renewed)\n\(same)\n".utf8 + [0]
            for part in [mapsBefore, mapsAfter, smapsBefore, smapsAfter] { report += part + [0] }
            return report
        }
        let parts = copy.bytes.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        try #require(parts.count >= 5, "\(parts.count) parts; the copy ended: \(copy.ended)")
        let said = parts[0].split(separator: "\n")
        let renewed = Int(said.first ?? "") ?? -1
        #expect(renewed > 0, "renewed \(renewed)")
        #expect(said.last == "true", "the bytes are the same")
        // Every library's part is where it was, as protected, and so are the two mappings.
        let missing = Set(
            Self.layout(parts[1], files: true)
                + [writable, readOnly].map { start in
                    Self.layout(parts[1]).first { $0.hasPrefix(String(UInt(bitPattern: start), radix: 16) + "-") }
                        ?? "?"
                }
        ).subtracting(Self.layout(parts[2]))
        #expect(missing.isEmpty, "not as they were: \(missing.sorted())")
        // Renewed: the copy's pages are its own now, no longer shared with this process.
        for (name, start) in [("writable", writable), ("read-only", readOnly)] {
            let address = UInt(bitPattern: start)
            let before = try #require(Self.dirty(at: address, in: parts[3]), "\(name) before")
            let after = try #require(Self.dirty(at: address, in: parts[4]), "\(name) after")
            #expect(before.shared >= 8 && before.own == 0, "\(name) before: \(before)")
            #expect(after.own >= 8 && after.shared == 0, "\(name) after: \(after)")
        }
    }

    static func readAll(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = read(fd, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
        return bytes
    }

    /// A private mapping of a file that has shrunk since has pages past the file's end, which a load would answer
    /// with SIGBUS; a learner's line can make one (`mmap` a file, write to it, `ftruncate` it). Renewing is read
    /// through the kernel, which answers such a page with an error: the mapping is left as it is, and the copy lives.
    @Test func aMappingOfAFileThatShrankIsLeftAsItIs() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shrunk-\(getpid())").path
        defer { unlink(path) }
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(ftruncate(fd, off_t(3 * page)) == 0)
        let mapped = try #require(mmap(nil, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0))
        try #require(mapped != MAP_FAILED)
        defer { munmap(mapped, 3 * page) }
        // A page of its own (what makes it one to renew), then the file cut to that one page: the other two are past
        // its end.
        mapped.storeBytes(of: 7, toByteOffset: 0, as: UInt8.self)
        #expect(ftruncate(fd, off_t(page)) == 0)
        let copy = Self.inForkedCopy {
            let renewed = FreshMappings.renew()
            return Array("\(renewed) \(mapped.load(as: UInt8.self) == 7)".utf8)
        }
        #expect(copy.ended == "exit 0")
        let said = String(decoding: copy.bytes, as: UTF8.self).split(separator: " ")
        #expect((Int(said.first ?? "") ?? -1) > 0, "other mappings are still renewed: \(said)")
        #expect(said.last == "true", "its own page kept its byte")
    }
}
