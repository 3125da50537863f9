import Foundation
import PlaygroundText

/// `GET /CODE/play`: the learner's page. A name joins the class (`POST /CODE/join`, the token kept in this browser
/// for this class), then the playground opens in the tab: xterm.js on the terminal socket, fitted to the window,
/// coming back by itself when the connection drops, and saying so when another tab took it over or it ended.
struct PlaygroundPage {
    let code: String
    let lang: Lang

    /// The page's words, English and Korean.
    static let words: [String: (en: String, ko: String)] = [
        "title": ("Pattern Playground", "패턴 플레이그라운드"),
        "lead": ("Type your name to open the playground in this tab.", "이름을 입력하면 이 탭에서 플레이그라운드가 열립니다."),
        "name": ("Your name", "이름"),
        "open": ("Open the playground", "플레이그라운드 열기"),
        "joining": ("Joining the class…", "수업에 들어가는 중…"),
        "lost": ("The connection was lost: trying again…", "연결이 끊겼습니다. 다시 연결하는 중…"),
        "taken": ("This playground is now open in another tab.", "이 플레이그라운드가 다른 탭에서 열렸습니다."),
        "here": ("Use it here", "여기서 계속하기"),
        "exited": ("The playground ended.", "플레이그라운드가 끝났습니다."),
        "idle": (
            "The playground was closed after a while without typing; your progress is kept.",
            "한동안 입력이 없어 플레이그라운드를 닫았습니다. 진행 상황은 남아 있습니다."
        ),
        "removed": ("The presenter removed you from the class.", "발표자가 수업에서 내보냈습니다."),
        "stopped": ("The class server stopped.", "수업 서버가 멈췄습니다."),
        "again": ("Start again", "다시 시작"),
        "class-full": (
            "The room is full: every playground is taken. Try again when someone leaves.",
            "자리가 모두 찼습니다. 누군가 나가면 다시 시도하세요."
        ),
        "joining-closed": (
            "The presenter has closed the class to new playgrounds.", "발표자가 새 플레이그라운드를 열지 못하게 닫았습니다."
        ),
        "unknown": ("This class does not know you (any more): type your name again.", "이 수업에 없는 이름입니다. 이름을 다시 입력하세요."),
    ]

