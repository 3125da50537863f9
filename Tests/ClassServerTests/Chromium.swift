import ClassWire
import Foundation
import PlaygroundTestSupport
import Testing

/// Headless Chromium for the tests that read a page as a browser draws it (the board).
enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs headless Chromium on `url` and returns what it printed (the DOM after the page's script ran).
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=3000"]
            + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The page's DOM once its script has the live version (`marker` in it), dumped again until then or until the
    /// deadline: on a loaded machine the WebSocket may open after the first dump's virtual time ran out.
    static func liveDOM(_ url: String, marker: String, deadline seconds: Double = 10) throws -> String {
        let end = Date().addingTimeInterval(seconds)
        var dom = try run(["--dump-dom", url])
        while !dom.contains(marker), Date() < end { dom = try run(["--dump-dom", url]) }
        return dom
    }
}
