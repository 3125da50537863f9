// The one process layer: wait statuses decoded in one place, pipes that close on exec, a pump that reads to the end.
import Foundation
import Testing

@testable import PlaygroundCore

#if canImport(Glibc)
import Glibc
#endif

@Suite struct ProcessesTests {
    @Test func waitStatusesAreDecodedAsExitsSignalsAndStops() {
        #expect(ProcessEnd(status: 0) == .exited(0))
        #expect(ProcessEnd(status: 3 << 8) == .exited(3))
        #expect(ProcessEnd(status: 70 << 8) == .exited(70))
        #expect(ProcessEnd(status: SIGKILL) == .signaled(SIGKILL))
        // A core dump sets 0x80 beside the signal.
        #expect(ProcessEnd(status: SIGSEGV | 0x80) == .signaled(SIGSEGV))
        #expect(ProcessEnd(status: (SIGTTIN << 8) | 0x7f) == .stopped(SIGTTIN))
        #expect(ProcessEnd.exited(3).shellStatus == 3)
        #expect(ProcessEnd.signaled(SIGTERM).shellStatus == 143)
    }

    @Test func aTrapIsToldFromAnExitWithTheSameStatusByTheHandlersByte() {
        let status = Processes.trapStatus + SIGILL
        #expect(Processes.end(.exited(status), trapped: [UInt8(SIGILL)]) == .signaled(SIGILL))
        #expect(Processes.end(.exited(status), trapped: []) == .exited(status), "a learner's exit(\(status))")
        #expect(Processes.end(.exited(3), trapped: [UInt8(SIGILL)]) == .exited(3))
    }

    @Test func pipesCloseOnExecAndThePumpReadsToTheEnd() throws {
        let pipe = try Processes.pipe()
        #expect(fcntl(pipe.read, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(pipe.write, F_GETFD) & FD_CLOEXEC != 0)
        let text = Array(String(repeating: "abc", count: 30_000).utf8)
        // More than a pipe holds is written in pieces as the pump reads.
        var received: [UInt8] = []
        let writer = Thread {
            Processes.write(pipe.write, text)
            Processes.close(pipe.write)
        }
        writer.start()
        let ended = Processes.pump([pipe.read], received: { _, bytes in received += bytes }, stop: { false })
        Processes.close(pipe.read)
        #expect(ended)
        #expect(received == text)
    }

    @Test func theThreadsAreCountedFromProc() {
        #expect(Processes.threadCount() >= 1)
        #expect(Processes.signalName(SIGTERM) == "SIGTERM")
        #expect(Processes.signalName(77) == "signal 77")
    }
}
