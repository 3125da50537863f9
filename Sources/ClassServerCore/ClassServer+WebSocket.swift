import ClassWire
import FlyingFox
import FlyingSocks
import Foundation
import PlaygroundText

extension ClassServer {
    static let tooManyRequests = Refusal(
        429, "too many requests from this address: slow down", reason: .tooManyRequests)

    /// A board socket, when the address may open one more: each address holds at most
    /// ``ClassLimits/boardsPerAddress`` open, and opening counts as a request.
    func liveBoard(_ request: HTTPRequest, lang: Lang, address: String) async throws -> HTTPResponse {
        guard perAddress.allow("requests:" + address) else { throw Self.tooManyRequests }
        guard boards.take(address) else {
            throw Refusal(
                429, "at most \(boards.most) boards from one address at a time", reason: .tooManyBoards)
        }
        return try await webSocket(request, serving: LiveBoard(server: self, lang: lang)) { [boards] in
            boards.give(address)
        }
    }

    /// `request` upgraded to a WebSocket that `handler` serves (the board's, the playground's terminal), counted
    /// open by the connection guard until it ends; `release` runs once when it ends, or at once when the request was
    /// no WebSocket handshake (nothing stays open then).
    func webSocket<Handler: WSMessageHandler>(
        _ request: HTTPRequest, serving handler: Handler, release: @escaping @Sendable () -> Void = {}
    ) async throws -> HTTPResponse {
        let upgrade = upgrading(request)
        let done: @Sendable () -> Void = {
            release()
            upgrade?.done()
        }
        let counted = CountedSocket(inner: handler, release: done)
        let response = try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: counted))
            .handleRequest(request)
        if response.statusCode != .switchingProtocols { done() }
        return response
    }
}

/// A socket that gives its place back when it ends.
struct CountedSocket<Inner: WSMessageHandler>: WSMessageHandler {
    let inner: Inner
    let release: @Sendable () -> Void

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let messages: AsyncStream<WSMessage>
        do { messages = try await inner.makeMessages(for: client) } catch {
            release()
            throw error
        }
        return AsyncStream { continuation in
            let task = Task {
                for await message in messages { continuation.yield(message) }
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                release()
            }
        }
    }
}

/// `GET /CODE/live/en` (or `/ko`): the board's body at once, then within a quarter of a second of every change only
/// the parts that changed (a row of the progress table, the stuck list), and every 10 seconds what time changed
/// (minutes without progress). One rendering per version and language serves every viewer.
struct LiveBoard: WSMessageHandler {
    let server: ClassServer
    let lang: Lang

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let renders = server.renders
        let lang = lang
        return AsyncStream { continuation in
            let task = Task {
                var shown: BoardRender?
                var version = -1
                var at = 0.0
                while !Task.isCancelled {
                    let now = Date().timeIntervalSince1970
                    if renders.room.version != version || now - at >= 10 {
                        let (render, rendered) = renders.render(lang)
                        version = rendered
                        at = now
                        if let message = render.message(after: shown) {
                            continuation.yield(.text(message))
                            shown = render
                        }
                    }
                    try? await Task.sleep(nanoseconds: 250_000_000)
                }
            }
            let reader = Task {
                for await message in client { if case .close = message { break } }
                task.cancel()
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel(); reader.cancel()
            }
        }
    }
}

/// The board rendered once for a version of the class and a language, and kept a second: every viewer is sent
/// from the same rendering.
final class BoardRenders: @unchecked Sendable {
    let room: ClassRoom
    let joinURL: String
    let lock = NSLock()
    var kept: [Lang: (version: Int, at: Double, render: BoardRender)] = [:]

    init(room: ClassRoom, joinURL: String) {
        self.room = room
        self.joinURL = joinURL
    }

    func render(_ lang: Lang) -> (BoardRender, version: Int) {
        lock.withLock {
            let now = Date().timeIntervalSince1970
            let version = room.version
            if let kept = kept[lang], kept.version == version, now - kept.at < 1 { return (kept.render, version) }
            let render = BoardPage(lang: lang, joinURL: joinURL).render(room.snapshot())
            kept[lang] = (version, now, render)
            return (render, version)
        }
    }
}
