import FlyingFox
import Foundation
import PlaygroundText

/// `GET /CODE/terminal` (a WebSocket, with the learner's token as `Authorization: Bearer` or `?token=`): the
/// learner's playground. Binary frames carry the terminal's bytes both ways; the page sends the text frame
/// `{"resize": {"cols": C, "rows": R}}`; the server's text frames are notices: `{"attached": NAME}` first,
/// `{"taken": …}` when another tab took the session over, `{"ended": "exited" | "idle" | "removed" | "stopped"}`,
/// or `{"refused": REASON, "message": …}` when no playground could be opened (the room full, joining closed).
struct TerminalSocket: WSMessageHandler {
    let playgrounds: Playgrounds
    let room: ClassRoom
    let learner: Int
    let name: String
    let token: String
    let lang: String
    let cols: Int
    let rows: Int

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (messages, continuation) = AsyncStream.makeStream(
            of: WSMessage.self, bufferingPolicy: .bufferingOldest(512))
        let seat: PlaygroundSeat
        do {
            seat = try playgrounds.seat(
                learner: learner, name: name, token: token, lang: lang, room: room, cols: cols, rows: rows)
        } catch {
            continuation.yield(
                .text(TerminalNotice.refused(reason: error.reason?.rawValue ?? "", message: error.message).json))
            continuation.yield(.close(.normalClosure))
            continuation.finish()
            return messages
        }
        guard let id = seat.attach(continuation) else {
            continuation.yield(.text(TerminalNotice.ended(seat.lock.withLock { seat.ended } ?? .exited).json))
            continuation.finish()
            return messages
        }
        seat.resize(cols: cols, rows: rows, from: id)
        let reader = Task {
            for await message in client {
                switch message {
                case .data(let bytes):
                    seat.type(bytes, from: id)
                case .text(let text):
                    if let size = Self.resize(text) { seat.resize(cols: size.cols, rows: size.rows, from: id) }
                case .close:
                    break
                }
            }
            seat.detach(id)
            continuation.finish()
        }
        continuation.onTermination = { _ in
            reader.cancel()
            seat.detach(id)
        }
        return messages
    }

    /// `{"resize": {"cols": C, "rows": R}}`, or nil.
    static func resize(_ text: String) -> (cols: Int, rows: Int)? {
        struct Resize: Decodable {
            struct Size: Decodable { var cols: Int; var rows: Int }
            var resize: Size
        }
        guard let value = try? JSONDecoder().decode(Resize.self, from: Data(text.utf8)) else { return nil }
        return (value.resize.cols, value.resize.rows)
    }
}

extension ClassServer {
    /// The playground's routes: the page, xterm.js and its style, and the terminal socket.
    func playground(_ request: HTTPRequest, rest: String, address key: String) async throws -> HTTPResponse {
        guard let playgrounds else {
            throw Refusal(404, "this class server was not started with --playground")
        }
        guard perAddress.allow("requests:" + key) else { throw Self.tooManyRequests }
        switch rest {
        case "play":
            let lang =
                request.query["lang"].flatMap { Lang(rawValue: $0) } ?? Lang(rawValue: room.currentState.lang) ?? .en
            return Self.text(PlaygroundPage(code: room.code, lang: lang).html, type: "text/html; charset=utf-8")
        case "xterm.js":
            return Self.cached(try XtermBundle.shared.script(), type: "text/javascript; charset=utf-8")
        case "xterm.css":
            return Self.cached(try XtermBundle.shared.style(), type: "text/css; charset=utf-8")
        default:
            guard let token = bearer(request), let (id, name) = room.name(token: token) else {
                if let token = bearer(request), room.wasRemoved(token: token) {
                    throw Refusal(403, "the presenter removed you from this class", reason: .removed)
                }
                throw Refusal(401, "the terminal needs the learner's token from joining", reason: .unknownToken)
            }
            let socket = TerminalSocket(
                playgrounds: playgrounds, room: room, learner: id, name: name, token: token,
                lang: request.query["lang"] == "ko"
                    ? "ko" : (request.query["lang"] == "en" ? "en" : room.currentState.lang),
                cols: request.query["cols"].flatMap(Int.init) ?? 80, rows: request.query["rows"].flatMap(Int.init) ?? 24
            )
            return try await webSocket(request, serving: socket)
        }
    }

    static func cached(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(
            statusCode: .ok,
            headers: [
                .contentType: type, .init("Cache-Control"): "max-age=3600", .init("X-Content-Type-Options"): "nosniff",
            ], body: Data(text.utf8))
    }
}
