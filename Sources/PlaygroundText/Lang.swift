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
