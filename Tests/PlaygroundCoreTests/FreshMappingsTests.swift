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
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let count = read(fd, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
        return bytes
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
        // In a forked copy (one thread, as in a session): its pages are shared with this process until renewed.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            let mapsBefore = Self.contents("/proc/self/maps")
            let smapsBefore = Self.contents("/proc/self/smaps")
            let renewed = FreshMappings.renew()
            let mapsAfter = Self.contents("/proc/self/maps")
            let smapsAfter = Self.contents("/proc/self/smaps")
            let same =
                memcmp(writable, expected.0, 2 * page) == 0 && memcmp(readOnly, expected.1, 2 * page) == 0
            var report = "\(renewed)\n\(same)\n".utf8 + [0]
            for part in [mapsBefore, mapsAfter, smapsBefore, smapsAfter] { report += part + [0] }
            var written = 0
            while written < report.count {
                let count = report[written...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                if count <= 0 { break }
                written += count
            }
            _exit(0)
        }
        close(fds[1])
        let parts = Self.readAll(fds[0]).split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        close(fds[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try #require(parts.count >= 5, "\(parts.count) parts")
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
}
