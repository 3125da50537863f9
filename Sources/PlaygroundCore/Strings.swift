/// Interface languages.
public enum Lang: String, Sendable, CaseIterable {
    case en, ko

    /// `--lang` wins; else LC_ALL, LC_MESSAGES, LANG starting with `ko` pick Korean; English otherwise.
    public static func detect(flag: String?, environment: [String: String]) -> Lang {
        if let flag, let lang = Lang(rawValue: flag) { return lang }
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty { return value.hasPrefix("ko") ? .ko : .en }
        }
        return .en
    }
}

/// The interface's string tables, gettext style: the English text is the key, each other language maps it to a
/// translation, and anything missing falls back to English. `{0}`, `{1}`... are the arguments.
public enum Strings {
    public static func text(_ english: String, _ lang: Lang, _ arguments: [String] = []) -> String {
        var template = english
        if lang == .ko, let translated = korean[english] { template = translated }
        guard !arguments.isEmpty else { return template }
        // One pass over the bytes: `{n}` with a single digit n is replaced by the nth argument.
        var out = ""
        let utf8 = Array(template.utf8)
        var i = 0, literalStart = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "{"), i + 2 < utf8.count, utf8[i + 2] == UInt8(ascii: "}"),
               (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[i + 1]), Int(utf8[i + 1] - UInt8(ascii: "0")) < arguments.count {
                out += String(decoding: utf8[literalStart..<i], as: UTF8.self)
                out += arguments[Int(utf8[i + 1] - UInt8(ascii: "0"))]
                i += 3
                literalStart = i
            } else {
                i += 1
            }
        }
        out += String(decoding: utf8[literalStart...], as: UTF8.self)
        return out
    }

    /// Every English key that the Korean table translates (for tests of coverage).
    public static var koreanKeys: Dictionary<String, String>.Keys { korean.keys }
}
