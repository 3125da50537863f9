import Foundation

/// xterm.js 3.8 as Debian installs it, made into one script a page can load: Debian's `xterm.js` is a CommonJS
/// wrapper that throws `exports is not defined` in a browser, so the server wraps each file of `node-xterm`'s
/// compiled `lib/` in a small module table of its own, and adds the `fit` addon of `libjs-xterm`. Read from this
/// machine's files once, never fetched from anywhere.
final class XtermBundle: @unchecked Sendable {
    static let shared = XtermBundle()
    static let library = "/usr/share/nodejs/xterm/lib"
    static let addons = "/usr/share/javascript/xterm/addons"
    static let styleFile = "/usr/share/javascript/xterm/xterm.css"

    let lock = NSLock()
    var built: String?

    /// Why the page cannot have its terminal (what to install), or nil.
    static func unavailable() -> String? {
        let needed = [library + "/public/Terminal.js", addons + "/fit/fit.js", styleFile]
        guard needed.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
            return
                "the playground's page needs xterm.js from Debian: install it (apt-get install node-xterm libjs-xterm)"
        }
        return nil
    }

    func style() throws -> String { try String(contentsOfFile: Self.styleFile, encoding: .utf8) }

    func script() throws -> String {
        try lock.withLock {
            if let built { return built }
            let script = try Self.build()
            built = script
            return script
        }
    }

    static func build() throws -> String {
        var modules: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: library) else {
            throw CocoaError(.fileNoSuchFile)
        }
        for case let path as String in walker
        where path.hasSuffix(".js") && !path.hasSuffix(".test.js") && !path.contains("/test")
            && !path.hasPrefix("test")
        {
            let source = try String(contentsOfFile: library + "/" + path, encoding: .utf8)
            let name = String(path.dropLast(3))
            modules.append(
                "defs[\(quoted(name))] = function (exports, require, module) {\n\(strip(source))\n};")
        }
        modules.sort()
        let fit = try String(contentsOfFile: addons + "/fit/fit.js", encoding: .utf8)
        return """
            /* xterm.js 3.8 (Debian's node-xterm and libjs-xterm), bundled by the class server. MIT licence. */
            (function () {
            "use strict";
            var defs = {};
            \(modules.joined(separator: "\n"))
            var cache = {};
            function resolve(from, name) {
              var parts = from.split("/");
              parts.pop();
              name.split("/").forEach(function (p) {
                if (p === "..") { parts.pop(); } else if (p !== "." && p !== "") { parts.push(p); }
              });
              var path = parts.join("/").replace(/\\.js$/, "");
              if (!(path in defs) && (path + "/index") in defs) { path += "/index"; }
              if (!(path in defs)) { throw new Error("xterm bundle: no module " + name + " from " + from); }
              return path;
            }
            function load(path) {
              if (cache[path]) { return cache[path].exports; }
              var module = { exports: {} };
              cache[path] = module;
              defs[path].call(module.exports, module.exports, function (name) { return load(resolve(path, name)); },
                module);
              return module.exports;
            }
            var Terminal = load("public/Terminal").Terminal;
            var fit = { exports: {} };
            (function (exports, module) {
            \(strip(fit))
            })(fit.exports, fit);
            Terminal.applyAddon(fit.exports);
            window.Terminal = Terminal;
            })();

            """
    }

    /// The file without its source-map comment (the maps are not served).
    static func strip(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("//# sourceMappingURL=") }.joined(separator: "\n")
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
