// Connection watch for the tutor's Voilà pages: a page whose kernel is gone says so.
//
// Each page talks to its own kernel over one websocket (/api/kernels/<id>/channels). The kernel
// can go away under a learner: killed, out of memory, culled after 10 idle minutes, or the whole
// server restarted. Voilà's front end then keeps its widgets on screen, and clicks do nothing.
// This script (put at the top of every page by tutor.server.pages) wraps the browser's WebSocket and
// shows a notice, "Connection lost: reload the page", when
//   - the server reports the kernel restarting or dead (an iopub `status` message; a restarted
//     kernel is a fresh one that knows nothing of the page's widgets), or
//   - the kernel's websocket closes and is not open again within a few seconds (Voilà's front
//     end reconnects by itself after a brief network drop; after a server restart, or once the
//     kernel is shut down, it cannot).
// Leaving the page closes the socket too: that is not a loss.
// The server calls window.tutorPageNotFinished() when it cannot finish making the page (its
// kernel died before it could run the page): the page says "This page did not finish loading".
(function () {
  "use strict";
  if (window.__tutorConnectionWatch) return;
  window.__tutorConnectionWatch = true;
  var NativeWebSocket = window.WebSocket;
  var GRACE_MS = 4000;
  var leaving = false;
  var lost = false;
  var open = 0;
  var closedTimer = null;
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("beforeunload", function () { leaving = true; });

  var LOST = "Connection lost: reload the page. The boards on this page no longer answer. ";
  var NOT_FINISHED = "This page did not finish loading: reload the page. ";

  function notice(message) {
    if (leaving || lost) return;
    lost = true;
    var show = function () {
      var box = document.createElement("div");
      box.className = "tutor-connection-lost";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:100000;padding:12px 16px;" +
        "background:#8a1c1c;color:#fff;font:600 16px/1.4 system-ui,sans-serif;text-align:center;" +
        "box-shadow:0 2px 6px rgba(0,0,0,.3)";
      box.appendChild(document.createTextNode(message || LOST));
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = "Reload";
      button.style.cssText = "margin-left:8px;font:inherit;padding:2px 14px;cursor:pointer";
      button.addEventListener("click", function () { window.location.reload(); });
      box.appendChild(button);
      document.body.appendChild(box);
    };
    if (document.body) show(); else document.addEventListener("DOMContentLoaded", show);
  }

  var decoder = new TextDecoder();
  function statusOf(data, protocol) {
    // The iopub `execution_state` of a status message, or null. Text frames are JSON messages;
    // binary frames are JSON with buffers, or (protocol v1) every message: read only its header
    // and content parts (offsets table: count, then offsets; parts channel, header, parent,
    // metadata, content, buffers...).
    try {
      if (typeof data === "string") {
        if (data.indexOf('"status"') < 0) return null;
        var msg = JSON.parse(data);
        return msg.header && msg.header.msg_type === "status" ? msg.content.execution_state : null;
      }
      if (protocol !== "v1.kernel.websocket.jupyter.org" || !(data instanceof ArrayBuffer)) return null;
      var view = new DataView(data);
      var n = Number(view.getBigUint64(0, true));
      if (n < 6) return null;
      var at = function (i) { return Number(view.getBigUint64(8 * (i + 1), true)); };
      var channel = decoder.decode(new Uint8Array(data, at(0), at(1) - at(0)));
      if (channel !== "iopub") return null;
      var header = JSON.parse(decoder.decode(new Uint8Array(data, at(1), at(2) - at(1))));
      if (header.msg_type !== "status") return null;
      return JSON.parse(decoder.decode(new Uint8Array(data, at(4), at(5) - at(4)))).execution_state;
    } catch (e) {
      return null;
    }
  }

  function Watched(url, protocols) {
    var ws = protocols === undefined ? new NativeWebSocket(url) : new NativeWebSocket(url, protocols);
    if (/\/api\/kernels\/[^/]+\/channels/.test(String(url))) {
      ws.addEventListener("open", function () {
        open += 1;
        if (closedTimer) { clearTimeout(closedTimer); closedTimer = null; }
      });
      ws.addEventListener("message", function (ev) {
        var state = statusOf(ev.data, ws.protocol);
        if (state === "restarting" || state === "autorestarting" || state === "dead") notice();
      });
      ws.addEventListener("close", function () {
        if (leaving) return;
        open = Math.max(0, open - 1);
        if (closedTimer) clearTimeout(closedTimer);
        closedTimer = setTimeout(function () { if (open === 0) notice(); }, GRACE_MS);
      });
    }
    return ws;
  }
  window.tutorPageNotFinished = function () {
    var spinner = document.getElementById("loading");  // Voilà's "Running ..." stops here
    if (spinner) spinner.style.display = "none";
    notice(NOT_FINISHED);
  };
  Watched.prototype = NativeWebSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { Watched[k] = NativeWebSocket[k]; });
  window.WebSocket = Watched;
})();
