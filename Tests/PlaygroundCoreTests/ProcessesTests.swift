// The one process layer: wait statuses decoded in one place, pipes that close on exec, a pump that reads to the end.
import Foundation
import PlaygroundTestSupport
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

    /// A program on a terminal of its own (the class server's seats and the tests' ``PseudoTerminal`` spawn it the
    /// same way): the terminal is its controlling one, at the size given, only the environment given reaches it, no
    /// descriptor of this process from 3 on does, and its end wakes a wait at once.
    @Test func aProgramOnATerminalOfItsOwnSeesOnlyWhatItIsGiven() throws {
        let open = try Processes.pipe()  // close-on-exec; a descriptor without it must not reach the program either
        let inherited = dup(open.write)
        defer { Processes.close(open.read, open.write, inherited) }
        let script = #"stty size; [ -t 0 ] && echo tty; echo "x=$ONLY"; ls /proc/self/fd | tr '\n' ' '; echo end"#
        let terminal = try PseudoTerminal(
            "/bin/sh", arguments: ["-c", script], environment: ["ONLY": "given", "PATH": "/usr/bin:/bin"],
            columns: 77, rows: 21)
        #expect(terminal.waitFor("end"), "\(terminal.plainText)")
        #expect(terminal.plainText.contains("21 77"), "\(terminal.plainText)")
        #expect(terminal.plainText.contains("tty"), "\(terminal.plainText)")
        #expect(terminal.plainText.contains("x=given"), "\(terminal.plainText)")
        // 0, 1, 2 and the one `ls` opened to read /proc/self/fd: nothing of this process.
        #expect(terminal.plainText.contains("0 1 2 3 end"), "\(terminal.plainText)")
        let started = Processes.now()
        #expect(terminal.waitForExit(timeout: 30) == 0)
        #expect(Processes.now() - started < 10, "the end woke the wait")
    }

    /// A wait for a child's end is woken by the end (a pidfd), not by a clock, and says how it ended; a child that
    /// has not ended by the deadline is not waited for.
    @Test func aWaitForAnEndIsWokenByIt() throws {
        let program = try Processes.spawnOnTerminal(
            ["/bin/sh", "-c", "exit 7"], environment: [:], columns: 80, rows: 24)
        defer { Processes.close(program.master) }
        #expect(Processes.wait(program.pid, until: Processes.now() + 30) == .exited(7))
        let still = try Processes.spawnOnTerminal(["/bin/sh", "-c", "read x"], environment: [:], columns: 80, rows: 24)
        defer { Processes.close(still.master) }
        #expect(Processes.wait(still.pid, until: Processes.now() + 0.2) == nil)
        kill(still.pid, SIGKILL)
        #expect(Processes.wait(still.pid, until: Processes.now() + 30) == .signaled(SIGKILL))
    }

    /// ``Waits/ended(timeout:_:)`` returns once the processes listed are gone, with none left.
    @Test func waitsForProcessesToEnd() throws {
        let program = try Processes.spawnOnTerminal(
            ["/bin/sh", "-c", "read x"], environment: [:], columns: 80, rows: 24)
        defer { Processes.close(program.master) }
        #expect(Waits.ended(timeout: 0.2) { [program.pid] } == [program.pid])
        kill(program.pid, SIGTERM)
        // A child is gone once it is reaped: reaped here as soon as its end is heard.
        let left = Waits.ended(timeout: 30) {
            _ = Processes.wait(program.pid, waiting: false)
            return kill(program.pid, 0) == 0 ? [program.pid] : []
        }
        #expect(left.isEmpty)
    }
}
