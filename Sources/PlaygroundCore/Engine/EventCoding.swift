/// Events as bytes, so that a copy of the process that ran a failed line can hand what it said to the process that
/// carries on. Strings are length-prefixed; a state message travels as its text.
public enum EventCoding {
    public static func encode(_ events: [Event]) -> [UInt8] {
        var out: [UInt8] = []
        func put(_ text: String) {
            let bytes = Array(text.utf8)
            var count = UInt32(bytes.count)
            withUnsafeBytes(of: &count) { out += $0 }
            out += bytes
        }
        for event in events {
            switch event {
            case .input(let prompt, let line): put("i"); put(prompt); put(line)
            case .delivery(let delivery):
                let message = delivery.message
                put("d"); put(message.topic); put(message.source); put(message.isError ? "1" : "0")
                put(message.brief == nil ? "0" : "1"); put(message.brief ?? ""); put(message.text)
            case .layout(let mode): put("l"); put(mode.rawValue)
            case .quit: put("q")
            case .reminder(let text): put("r"); put(text)
            }
        }
        return out
    }

    /// The events, or nil if the bytes are not what ``encode(_:)`` makes.
    public static func decode(_ bytes: [UInt8]) -> [Event]? {
        var index = 0
        func take() -> String? {
            guard index + 4 <= bytes.count else { return nil }
            var count: UInt32 = 0
            withUnsafeMutableBytes(of: &count) { $0.copyBytes(from: bytes[index..<index + 4]) }
            index += 4
            guard index + Int(count) <= bytes.count else { return nil }
            defer { index += Int(count) }
            return String(decoding: bytes[index..<index + Int(count)], as: UTF8.self)
        }
        var events: [Event] = []
        while index < bytes.count {
            switch take() {
            case "i":
                guard let prompt = take(), let line = take() else { return nil }
                events.append(.input(prompt: prompt, line: line))
            case "d":
                guard let topic = take(), let source = take(), let error = take(), let hasBrief = take(),
                    let brief = take(), let text = take()
                else { return nil }
                let message = PaneMessage(
                    topic: topic, source: source, text: text, isError: error == "1",
                    brief: hasBrief == "1" ? brief : nil)
                // The pane is chosen again where it is posted: the routes are those of before the line.
                events.append(
                    .delivery(
                        Delivery(
                            pane: "", order: 0, kind: .append, isShown: true, headerless: false,
                            message: message)))
            case "l":
                guard let mode = take().flatMap(LayoutMode.init(rawValue:)) else { return nil }
                events.append(.layout(mode))
            case "q": events.append(.quit)
            case "r":
                guard let text = take() else { return nil }
                events.append(.reminder(text))
            default: return nil
            }
        }
        return events
    }
}
