extension Strings {
    /// Korean interface strings, keyed by the English text.
    static let korean: [String: String] = [:]
}
