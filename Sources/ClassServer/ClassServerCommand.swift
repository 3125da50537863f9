import ArgumentParser
import ClassServerCore
import Foundation
import PlaygroundText

/// `patterns-class serve`: the class server. `patterns class serve` runs this program when it is built.
@main
struct ClassServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patterns-class",
        abstract:
            "The class server of Pattern Playground: learners join, the presenter leads, the board shows the room.",
        subcommands: [Serve.self],
        defaultSubcommand: Serve.self
    )

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve", abstract: "Open a class (a restart keeps it).")
        @Option(name: .long, help: "The port.") var port: Int = 7070
        @Option(
            name: .long,
            help:
                """
                The interface to bind to: 127.0.0.1 (this machine only), 0.0.0.0 (every interface), or an address of \
                this machine.
                """
        )
        var host: String = "127.0.0.1"
        @Option(
            name: .long,
            help: ArgumentHelp(
                "Where the class is kept (default ${XDG_STATE_HOME:-~/.local/state}/patterns/class).", valueName: "dir")
        )
        var data: String?
        @Option(name: .long, help: "The board's language (en, ko); ?lang= on the board's address overrides it.")
        var lang: String?
        @Option(name: .long, help: "Minutes without progress after which the board counts a learner as stuck.")
        var stuckMinutes: Double = 5
        @Option(name: .long, help: "The most learners in the class.") var maxLearners: Int = 5000
        @Option(
            name: .long,
            help: "The most learners who may join from one address (a room behind one NAT is one address).")
        var perAddress: Int = 250
        @Flag(
            name: .long,
            help: "Offer each learner the playground in a browser tab, run by this server in a bubblewrap sandbox.")
        var playground = false
        @Option(name: .long, help: "The most playgrounds running at once (with --playground).")
        var playgroundSeats: Int = 40
        @Option(
            name: .long,
            help: "Minutes without a key after which a playground is ended, its progress kept (with --playground).")
        var playgroundIdle: Double = 30
        @Option(
            name: .long,
            help: ArgumentHelp(
                "The patterns binary the playgrounds run (default: the one beside this server).", valueName: "path"))
        var patterns: String?

        func validate() throws {
            guard (0...65535).contains(port) else {
                throw ValidationError("--port must be from 0 (any free port) to 65535")
            }
            if let lang, Lang(rawValue: lang) == nil { throw ValidationError("--lang must be one of: en, ko") }
            guard stuckMinutes > 0 else { throw ValidationError("--stuck-minutes must be more than 0") }
            guard maxLearners > 0, perAddress > 0 else {
                throw ValidationError("--max-learners and --per-address must be more than 0")
            }
            guard playgroundSeats > 0, playgroundIdle > 0 else {
                throw ValidationError("--playground-seats and --playground-idle must be more than 0")
            }
        }

        func run() async throws {
            // A laptop's usual 1,024 open files is too few for a room: take what the hard limit allows.
            OpenFiles.raise()
            let environment = ProcessInfo.processInfo.environment
            let language = Lang.detect(flag: lang, environment: environment)
            let directory = data ?? Self.defaultDirectory(environment)
            let room: ClassRoom
            do {
                room = try ClassRoom(directory: directory, lang: language.rawValue, stuckMinutes: stuckMinutes)
                room.capacity = maxLearners
                room.perAddress = perAddress
            } catch {
                FileHandle.standardError.write(Data("error: cannot open the class in '\(directory)': \(error)\n".utf8))
                throw ExitCode(1)
            }
            let everywhere = host == "0.0.0.0" || host == "::"
            let publicHost = everywhere ? Interfaces.firstAddress() : host
            let playgrounds = playground ? try makePlaygrounds(directory: directory) : nil
            let server: ClassServer
            let task: Task<Void, Error>
            do {
                (server, task) = try await ClassServer.listening(
                    room: room, host: host, port: UInt16(port), publicHost: publicHost, playgrounds: playgrounds)
            } catch let failure as ClassServer.NotListening {
                FileHandle.standardError.write(Data("error: cannot listen on \(host):\(port): \(failure)\n".utf8))
                throw ExitCode(1)
            } catch {
                FileHandle.standardError.write(Data("error: '\(host)' is not an IP address of this machine\n".utf8))
                throw ExitCode(64)
            }
            let port = Int(server.port)
            func say(_ text: ClassText, _ arguments: String...) { print(Phrase(text.texts, arguments).text(language)) }
            if everywhere {
                say(.servingEvery, room.code, String(port))
            } else {
                say(.serving, room.code, "\(host):\(port)")
            }
            say(.learnersJoin, server.joinURL)
            say(.board, server.boardURL)
            say(.presenterToken, room.presenterToken)
            say(.presentWith, server.joinURL, room.presenterToken)
            say(.keptIn, directory + "/class.sqlite")
            if room.learnerCount > 0 { say(.resumed, String(room.learnerCount), String(room.totalReports)) }
            if let playgrounds {
                say(.playgroundsAt, server.joinURL + "/play", String(playgroundSeats))
                if !playgrounds.capsWholeSeats { say(.playgroundsPerProcess) }
            }
            server.onTrouble { number, message in
                let said = Phrase(
                    ClassText.acceptTrouble.texts, ["\(message), errno \(number)", String(OpenFiles.current)])
                print(said.text(language))
                fflush(nil)
            }
            fflush(nil)
            let culling = playgrounds?.cullIdle()
            defer {
                culling?.cancel()
                playgrounds?.endAll()
            }
            do {
                try await task.value
            } catch {
                FileHandle.standardError.write(Data("error: the server stopped: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }

        /// The playgrounds, or exit 1 with one sentence saying what to install or enable: never without a sandbox.
        func makePlaygrounds(directory: String) throws -> Playgrounds {
            let patternsPath = patterns ?? (ownFolder() + "/patterns")
            var refusal: String?
            if access(patternsPath, X_OK) != 0 {
                refusal =
                    "the playground runs the patterns binary, and there is none at '\(patternsPath)': build it "
                    + "(swift build --product patterns) or give --patterns PATH"
            }
            // PATTERNS_BWRAP names bubblewrap elsewhere (tests name a missing or refusing one).
            let bwrap =
                ProcessInfo.processInfo.environment["PATTERNS_BWRAP"].map { access($0, X_OK) == 0 ? $0 : nil }
                ?? PlaygroundSandbox.find("bwrap")
            refusal = refusal ?? PlaygroundSandbox.unavailable(bwrap: bwrap) ?? PlaygroundSandbox.unavailablePage()
            if let refusal {
                FileHandle.standardError.write(Data("error: \(refusal)\n".utf8))
                throw ExitCode(1)
            }
            let sandbox = PlaygroundSandbox(
                bwrap: bwrap!, patterns: patternsPath,
                toolchain: PlaygroundSandbox.toolchainRoot(), limits: PlaygroundLimits(),
                homes: directory + "/playgrounds")
            // The sandbox mounts these folders read-only: the class's data must not be inside one of them.
            let data = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
            if let folder = (sandbox.readOnly + ["/usr"]).first(where: {
                let mounted = URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path
                return data == mounted || data.hasPrefix(mounted + "/")
            }) {
                FileHandle.standardError.write(
                    Data(
                        ("error: the class's data folder '\(directory)' is inside '\(folder)', which every playground "
                            + "can read: give --data a folder elsewhere\n").utf8))
                throw ExitCode(1)
            }
            return Playgrounds(sandbox: sandbox, seats: playgroundSeats, idleMinutes: playgroundIdle)
        }

        func ownFolder() -> String {
            let me =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            return (me as NSString).deletingLastPathComponent
        }

        static func defaultDirectory(_ environment: [String: String]) -> String {
            if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/patterns/class" }
            return (environment["HOME"] ?? ".") + "/.local/state/patterns/class"
        }
    }
}

/// This machine's first IPv4 address that is not loopback: what learners on the network type.
enum Interfaces {
    static func firstAddress() -> String {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return "127.0.0.1" }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let e = entry {
            entry = e.pointee.ifa_next
            guard let address = e.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(
                    address, socklen_t(MemoryLayout<sockaddr_in>.size), &buffer, socklen_t(buffer.count), nil, 0,
                    NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return "127.0.0.1"
    }
}
