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
        var out = template
        for (i, argument) in arguments.enumerated() { out = out.replacingOccurrences(of: "{\(i)}", with: argument) }
        return out
    }

    /// Every English key that the Korean table translates (for tests of coverage).
    public static var koreanKeys: Dictionary<String, String>.Keys { korean.keys }
}