    var html: String {
        let words = Self.words.mapValues { lang == .ko ? $0.ko : $0.en }
        let table =
            (try? JSONSerialization.data(withJSONObject: words, options: [.sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        func say(_ key: String) -> String { Self.escape(words[key] ?? key) }
        return """
            <!doctype html>
            <html lang="\(lang.rawValue)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(say("title")) · \(Self.escape(code))</title>
            <link rel="stylesheet" href="/\(code)/xterm.css">
            <style>
            html, body { margin: 0; height: 100%; background: #1e1e1e; color: #eee; font: 16px system-ui, sans-serif; }
            #join { max-width: 28em; margin: 12vh auto; padding: 0 1em; }
            #join input, #join button { font: inherit; padding: .5em; margin: .3em 0; width: 100%;
              box-sizing: border-box; }
            #terminal { position: absolute; top: 0; left: 0; right: 0; bottom: 0; padding: 4px; }
            #notice { position: absolute; top: 0; left: 0; right: 0; background: #704; color: #fff; padding: .5em 1em;
              display: none; z-index: 10; }
            #notice button { margin-left: 1em; font: inherit; }
            #said { color: #f99; min-height: 1.5em; }
            </style></head>
            <body>
            <div id="join"><h1>\(say("title"))</h1><p>\(say("lead"))</p>
            <form id="form"><input id="name" maxlength="40" autocomplete="name" placeholder="\(say("name"))" autofocus>
            <button id="open" type="submit">\(say("open"))</button></form><p id="said"></p></div>
            <div id="notice"><span id="notice-text"></span><button id="notice-button" type="button"></button></div>
            <div id="terminal" hidden></div>
            <script src="/\(code)/xterm.js"></script>
            <script>
            \(Self.script(code: code, lang: lang.rawValue, words: table))
            </script></body></html>
            """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func script(code: String, lang: String, words: String) -> String {
        """
        (function () {
          "use strict";
          var code = \(XtermBundle.quoted(code)), lang = \(XtermBundle.quoted(lang)), words = \(words);
          var key = "patterns-playground-" + code;
          var term = null, socket = null, decoder = null, retry = 0, stopped = false;
          var encoder = new TextEncoder();
          function $(id) { return document.getElementById(id); }
          function notice(text, button, action) {
            $("notice-text").textContent = text;
            $("notice-button").hidden = !button;
            $("notice-button").textContent = button || "";
            $("notice-button").onclick = action || null;
            $("notice").style.display = text ? "block" : "none";
          }
          function showForm(said) {
            $("terminal").hidden = true;
            $("join").hidden = false;
            $("said").textContent = said || "";
          }
          $("form").addEventListener("submit", function (event) {
            event.preventDefault();
            var name = $("name").value.trim();
            if (!name) { return; }
            $("said").textContent = words.joining;
            fetch("/" + code + "/join", { method: "POST", headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ name: name }) })
              .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
              .then(function (answer) {
                if (!answer.ok) { showForm(answer.body.error || answer.body.message || "?"); return; }
                localStorage.setItem(key, answer.body.token);
                openTerminal();
              })
              .catch(function (error) { showForm(String(error)); });
          });
          function openTerminal() {
            $("join").hidden = true;
            $("terminal").hidden = false;
            if (!term) {
              term = new Terminal({ cursorBlink: true, fontSize: 15, scrollback: 5000,
                fontFamily: "'DejaVu Sans Mono', 'Noto Sans Mono CJK KR', monospace" });
              term.open($("terminal"));
              term.fit();
              term.on("data", function (data) {
                if (socket && socket.readyState === 1) { socket.send(encoder.encode(data)); }
              });
              term.on("resize", function (size) {
                if (socket && socket.readyState === 1) {
                  socket.send(JSON.stringify({ resize: { cols: size.cols, rows: size.rows } }));
                }
              });
              window.addEventListener("resize", function () { term.fit(); });
              // xterm.js 3.8 reads a composition's text from its hidden textarea by offset: keys typed before it
              // can be left there and come back inside the composed text. Emptied before every key that is not part
              // of a composition, so that an input method's text is its own.
              term.textarea.addEventListener("keydown", function (event) {
                if (!event.isComposing && event.keyCode !== 229) { term.textarea.value = ""; }
              }, true);
              window.playground.term = term;
            }
            connect();
          }
          function connect() {
            stopped = false;
            var token = localStorage.getItem(key);
            if (!token) { showForm(); return; }
            var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/" + code +
              "/terminal?token=" + encodeURIComponent(token) + "&lang=" + lang + "&cols=" + term.cols +
              "&rows=" + term.rows;
            var opened = false;
            socket = new WebSocket(url);
            socket.binaryType = "arraybuffer";
            decoder = new TextDecoder("utf-8");
            socket.onmessage = function (event) {
              if (typeof event.data === "string") { said(JSON.parse(event.data)); return; }
              term.write(decoder.decode(new Uint8Array(event.data), { stream: true }));
            };
            socket.onopen = function () { opened = true; retry = 0; };
            socket.onclose = function () {
              socket = null;
              if (stopped) { return; }
              if (!opened && retry > 2) {
                // Never opened three times: the token may be unknown (removed, or a new class): ask again.
                fetch("/" + code + "/terminal?token=" + encodeURIComponent(token)).then(function (r) {
                  if (r.status === 401 || r.status === 403) { localStorage.removeItem(key); showForm(words.unknown); }
                  else { later(); }
                }).catch(later);
                return;
              }
              later();
            };
          }
          function later() {
            notice(words.lost);
            retry += 1;
            setTimeout(connect, Math.min(5000, 500 * retry));
          }
          function said(message) {
            window.playground.notices.push(message);
            if (message.attached !== undefined) {
              notice("");
              term.reset();
              term.focus();
            } else if (message.taken) {
              stopped = true;
              notice(words.taken, words.here, function () { notice(""); connect(); });
            } else if (message.ended) {
              stopped = true;
              if (message.ended === "removed") { localStorage.removeItem(key); }
              notice(words[message.ended] || words.exited, message.ended === "removed" ? "" : words.again,
                function () { notice(""); connect(); });
            } else if (message.refused) {
              stopped = true;
              notice(words[message.refused] || message.message, words.again,
                function () { notice(""); connect(); });
            }
          }
          window.playground = { notices: [], term: null, text: function () {
            if (!term) { return ""; }
            var buffer = term._core.buffer, lines = [];
            for (var i = 0; i < buffer.lines.length; i++) {
              lines.push(buffer.translateBufferLineToString(i, true));
            }
            return lines.join("\\n");
          } };
          if (localStorage.getItem(key)) { openTerminal(); } else { showForm(); }
        })();
        """
    }
}
